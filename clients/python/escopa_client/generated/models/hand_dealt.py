from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_dealt_type import HandDealtType

T = TypeVar("T", bound="HandDealt")


@_attrs_define
class HandDealt:
    """A hand was dealt; `hands` are secret to their seats, `table` is public (first hand only).

    Attributes:
        type_ (HandDealtType):
        round_ (int):
        hand (int):
        dealer (int):
        hands (list[list[str]]):
        table (list[str]):
        stock (int):
        last (bool):
    """

    type_: HandDealtType
    round_: int
    hand: int
    dealer: int
    hands: list[list[str]]
    table: list[str]
    stock: int
    last: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        hand = self.hand

        dealer = self.dealer

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        table = self.table

        stock = self.stock

        last = self.last

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "round": round_,
                "hand": hand,
                "dealer": dealer,
                "hands": hands,
                "table": table,
                "stock": stock,
                "last": last,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = HandDealtType(d.pop("type"))

        round_ = d.pop("round")

        hand = d.pop("hand")

        dealer = d.pop("dealer")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        table = cast(list[str], d.pop("table"))

        stock = d.pop("stock")

        last = d.pop("last")

        hand_dealt = cls(
            type_=type_,
            round_=round_,
            hand=hand,
            dealer=dealer,
            hands=hands,
            table=table,
            stock=stock,
            last=last,
        )

        hand_dealt.additional_properties = d
        return hand_dealt

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
