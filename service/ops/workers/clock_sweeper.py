"""The clock sweeper: takes due deadlines from Redis and has their timeouts applied.

Every `escopa serve` process runs one (unless `ESCOPA_CLOCK_SWEEP=0`), and so does the
`escopa bots` worker. Any number may sweep the same index: a sweeper first claims a due entry
(moves it `LEASE_MS` ahead, by compare-and-set: of two sweepers one gets it), then loads the
game, which applies its timeout with the version, head and deadline checks
(`service.core.clocks`), so a timeout is applied once however many sweepers see it. The entry
then moves to the game's next deadline, or goes once the game has none; a sweeper that dies
holding a claim leaves the entry due again when the lease ends.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from typing import Final

from redis.exceptions import RedisError

from service.core.access import Access
from service.core.clocks import Clocks
from service.errors import ServiceError, gone
from service.ledger.log import now_ms

log = logging.getLogger("escopa.clocks")
INTERVAL: Final = 0.1
"""Seconds between sweeps: a timeout is applied this long after its deadline at most, plus
the time the sweep takes."""
BATCH: Final = 200
"""Due games read from one sorted set per sweep."""
AT_ONCE: Final = 32
"""Due games a sweeper works on at the same time."""
RETRY_SECONDS: Final = 1.0
RETRY_MS: Final = 1000
"""How long a game whose timeout was refused for a while (a busy game, Redis failing over)
waits before a sweeper tries it again: its entry is kept, never dropped."""
LEASE_MS: Final = 5000
"""How long a claimed entry stays with its sweeper before another may take it."""


class ClockSweeper:
    """Sweeps the due deadlines in `clocks`' index every `interval` seconds, applying each
    due timeout by reading the game through `access`."""

    def __init__(self, access: Access, clocks: Clocks, interval: float = INTERVAL) -> None:
        self.access = access
        self.clocks = clocks
        self.interval = interval
        self._slots = asyncio.Semaphore(AT_ONCE)

    async def run(self) -> None:
        """Sweep until cancelled; Redis failures are logged and retried."""
        while True:
            try:
                await self.sweep()
            except RedisError as error:
                log.warning("clock sweep failed: %s", type(error).__name__)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            await asyncio.sleep(self.interval)

    async def sweep(self) -> int:
        """One pass over every sorted set: the due games checked; how many there were."""
        due = await self.clocks.index.due_now(BATCH)
        await asyncio.gather(*(self.check(game_id, seen) for game_id, seen in due))
        return len(due)

    async def check(self, game_id: str, seen: int) -> None:
        """Claim the entry, apply the game's due timeout (loading it does), then index the
        game's next deadline."""
        clocks = self.clocks
        async with self._slots:
            claim = now_ms() + LEASE_MS
            if not await clocks.index.reschedule(game_id, seen, claim):
                return  # another sweeper has it, or a write moved it
            try:
                game = await self.access.load(game_id)
            except ServiceError as error:
                if not gone(error):
                    log.warning("clock of game %s: %s; tried again", game_id, error.code)
                    await clocks.index.reschedule(game_id, claim, now_ms() + RETRY_MS)
                    return
                game = None
            except RedisError:
                raise
            except Exception:
                log.exception("clock of game %s failed", game_id)
                return
            deadline = None if game is None else clocks.deadline(game.state, game.timing)
            await clocks.index.reschedule(game_id, claim, deadline)


async def run_sweeper(sweeper: ClockSweeper) -> None:
    """Run `sweeper` until cancelled."""
    await sweeper.run()


async def end_sweeper(task: asyncio.Task[None]) -> None:
    """Stop a sweeper's task."""
    task.cancel()
    with suppress(asyncio.CancelledError):
        await task
