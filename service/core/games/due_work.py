"""What a commit makes due, indexed for the workers that do it: the seat's deadline for the
clock sweepers, the bot's turn for the bot workers, the webhook's deliveries, and once a game
is over its archiving, its players' settling and its tournament's next step.

Each is indexed before the write that makes it due (a crash after the write leaves nothing
unindexed) and, for the work a worker may have claimed meanwhile, once more after it.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from typing import Final

from redis.exceptions import RedisError

import engine
from engine import State
from engine.clock import Timing
from service.core.lifecycle.clocks import Clocks
from service.errors import ServiceError
from service.ledger.game_meta import GameMeta
from service.ledger.log import now_ms
from service.store.due_index import DueIndex

SETTLE_GRACE_MS: Final = 5000
"""When the settle worker looks at a finished game, unless its writer settled it first."""
FIRST_DELIVERY_MS: Final = 1000
"""How long a new game's webhook waits before its first delivery: the creation's answer,
which holds the subscription's secret, reaches its client first, so that even the first
delivery can be verified."""


def bot_due(state: State, meta: GameMeta) -> bool:
    """Whether the seat that must act now (`engine.current_seat`) is one the service plays."""
    seat = engine.current_seat(state)
    return seat is not None and meta.seats[seat].bot is not None


def settles(meta: GameMeta) -> bool:
    """Whether the game's end settles players: it is rated, or a seat names a player id."""
    return meta.rated or any(seat.player_id for seat in meta.seats)


@dataclass(frozen=True, slots=True)
class DueWork:
    """The indexes of due work beside the games (the house builds them); `archived`: the
    deployment keeps an archive, so every finished game waits in `finished` for it (whether or
    not this process opened the archive)."""

    clocks: Clocks
    bot_turns: DueIndex
    hooks_due: DueIndex
    finished: DueIndex
    settling: DueIndex
    tournaments: DueIndex
    archived: bool

    async def before(
        self,
        game_id: str,
        state: State,
        meta: GameMeta,
        timing: Timing | None,
        opening: bool = False,
    ) -> None:
        """Index the work the game as written will have, before the write (`opening`: its
        first, whose webhook waits `FIRST_DELIVERY_MS`)."""
        await self.clocks.schedule(game_id, self.clocks.deadline(state, timing))
        if bot_due(state, meta):
            await self.bot_turns.schedule(game_id, now_ms())
        if meta.webhook and opening:
            await self.hooks_due.schedule(game_id, now_ms() + FIRST_DELIVERY_MS)
        elif meta.webhook:
            await self.hooks_due.touch(game_id)
        if state.status != "finished":
            return
        if self.archived:
            await self.finished.schedule(game_id, now_ms())
        if settles(meta):
            await self.settling.schedule(game_id, now_ms() + SETTLE_GRACE_MS)
        if meta.tournament:
            await self.tournaments.schedule(game_id, now_ms())

    async def after(
        self, game_id: str, state: State, meta: GameMeta, finished: bool, opening: bool = False
    ) -> None:
        """Index the bot's turn, the webhook's deliveries and a game just over once more after
        the write: a worker that claimed the entry indexed before it, and read the game before
        the write landed, drops that entry; this one is then due again. Best effort: the entry
        before the write covers a crash."""
        with suppress(RedisError, ServiceError):
            if bot_due(state, meta):
                await self.bot_turns.schedule(game_id, now_ms())
            if meta.webhook and not opening:
                await self.hooks_due.touch(game_id)
            if finished and self.archived:
                await self.finished.schedule(game_id, now_ms())
            if finished and meta.tournament:
                await self.tournaments.schedule(game_id, now_ms())
