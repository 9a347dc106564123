"""A game's journal: the one path by which anything is written to a game's log.

Every writer (moves and deals, bot moves, timeouts, joins, leaves, resignations, aborts,
rematch offers) hands the journal a `Change`; the journal derives the entry as a replay
would (`Cursor`), records the partner signals in the entry that ends the match, works out
the game's lifetime, waiting marker and clock, indexes the deadline, bot turn and archiving it
makes due (`service.store.due_index`), runs the one COMMIT script, and
keeps the cache and the log cache in step and reports it (`Reports`). A request retried with its
`Idempotency-Key` gets its first answer here too. New games enter by `open`.

Reads fall back on the archive (`service.store.archive`) when Redis no longer has the game; a
write to an archived game (a rematch offer) first puts it back in Redis.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Final, Generic, Literal, TypeVar

import msgspec
from redis.exceptions import RedisError

import engine
from engine import State
from engine.clock import Timing
from engine.state import EncodedParts
from service.core.cache import GameCache
from service.core.clocks import Clocks
from service.core.log_cache import LogCache
from service.core.reports import Reports
from service.errors import ServiceError, busy, not_found
from service.ledger.chain import LogEntry
from service.ledger.log import Cursor, Life, Opening, Step, advanced, encode, now_ms, step_kind
from service.settings import TtlSettings
from service.store import keys
from service.store.archive.record import Archive
from service.store.due_index import DueIndex
from service.store.game_store import (
    LOG_LINGER_MS,
    Clocking,
    Commit,
    GameMeta,
    GameStore,
    NewGame,
    StoredGame,
    from_archive,
)
from service.store.seat_store import SeatStore

R = TypeVar("R")
Ended = Callable[[str, "StoredGame"], Awaitable[None]]
"""What is told of each tournament game that ends (`service.core.tournaments`)."""
ARCHIVED_TTL: Final = 3600
"""Seconds a finished game stays in Redis once archived, unless `ESCOPA_FINISHED_TTL` says."""
SETTLE_GRACE_MS: Final = 5000
"""When the settle worker looks at a finished game, unless its writer settled it first."""
SIGNAL_TRIES: Final = 20
"""How often an entry that records the signals is tried again when a signal came first (only
a busy game's other seats can make one fail)."""


class Answered(msgspec.Struct, Generic[R], frozen=True):
    """The first answer to an idempotent request and the fingerprint of that request."""

    fingerprint: str
    result: R


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """What a writer asks the journal to append: the entry's `record` (its `ms` counted from
    the game's head); for a move, the engine's result (`applied`), so it is not applied twice;
    the seats after it (`meta`); the request's idempotency `key` (scoped to game and seat) and
    `fingerprint`."""

    record: Step | Life
    applied: tuple[State, tuple[engine.Event, ...]] | None = None
    meta: GameMeta | None = None
    key: str | None = None
    fingerprint: str = ""


@dataclass(frozen=True, slots=True)
class Draft:
    """The entry a change makes and the game after it, before either is stored."""

    game_id: str
    before: StoredGame
    record: Step | Life
    entry: LogEntry
    after: StoredGame

    @property
    def finished(self) -> bool:
        return self.after.state.status == "finished"


@dataclass(frozen=True, slots=True)
class Stored(Generic[R]):
    """What became of a change: `committed` (the game after it) or `replay` (the first answer
    to its key), else refused: `stale` (the game moved on: its `version` now) or `clock` (the
    entry fell on the wrong side of the game's deadline)."""

    outcome: Literal["committed", "replay", "stale", "clock"]
    result: R | None = None
    game: StoredGame | None = None
    version: int = 0


def nothing_answered(draft: Draft) -> None:
    """The answer of a write no request waits for (a timeout, a rematch offer)."""


def kind_of(record: Step | Life) -> str:
    """What the entry is, as the metrics count it: a move, a deal, or a step of its life."""
    if isinstance(record, Life):
        return record.kind
    return step_kind(record)


def bot_due(state: State, meta: GameMeta) -> bool:
    """Whether the seat that must act now (`engine.current_seat`) is one the service plays."""
    seat = engine.current_seat(state)
    return seat is not None and meta.seats[seat].bot is not None


def settles(meta: GameMeta) -> bool:
    """Whether the game's end settles players: it is rated, or a seat names a player id."""
    return meta.rated or any(seat.player_id for seat in meta.seats)


def expired(game_id: str) -> ServiceError:
    return ServiceError(
        "game/expired", 410, f"game {game_id!r} waited for players and expired before it started"
    )


class Journal:
    """Reads games (through the cache) and commits every change to them."""

    def __init__(
        self,
        store: GameStore,
        lifetimes: TtlSettings,
        clocks: Clocks,
        bot_turns: DueIndex,
        hooks_due: DueIndex,
        cached_games: int,
        archive: Archive | None = None,
    ) -> None:
        self.store = store
        self.clocks = clocks
        self.bot_turns = bot_turns
        self.hooks_due = hooks_due
        self.archive = archive
        self.finished = DueIndex(store, keys.finished)
        """The finished games to archive (indexed only when there is an archive)."""
        self.settling = DueIndex(store, keys.ratings_due)
        """The finished games whose players are to be settled (`service.core.players`)."""
        self.on_finished: Callable[[str, StoredGame], Awaitable[None]] | None = None
        """Settles a game's players once the write that ends it is committed (a crash before
        leaves it in `settling` for the settle worker)."""
        self.reports = Reports()
        self._lifetimes = lifetimes
        self._cache = GameCache(cached_games)
        self._parts = EncodedParts()  # the loop's: states of cached games repeat their parts
        self._logs = LogCache(store, self._parts)
        self.on_table_ended: Ended | None = None
        """Told of every tournament game this process ends (the tournament moves on)."""

    # --- reading ---------------------------------------------------------------------------

    async def read(self, game_id: str) -> StoredGame:
        """The game as stored now, replayed on from the cached copy when there is one."""
        known = self._cache.get(game_id)
        game = await self.store.load(game_id, known, self._parts)
        if game is None:
            game = await self.archived(game_id, known)
        if game is None:
            self._cache.drop(game_id)
            if await SeatStore(self.store).expired(game_id):
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
        return from_archive(found, self._parts)

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
        return game.cursor(self._parts)

    # --- writing ---------------------------------------------------------------------------

    async def open(
        self, game_id: str, opening: Opening, meta: GameMeta, advice: str, hook: bytes = b""
    ) -> tuple[StoredGame, LogEntry] | None:
        """Store a new game from its first record: the game and its first entry; None if the
        id is taken (a rematch's racer stored it first)."""
        cursor, entry = Cursor.opening(opening, self._parts)
        assert entry is not None
        state = cursor.state
        meta = msgspec.structs.replace(meta, webhook=True) if hook else meta
        await self._due(game_id, state, meta, cursor.timing)
        new = NewGame(
            game_id=game_id,
            meta=meta,
            head=entry.hash,
            opening=encode(opening),
            ttl_ms=self.lifetime(state),
            advice=advice,
            hook=hook,
            waiting=state.status == "waiting",
        )
        if not await self.store.create(new):
            return None
        await self._due_again(game_id, state, meta)
        game = StoredGame(
            state, 1, entry.hash, meta, (), opening.salt_key, opening.ms, cursor.timing
        )
        self._cache.put(game_id, game)
        self.reports.game_created()
        return game, entry

    async def commit(
        self,
        game_id: str,
        game: StoredGame,
        change: Change,
        answer: Callable[[Draft], R],
        shape: type[R],
    ) -> Stored[R]:
        """Append the change's entry to the game as read, if it is still so; `answer` makes
        the result from the draft (kept under the change's key, when it has one)."""
        version = game.version
        if game.archived is not None:  # Redis let it go: back in for this write
            await self.store.restore(game_id, game.archived, self.finished_ttl * 1000)
        for _ in range(SIGNAL_TRIES):
            draft = self.draft(game_id, game, change)
            result = answer(draft)
            await self._schedule(draft)
            outcome = await self.store.commit(self._write(draft, change, result))
            if outcome.outcome != "signals":
                break
            game = await self.read(game_id)  # a signal came in: the entry records it too
            if game.version != version:
                return Stored("stale", version=game.version)
        else:
            raise busy()
        if outcome.outcome == "committed":
            self._kept(draft)
            await self._due_again(game_id, draft.after.state, draft.after.meta, draft.finished)
            if draft.finished and settles(draft.after.meta):
                await self._settle(game_id, draft.after)
            if draft.finished and draft.after.meta.tournament and self.on_table_ended:
                with suppress(RedisError, ServiceError):  # best effort: a read moves it on too
                    await self.on_table_ended(game_id, draft.after)
            return Stored("committed", result, draft.after)
        if outcome.outcome == "replay":
            return Stored("replay", self.replayed(outcome.answer, change.fingerprint, shape))
        self._cache.drop(game_id)
        if outcome.outcome == "missing":
            raise not_found(game_id)
        return Stored("stale" if outcome.outcome == "stale" else "clock", version=outcome.version)

    def draft(self, game_id: str, game: StoredGame, change: Change) -> Draft:
        """The entry the change makes at the game's head, derived as a replay derives it; the
        entry that ends the match records every signal sent in it."""
        record = change.record
        if self._ends(game, change) and game.signals:
            record = msgspec.structs.replace(record, signals=game.signals)
        cursor = self.cursor(game)
        if isinstance(record, Step) and change.applied is not None:
            state, events = change.applied
            cursor = advanced(cursor, record, state)
            entry = cursor.entry(record, events)
            cursor.hash = entry.hash
        else:
            made = cursor.step(record)
            assert made is not None
            entry = made
        meta = change.meta or game.meta
        after = StoredGame(
            cursor.state,
            cursor.seq,
            cursor.hash,
            meta,
            game.signals,
            game.salt_key,
            cursor.ms,
            cursor.timing,
        )
        return Draft(game_id, game, record, entry, after)

    def _ends(self, game: StoredGame, change: Change) -> bool:
        """Whether the change ends the match (a move's result is known; else replayed)."""
        if change.applied is not None:
            return change.applied[0].status == "finished"
        trial = self.cursor(game)
        trial.step(change.record, hashed=False)
        return trial.state.status == "finished"

    def _write(self, draft: Draft, change: Change, result: object) -> Commit:
        """The store's write for a draft: its lifetimes, bot turn, marker, clock and answer."""
        after = draft.after
        state = after.state
        ttl = self.lifetime(state)
        answer = None
        if change.key is not None:
            kept = msgspec.json.encode(Answered(change.fingerprint, result))
            answer = (change.key, kept, self._lifetimes.idempotency * 1000)
        return Commit(
            game_id=draft.game_id,
            expected=draft.before.version,
            entry=draft.entry,
            record=encode(draft.record),
            ttl_ms=ttl,
            log_ttl_ms=min(LOG_LINGER_MS, ttl or LOG_LINGER_MS) if draft.finished else ttl,
            signals=draft.before.signals if draft.finished else None,
            answer=answer,
            clock=self._clocking(draft),
            meta=change.meta,
            waiting=state.status == "waiting" if isinstance(draft.record, Life) else None,
        )

    def _clocking(self, draft: Draft) -> Clocking | None:
        """What the commit checks of a clocked game's deadline: a move comes before it, a
        timeout after it; other entries of its life are not held to it."""
        before, after, record = draft.before, draft.after, draft.record
        if before.timing is None:
            return None
        if isinstance(record, Life) and record.kind != "timeout":
            return None
        kind: Literal["move", "timeout"] = "move" if isinstance(record, Step) else "timeout"
        deadline = self.clocks.deadline(before.state, before.timing)
        return Clocking(kind, after.ms, self.clocks.deadline(after.state, after.timing), deadline)

    def _kept(self, draft: Draft) -> None:
        """Keep the cache and the log cache in step with a committed draft, and report it."""
        self._cache.put(draft.game_id, draft.after)
        self._logs.written(draft.game_id, draft.after, encode(draft.record), draft.entry)
        self.reports.committed(kind_of(draft.record), draft.finished)

    async def _schedule(self, draft: Draft) -> None:
        """Index the work the draft makes due, before it is written."""
        after = draft.after
        await self._due(draft.game_id, after.state, after.meta, after.timing)

    async def _due_again(
        self, game_id: str, state: State, meta: GameMeta, finished: bool = False
    ) -> None:
        """Index the bot's turn, the webhook's deliveries and a game just finished for the
        archive once more after the write: a worker that claimed the entry indexed before it,
        and read the game before the write landed, drops that entry; this one is then due
        again. Best effort: the entry before the write covers a crash."""
        with suppress(RedisError, ServiceError):
            if bot_due(state, meta):
                await self.bot_turns.schedule(game_id, now_ms())
            if meta.webhook:
                await self.hooks_due.touch(game_id)
            if finished and self.archive is not None:
                await self.finished.schedule(game_id, now_ms())

    async def _due(self, game_id: str, state: State, meta: GameMeta, timing: Timing | None) -> None:
        """Index the game's deadline for the sweepers, its bot's turn for the bot workers, its
        webhook's deliveries for the webhook workers and, once it is over, its archiving,
        before the write that makes them due (a crash after it leaves nothing unindexed)."""
        await self.clocks.schedule(game_id, self.clocks.deadline(state, timing))
        if bot_due(state, meta):
            await self.bot_turns.schedule(game_id, now_ms())
        if meta.webhook:
            await self.hooks_due.touch(game_id)
        if state.status == "finished" and self.archive is not None:
            await self.finished.schedule(game_id, now_ms())
        if state.status == "finished" and settles(meta):
            await self.settling.schedule(game_id, now_ms() + SETTLE_GRACE_MS)

    async def _settle(self, game_id: str, game: StoredGame) -> None:
        """Settle the players of a game this write ended, then drop it from `settling`. Best
        effort: the entry indexed before the write brings the settle worker otherwise."""
        if self.on_finished is None:
            return
        with suppress(RedisError, ServiceError):
            await self.on_finished(game_id, game)
            await self.store.pipeline([("ZREM", self.settling.key_of(game_id), game_id)])

    def lifetime(self, state: State) -> int:
        """How long the game is kept after this write (ms; 0: for ever): by its status, as the
        lifetimes say (a running game's counts from its last move)."""
        lifetimes = self._lifetimes
        if state.status == "waiting":
            return lifetimes.waiting * 1000
        if state.status == "finished":  # with an archive: kept until archived (`finished_ttl`)
            return 0 if self.archive is not None else (lifetimes.finished or 0) * 1000
        return lifetimes.game * 1000

    @property
    def finished_ttl(self) -> int:
        """Seconds a finished game stays in Redis once the archive holds it (0: for ever)."""
        finished = self._lifetimes.finished
        return ARCHIVED_TTL if finished is None else finished

    # --- idempotency -----------------------------------------------------------------------

    async def first_answer(self, key: str | None, fingerprint: str, shape: type[R]) -> R | None:
        """The first answer to a request retried with its `Idempotency-Key`, if there is one."""
        if key is None:
            return None
        answer = await self.store.answer(key, self._lifetimes.idempotency * 1000)
        return self.replayed(answer, fingerprint, shape) if answer is not None else None

    @staticmethod
    def replayed(answer: bytes, fingerprint: str, shape: type[R]) -> R:
        """The stored first answer, if it was to this request; else the key was reused."""
        try:
            prior = msgspec.json.decode(answer, type=Answered[shape])  # type: ignore[valid-type]
        except msgspec.ValidationError:
            prior = None  # the key's first answer was to another verb
        if prior is None or prior.fingerprint != fingerprint:
            raise ServiceError(
                "request/idempotency_key_reused",
                422,
                "this Idempotency-Key was used for a different request",
            )
        return prior.result
