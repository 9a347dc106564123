"""A game's journal: the one path by which anything is written to a game's log.

Every writer (moves and deals, bot moves, timeouts, joins, leaves, resignations, aborts,
rematch offers) hands the journal a `Change`; the journal derives the entry as a replay
would (`Cursor`), records the partner signals in the entry that ends the match, works out
the game's lifetime (`Lifetimes`), waiting marker and clock, has the work it makes due
indexed (`DueWork`), runs the one COMMIT script (which keeps the request's first answer:
`Idempotency`), keeps this process's copies in step (`Games`) and reports it (`Reports`).
New games enter by `open`. Reading is `Games`'s; a write to an archived game (a rematch
offer) first puts it back in Redis.
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
from service.core.games.due_work import DueWork, settles
from service.core.games.games import Games
from service.core.games.idempotency import Idempotency
from service.core.games.reports import Reports
from service.core.lifecycle.lifetimes import Lifetimes
from service.errors import ServiceError, busy, not_found
from service.ledger.chain import LogEntry
from service.ledger.game_meta import GameMeta
from service.ledger.log import Cursor, Life, Opening, Step, advanced, encode, step_kind
from service.ledger.stored_game import Clocking, Commit, NewGame, StoredGame
from service.store.games_repository import LOG_LINGER_MS, GamesRepository

R = TypeVar("R")
Settle = Callable[[str, "StoredGame"], Awaitable[None]]
"""Settles the players of a game its write ended (`service.core.ratings.players`)."""
SIGNAL_TRIES: Final = 20
"""How often an entry that records the signals is tried again when a signal came first (only
a busy game's other seats can make one fail)."""


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


class Journal:
    """Commits every change to a game, and opens new ones."""

    def __init__(
        self,
        store: GamesRepository,
        games: Games,
        lifetimes: Lifetimes,
        due: DueWork,
        settle: Settle | None = None,
        reports: Reports | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.idempotency = Idempotency(store, lifetimes)
        self.due = due
        self.clocks = due.clocks
        self.bot_turns = due.bot_turns
        self.hooks_due = due.hooks_due
        self.finished = due.finished
        """The finished games to archive (indexed when the deployment has an archive)."""
        self.settling = due.settling
        """The finished games whose players are to be settled (`service.core.ratings.players`)."""
        self.lifetimes = lifetimes
        self.reports = reports or Reports()
        self._settle_now = settle
        """Settles a game's players once the write that ends it is committed (a crash before
        leaves it in `settling` for the settle worker)."""

    # --- writing ---------------------------------------------------------------------------

    async def open(
        self, game_id: str, opening: Opening, meta: GameMeta, advice: str, hook: bytes = b""
    ) -> tuple[StoredGame, LogEntry] | None:
        """Store a new game from its first record: the game and its first entry; None if the
        id is taken (a rematch's racer stored it first)."""
        cursor, entry = Cursor.opening(opening, self.games.parts)
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
        self.games.remember(game_id, game)
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
            game = await self.games.read(game_id)  # a signal came in: the entry records it too
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
            first = self.idempotency.replayed(outcome.answer, change.fingerprint, shape)
            return Stored("replay", first)
        self.games.forget(game_id)
        if outcome.outcome == "missing":
            raise not_found(game_id)
        return Stored("stale" if outcome.outcome == "stale" else "clock", version=outcome.version)

    def draft(self, game_id: str, game: StoredGame, change: Change) -> Draft:
        """The entry the change makes at the game's head, derived as a replay derives it; the
        entry that ends the match records every signal sent in it."""
        record = change.record
        if self._ends(game, change) and game.signals:
            record = msgspec.structs.replace(record, signals=game.signals)
        cursor = self.games.cursor(game)
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
        trial = self.games.cursor(game)
        trial.step(change.record, hashed=False)
        return trial.state.status == "finished"

    def _write(self, draft: Draft, change: Change, result: object) -> Commit:
        """The store's write for a draft: its lifetimes, bot turn, marker, clock and answer."""
        after = draft.after
        state = after.state
        ttl = self.lifetimes.of(state)
        answer = self.idempotency.kept(change.key, change.fingerprint, result)
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
        self.games.written(draft.game_id, draft.after, encode(draft.record), draft.entry)
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
