"""Every way a match ends before its last point is played: a resignation, an abort, and a
timeout (a seat whose time ran out; the game's own end is a move's, through the engine).

Each is an entry committed through the journal, which also does what any ending does (the
signals recorded, the finished game's lifetime, the log stream left to linger). Timeouts
are applied by whoever finds the deadline passed: a request reading the game (`current`)
or a sweeper (`service.ops.workers.clock_sweeper`); the commit script checks the stored
deadline, so one is applied once, and never over a move committed before it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import engine
from bots import knowledge_of, learn
from engine import State, clock
from service.core.bots.worker_processes import Question, WorkerProcesses
from service.core.games.journal import Change, Draft, Journal, nothing_answered
from service.core.games.messages import Changed
from service.core.games.presented import changed
from service.core.lifecycle.clocks import Clocks
from service.core.lifecycle.credentials import acting_seat
from service.core.lifecycle.lobby import Lobby
from service.errors import ServiceError, busy
from service.ledger.log import ABORT, FORFEIT, Life, LifeKind, now_ms
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import StoredGame
from service.store import redis_keys

STAND_IN: Final = "greedy"
"""The bot that plays a timed-out seat's move under the `bot` policy."""
TRIES: Final = 3
"""Timeouts applied in a row by one read (a seat's, then the next seat's...)."""
END_TRIES: Final = 50
"""How often a resignation or abort that found the game moved on reads it again."""
Ending = Callable[[State, int], tuple[State, list[engine.Event]]]


def no_abort(game_id: str) -> ServiceError:
    return ServiceError(
        "tournament/no_abort",
        409,
        "game {game_id} is a tournament table: it cannot be aborted once dealt (resign it: the "
        "boards it leaves unplayed score nothing for its side)",
        game_id=game_id,
    )


class Endings:
    """Resignations, aborts and timeouts of the games in `journal`."""

    def __init__(
        self,
        journal: Journal,
        clocks: Clocks,
        workers: WorkerProcesses,
        budget: int,
        ring: KeyRing,
        lobby: Lobby,
    ) -> None:
        self.journal = journal
        self.games = journal.games
        self.clocks = clocks
        self.workers = workers
        self.budget = budget
        self.ring = ring
        self.lobby = lobby
        self.applied = 0
        """Timeouts this process committed."""

    # --- a seat ends it --------------------------------------------------------------------

    async def resign(self, game_id: str, token: str | None, key: str | None = None) -> Changed:
        """The token's side loses the match (a partnership together)."""
        return await self._end(game_id, token, "resigned", engine.resign, key)

    async def abort(self, game_id: str, token: str | None, key: str | None = None) -> Changed:
        """End the match with no winner, before any seat has played."""
        return await self._end(game_id, token, "aborted", engine.abort, key)

    async def _end(
        self, game_id: str, token: str | None, kind: LifeKind, end: Ending, key: str | None
    ) -> Changed:
        """End the match as `end` does for the token's seat; a request retried with its
        `Idempotency-Key` gets its first answer (the first of a seat's keys kept per game)."""
        for _ in range(END_TRIES):
            game = await self.current(game_id)
            seat = acting_seat(game.meta, token)
            if kind == "aborted" and game.meta.tournament:
                raise no_abort(game_id)
            idem_key = redis_keys.idempotency(game_id, seat, key) if key else None
            try:
                if game.state.status == "finished":
                    raise engine.IllegalMove("move/game_over", "the match is over")
                end(game.state, seat)
            except engine.EngineError:
                prior = await self.journal.idempotency.first_answer(idem_key, kind, Changed)
                if prior is not None:
                    return prior
                raise
            life = Life(kind, seat, now_ms() - game.ms)
            change = Change(record=life, key=idem_key, fingerprint=kind)
            stored = await self.journal.commit(
                game_id, game, change, self._answer(game_id, seat), Changed
            )
            if stored.outcome == "committed" and game.state.status == "waiting":
                await self.lobby.relist(game_id, game.meta, True)
            if stored.result is not None:
                return stored.result
        raise busy()

    def _answer(self, game_id: str, seat: int) -> Callable[[Draft], Changed]:
        return lambda draft: changed(self.ring, game_id, draft.entry, draft.after, seat)

    # --- the clock ends a turn, or the match -----------------------------------------------

    async def current(self, game_id: str) -> StoredGame:
        """The game as stored now, after any timeout that is due (applied here when no one
        did it first)."""
        game = await self.games.read(game_id)
        if game.timing is None:
            return game
        for _ in range(TRIES):
            if not self.clocks.due(game):
                return game
            game = await self.timeout(game_id, game)
        return game

    async def timeout(self, game_id: str, game: StoredGame) -> StoredGame:
        """Apply the due timeout of the game as loaded: commit it, or read the game again
        when a move, a timeout or a signal came first."""
        deadline = self.clocks.deadline(game.state, game.timing)
        assert deadline is not None and game.timing is not None
        seat = game.timing.seat
        assert seat is not None
        text = await self.action(game_id, game, seat)
        at = max(now_ms(), deadline)
        life = Life("timeout", seat, at - game.ms, text, deadline=deadline)
        change = Change(record=life)
        stored = await self.journal.commit(game_id, game, change, nothing_answered, type(None))
        if stored.game is not None:
            self.applied += 1
            return stored.game
        return await self.games.read(game_id)

    async def action(self, game_id: str, game: StoredGame, seat: int) -> str:
        """What the timeout does: abort a game to a target whose first move never came, forfeit
        one every person has left (`engine.clock.abandoned`), else the policy's `forfeit`, the
        first legal move, or the stand-in bot's move from what the seat sees."""
        rules_clock = game.state.rules.clock
        assert rules_clock is not None and game.timing is not None
        boards = game.state.rules.boards
        if not game.timing.running and not boards:
            return ABORT  # a game of boards (a tournament's table) is played by the stand-in
        if rules_clock.on_timeout == "forfeit" or clock.abandoned(
            rules_clock, game.timing, seat, boards
        ):
            return FORFEIT
        if rules_clock.on_timeout == "first_move":
            return str(engine.legal_moves(game.state, seat)[0])
        return str(await self.stand_in(game_id, game, seat))

    async def stand_in(self, game_id: str, game: StoredGame, seat: int) -> engine.Move:
        """The stand-in bot's move for `seat`: from its view and the log's events as the seat
        may see them (`bots.learn` redacts each), never from the state's hidden cards. It is
        thought in the worker processes, so the loop serves requests meanwhile."""
        state = game.state
        known = knowledge_of(state.rules, seat)
        for entry in await self.games.entries(game_id, game, 0, game.version):
            for event in entry.events:
                known = learn(known, event)
        seen = engine.view(state, seat)
        question = Question(STAND_IN, seen, known, state.seed, game.version + 1, self.budget)
        return await self.workers.decide(question)  # in a worker process, off this loop
