from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PointsOverride")


@_attrs_define
class PointsOverride:
    """Points per category to override; 0 switches a category off.

    Attributes:
        escopa (int | Unset):
        most_cards (int | Unset):
        most_diamonds (int | Unset):
        all_diamonds (int | Unset):
        seven_of_diamonds (int | Unset):
        most_sevens (int | Unset):
        all_sevens (int | Unset):
        opponents_under_10 (int | Unset):
        primeira (int | Unset):
        all_cards (int | Unset):
    """

    escopa: int | Unset = UNSET
    most_cards: int | Unset = UNSET
    most_diamonds: int | Unset = UNSET
    all_diamonds: int | Unset = UNSET
    seven_of_diamonds: int | Unset = UNSET
    most_sevens: int | Unset = UNSET
    all_sevens: int | Unset = UNSET
    opponents_under_10: int | Unset = UNSET
    primeira: int | Unset = UNSET
    all_cards: int | Unset = UNSET

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

        field_dict.update({})
        if escopa is not UNSET:
            field_dict["escopa"] = escopa
        if most_cards is not UNSET:
            field_dict["most_cards"] = most_cards
        if most_diamonds is not UNSET:
            field_dict["most_diamonds"] = most_diamonds
        if all_diamonds is not UNSET:
            field_dict["all_diamonds"] = all_diamonds
        if seven_of_diamonds is not UNSET:
            field_dict["seven_of_diamonds"] = seven_of_diamonds
        if most_sevens is not UNSET:
            field_dict["most_sevens"] = most_sevens
        if all_sevens is not UNSET:
            field_dict["all_sevens"] = all_sevens
        if opponents_under_10 is not UNSET:
            field_dict["opponents_under_10"] = opponents_under_10
        if primeira is not UNSET:
            field_dict["primeira"] = primeira
        if all_cards is not UNSET:
            field_dict["all_cards"] = all_cards

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        escopa = d.pop("escopa", UNSET)

        most_cards = d.pop("most_cards", UNSET)

        most_diamonds = d.pop("most_diamonds", UNSET)

        all_diamonds = d.pop("all_diamonds", UNSET)

        seven_of_diamonds = d.pop("seven_of_diamonds", UNSET)

        most_sevens = d.pop("most_sevens", UNSET)

        all_sevens = d.pop("all_sevens", UNSET)

        opponents_under_10 = d.pop("opponents_under_10", UNSET)

        primeira = d.pop("primeira", UNSET)

        all_cards = d.pop("all_cards", UNSET)

        points_override = cls(
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

        return points_override
