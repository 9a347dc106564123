from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_info import PlayerInfo


T = TypeVar("T", bound="LobbyGame")


@_attrs_define
class LobbyGame:
    """A waiting game the lobby lists: its seats (open ones to take with `POST /join`).

    Attributes:
        game_id (str):
        preset (str):
        players (list[PlayerInfo]):
        taken (int):
        open_ (list[int]):
        created (str):
    """

    game_id: str
    preset: str
    players: list[PlayerInfo]
    taken: int
    open_: list[int]
    created: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        preset = self.preset

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        taken = self.taken

        open_ = self.open_

        created = self.created

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "preset": preset,
                "players": players,
                "taken": taken,
                "open": open_,
                "created": created,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_info import PlayerInfo  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        preset = d.pop("preset")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerInfo.from_dict(players_item_data)

            players.append(players_item)

        taken = d.pop("taken")

        open_ = cast(list[int], d.pop("open"))

        created = d.pop("created")

        lobby_game = cls(
            game_id=game_id,
            preset=preset,
            players=players,
            taken=taken,
            open_=open_,
            created=created,
        )

        lobby_game.additional_properties = d
        return lobby_game

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
