from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_ratings_ratings import PlayerRatingsRatings


T = TypeVar("T", bound="PlayerRatings")


@_attrs_define
class PlayerRatings:
    """A player's ratings, one per ladder it played rated games on.

    Attributes:
        player_id (str):
        ratings (PlayerRatingsRatings):
    """

    player_id: str
    ratings: PlayerRatingsRatings
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        ratings = self.ratings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player_id": player_id,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_ratings_ratings import PlayerRatingsRatings  # noqa: PLC0415

        d = dict(src_dict)
        player_id = d.pop("player_id")

        ratings = PlayerRatingsRatings.from_dict(d.pop("ratings"))

        player_ratings = cls(
            player_id=player_id,
            ratings=ratings,
        )

        player_ratings.additional_properties = d
        return player_ratings

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
