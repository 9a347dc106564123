"""The bot worker: takes due bot turns from the Redis queue and has them played, a few at once.

`escopa serve` runs one in each process (unless `ESCOPA_BOTS=0`); `escopa bots` runs one alone,
with a clock sweeper beside it (`service.ops.workers.clock_sweeper`).
Any number of workers share the queue's consumer group, so each turn goes to one of them; a
turn taken by a worker that died (or stalled past `claim_idle`) is claimed again by another.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from contextlib import suppress
from typing import Final

from redis.asyncio import Redis
from redis.exceptions import RedisError

from service.core.bot_seats import BotSeats
from service.core.house import House
from service.core.worker_processes import WorkerProcesses
from service.ops.workers.clock_sweeper import ClockSweeper, end_sweeper, run_sweeper
from service.settings import Settings
from service.store.bot_queue import BotQueue, BotTurn
from service.store.game_store import GameStore
from service.store.key_file import key_ring

log = logging.getLogger("escopa.bots")
BLOCK_MS: Final = 1000
RETRY_SECONDS: Final = 1.0


def consumer_name() -> str:
    """This worker's name in the group: host, process and a random part (names are not reused)."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def queue_client(settings: Settings) -> Redis:
    """A connection of its own for the blocking reads, with a timeout longer than a read's wait."""
    timeout = settings.redis.timeout + BLOCK_MS / 1000
    return Redis.from_url(settings.redis.url, socket_timeout=timeout, protocol=3)


def cancelled() -> None:
    """Raise `CancelledError` if the current task is being cancelled: the Redis client may
    turn a cancellation in the middle of a read into a connection error."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


class BotWorker:
    """Takes up to `slots` turns at a time; turns of dead workers are claimed after `claim_idle`
    seconds (checked every half of it)."""

    def __init__(self, seats: BotSeats, queue: BotQueue, slots: int, claim_idle: float) -> None:
        self.seats = seats
        self.queue = queue
        self.slots = max(1, slots)
        self.claim_idle = claim_idle
        self._taking: dict[str, asyncio.Task[None]] = {}
        self.stopping = False
        """Set before cancelling: a cancellation the Redis client swallows still ends the loop."""

    async def run(self) -> None:
        """Take turns until cancelled or stopping; Redis failures are logged and retried."""
        joined = False
        next_claim = 0.0
        while not self.stopping:
            try:
                if not joined:
                    joined = await self.queue.join()
                    if not joined:
                        await asyncio.sleep(BLOCK_MS / 1000)
                        continue
                if len(self._taking) >= self.slots:
                    await asyncio.wait(self._taking.values(), return_when="FIRST_COMPLETED")
                    continue
                free = self.slots - len(self._taking)
                turns: list[BotTurn] = []
                if time.monotonic() >= next_claim:
                    turns = await self.queue.reclaim(int(self.claim_idle * 1000), free)
                    next_claim = time.monotonic() + self.claim_idle / 2
                if not turns:
                    turns = await self.queue.next(free, BLOCK_MS)
                for turn in turns:
                    self._start(turn)
            except RedisError as error:
                cancelled()
                if "NOGROUP" in str(error):  # the stream was deleted: join it anew
                    joined = False
                    continue
                log.warning("bot queue unavailable: %s", type(error).__name__)
                await asyncio.sleep(RETRY_SECONDS)

    def _start(self, turn: BotTurn) -> None:
        if turn.id in self._taking:  # claimed again while this worker is still on it
            return
        task = asyncio.create_task(self._take(turn))
        self._taking[turn.id] = task
        task.add_done_callback(lambda _: self._taking.pop(turn.id, None))

    async def _take(self, turn: BotTurn) -> None:
        """Play the turn, or drop it when it is no longer due; on failure it stays queued."""
        try:
            if not await self.seats.take(turn):
                await self.queue.drop(turn)
        except asyncio.CancelledError:
            raise
        except Exception:
            cancelled()
            log.exception("bot turn %s of game %s failed", turn.version, turn.game_id)

    async def stop(self) -> None:
        """Abandon the turns in flight: they stay queued, for another worker to claim."""
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
    """Stop the worker's task: cancel it, and let its loop end at its next read at the latest."""
    worker.stopping = True
    task.cancel()
    await asyncio.wait({task}, timeout=2 * BLOCK_MS / 1000)


def worker_for(settings: Settings, seats: BotSeats) -> tuple[BotWorker, Redis]:
    """A worker over the settings' Redis, and its queue connection (the caller closes it)."""
    client = queue_client(settings)
    queue = BotQueue(client, consumer_name())
    slots = 2 * max(1, settings.bots.processes)
    return BotWorker(seats, queue, slots, settings.bots.claim_idle), client


async def work_alone(settings: Settings) -> None:
    """`escopa bots`: a worker with its own store and worker processes, until it is stopped."""
    ring = key_ring(settings)  # bot moves are signed writes like any other
    client = Redis.from_url(settings.redis.url, socket_timeout=settings.redis.timeout, protocol=3)
    store = GameStore(client, settings.redis.replicas_to_wait(), settings.redis.wait_timeout_ms)
    processes = WorkerProcesses(settings.bots.processes)  # no request served here: a thread may do
    house = House(store, settings, ring, processes)
    worker, queue_connection = worker_for(settings, house.bots)
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
        await queue_connection.aclose()
        await client.aclose()
