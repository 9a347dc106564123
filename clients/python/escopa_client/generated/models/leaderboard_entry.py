from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaderboardEntry")


@_attrs_define
class LeaderboardEntry:
    """A player's place on a ladder (ranked by ordinal, ties by games, then id).

    Attributes:
        rank (int):
        player_id (str):
        name (str):
        ordinal (float):
        mu (float):
        sigma (float):
        games (int):
    """

    rank: int
    player_id: str
    name: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player_id = self.player_id

        name = self.name

        ordinal = self.ordinal

        mu = self.mu

        sigma = self.sigma

        games = self.games

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "player_id": player_id,
                "name": name,
                "ordinal": ordinal,
                "mu": mu,
                "sigma": sigma,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        player_id = d.pop("player_id")

        name = d.pop("name")

        ordinal = d.pop("ordinal")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        leaderboard_entry = cls(
            rank=rank,
            player_id=player_id,
            name=name,
            ordinal=ordinal,
            mu=mu,
            sigma=sigma,
            games=games,
        )

        leaderboard_entry.additional_properties = d
        return leaderboard_entry

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
