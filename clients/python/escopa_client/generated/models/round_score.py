from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.side_score import SideScore


T = TypeVar("T", bound="RoundScore")


@_attrs_define
class RoundScore:
    """A round's result: each side's breakdown, the last cards and the match totals after it.

    Attributes:
        round_ (int):
        sides (list[SideScore]):
        last_cards (list[str]):
        last_capturer (int | None):
        match_totals (list[int]):
    """

    round_: int
    sides: list[SideScore]
    last_cards: list[str]
    last_capturer: int | None
    match_totals: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        last_cards = self.last_cards

        last_capturer: int | None
        last_capturer = self.last_capturer

        match_totals = self.match_totals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "sides": sides,
                "last_cards": last_cards,
                "last_capturer": last_capturer,
                "match_totals": match_totals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.side_score import SideScore  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideScore.from_dict(sides_item_data)

            sides.append(sides_item)

        last_cards = cast(list[str], d.pop("last_cards"))

        def _parse_last_capturer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_capturer = _parse_last_capturer(d.pop("last_capturer"))

        match_totals = cast(list[int], d.pop("match_totals"))

        round_score = cls(
            round_=round_,
            sides=sides,
            last_cards=last_cards,
            last_capturer=last_capturer,
            match_totals=match_totals,
        )

        round_score.additional_properties = d
        return round_score

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
