"""The bot worker: takes due bot turns from their index and has them played, a few at once.

`escopa serve` runs one in each process (unless `ESCOPA_BOTS=0`); `escopa bots` runs one alone,
with a clock sweeper beside it (`service.ops.workers.clock_sweeper`), on one Redis or a
cluster alike. The turns' index (`service.store.due_index`, `keys.bot_turns`) is written
before the commit that makes a turn due; any number of workers read it, each claiming a turn
under a lease (`claim_idle`), so each turn goes to one of them and a turn whose worker died is
due again when its lease ends. The commit's version check plays a turn taken twice once.
"""

from __future__ import annotations

import logging
from typing import Final

from service.core.bots.bot_seats import BotSeats
from service.core.house import House
from service.ops.workers.due_worker import DueWorker, Pace
from service.settings import Settings
from service.store.due_index import DueIndex

log = logging.getLogger("escopa.bots")
INTERVAL: Final = 0.1
"""Seconds between looks at the index when nothing wakes the worker sooner: a turn another
process made due waits this long at most (one this process made due wakes it at once)."""
RETRY_SECONDS: Final = 1.0


class BotWorker(DueWorker):
    """Takes up to `slots` due turns of `index` at a time, each under a lease of `lease`
    seconds, and looks again as soon as a turn is made due here or a slot frees; a turn whose
    worker died or failed is due again when its lease ends."""

    what = "bot turn"

    def __init__(
        self, seats: BotSeats, index: DueIndex, slots: int, lease: float, interval: float = INTERVAL
    ) -> None:
        slots = max(1, slots)
        pace = Pace(interval, slots, slots, int(lease * 1000), RETRY_SECONDS, streaming=True)
        super().__init__(index, pace, log)
        self.seats = seats

    async def work(self, game_id: str) -> int | None:
        """Play the turn if a bot is still to act; the entry goes (a write that made a turn
        due meanwhile keeps it)."""
        await self.seats.take(game_id)
        return None


def worker_for(settings: Settings, house: House) -> BotWorker:
    """A worker over the house's bot seats and their turns' index."""
    slots = 2 * max(1, settings.bots.processes)
    return BotWorker(house.bots, house.bot_turns, slots, settings.bots.claim_idle)
