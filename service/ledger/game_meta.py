"""What a game keeps beside its log: its seats (names, token hashes, bots, open seats), its
seed commitment and creation, and the settings it was made with; stored with the game and
shown through its views, so every layer from the ledger up reads the one shape."""

from __future__ import annotations

import msgspec

from bots.levels import BotLevel


class SeatMeta(msgspec.Struct, frozen=True):
    """A seat: the player's display name and the SHA-256 of its secret token, or for a seat the
    service plays, its bot level (and no token: `token_hash` is empty). An `open` seat has no
    name or token yet: the SHA-256 of its invite, and the version at which it was `opened`."""

    name: str
    token_hash: str
    bot: BotLevel | None = None
    open: bool = False
    invite_hash: str = ""
    opened: int = 0
    player_id: str = ""
    """The integrator's id for the person in the seat (scoped to the game's API key), if any."""


class GameMeta(msgspec.Struct, frozen=True, kw_only=True):
    """What a game keeps beside its state: seats, seed commitment, creation time; for a game
    created with open seats, its preset, whether the lobby lists it and the creator's seat;
    once a rematch is asked for, the new game's id; the id of the API key that created it; the
    tournament it belongs to."""

    seats: tuple[SeatMeta, ...]
    seed_commitment: str
    created: str
    commitment_id: str | None = None
    client_seed: str | None = None
    preset: str | None = None
    lobby: bool = False
    creator: int | None = None
    rematch: str | None = None
    webhook: bool = False
    """Whether the game has a webhook: each write marks it due for the webhook workers."""
    key: str | None = None
    ladder: str | None = None
    """The game's ladder (`<preset>-<n>p`): the history of its seats' player ids lists it once
    it is over, and a `rated` one settles their ratings there."""
    rated: bool = False
    tournament: str | None = None
    """The tournament the game is a table of (`service.core.tournaments.tournaments`), if any."""


def open_seats(meta: GameMeta) -> tuple[int, ...]:
    """The seats of a waiting game that no one has taken yet."""
    return tuple(seat for seat, kept in enumerate(meta.seats) if kept.open)
