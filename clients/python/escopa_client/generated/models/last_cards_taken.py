from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.last_cards_taken_type import LastCardsTakenType

T = TypeVar("T", bound="LastCardsTaken")


@_attrs_define
class LastCardsTaken:
    """The cards left on the table at the round's end went to `side`: the last side that
    captured or, when nobody did, the one `leftover_cards` names (null: nobody).

        Attributes:
            type_ (LastCardsTakenType):
            side (int | None):
            cards (list[str]):
    """

    type_: LastCardsTakenType
    side: int | None
    cards: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        side: int | None
        side = self.side

        cards = self.cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "side": side,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = LastCardsTakenType(d.pop("type"))

        def _parse_side(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        side = _parse_side(d.pop("side"))

        cards = cast(list[str], d.pop("cards"))

        last_cards_taken = cls(
            type_=type_,
            side=side,
            cards=cards,
        )

        last_cards_taken.additional_properties = d
        return last_cards_taken

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
