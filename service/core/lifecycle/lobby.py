"""The lobby: waiting games with open seats that anyone may join, an index beside the games
kept in step with them by the verbs that open, fill or end a waiting game.

A game is indexed *before* the write that opens it or one of its seats, and unindexed after
the write that fills or ends it, so a crash between the two writes leaves at most an extra
entry, which readers drop as they meet it, never a waiting game missing from the lobby."""

from __future__ import annotations

from typing import Final

from service.core.games.messages import LobbyGame, LobbyPage
from service.core.games.presented import game_view
from service.ledger.game_meta import GameMeta, open_seats
from service.ledger.log import iso, now_ms
from service.store.games_repository import GamesRepository
from service.store.seat_store import SeatStore

MAX_LOBBY_PAGE: Final = 100
UNWRITTEN_KEPT_MS: Final = 60_000
"""How long a reader keeps the entry of a game not stored yet: it is indexed before its write,
which may still land (far longer than any write's timeout)."""


class Lobby:
    """The lobby's `index` over the games of `store`."""

    def __init__(self, store: GamesRepository, index: SeatStore) -> None:
        self.store = store
        self.index = index

    async def announce(self, game_id: str, meta: GameMeta) -> None:
        """Index a lobby game with open seats before the write that opens it or a seat."""
        if meta.lobby and open_seats(meta):
            await self.index.list_lobby(game_id, meta.created)

    async def relist(self, game_id: str, meta: GameMeta, started: bool) -> None:
        """Keep the lobby in step after a write: listed while a lobby game waits with open
        seats, unlisted once it is full or over."""
        if not meta.lobby:
            return
        if started or not open_seats(meta):
            await self.index.unlist_lobby(game_id, meta.created)
        else:
            await self.index.list_lobby(game_id, meta.created)

    async def page(self, after: str | None, limit: int) -> LobbyPage:
        """Waiting lobby games with open seats, oldest first; listed games that no longer wait
        (started, expired, aborted, or never stored) are dropped from the index as they are
        met."""
        limit = min(limit, MAX_LOBBY_PAGE)
        found: list[LobbyGame] = []
        cursor = after
        while len(found) < limit:
            wanted = limit - len(found)
            members = await self.index.lobby_page(cursor, wanted)
            for member in members:
                listed = await self._listed(member)
                if listed is not None:
                    found.append(listed)
            if len(members) < wanted:
                return LobbyPage(games=found, next_after=None)
            cursor = members[-1]
        return LobbyPage(games=found, next_after=cursor)

    async def _listed(self, member: str) -> LobbyGame | None:
        created, _, game_id = member.rpartition(":")
        game = await self.store.load(game_id)
        if game is None and created > iso(now_ms() - UNWRITTEN_KEPT_MS):
            return None  # indexed before its write, which may still come
        if game is None or game.state.status != "waiting" or not open_seats(game.meta):
            await self.index.unlist_lobby(game_id, created)
            return None
        players = game_view(game_id, game.version, game.state, game.meta, None).players
        seats = open_seats(game.meta)
        return LobbyGame(
            game_id=game_id,
            preset=game.meta.preset or "escopa",
            players=players,
            taken=len(players) - len(seats),
            open=list(seats),
            created=game.meta.created,
        )
