from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ladder_rating import LadderRating


T = TypeVar("T", bound="RatingChange")


@_attrs_define
class RatingChange:
    """A seat's rating on the game's ladder before and after a rated game.

    Attributes:
        seat (int):
        before (LadderRating): A player's rating on one ladder: `ordinal` is mu - 3 sigma.
        after (LadderRating): A player's rating on one ladder: `ordinal` is mu - 3 sigma.
    """

    seat: int
    before: LadderRating
    after: LadderRating
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        before = self.before.to_dict()

        after = self.after.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ladder_rating import LadderRating  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        before = LadderRating.from_dict(d.pop("before"))

        after = LadderRating.from_dict(d.pop("after"))

        rating_change = cls(
            seat=seat,
            before=before,
            after=after,
        )

        rating_change.additional_properties = d
        return rating_change

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
