from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.played_game import PlayedGame


T = TypeVar("T", bound="PlayerGames")


@_attrs_define
class PlayerGames:
    """A player's finished games, newest first; `next_after` (null: the last page) asks for
    the next page.

        Attributes:
            player_id (str):
            games (list[PlayedGame]):
            next_after (int | None):
    """

    player_id: str
    games: list[PlayedGame]
    next_after: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        next_after: int | None
        next_after = self.next_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player_id": player_id,
                "games": games,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.played_game import PlayedGame  # noqa: PLC0415

        d = dict(src_dict)
        player_id = d.pop("player_id")

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = PlayedGame.from_dict(games_item_data)

            games.append(games_item)

        def _parse_next_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_after = _parse_next_after(d.pop("next_after"))

        player_games = cls(
            player_id=player_id,
            games=games,
            next_after=next_after,
        )

        player_games.additional_properties = d
        return player_games

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
