from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_finished_event_type import GameFinishedEventType

if TYPE_CHECKING:
    from ..models.outcome import Outcome


T = TypeVar("T", bound="GameFinishedEvent")


@_attrs_define
class GameFinishedEvent:
    """The match is over: its outcome (won, draw, shared, resigned, aborted...) and every
    side's final score.

        Attributes:
            type_ (GameFinishedEventType):
            id (str):
            game_id (str):
            seq (int):
            time (str):
            outcome (Outcome): The end of a match: how it ended, the winning seats, and every side's final total.

                `result` is `won` (one side won: `winner`), `draw` (the sides in `tied` drew: no winner, no
                seats) or `shared` (the sides in `tied` all won: `seats` are all of theirs, `winner` null).
                `result` and `tied` are left out of the encoding when one side won, as before they existed.
                `resigned` (the seats of the side that resigned, with the other sides in `seats`) and
                `aborted` (no winner, no seats) end a match early (`engine.ending`), and `timeout` (the
                seats of the side whose clock ran out in `timed_out`, the other sides in `seats`).
            scores (list[int]):
    """

    type_: GameFinishedEventType
    id: str
    game_id: str
    seq: int
    time: str
    outcome: Outcome
    scores: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        game_id = self.game_id

        seq = self.seq

        time = self.time

        outcome = self.outcome.to_dict()

        scores = self.scores

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "seq": seq,
                "time": time,
                "outcome": outcome,
                "scores": scores,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.outcome import Outcome  # noqa: PLC0415

        d = dict(src_dict)
        type_ = GameFinishedEventType(d.pop("type"))

        id = d.pop("id")

        game_id = d.pop("game_id")

        seq = d.pop("seq")

        time = d.pop("time")

        outcome = Outcome.from_dict(d.pop("outcome"))

        scores = cast(list[int], d.pop("scores"))

        game_finished_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            seq=seq,
            time=time,
            outcome=outcome,
            scores=scores,
        )

        game_finished_event.additional_properties = d
        return game_finished_event

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
