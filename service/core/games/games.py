"""The games as this process reads them: the game as stored now, replayed on from a copy this
process keeps (`GameCache`), its log's entries derived from replay checkpoints (`LogCache`),
and, where Redis let a game go, the archive's copy (`service.store.archive`)."""

from __future__ import annotations

from engine.state import EncodedParts
from service.core.games.cache import GameCache
from service.core.games.log_cache import LogCache
from service.errors import ServiceError, not_found
from service.ledger.chain import LogEntry
from service.ledger.log import Cursor
from service.ledger.stored_game import StoredGame
from service.store.archive.record import Archive
from service.store.games_repository import GamesRepository, from_archive
from service.store.seat_store import SeatStore


def expired(game_id: str) -> ServiceError:
    return ServiceError(
        "game/expired",
        410,
        "game '{game_id}' waited for players and expired before it started",
        game_id=game_id,
    )


class Games:
    """Reads games through this process's copies; the journal keeps them in step."""

    def __init__(
        self,
        store: GamesRepository,
        seats: SeatStore,
        cached_games: int,
        archive: Archive | None = None,
    ) -> None:
        self.store = store
        self.seats = seats
        self.archive = archive
        """Where reads find a game Redis let go (None: this process reads Redis alone)."""
        self._cache = GameCache(cached_games)
        self.parts = EncodedParts()  # the loop's: states of cached games repeat their parts
        self._logs = LogCache(store, self.parts)

    async def read(self, game_id: str) -> StoredGame:
        """The game as stored now, replayed on from the cached copy when there is one."""
        known = self._cache.get(game_id)
        game = await self.store.load(game_id, known, self.parts)
        if game is None:
            game = await self.archived(game_id, known)
        if game is None:
            self._cache.drop(game_id)
            if await self.seats.expired(game_id):
                raise expired(game_id)
            raise not_found(game_id)
        self._cache.put(game_id, game)
        return game

    async def archived(self, game_id: str, known: StoredGame | None = None) -> StoredGame | None:
        """The game as the archive keeps it, or None (not archived, or no archive); `known`,
        a copy read from the archive before, when the archive still holds that version."""
        if self.archive is None:
            return None
        found = await self.archive.get(game_id)
        if found is None:
            return None
        if known is not None and known.archived == found.body:
            return known  # not replayed again
        return from_archive(found, self.parts)

    def cached(self, game_id: str) -> StoredGame | None:
        """The copy this process keeps, if any (the commit checks it is still current)."""
        return self._cache.get(game_id)

    def remember(self, game_id: str, game: StoredGame) -> None:
        """Keep a copy of the game as this process last wrote it beside the log (its signals)."""
        self._cache.put(game_id, game)

    def forget(self, game_id: str) -> None:
        """Drop the kept copy: the next read takes the game from the store."""
        self._cache.drop(game_id)

    async def entries(
        self, game_id: str, game: StoredGame, after: int, limit: int, fresh: bool = False
    ) -> list[LogEntry]:
        """The full, unredacted entries of the game as loaded with `seq > after` (at most
        `limit`), derived from the stored records (`fresh`: all of them read now)."""
        return await self._logs.entries(game_id, game, after, limit, fresh)

    def cursor(self, game: StoredGame) -> Cursor:
        """A replay cursor at the game's head, sharing this process's encoded parts."""
        return game.cursor(self.parts)

    def written(self, game_id: str, after: StoredGame, record: bytes, entry: LogEntry) -> None:
        """Keep the copy and the log's checkpoints in step with a committed entry."""
        self._cache.put(game_id, after)
        self._logs.written(game_id, after, record, entry)
