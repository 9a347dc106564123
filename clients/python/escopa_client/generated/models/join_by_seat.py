from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinBySeat")


@_attrs_define
class JoinBySeat:
    """Take a lobby game's open seat by its number (no invite needed).

    Attributes:
        name (str): 1-40 characters, kept in NFC, with a visible one; no control, bidirectional or line-separator
            characters; each seat's own
        seat (int):
        player_id (str | Unset): the integrator's own id for a person: 1-64 characters of `[A-Za-z0-9_.:-]`, scoped to
            the API key that names it
        player_secret (str | Unset): the secret of a player id, from POST /v1/players: on a server without API keys, a
            request names a player id only with its secret
    """

    name: str
    seat: int
    player_id: str | Unset = UNSET
    player_secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        seat = self.seat

        player_id = self.player_id

        player_secret = self.player_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "seat": seat,
            }
        )
        if player_id is not UNSET:
            field_dict["player_id"] = player_id
        if player_secret is not UNSET:
            field_dict["player_secret"] = player_secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        seat = d.pop("seat")

        player_id = d.pop("player_id", UNSET)

        player_secret = d.pop("player_secret", UNSET)

        join_by_seat = cls(
            name=name,
            seat=seat,
            player_id=player_id,
            player_secret=player_secret,
        )

        return join_by_seat
