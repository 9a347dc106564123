from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.entrant_token import EntrantToken
    from ..models.webhook_subscription import WebhookSubscription


T = TypeVar("T", bound="CreatedTournament")


@_attrs_define
class CreatedTournament:
    """The new tournament: its id, the commitment to its seed, its entrants' tokens.

    Attributes:
        tournament_id (str):
        seed_commitment (str):
        entrants (list[EntrantToken]):
        webhook (WebhookSubscription | Unset): A webhook subscription: its URL and its signing secret, shown only in
            this answer (the
            service derives it again when it signs and never stores it).
    """

    tournament_id: str
    seed_commitment: str
    entrants: list[EntrantToken]
    webhook: WebhookSubscription | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        seed_commitment = self.seed_commitment

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament_id": tournament_id,
                "seed_commitment": seed_commitment,
                "entrants": entrants,
            }
        )
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entrant_token import EntrantToken  # noqa: PLC0415
        from ..models.webhook_subscription import WebhookSubscription  # noqa: PLC0415

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        seed_commitment = d.pop("seed_commitment")

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = EntrantToken.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        _webhook = d.pop("webhook", UNSET)
        webhook: WebhookSubscription | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = WebhookSubscription.from_dict(_webhook)

        created_tournament = cls(
            tournament_id=tournament_id,
            seed_commitment=seed_commitment,
            entrants=entrants,
            webhook=webhook,
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
