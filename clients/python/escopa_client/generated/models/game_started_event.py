from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_started_event_type import GameStartedEventType

if TYPE_CHECKING:
    from ..models.webhook_player import WebhookPlayer


T = TypeVar("T", bound="GameStartedEvent")


@_attrs_define
class GameStartedEvent:
    """The game is dealt (at creation, or by the join that took its last open seat).

    Attributes:
        type_ (GameStartedEventType):
        id (str):
        game_id (str):
        seq (int):
        time (str):
        players (list[WebhookPlayer]):
    """

    type_: GameStartedEventType
    id: str
    game_id: str
    seq: int
    time: str
    players: list[WebhookPlayer]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        game_id = self.game_id

        seq = self.seq

        time = self.time

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "game_id": game_id,
                "seq": seq,
                "time": time,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_player import WebhookPlayer  # noqa: PLC0415

        d = dict(src_dict)
        type_ = GameStartedEventType(d.pop("type"))

        id = d.pop("id")

        game_id = d.pop("game_id")

        seq = d.pop("seq")

        time = d.pop("time")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = WebhookPlayer.from_dict(players_item_data)

            players.append(players_item)

        game_started_event = cls(
            type_=type_,
            id=id,
            game_id=game_id,
            seq=seq,
            time=time,
            players=players,
        )

        game_started_event.additional_properties = d
        return game_started_event

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
