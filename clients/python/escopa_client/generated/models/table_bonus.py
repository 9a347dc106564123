from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_bonus_type import TableBonusType

T = TypeVar("T", bound="TableBonus")


@_attrs_define
class TableBonus:
    """`seat` (the dealer, or the first player) took the opening table for one or two escopas.

    Attributes:
        type_ (TableBonusType):
        seat (int):
        cards (list[str]):
        escopas (int):
    """

    type_: TableBonusType
    seat: int
    cards: list[str]
    escopas: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        cards = self.cards

        escopas = self.escopas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "cards": cards,
                "escopas": escopas,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = TableBonusType(d.pop("type"))

        seat = d.pop("seat")

        cards = cast(list[str], d.pop("cards"))

        escopas = d.pop("escopas")

        table_bonus = cls(
            type_=type_,
            seat=seat,
            cards=cards,
            escopas=escopas,
        )

        table_bonus.additional_properties = d
        return table_bonus

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
