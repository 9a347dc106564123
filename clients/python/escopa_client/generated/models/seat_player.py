from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatPlayer")


@_attrs_define
class SeatPlayer:
    """A person known across games by the integrator's `player_id` (scoped to the API key; on a server without API keys,
    with its `player_secret`).

        Attributes:
            name (str): 1-40 characters, kept in NFC, with a visible one; no control, bidirectional or line-separator
                characters; each seat's own
            player_id (str): the integrator's own id for a person: 1-64 characters of `[A-Za-z0-9_.:-]`, scoped to the API
                key that names it
            player_secret (str | Unset): the secret of a player id, from POST /v1/players: on a server without API keys, a
                request names a player id only with its secret
    """

    name: str
    player_id: str
    player_secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        player_id = self.player_id

        player_secret = self.player_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "player_id": player_id,
            }
        )
        if player_secret is not UNSET:
            field_dict["player_secret"] = player_secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        player_id = d.pop("player_id")

        player_secret = d.pop("player_secret", UNSET)

        seat_player = cls(
            name=name,
            player_id=player_id,
            player_secret=player_secret,
        )

        return seat_player
