from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """An entrant's place: its `total`, its result in each round (null: a bye), and the
    tie-break (`buchholz`: the sum of the totals of the entrants it met).

        Attributes:
            rank (int):
            entrant (int):
            total (int):
            rounds (list[int | None]):
            buchholz (int):
    """

    rank: int
    entrant: int
    total: int
    rounds: list[int | None]
    buchholz: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        entrant = self.entrant

        total = self.total

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item: int | None
            rounds_item = rounds_item_data
            rounds.append(rounds_item)

        buchholz = self.buchholz

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "entrant": entrant,
                "total": total,
                "rounds": rounds,
                "buchholz": buchholz,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        entrant = d.pop("entrant")

        total = d.pop("total")

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:

            def _parse_rounds_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            rounds_item = _parse_rounds_item(rounds_item_data)

            rounds.append(rounds_item)

        buchholz = d.pop("buchholz")

        standing = cls(
            rank=rank,
            entrant=entrant,
            total=total,
            rounds=rounds,
            buchholz=buchholz,
        )

        standing.additional_properties = d
        return standing

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
