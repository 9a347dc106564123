from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RegisterPlayer")


@_attrs_define
class RegisterPlayer:
    """A player id to hold, on a server without API keys (with keys, each key vouches for the
    ids it names).

        Attributes:
            player_id (str): the integrator's own id for a person: 1-64 characters of `[A-Za-z0-9_.:-]`, scoped to the API
                key that names it
    """

    player_id: str

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        register_player = cls(
            player_id=player_id,
        )

        return register_player
