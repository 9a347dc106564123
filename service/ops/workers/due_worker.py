"""The one loop of the workers over a due index (`service.store.due_index`): look at the index
every interval, claim each due entry by moving it a lease ahead (compare-and-set: of two
workers one gets it), do the worker's work for that one game, then move the entry to the time
the work returns (None drops it). A worker that dies holding a claim leaves the entry due again
when its lease ends. The clock sweeper, the settle worker, the archive worker and the bot
worker are each only their work for one game and their `Pace`.

The webhook worker keeps a loop of its own: it claims only games whose receiver (host, API
key) has a slot to spare, renews its lease before every attempt (a game's deliveries may
outlast any fixed lease), and releases with `WebhookStore`'s script, which reads the outbox so
an event written meanwhile makes the game due at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError

from service.errors import ServiceError
from service.ledger.log import now_ms
from service.ops.workers.cancellation import abandon, cancelled
from service.store.due_index import DueIndex


@dataclass(frozen=True, slots=True)
class Pace:
    """A worker's constants: seconds between looks, due entries read from each shard per look,
    games worked on at once, a claim's lease, and the rest after a look Redis refused. A
    `streaming` worker keeps its games in flight between looks and looks again as soon as this
    process makes work due or a slot frees; the others sweep the batch, then rest."""

    interval: float
    batch: int
    at_once: int
    lease_ms: int
    retry_seconds: float
    streaming: bool = False


class Retry(Exception):
    """A passing failure of one game's work: its entry is kept, due again `after_ms` on."""

    def __init__(self, after_ms: int, reason: str, level: int = logging.WARNING) -> None:
        super().__init__(reason)
        self.after_ms = after_ms
        self.level = level


class DueWorker:
    """Works the due games of `index` at `pace`; a subclass says what `work` does for one
    game, named `what` in the log `log`."""

    what = "work"

    def __init__(self, index: DueIndex, pace: Pace, log: logging.Logger) -> None:
        self.index = index
        self.pace = pace
        self.log = log
        self.stopping = False
        """Set before cancelling: the loop ends at its next look even if a cancel is lost."""
        self._slots = asyncio.Semaphore(pace.at_once)
        self._taking: dict[str, asyncio.Task[None]] = {}

    async def work(self, game_id: str) -> int | None:
        """Do the work due for one game: when it is due next (None: never), or raise `Retry`."""
        raise NotImplementedError

    async def run(self) -> None:
        """Look at the index until cancelled or stopping; Redis failures are logged and retried;
        the games in flight are abandoned at the end (their claims run out)."""
        try:
            while not self.stopping:
                self.index.scheduled.clear()  # work made due from now on wakes a streaming rest
                try:
                    await self.sweep()
                except (RedisError, ServiceError) as error:
                    cancelled()
                    level = logging.DEBUG if isinstance(error, RedisError) else logging.WARNING
                    self.log.log(level, "%s sweep failed: %s", self.what, type(error).__name__)
                    await asyncio.sleep(self.pace.retry_seconds)
                    continue
                await self._rest()
        finally:
            await self.stop()

    async def sweep(self) -> int:
        """One look at the index: the due games taken (a sweeping worker waits for them, and a
        Redis failure of one fails the sweep); how many there were."""
        due = await self.index.due_now(self.pace.batch)
        if self.pace.streaming:
            for game_id, seen in due:
                if len(self._taking) < self.pace.at_once and game_id not in self._taking:
                    self._start(game_id, seen)
        else:
            await asyncio.gather(*(self._bounded(game_id, seen) for game_id, seen in due))
        return len(due)

    async def take(self, game_id: str, seen: int) -> None:
        """Claim the entry, do the game's work, then move the entry on; an unexpected failure
        leaves it claimed, due again when the lease ends."""
        claim = now_ms() + self.pace.lease_ms
        if not await self.index.reschedule(game_id, seen, claim):
            return  # another worker has it, or a write moved it
        try:
            at = await self.work(game_id)
        except Retry as retry:
            self.log.log(retry.level, "%s of game %s: %s; tried again", self.what, game_id, retry)
            at = now_ms() + retry.after_ms
        except (RedisError, ServiceError):
            raise
        except Exception:
            self.log.exception("%s of game %s failed", self.what, game_id)
            return
        await self.index.reschedule(game_id, claim, at)

    async def _bounded(self, game_id: str, seen: int) -> None:
        async with self._slots:
            await self.take(game_id, seen)

    def _start(self, game_id: str, seen: int) -> None:
        task = asyncio.create_task(self._streamed(game_id, seen))
        self._taking[game_id] = task
        task.add_done_callback(lambda _: self._taking.pop(game_id, None))

    async def _streamed(self, game_id: str, seen: int) -> None:
        """A game taken in the background: a Redis failure leaves its claim to run out."""
        try:
            await self.take(game_id, seen)
        except (RedisError, ServiceError) as error:
            level = logging.DEBUG if isinstance(error, RedisError) else logging.WARNING
            self.log.log(level, "%s of game %s waits: %s", self.what, game_id, error)
        except Exception:
            self.log.exception("%s of game %s failed", self.what, game_id)

    async def _rest(self) -> None:
        """Until the next look: the interval, or for a streaming worker until work is made due
        in this process or a slot frees, if sooner."""
        if not self.pace.streaming:
            await asyncio.sleep(self.pace.interval)
            return
        woken = asyncio.ensure_future(self.index.scheduled.wait())
        waits: set[asyncio.Future[Any]] = {woken}
        if len(self._taking) >= self.pace.at_once:
            waits.update(self._taking.values())
        try:
            await asyncio.wait(waits, timeout=self.pace.interval, return_when="FIRST_COMPLETED")
        finally:
            woken.cancel()

    async def stop(self) -> None:
        """Abandon the games in flight: they stay claimed, due again when their leases end."""
        await abandon(self._taking.values())


async def end(worker: DueWorker, task: asyncio.Task[None]) -> None:
    """Stop the worker's task: cancel it, and let its loop end at its next look at the latest."""
    worker.stopping = True
    task.cancel()
    await asyncio.wait({task}, timeout=2 * worker.pace.interval + worker.pace.retry_seconds)


@asynccontextmanager
async def running(worker: DueWorker | None, name: str) -> AsyncIterator[None]:
    """`worker` running in a task of its own (None: no worker) while the block runs."""
    if worker is None:
        yield
        return
    task = asyncio.create_task(worker.run(), name=name)
    try:
        yield
    finally:
        await end(worker, task)
