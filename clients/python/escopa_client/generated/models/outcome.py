from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.outcome_result import OutcomeResult
from ..types import UNSET, Unset

T = TypeVar("T", bound="Outcome")


@_attrs_define
class Outcome:
    """The end of a match: how it ended, the winning seats, and every side's final total.

    `result` is `won` (one side won: `winner`), `draw` (the sides in `tied` drew: no winner, no
    seats) or `shared` (the sides in `tied` all won: `seats` are all of theirs, `winner` null).
    `result` and `tied` are left out of the encoding when one side won, as before they existed.
    `resigned` (the seats of the side that resigned, with the other sides in `seats`) and
    `aborted` (no winner, no seats) end a match early (`engine.ending`).

        Attributes:
            winner (int | None):
            seats (list[int]):
            totals (list[int]):
            rounds (int):
            result (OutcomeResult | Unset):  Default: OutcomeResult.WON.
            tied (list[int] | Unset):
            resigned (list[int] | Unset):
    """

    winner: int | None
    seats: list[int]
    totals: list[int]
    rounds: int
    result: OutcomeResult | Unset = OutcomeResult.WON
    tied: list[int] | Unset = UNSET
    resigned: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        winner: int | None
        winner = self.winner

        seats = self.seats

        totals = self.totals

        rounds = self.rounds

        result: str | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.value

        tied: list[int] | Unset = UNSET
        if not isinstance(self.tied, Unset):
            tied = self.tied

        resigned: list[int] | Unset = UNSET
        if not isinstance(self.resigned, Unset):
            resigned = self.resigned

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "winner": winner,
                "seats": seats,
                "totals": totals,
                "rounds": rounds,
            }
        )
        if result is not UNSET:
            field_dict["result"] = result
        if tied is not UNSET:
            field_dict["tied"] = tied
        if resigned is not UNSET:
            field_dict["resigned"] = resigned

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        seats = cast(list[int], d.pop("seats"))

        totals = cast(list[int], d.pop("totals"))

        rounds = d.pop("rounds")

        _result = d.pop("result", UNSET)
        result: OutcomeResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = OutcomeResult(_result)

        tied = cast(list[int], d.pop("tied", UNSET))

        resigned = cast(list[int], d.pop("resigned", UNSET))

        outcome = cls(
            winner=winner,
            seats=seats,
            totals=totals,
            rounds=rounds,
            result=result,
            tied=tied,
            resigned=resigned,
        )

        outcome.additional_properties = d
        return outcome

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
