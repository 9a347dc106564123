from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.first_dealer_drawn_type import FirstDealerDrawnType

T = TypeVar("T", bound="FirstDealerDrawn")


@_attrs_define
class FirstDealerDrawn:
    """The first-dealer draw: every `(seat, card)` drawn, and the seat that deals.

    Attributes:
        type_ (FirstDealerDrawnType):
        draws (list[list[int | str]]):
        dealer (int):
    """

    type_: FirstDealerDrawnType
    draws: list[list[int | str]]
    dealer: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        draws = []
        for draws_item_data in self.draws:
            draws_item = []
            for draws_item_item_data in draws_item_data:
                draws_item_item: int | str
                draws_item_item = draws_item_item_data
                draws_item.append(draws_item_item)

            draws.append(draws_item)

        dealer = self.dealer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "draws": draws,
                "dealer": dealer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = FirstDealerDrawnType(d.pop("type"))

        draws = []
        _draws = d.pop("draws")
        for draws_item_data in _draws:
            draws_item = []
            _draws_item = draws_item_data
            for draws_item_item_data in _draws_item:

                def _parse_draws_item_item(data: object) -> int | str:
                    return cast(int | str, data)

                draws_item_item = _parse_draws_item_item(draws_item_item_data)

                draws_item.append(draws_item_item)

            draws.append(draws_item)

        dealer = d.pop("dealer")

        first_dealer_drawn = cls(
            type_=type_,
            draws=draws,
            dealer=dealer,
        )

        first_dealer_drawn.additional_properties = d
        return first_dealer_drawn

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
