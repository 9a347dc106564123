from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.turn_event_type import TurnEventType
from ..types import UNSET, Unset

T = TypeVar("T", bound="TurnEvent")


@_attrs_define
class TurnEvent:
    """A seat must act (play, or deal when a deal is due) at `version`; `deadline`, the UTC
    time by which it must, when the game has a clock (else null).

        Attributes:
            type_ (TurnEventType):
            id (str):
            game_id (str):
            seq (int):
            time (str):
            seat (int):
            player (str):
            version (int):
            deadline (None | str | Unset):
    """

    type_: TurnEventType
    id: str
    game_id: str
    seq: int
    time: str
    seat: int
    player: str
    version: int
    deadline: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        game_id = self.game_id

        seq = self.seq

        time = self.time

        seat = self.seat

        player = self.player

        version = self.version

        deadline: None | str | Unset
        if isinstance(self.deadline, Unset):
            deadline = UNSET
        else:
            deadline = self.deadline

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "seq": seq,
                "time": time,
                "seat": seat,
                "player": player,
                "version": version,
            }
        )
        if deadline is not UNSET:
            field_dict["deadline"] = deadline

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = TurnEventType(d.pop("type"))

        id = d.pop("id")

        game_id = d.pop("game_id")

        seq = d.pop("seq")

        time = d.pop("time")

        seat = d.pop("seat")

        player = d.pop("player")

        version = d.pop("version")

        def _parse_deadline(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        deadline = _parse_deadline(d.pop("deadline", UNSET))

        turn_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            seq=seq,
            time=time,
            seat=seat,
            player=player,
            version=version,
            deadline=deadline,
        )

        turn_event.additional_properties = d
        return turn_event

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
