from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TableRecord")


@_attrs_define
class TableRecord:
    """A pairing of a round: `a` against `b` (null: `a`'s bye); its two games, seat 0 first in
    each (`seats`: `[a, b]` then `[b, a]`); `a`'s duplicate result per board once both ended.

        Attributes:
            a (int):
            b (int | None | Unset):
            game_ids (list[str] | Unset):
            seats (list[list[int]] | Unset):
            results (list[int] | None | Unset):
    """

    a: int
    b: int | None | Unset = UNSET
    game_ids: list[str] | Unset = UNSET
    seats: list[list[int]] | Unset = UNSET
    results: list[int] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b: int | None | Unset
        if isinstance(self.b, Unset):
            b = UNSET
        else:
            b = self.b

        game_ids: list[str] | Unset = UNSET
        if not isinstance(self.game_ids, Unset):
            game_ids = self.game_ids

        seats: list[list[int]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item = seats_item_data

                seats.append(seats_item)

        results: list[int] | None | Unset
        if isinstance(self.results, Unset):
            results = UNSET
        elif isinstance(self.results, list):
            results = self.results

        else:
            results = self.results

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
            }
        )
        if b is not UNSET:
            field_dict["b"] = b
        if game_ids is not UNSET:
            field_dict["game_ids"] = game_ids
        if seats is not UNSET:
            field_dict["seats"] = seats
        if results is not UNSET:
            field_dict["results"] = results

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a = d.pop("a")

        def _parse_b(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        b = _parse_b(d.pop("b", UNSET))

        game_ids = cast(list[str], d.pop("game_ids", UNSET))

        _seats = d.pop("seats", UNSET)
        seats: list[list[int]] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = cast(list[int], seats_item_data)

                seats.append(seats_item)

        def _parse_results(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                results_type_0 = cast(list[int], data)

                return results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        results = _parse_results(d.pop("results", UNSET))

        table_record = cls(
            a=a,
            b=b,
            game_ids=game_ids,
            seats=seats,
            results=results,
        )

        table_record.additional_properties = d
        return table_record

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
