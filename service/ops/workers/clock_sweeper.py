"""The clock sweeper: takes due deadlines from Redis and has their timeouts applied.

Every `escopa serve` process runs one (unless `ESCOPA_CLOCK_SWEEP=0`), and so does the
`escopa bots` worker. Any number may sweep the same index (`service.ops.workers.due_worker`
claims each entry for one of them); the timeout is committed with the version,
head and deadline checks (`service.core.lifecycle.clocks`), so a timeout is applied once however
many sweepers see it. The entry then moves to the game's next deadline, or goes once the game has
none.
"""

from __future__ import annotations

import logging
from typing import Final

from service.core.games.access import Access
from service.core.lifecycle.clocks import Clocks
from service.errors import ServiceError, gone
from service.ops.workers.due_worker import DueWorker, Pace, Retry

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


class ClockSweeper(DueWorker):
    """Sweeps the due deadlines in `clocks`' index every `interval` seconds, applying each
    due timeout through `access`."""

    what = "clock"

    def __init__(self, access: Access, clocks: Clocks, interval: float = INTERVAL) -> None:
        super().__init__(clocks.index, Pace(interval, BATCH, AT_ONCE, LEASE_MS, RETRY_SECONDS), log)
        self.access = access
        self.clocks = clocks

    async def work(self, game_id: str) -> int | None:
        """Apply the game's due timeout: its next deadline, if any."""
        try:
            game = await self.access.current(game_id)
        except ServiceError as error:
            if not gone(error):
                raise Retry(RETRY_MS, error.code) from error
            return None
        return self.clocks.deadline(game.state, game.timing)
