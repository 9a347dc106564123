"""A game's journal: the one path by which anything is written to a game's log.

Every writer (moves and deals, bot moves, timeouts, joins, leaves, resignations, aborts,
rematch offers) hands the journal a `Change`; the journal derives the entry as a replay
would (`Cursor`), records the partner signals in the entry that ends the match, works out
the game's lifetime (`Lifetimes`), waiting marker and clock, indexes the work it makes due
(`DueWork`: deadline, bot turn, deliveries, archiving, settling, the tournament's next step),
runs the one COMMIT script, and keeps the cache and the log cache in step and reports it
(`Reports`). A request retried with its
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
from engine.state import EncodedParts
from service.core.cache import GameCache
from service.core.due_work import DueWork, settles
from service.core.lifetimes import Lifetimes
from service.core.log_cache import LogCache
from service.core.reports import Reports
from service.errors import ServiceError, busy, not_found
from service.ledger.chain import LogEntry
from service.ledger.game_meta import GameMeta
from service.ledger.log import Cursor, Life, Opening, Step, advanced, encode, step_kind
from service.store.archive.record import Archive
from service.store.game_store import (
    LOG_LINGER_MS,
    Clocking,
    Commit,
    GameStore,
    NewGame,
    StoredGame,
    from_archive,
)
from service.store.seat_store import SeatStore

R = TypeVar("R")
Settle = Callable[[str, "StoredGame"], Awaitable[None]]
"""Settles the players of a game its write ended (`service.core.players`)."""
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


def expired(game_id: str) -> ServiceError:
    return ServiceError(
        "game/expired", 410, f"game {game_id!r} waited for players and expired before it started"
    )


class Journal:
    """Reads games (through the cache) and commits every change to them."""

    def __init__(
        self,
        store: GameStore,
        lifetimes: Lifetimes,
        due: DueWork,
        cached_games: int,
        archive: Archive | None = None,
        settle: Settle | None = None,
        reports: Reports | None = None,
    ) -> None:
        self.store = store
        self.due = due
        self.clocks = due.clocks
        self.bot_turns = due.bot_turns
        self.hooks_due = due.hooks_due
        self.finished = due.finished
        """The finished games to archive (indexed when the deployment has an archive)."""
        self.settling = due.settling
        """The finished games whose players are to be settled (`service.core.players`)."""
        self.archive = archive
        """Where reads find a game Redis let go (None: this process reads Redis alone)."""
        self.lifetimes = lifetimes
        self.reports = reports or Reports()
        self._settle_now = settle
        """Settles a game's players once the write that ends it is committed (a crash before
        leaves it in `settling` for the settle worker)."""
        self._cache = GameCache(cached_games)
        self._parts = EncodedParts()  # the loop's: states of cached games repeat their parts
        self._logs = LogCache(store, self._parts)

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
        await self.due.before(game_id, state, meta, cursor.timing, opening=True)
        new = NewGame(
            game_id=game_id,
            meta=meta,
            head=entry.hash,
            opening=encode(opening),
            ttl_ms=self.lifetimes.of(state),
            advice=advice,
            hook=hook,
            waiting=state.status == "waiting",
        )
        if not await self.store.create(new):
            return None
        await self.due.after(game_id, state, meta, False, opening=True)
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
            await self.store.restore(game_id, game.archived, self.lifetimes.finished_ttl * 1000)
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
            after = draft.after
            await self.due.after(game_id, after.state, after.meta, draft.finished)
            if draft.finished and settles(after.meta):
                await self._settle(game_id, after)
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
        ttl = self.lifetimes.of(state)
        answer = None
        if change.key is not None:
            kept = msgspec.json.encode(Answered(change.fingerprint, result))
            answer = (change.key, kept, self.lifetimes.idempotency_ms)
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
        await self.due.before(draft.game_id, after.state, after.meta, after.timing)

    async def _settle(self, game_id: str, game: StoredGame) -> None:
        """Settle the players of a game this write ended, then drop it from `settling`. Best
        effort: the entry indexed before the write brings the settle worker otherwise."""
        if self._settle_now is None:
            return
        with suppress(RedisError, ServiceError):
            await self._settle_now(game_id, game)
            await self.settling.drop(game_id)

    # --- idempotency -----------------------------------------------------------------------

    async def first_answer(self, key: str | None, fingerprint: str, shape: type[R]) -> R | None:
        """The first answer to a request retried with its `Idempotency-Key`, if there is one."""
        if key is None:
            return None
        answer = await self.store.answer(key, self.lifetimes.idempotency_ms)
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
