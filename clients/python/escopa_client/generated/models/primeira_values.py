from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PrimeiraValues")


@_attrs_define
class PrimeiraValues:
    """The primeira value of each rank.

    Attributes:
        a (int):
        field_2 (int):
        field_3 (int):
        field_4 (int):
        field_5 (int):
        field_6 (int):
        field_7 (int):
        q (int):
        j (int):
        k (int):
    """

    a: int
    field_2: int
    field_3: int
    field_4: int
    field_5: int
    field_6: int
    field_7: int
    q: int
    j: int
    k: int

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        field_2 = self.field_2

        field_3 = self.field_3

        field_4 = self.field_4

        field_5 = self.field_5

        field_6 = self.field_6

        field_7 = self.field_7

        q = self.q

        j = self.j

        k = self.k

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "A": a,
                "2": field_2,
                "3": field_3,
                "4": field_4,
                "5": field_5,
                "6": field_6,
                "7": field_7,
                "Q": q,
                "J": j,
                "K": k,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a = d.pop("A")

        field_2 = d.pop("2")

        field_3 = d.pop("3")

        field_4 = d.pop("4")

        field_5 = d.pop("5")

        field_6 = d.pop("6")

        field_7 = d.pop("7")

        q = d.pop("Q")

        j = d.pop("J")

        k = d.pop("K")

        primeira_values = cls(
            a=a,
            field_2=field_2,
            field_3=field_3,
            field_4=field_4,
            field_5=field_5,
            field_6=field_6,
            field_7=field_7,
            q=q,
            j=j,
            k=k,
        )

        return primeira_values
