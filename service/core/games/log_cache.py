"""Replay checkpoints of recently read logs: a page of entries is derived from the nearest one.

Each full entry is derived by replaying the log's records (`service.ledger.log`), and its
hash needs the entry before, so a page late in a log would replay the whole log. This keeps,
per recently read or written game, the replay cursor at every `EVERY`th entry. A checkpoint
is trusted only while the record it was made from is still the stored one (a failover that
loses writes may rewrite the log's last entries). The last `RECENT` entries of a running game
and the whole log of a few finished games are kept too, and trusted while they end at the
game's head (its hash covers every entry before it).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from engine import State
from engine.state import EncodedParts
from service.ledger.chain import LogEntry
from service.ledger.game_meta import open_seats
from service.ledger.log import Cursor, decode_opening, decode_record
from service.ledger.stored_game import StoredGame
from service.store.games_repository import GamesRepository

EVERY: Final = 25
GAMES: Final = 256
FINISHED: Final = 16
RECENT: Final = 64


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The replay after entry `seq`, and that entry's stored record."""

    seq: int
    state: State
    hash: str
    ms: int
    record: bytes
    open: tuple[int, ...] = ()


class LogCache:
    """Derives pages of full entries from the stored records, from kept checkpoints."""

    def __init__(self, store: GamesRepository, parts: EncodedParts, games: int = GAMES) -> None:
        self.store = store
        self.parts = parts
        self.games = games
        self._points: OrderedDict[str, dict[int, Checkpoint]] = OrderedDict()
        self._finished: OrderedDict[str, list[LogEntry]] = OrderedDict()
        self._recent: OrderedDict[str, list[LogEntry]] = OrderedDict()

    async def entries(
        self, game_id: str, game: StoredGame, after: int, limit: int, fresh: bool = False
    ) -> list[LogEntry]:
        """The entries of the game as loaded with `seq > after`, at most `limit`, in order;
        `fresh`: all derived from the stored records now, nothing kept trusted."""
        last = min(game.version, after + limit)
        if after >= last:
            return []
        if fresh:
            return await self._derive(game_id, game, after, last)
        if game.state.status == "finished":
            return (await self._whole(game_id, game))[after:last]
        recent = self._recent.get(game_id)
        if recent and recent[0].seq <= after + 1 and ends_at(recent, game):
            self._recent.move_to_end(game_id)
            return [entry for entry in recent if after < entry.seq <= last]
        found = await self._between(game_id, game, after, last)
        if ends_at(found, game):
            self._remember(game_id, found)
        return found

    def written(self, game_id: str, game: StoredGame, record: bytes, entry: LogEntry) -> None:
        """A new head was written from `game` (its record and entry): kept among the recent
        entries, and a checkpoint when one is due."""
        if game.version % EVERY == 0:
            point = Checkpoint(
                game.version, game.state, game.head, game.ms, record, open_seats(game.meta)
            )
            self._keep(game_id, point)
        recent = self._recent.get(game_id, [])
        follows = bool(recent) and recent[-1].seq == entry.seq - 1
        self._remember(game_id, [*recent, entry] if follows else [entry])

    def _remember(self, game_id: str, entries: list[LogEntry]) -> None:
        self._recent[game_id] = entries[-RECENT:]
        self._recent.move_to_end(game_id)
        while len(self._recent) > self.games:
            self._recent.popitem(last=False)

    async def _whole(self, game_id: str, game: StoredGame) -> list[LogEntry]:
        """Every entry of a finished game, kept while it ends at the game's head."""
        whole = self._finished.get(game_id)
        if whole is None or len(whole) != game.version or whole[-1].hash != game.head:
            whole = await self._between(game_id, game, 0, game.version)
            if whole and whole[-1].hash == game.head:
                self._finished[game_id] = whole
                while len(self._finished) > FINISHED:
                    self._finished.popitem(last=False)
        if game_id in self._finished:
            self._finished.move_to_end(game_id)
        return whole

    async def _between(
        self, game_id: str, game: StoredGame, after: int, last: int
    ) -> list[LogEntry]:
        """The entries from `after + 1` to `last`, from the nearest checkpoint."""
        point = self._nearest(game_id, min(after, game.version))
        if point is None:
            return await self._derive(game_id, game, after, last)
        records = await self.store.records_of(game_id, game, point.seq - 1, last - 1)
        if not records or records[0] != point.record:
            self._points.pop(game_id, None)
            return await self._derive(game_id, game, after, last)
        cursor = Cursor(
            point.state, point.seq, point.hash, point.ms, game.salt_key, self.parts, point.open
        )
        return self._steps(game_id, cursor, records[1:], after)

    async def _derive(
        self, game_id: str, game: StoredGame, after: int, last: int
    ) -> list[LogEntry]:
        """The entries from the start of the log."""
        records = await self.store.records_of(game_id, game, 0, last - 1)
        if not records:
            return []
        cursor, first = Cursor.opening(decode_opening(records[0]), self.parts)
        found = [first] if first is not None and after < 1 else []
        return found + self._steps(game_id, cursor, records[1:], after)

    def _steps(
        self, game_id: str, cursor: Cursor, records: list[bytes], after: int
    ) -> list[LogEntry]:
        found: list[LogEntry] = []
        for record in records:
            entry = cursor.step(decode_record(record))
            assert entry is not None
            if cursor.seq % EVERY == 0:
                point = Checkpoint(
                    cursor.seq, cursor.state, cursor.hash, cursor.ms, record, cursor.open
                )
                self._keep(game_id, point)
            if entry.seq > after:
                found.append(entry)
        return found

    def _nearest(self, game_id: str, seq: int) -> Checkpoint | None:
        """The kept checkpoint latest at or before `seq`."""
        points = self._points.get(game_id)
        if not points:
            return None
        self._points.move_to_end(game_id)
        at = seq - seq % EVERY
        while at > 0 and at not in points:
            at -= EVERY
        return points.get(at)

    def _keep(self, game_id: str, point: Checkpoint) -> None:
        points = self._points.setdefault(game_id, {})
        points[point.seq] = point
        self._points.move_to_end(game_id)
        while len(self._points) > self.games:
            self._points.popitem(last=False)


def ends_at(entries: list[LogEntry], game: StoredGame) -> bool:
    """Whether `entries` end at the game's head (and so are the stored ones)."""
    return bool(entries) and entries[-1].seq == game.version and entries[-1].hash == game.head
