from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Points")


@_attrs_define
class Points:
    """Points per scoring category; 0 switches a category off.

    `all_cards` is absent when 0, so games logged before it existed keep their hashes.

        Attributes:
            escopa (int):
            most_cards (int):
            most_diamonds (int):
            all_diamonds (int):
            seven_of_diamonds (int):
            most_sevens (int):
            all_sevens (int):
            opponents_under_10 (int):
            primeira (int):
            all_cards (int | Unset):  Default: 0.
    """

    escopa: int
    most_cards: int
    most_diamonds: int
    all_diamonds: int
    seven_of_diamonds: int
    most_sevens: int
    all_sevens: int
    opponents_under_10: int
    primeira: int
    all_cards: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        escopa = self.escopa

        most_cards = self.most_cards

        most_diamonds = self.most_diamonds

        all_diamonds = self.all_diamonds

        seven_of_diamonds = self.seven_of_diamonds

        most_sevens = self.most_sevens

        all_sevens = self.all_sevens

        opponents_under_10 = self.opponents_under_10

        primeira = self.primeira

        all_cards = self.all_cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "escopa": escopa,
                "most_cards": most_cards,
                "most_diamonds": most_diamonds,
                "all_diamonds": all_diamonds,
                "seven_of_diamonds": seven_of_diamonds,
                "most_sevens": most_sevens,
                "all_sevens": all_sevens,
                "opponents_under_10": opponents_under_10,
                "primeira": primeira,
            }
        )
        if all_cards is not UNSET:
            field_dict["all_cards"] = all_cards

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        escopa = d.pop("escopa")

        most_cards = d.pop("most_cards")

        most_diamonds = d.pop("most_diamonds")

        all_diamonds = d.pop("all_diamonds")

        seven_of_diamonds = d.pop("seven_of_diamonds")

        most_sevens = d.pop("most_sevens")

        all_sevens = d.pop("all_sevens")

        opponents_under_10 = d.pop("opponents_under_10")

        primeira = d.pop("primeira")

        all_cards = d.pop("all_cards", UNSET)

        points = cls(
            escopa=escopa,
            most_cards=most_cards,
            most_diamonds=most_diamonds,
            all_diamonds=all_diamonds,
            seven_of_diamonds=seven_of_diamonds,
            most_sevens=most_sevens,
            all_sevens=all_sevens,
            opponents_under_10=opponents_under_10,
            primeira=primeira,
            all_cards=all_cards,
        )

        return points
