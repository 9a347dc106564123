"""Turn clocks in the service: each clocked game's deadline, the view's clock members, and
the index of deadlines the sweepers read.

The deadline comes from the replay (`engine.clock`, from the entries' times) and, before the
first move of a seat, from `first_move_timeout` (the game is then aborted). What happens when
a deadline passes is an ending (`service.core.lifecycle.endings`); the commit script checks the
game's stored deadline, so a timeout is applied once, and never over a move committed before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import State, clock
from engine.clock import Timing
from service.errors import ServiceError
from service.ledger.log import iso, now_ms
from service.ledger.stored_game import StoredGame
from service.store.due_index import DueIndex


def timed_out_problem(seat: int, deadline: str) -> ServiceError:
    """A move that came after its seat's deadline: the timeout was applied instead."""
    return ServiceError(
        "move/timed_out",
        409,
        "seat {seat}'s time ran out at {deadline}: the timeout was applied instead",
        seat=seat,
        deadline=deadline,
    )


class Clocks:
    """Deadlines of clocked games; `first_move_timeout` (seconds, 0: none) bounds the wait for
    a game's first move; `index` is where the sweepers find them."""

    def __init__(self, index: DueIndex, first_move_timeout: float) -> None:
        self.index = index
        self.first_move_timeout = first_move_timeout

    def deadline(self, state: State, timing: Timing | None) -> int | None:
        """When the seat to act runs out of time (ms since the epoch), or None: no clock, no
        seat to act, or (before any seat's own move) no `first_move_timeout`. A game of boards
        (a tournament's table) is never aborted: before any own move its turns last
        `turn_seconds`, and the stand-in plays one that times out."""
        rules_clock = state.rules.clock
        if rules_clock is None or timing is None or timing.seat is None:
            return None
        if not timing.running:
            wait = rules_clock.turn_seconds if state.rules.boards else self.first_move_timeout
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
