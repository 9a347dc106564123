"""The settle worker: settles the players of finished games whose writer did not (it crashed,
or Redis failed between the ending and the settlement), from the index of games to settle
(`keys.ratings_due`, sharded by hash tag). Every `escopa serve` process runs one; settling is
idempotent by game id (`lua/ratings_settle.lua`), so two workers, or a worker and the writer,
never apply a result twice."""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from typing import Final

from redis.exceptions import RedisError

from service.core.journal import Journal
from service.core.players import Players
from service.errors import ServiceError, gone
from service.ledger.log import now_ms
from service.ops.workers.cancellation import cancelled

log = logging.getLogger("escopa.settle")
INTERVAL: Final = 1.0
BATCH: Final = 50
LEASE_MS: Final = 30_000
"""How long a claimed entry stays with its worker before another may take it."""


class Settler:
    """Settles the due games of `journal` with `players`, every `interval` seconds."""

    def __init__(self, journal: Journal, players: Players, interval: float = INTERVAL) -> None:
        self.journal = journal
        self.players = players
        self.index = journal.settling
        self.interval = interval

    async def run(self) -> None:
        """Settle until cancelled; Redis failures are logged and tried again."""
        while True:
            try:
                await self.sweep()
            except (RedisError, ServiceError) as error:
                cancelled()
                log.warning("settle sweep failed: %s", type(error).__name__)
            await asyncio.sleep(self.interval)

    async def sweep(self) -> int:
        """One pass over the index: the due games settled; how many there were."""
        due = await self.index.due_now(BATCH)
        for game_id, seen in due:
            await self.take(game_id, seen)
        return len(due)

    async def take(self, game_id: str, seen: int) -> None:
        """Claim the entry, settle the game, then drop the entry."""
        claim = now_ms() + LEASE_MS
        if not await self.index.reschedule(game_id, seen, claim):
            return  # another worker has it, or the game was indexed again
        try:
            game = await self.journal.read(game_id)
        except ServiceError as error:
            if not gone(error):
                raise
            await self.index.reschedule(game_id, claim, None)
            return
        if game.state.status == "finished":
            await self.players.settle(game_id, game)
        await self.index.reschedule(game_id, claim, None)


async def end_settler(task: asyncio.Task[None]) -> None:
    """Stop a settle worker's task."""
    task.cancel()
    with suppress(asyncio.CancelledError):
        await task
