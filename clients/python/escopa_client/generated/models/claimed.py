from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.claimed_type import ClaimedType

T = TypeVar("T", bound="Claimed")


@_attrs_define
class Claimed:
    """A seat claimed the missed capture of the previous player.

    Attributes:
        type_ (ClaimedType):
        seat (int):
        cards (list[str]):
    """

    type_: ClaimedType
    seat: int
    cards: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        cards = self.cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ClaimedType(d.pop("type"))

        seat = d.pop("seat")

        cards = cast(list[str], d.pop("cards"))

        claimed = cls(
            type_=type_,
            seat=seat,
            cards=cards,
        )

        claimed.additional_properties = d
        return claimed

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
