"""The due worker's loop over a real index: two workers apply each due entry once, a failure
keeps its entry (a passing one until its retry, another until its lease ends), and a claim
whose worker died comes due again after its lease."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from redis.asyncio import Redis

from service.ops.workers.due_worker import DueWorker, Pace, Retry, running
from service.store import redis_keys
from service.store.due_index import DueIndex
from service.store.redis_gateway import RedisGateway

LEASE_MS = 300
log = logging.getLogger("escopa.test")


class Recording(DueWorker):
    """Counts each game it works on in `applied`, after a short wait that lets workers
    overlap; `fails` says how its work fails, if it does."""

    def __init__(self, index: DueIndex, applied: Counter[str], streaming: bool = False) -> None:
        super().__init__(index, Pace(0.01, 50, 4, LEASE_MS, 0.05, streaming), log)
        self.applied = applied
        self.fails: BaseException | None = None

    async def work(self, game_id: str) -> int | None:
        await asyncio.sleep(0.01)
        if self.fails is not None:
            raise self.fails
        self.applied[game_id] += 1
        return None


@asynccontextmanager
async def due_index(redis_url: str, games: list[str]) -> AsyncIterator[DueIndex]:
    """An index holding `games`, each due long ago."""
    client = Redis.from_url(redis_url, protocol=3)
    index = DueIndex(RedisGateway(client), redis_keys.bot_turns)
    try:
        for game_id in games:
            await index.schedule(game_id, 1)
        yield index
    finally:
        await client.aclose()


async def drained(index: DueIndex) -> None:
    for _ in range(200):
        if await index.size() == 0:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the index still holds entries")


@pytest.mark.parametrize("streaming", [False, True])
async def test_two_workers_on_one_index_apply_each_due_entry_once(
    redis_url: str, streaming: bool
) -> None:
    games = [f"g-{n}" for n in range(40)]
    applied: Counter[str] = Counter()
    async with due_index(redis_url, games) as index:
        one, two = Recording(index, applied, streaming), Recording(index, applied, streaming)
        async with running(one, "one"), running(two, "two"):
            await drained(index)
    assert applied == Counter(games)


@pytest.mark.parametrize(
    ("fails", "kept_ms"), [(Retry(60_000, "busy for a while"), 60_000), (ValueError(), LEASE_MS)]
)
async def test_a_failure_keeps_the_entry_a_retry_until_its_time_else_until_its_lease_ends(
    redis_url: str, fails: Exception, kept_ms: int
) -> None:
    applied: Counter[str] = Counter()
    async with due_index(redis_url, ["g-1"]) as index:
        worker = Recording(index, applied)
        worker.fails = fails
        before = int(time.time() * 1000)
        assert await worker.sweep() == 1
        kept = await index.when("g-1")
        assert kept is not None and before + kept_ms <= kept < before + kept_ms + 5000
        worker.fails = None
        await index.reschedule("g-1", kept, 1)  # its time came
        assert await worker.sweep() == 1
        assert await index.when("g-1") is None
    assert applied == Counter({"g-1": 1})


async def test_a_worker_that_dies_holding_a_claim_leaves_the_entry_due_after_the_lease(
    redis_url: str,
) -> None:
    applied: Counter[str] = Counter()
    async with due_index(redis_url, ["g-1"]) as index:
        doomed = Recording(index, applied)
        doomed.fails = asyncio.CancelledError()  # its process dies mid-work
        with pytest.raises(asyncio.CancelledError):
            await doomed.sweep()
        rescuer = Recording(index, applied)
        assert await rescuer.sweep() == 0
        assert not applied and await index.when("g-1") is not None  # claimed: not due yet
        await asyncio.sleep(LEASE_MS / 1000 + 0.05)
        assert await rescuer.sweep() == 1
        assert await index.when("g-1") is None
    assert applied == Counter({"g-1": 1})


class Outlasting(Recording):
    """Works past its lease, and meanwhile a write makes the game due again (`scheduled`)."""

    async def work(self, game_id: str) -> int | None:
        await asyncio.sleep(LEASE_MS / 1000 + 0.1)  # the claim's lease has ended
        await self.index.schedule(game_id, int(time.time() * 1000))
        self.applied[game_id] += 1
        return None  # the work it read is done: it would drop the entry


async def test_work_made_due_after_a_claims_lease_ended_is_kept_when_the_worker_finishes(
    redis_url: str,
) -> None:
    applied: Counter[str] = Counter()
    async with due_index(redis_url, ["g-1"]) as index:
        assert await Outlasting(index, applied).sweep() == 1
        kept = await index.when("g-1")
        assert kept is not None and kept <= time.time() * 1000, "the new work was dropped"
    assert applied == Counter({"g-1": 1})
