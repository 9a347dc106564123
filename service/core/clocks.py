"""Turn clocks in the service: each clocked game's deadline, and the timeouts that enforce it.

The deadline comes from the replay (`engine.clock`, from the entries' times) and, before the
first move of a seat, from `first_move_timeout` (the game is then aborted). Any process may
apply a timeout: a request that finds the deadline passed (`Games.load`), or a sweeper
(`service.ops.clock_sweeper`). A timeout is a `timeout` entry committed with the version and
head check, and the commit script also checks the game's stored deadline, so it is applied
once, and never over a move committed before the deadline.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import engine
from bots import knowledge_of, learn
from engine import State, clock
from engine.clock import Timing
from service.core.thinking import Question
from service.errors import ServiceError, not_found
from service.ledger.compact import ABORT, FORFEIT, Life, encode, iso, now_ms, timed_out
from service.store.clock_store import ClockStore
from service.store.game_store import LOG_LINGER_MS, StoredGame

if TYPE_CHECKING:
    from service.core.games import Games

STAND_IN: Final = "greedy"
"""The bot that plays a timed-out seat's move under the `bot` policy."""
TRIES: Final = 3


def timed_out_problem(seat: int, deadline: str) -> ServiceError:
    """A move that came after its seat's deadline: the timeout was applied instead."""
    return ServiceError(
        "move/timed_out",
        409,
        f"seat {seat}'s time ran out at {deadline}: the timeout was applied instead",
    )


class Clocks:
    """Deadlines and timeouts of the clocked games of `games`."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.index = ClockStore(games.store)
        self.applied = 0
        """Timeouts this process committed."""

    def deadline(self, state: State, timing: Timing | None) -> int | None:
        """When the seat to act runs out of time (ms since the epoch), or None: no clock, no
        seat to act, or (before any seat's own move) no `first_move_timeout`."""
        rules_clock = state.rules.clock
        if rules_clock is None or timing is None or timing.seat is None:
            return None
        if not timing.running:
            wait = self.games.settings.clocks.first_move_timeout
            return timing.since + int(wait * 1000) if wait > 0 else None
        return clock.deadline(rules_clock, timing)

    def due(self, game: StoredGame) -> bool:
        """Whether the game's deadline has passed by this process's clock."""
        deadline = self.deadline(game.state, game.timing)
        return deadline is not None and now_ms() >= deadline

    def fields(self, game: StoredGame) -> Mapping[str, Any]:
        """The view's clock members: the seat to act's deadline, the time left, every bank."""
        if game.timing is None or game.state.rules.clock is None:
            return {}
        deadline = self.deadline(game.state, game.timing)
        left = None if deadline is None else max(0, deadline - now_ms())
        return {
            "deadline": None if deadline is None else iso(deadline),
            "ms_left": left,
            "banks_ms": game.timing.banks,
            "timeouts": game.timing.misses,
        }

    async def schedule(self, game_id: str, deadline: int | None) -> None:
        """Index a deadline for the sweepers, before the write that sets it."""
        if deadline is not None:
            await self.index.schedule(game_id, deadline)

    async def enforce(self, game_id: str, game: StoredGame) -> StoredGame:
        """The game after any timeout that is due (applied here when no one did it first)."""
        for _ in range(TRIES):
            if not self.due(game):
                return game
            game = await self.timeout(game_id, game)
        return game

    async def timeout(self, game_id: str, game: StoredGame) -> StoredGame:
        """Apply the due timeout of the game as loaded: commit it, or read the game again
        when a move, a timeout or a signal came first."""
        deadline = self.deadline(game.state, game.timing)
        assert deadline is not None and game.timing is not None
        seat = game.timing.seat
        assert seat is not None
        text = await self.action(game_id, game, seat)
        at = max(now_ms(), deadline)
        ends = timed_out(game.state, seat, text)[0].status == "finished"
        signals = game.signals if ends else ()
        life = Life("timeout", seat, at - game.ms, text, signals, None, deadline)
        cursor = game.cursor(self.games.parts)
        entry = cursor.life(life)
        assert entry is not None
        state = cursor.state
        after = self.deadline(state, cursor.timing)
        await self.schedule(game_id, after)
        ttl = self.games._ttl_ms(state)
        linger = min(LOG_LINGER_MS, ttl or LOG_LINGER_MS) if ends else ttl
        meta = game.meta
        bot = engine.current_seat(state)
        due = bot is not None and meta.seats[bot].bot is not None
        record = encode(life)
        outcome = await self.games.store.commit(
            game_id, game.version, entry, record, ttl, None, signals if ends else None, due,
            None, linger, ("timeout", at, after, deadline),
        )  # fmt: skip
        if outcome.outcome == "committed":
            kept = StoredGame(
                state, entry.seq, entry.hash, meta, game.signals, game.salt_key, cursor.ms,
                cursor.timing,
            )  # fmt: skip
            self.games.cache.put(game_id, kept)
            self.games.logs.written(game_id, kept, record, entry)
            self.games.observer.move_applied("timeout", ends)
            self.applied += 1
            return kept
        again = await self.games.store.load(
            game_id, self.games.cache.get(game_id), self.games.parts
        )
        if again is None:
            self.games.cache.drop(game_id)
            raise not_found(game_id)
        self.games.cache.put(game_id, again)
        return again

    async def action(self, game_id: str, game: StoredGame, seat: int) -> str:
        """What the timeout does: abort a game whose first move never came, else the policy's
        `forfeit`, the first legal move, or the stand-in bot's move from what the seat sees."""
        rules_clock = game.state.rules.clock
        assert rules_clock is not None and game.timing is not None
        if not game.timing.running:
            return ABORT
        if rules_clock.on_timeout == "forfeit":
            return FORFEIT
        if rules_clock.on_timeout == "first_move":
            return str(engine.legal_moves(game.state, seat)[0])
        return str(await self.stand_in(game_id, game, seat))

    async def stand_in(self, game_id: str, game: StoredGame, seat: int) -> engine.Move:
        """The stand-in bot's move for `seat`: from its view and the log's events as the seat
        may see them (`bots.learn` redacts each), never from the state's hidden cards. It is
        thought in the games' worker processes, so the loop serves requests meanwhile."""
        state = game.state
        known = knowledge_of(state.rules, seat)
        for entry in await self.games.entries(game_id, game, 0, game.version):
            for event in entry.events:
                known = learn(known, event)
        budget = self.games.settings.bots.budget
        seen = engine.view(state, seat)
        question = Question(STAND_IN, seen, known, state.seed, game.version + 1, budget)
        return await self.games.thinker.decide(question)  # in a worker process, off this loop

    async def missed(self, game_id: str, game: StoredGame, seat: int, expected: int) -> None:
        """409 `move/timed_out` when the entry after `expected` is `seat`'s timeout: the
        move the request made was at version `expected`, before its deadline passed."""
        if game.version <= expected:
            return
        found = await self.games.entries(game_id, game, expected, 1)
        entry = found[0] if found else None
        if entry is not None and entry.type == "timeout" and entry.seat == seat:
            raise timed_out_problem(seat, str(entry.deadline))
