from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SideView")


@_attrs_define
class SideView:
    """One side as everyone sees it: its seats, captured count, escopas and match score.

    Attributes:
        side (int):
        seats (list[int]):
        captured (int):
        escopas (int):
        score (int):
    """

    side: int
    seats: list[int]
    captured: int
    escopas: int
    score: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        side = self.side

        seats = self.seats

        captured = self.captured

        escopas = self.escopas

        score = self.score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "side": side,
                "seats": seats,
                "captured": captured,
                "escopas": escopas,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        side = d.pop("side")

        seats = cast(list[int], d.pop("seats"))

        captured = d.pop("captured")

        escopas = d.pop("escopas")

        score = d.pop("score")

        side_view = cls(
            side=side,
            seats=seats,
            captured=captured,
            escopas=escopas,
            score=score,
        )

        side_view.additional_properties = d
        return side_view

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
