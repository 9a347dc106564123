from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.side_score_categories import SideScoreCategories


T = TypeVar("T", bound="SideScore")


@_attrs_define
class SideScore:
    """One side's round: what it captured and the points it won in each category.

    `total` is what the round adds to the match: the sum of `categories`, or, for a side whose
    wrong captures the honor-mode final check found, `-penalty` (its own points are void).

        Attributes:
            side (int):
            seats (list[int]):
            cards (int):
            diamonds (int):
            sevens (int):
            seven_of_diamonds (bool):
            primeira (int | None):
            escopas (int):
            categories (SideScoreCategories):
            wrong_captures (int):  Default: 0.
            void (bool):  Default: False.
            penalty (int):  Default: 0.
            total (int):  Default: 0.
    """

    side: int
    seats: list[int]
    cards: int
    diamonds: int
    sevens: int
    seven_of_diamonds: bool
    primeira: int | None
    escopas: int
    categories: SideScoreCategories
    wrong_captures: int = 0
    void: bool = False
    penalty: int = 0
    total: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        side = self.side

        seats = self.seats

        cards = self.cards

        diamonds = self.diamonds

        sevens = self.sevens

        seven_of_diamonds = self.seven_of_diamonds

        primeira: int | None
        primeira = self.primeira

        escopas = self.escopas

        categories = self.categories.to_dict()

        wrong_captures = self.wrong_captures

        void = self.void

        penalty = self.penalty

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "side": side,
                "seats": seats,
                "cards": cards,
                "diamonds": diamonds,
                "sevens": sevens,
                "seven_of_diamonds": seven_of_diamonds,
                "primeira": primeira,
                "escopas": escopas,
                "categories": categories,
                "wrong_captures": wrong_captures,
                "void": void,
                "penalty": penalty,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.side_score_categories import SideScoreCategories  # noqa: PLC0415

        d = dict(src_dict)
        side = d.pop("side")

        seats = cast(list[int], d.pop("seats"))

        cards = d.pop("cards")

        diamonds = d.pop("diamonds")

        sevens = d.pop("sevens")

        seven_of_diamonds = d.pop("seven_of_diamonds")

        def _parse_primeira(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        primeira = _parse_primeira(d.pop("primeira"))

        escopas = d.pop("escopas")

        categories = SideScoreCategories.from_dict(d.pop("categories"))

        wrong_captures = d.pop("wrong_captures")

        void = d.pop("void")

        penalty = d.pop("penalty")

        total = d.pop("total")

        side_score = cls(
            side=side,
            seats=seats,
            cards=cards,
            diamonds=diamonds,
            sevens=sevens,
            seven_of_diamonds=seven_of_diamonds,
            primeira=primeira,
            escopas=escopas,
            categories=categories,
            wrong_captures=wrong_captures,
            void=void,
            penalty=penalty,
            total=total,
        )

        side_score.additional_properties = d
        return side_score

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
