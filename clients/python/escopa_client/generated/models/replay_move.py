from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReplayMove")


@_attrs_define
class ReplayMove:
    """One move to replay: the seat that plays it and its text form.

    Attributes:
        seat (int):
        move (str): a move's text form, a legal move's id (`7D`, `5H+2S+QD`, `claim:5S+QD`, `deal`), or `resign`,
            `abort` or `timeout` (lost on time): the seat ends the match early
    """

    seat: int
    move: str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        move = self.move

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        move = d.pop("move")

        replay_move = cls(
            seat=seat,
            move=move,
        )

        return replay_move
