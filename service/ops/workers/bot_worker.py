"""The bot worker: takes due bot turns from their index and has them played, a few at once.

`escopa serve` runs one in each process (unless `ESCOPA_BOTS=0`); `escopa bots` runs one alone,
with a clock sweeper beside it (`service.ops.workers.clock_sweeper`), on one Redis or a
cluster alike. The turns' index (`service.store.due_index`, `keys.bot_turns`) is written
before the commit that makes a turn due; any number of workers read it, each claiming a turn
under a lease (`claim_idle`), so each turn goes to one of them and a turn whose worker died is
due again when its lease ends. The commit's version check plays a turn taken twice once.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from typing import Any, Final

from redis.exceptions import RedisError

from service.core.bot_seats import BotSeats
from service.core.house import House
from service.core.worker_processes import WorkerProcesses
from service.errors import ServiceError
from service.ledger.log import now_ms
from service.ops.workers.clock_sweeper import ClockSweeper, end_sweeper, run_sweeper
from service.settings import Settings
from service.store.connections import close_store, open_store_waiting
from service.store.due_index import DueIndex
from service.store.key_file import key_ring

log = logging.getLogger("escopa.bots")
INTERVAL: Final = 0.1
"""Seconds between looks at the index when nothing wakes the worker sooner: a turn another
process made due waits this long at most (one this process made due wakes it at once)."""
RETRY_SECONDS: Final = 1.0


class BotWorker:
    """Takes up to `slots` due turns of `index` at a time, each under a lease of `lease`
    seconds: a turn whose worker died is due again when its lease ends."""

    def __init__(
        self, seats: BotSeats, index: DueIndex, slots: int, lease: float, interval: float = INTERVAL
    ) -> None:
        self.seats = seats
        self.index = index
        self.slots = max(1, slots)
        self.lease_ms = int(lease * 1000)
        self.interval = interval
        self._taking: dict[str, asyncio.Task[None]] = {}
        self.stopping = False
        """Set before cancelling: the loop ends at its next look even if a cancel is lost."""

    async def run(self) -> None:
        """Take due turns until cancelled or stopping; Redis failures are logged and retried."""
        while not self.stopping:
            self.index.scheduled.clear()  # a turn made due from now on wakes the wait below
            try:
                due = await self.index.due_now(self.slots)
            except RedisError as error:
                log.warning("bot turns unavailable: %s", type(error).__name__)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            for game_id, seen in due:
                if len(self._taking) < self.slots and game_id not in self._taking:
                    self._start(game_id, seen)
            await self._wait()

    async def _wait(self) -> None:
        """Until a turn is made due in this process, a slot frees, or the interval passes."""
        woken = asyncio.ensure_future(self.index.scheduled.wait())
        waits: set[asyncio.Future[Any]] = {woken}
        if len(self._taking) >= self.slots:
            waits.update(self._taking.values())
        try:
            await asyncio.wait(waits, timeout=self.interval, return_when="FIRST_COMPLETED")
        finally:
            woken.cancel()

    def _start(self, game_id: str, seen: int) -> None:
        task = asyncio.create_task(self._take(game_id, seen))
        self._taking[game_id] = task
        task.add_done_callback(lambda _: self._taking.pop(game_id, None))

    async def _take(self, game_id: str, seen: int) -> None:
        """Claim the turn (of two workers one gets it), play it if a bot is still to act, then
        drop the entry unless a write made a turn due meanwhile; on failure the entry stays
        claimed, due again when the lease ends."""
        index = self.index
        claim = now_ms() + self.lease_ms
        try:
            if not await index.reschedule(game_id, seen, claim):
                return  # another worker has it, or a write moved it
            await self.seats.take(game_id)
            await index.reschedule(game_id, claim, None)
        except asyncio.CancelledError:
            raise
        except (RedisError, ServiceError) as error:  # Redis failing: the lease brings it back
            log.warning("bot turn of game %s waits: %s", game_id, error)
        except Exception:
            log.exception("bot turn of game %s failed", game_id)

    async def stop(self) -> None:
        """Abandon the turns in flight: they stay claimed, due again when their leases end."""
        for task in list(self._taking.values()):
            task.cancel()
        for task in list(self._taking.values()):
            with suppress(asyncio.CancelledError):
                await task


async def run_worker(worker: BotWorker) -> None:
    """Run `worker` until cancelled, then stop it."""
    try:
        await worker.run()
    finally:
        await worker.stop()


async def end_worker(worker: BotWorker, task: asyncio.Task[None]) -> None:
    """Stop the worker's task: cancel it, and let its loop end at its next look at the latest."""
    worker.stopping = True
    task.cancel()
    await asyncio.wait({task}, timeout=2 * INTERVAL + RETRY_SECONDS)


def worker_for(settings: Settings, house: House) -> BotWorker:
    """A worker over the house's bot seats and their turns' index."""
    slots = 2 * max(1, settings.bots.processes)
    return BotWorker(house.bots, house.bot_turns, slots, settings.bots.claim_idle)


async def work_alone(settings: Settings) -> None:
    """`escopa bots`: a worker with its own store and worker processes, until it is stopped."""
    ring = key_ring(settings)  # bot moves are signed writes like any other
    store = await open_store_waiting(settings.redis)
    processes = WorkerProcesses(settings.bots.processes)  # no request served here: a thread may do
    house = House(store, settings, ring, processes)
    worker = worker_for(settings, house)
    sweeper = None
    if settings.clocks.sweep:
        swept = ClockSweeper(house.access, house.clocks)
        sweeper = asyncio.create_task(run_sweeper(swept), name="clock-sweeper")
    try:
        await run_worker(worker)
    finally:
        if sweeper is not None:
            await end_sweeper(sweeper)
        processes.close()
        await close_store(store)
