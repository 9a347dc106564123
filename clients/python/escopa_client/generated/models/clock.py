from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.clock_on_timeout import ClockOnTimeout
from ..types import UNSET, Unset

T = TypeVar("T", bound="Clock")


@_attrs_define
class Clock:
    """A turn clock (`engine.clock`): each turn gives the seat to act `turn_seconds`, then draws
    on its bank of `bank_seconds`; when both are spent, `on_timeout` applies: `bot` (a greedy bot
    plays the move), `forfeit` (the seat's side loses the match) or `first_move` (the first
    legal move in the engine's order). After `zombie_after` timeouts in a row (0: never), a
    `bot` seat's turns last only `zombie_seconds` until its person plays again.

        Attributes:
            turn_seconds (int): seconds each turn gives the seat to act
            bank_seconds (int): each seat's bank, drawn on past a turn
            on_timeout (ClockOnTimeout):
            zombie_after (int | Unset): `bot`: timeouts in a row that make a zombie Default: 3.
            zombie_seconds (int | Unset): a zombie seat's turn, in seconds Default: 5.
    """

    turn_seconds: int
    bank_seconds: int
    on_timeout: ClockOnTimeout
    zombie_after: int | Unset = 3
    zombie_seconds: int | Unset = 5

    def to_dict(self) -> dict[str, Any]:
        turn_seconds = self.turn_seconds

        bank_seconds = self.bank_seconds

        on_timeout = self.on_timeout.value

        zombie_after = self.zombie_after

        zombie_seconds = self.zombie_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turn_seconds": turn_seconds,
                "bank_seconds": bank_seconds,
                "on_timeout": on_timeout,
            }
        )
        if zombie_after is not UNSET:
            field_dict["zombie_after"] = zombie_after
        if zombie_seconds is not UNSET:
            field_dict["zombie_seconds"] = zombie_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn_seconds = d.pop("turn_seconds")

        bank_seconds = d.pop("bank_seconds")

        on_timeout = ClockOnTimeout(d.pop("on_timeout"))

        zombie_after = d.pop("zombie_after", UNSET)

        zombie_seconds = d.pop("zombie_seconds", UNSET)

        clock = cls(
            turn_seconds=turn_seconds,
            bank_seconds=bank_seconds,
            on_timeout=on_timeout,
            zombie_after=zombie_after,
            zombie_seconds=zombie_seconds,
        )

        return clock
