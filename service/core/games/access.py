"""Reading a game for a request: the game as stored (a read changes nothing: a deadline that
has passed shows as passed until a sweeper applies its timeout), or, for a write, the game
with its due timeouts applied first; and the seat the request's token or stream ticket
speaks for."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from service.core.games.journal import Journal
from service.core.games.messages import StreamTicket
from service.core.lifecycle.credentials import acting_seat, holds, invalid_ticket, reader_seat
from service.core.lifecycle.endings import Endings
from service.core.tournaments.seals import Seals
from service.errors import ServiceError
from service.ledger.stored_game import StoredGame
from service.settings import secret_hash


@dataclass(frozen=True, slots=True)
class Following:
    """Who follows a game's events: the game as loaded, the reader's seat (None: a spectator),
    for a stream ticket the seconds it has left (the stream ends with it), and whether the
    game is sealed (a seat sees it as running even once it ended:
    `service.core.tournaments.seals`)."""

    game: StoredGame
    seat: int | None
    seconds_left: float | None = None
    sealed: bool = False


class Access:
    """Games as requests read them; `ticket_ttl`: seconds a stream ticket stays valid."""

    def __init__(self, journal: Journal, endings: Endings, seals: Seals, ticket_ttl: int) -> None:
        self.journal = journal
        self.games = journal.games
        self.endings = endings
        self.seals = seals
        self.ticket_ttl = ticket_ttl

    async def load(self, game_id: str) -> StoredGame:
        """The game as stored now (a read: nothing is applied)."""
        return await self.games.read(game_id)

    async def current(self, game_id: str) -> StoredGame:
        """The game for a write: as stored now, after any timeout that is due."""
        return await self.endings.current(game_id)

    async def load_at(self, game_id: str, version: int | None) -> StoredGame:
        """The game for a write at `version`: the cached copy if it is at that version.

        The commit script checks version and head, so a stale copy can only cost a 409.
        """
        cached = self.games.cached(game_id)
        if cached is not None and cached.version == version and not self.journal.clocks.due(cached):
            return cached
        return await self.current(game_id)

    async def read_as(self, game_id: str, token: str | None) -> tuple[StoredGame, int | None]:
        """The game and the reader's seat (None: a spectator); a token that is given must fit;
        a sealed game is refused to a spectator."""
        game = await self.load(game_id)
        seat = reader_seat(game.meta, token)
        if seat is None:
            await self.seals.check(game_id, game)
        return game, seat

    async def sealed(self, game: StoredGame) -> bool:
        """Whether the game is sealed now (its seats see it as running)."""
        return await self.seals.sealed(game)

    async def acting(self, game_id: str, token: str | None) -> tuple[StoredGame, int]:
        """The game and the seat a request reads for: a valid token is required."""
        game = await self.load(game_id)
        return game, acting_seat(game.meta, token)

    async def writing(self, game_id: str, token: str | None) -> tuple[StoredGame, int]:
        """The game (due timeouts applied) and the seat a write acts for: a valid token."""
        game = await self.current(game_id)
        return game, acting_seat(game.meta, token)

    async def stream_ticket(self, game_id: str, token: str | None) -> StreamTicket:
        """A ticket to follow the game's events as the token's seat, for a while and only while
        the token's holder keeps the seat (kept hashed, with her token's hash)."""
        game, seat = await self.acting(game_id, token)
        ticket = secrets.token_urlsafe(24)
        holder = game.meta.seats[seat].token_hash
        ttl = self.ticket_ttl
        await self.journal.store.save_ticket(game_id, secret_hash(ticket), seat, holder, ttl * 1000)
        return StreamTicket(ticket=ticket, expires_in=ttl)

    async def follow_as(self, game_id: str, token: str | None, ticket: str | None) -> Following:
        """The game and who follows it: the token's seat, the ticket's (while the holder who
        took it keeps the seat), or a spectator."""
        if ticket is None:
            game, seat = await self.read_as(game_id, token)
            return Following(game, seat, sealed=await self.sealed(game))
        if token is not None:
            raise ServiceError(
                "auth/ambiguous", 401, "send either a token or a stream ticket, not both"
            )
        kept = await self.journal.store.ticket(game_id, secret_hash(ticket))
        if kept is None:
            raise invalid_ticket()
        game = await self.load(game_id)
        if not holds(game.meta, kept.seat, kept.holder):
            raise invalid_ticket()
        return Following(game, kept.seat, kept.seconds_left, await self.sealed(game))
