from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.entrant_token import EntrantToken


T = TypeVar("T", bound="CreatedTournament")


@_attrs_define
class CreatedTournament:
    """The new tournament: its id, the commitment to its seed, its entrants' tokens.

    Attributes:
        tournament_id (str):
        seed_commitment (str):
        entrants (list[EntrantToken]):
    """

    tournament_id: str
    seed_commitment: str
    entrants: list[EntrantToken]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        seed_commitment = self.seed_commitment

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament_id": tournament_id,
                "seed_commitment": seed_commitment,
                "entrants": entrants,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entrant_token import EntrantToken  # noqa: PLC0415

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        seed_commitment = d.pop("seed_commitment")

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = EntrantToken.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        created_tournament = cls(
            tournament_id=tournament_id,
            seed_commitment=seed_commitment,
            entrants=entrants,
        )

        created_tournament.additional_properties = d
        return created_tournament

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
