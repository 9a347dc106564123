"""The bot turns queue: one worker at a time per turn, and a dead worker's turns claimed again."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis

from service.store import keys
from service.store.bot_queue import BotQueue


async def test_a_turn_queued_before_any_worker_joined_is_still_delivered(redis_url: str) -> None:
    client = Redis.from_url(redis_url, protocol=3)
    queue = BotQueue(client, "late")
    assert not await queue.join(), "no stream yet: nothing to join"
    assert await client.exists(keys.bot_turns()) == 0, "and joining wrote nothing"
    await client.xadd(keys.bot_turns(), {"game": "g0", "version": 1})
    assert await queue.join()
    assert await queue.join(), "joining twice is harmless"
    [turn] = await queue.next(5, 10)
    assert (turn.game_id, turn.version) == ("g0", 1)
    await client.aclose()


async def test_a_turn_taken_by_a_worker_that_died_is_claimed_by_another(redis_url: str) -> None:
    client = Redis.from_url(redis_url, protocol=3)
    first, second = BotQueue(client, "first"), BotQueue(client, "second")
    await client.xadd(keys.bot_turns(), {"game": "g1", "version": 3})
    assert await first.join()
    [taken] = await first.next(5, 10)
    assert (taken.game_id, taken.version) == ("g1", 3)
    assert await second.next(5, 10) == [], "a taken turn goes to no other worker"
    assert await second.reclaim(60_000, 5) == [], "not while its worker may still be on it"
    await asyncio.sleep(0.05)
    assert await second.reclaim(20, 5) == [taken]
    await second.drop(taken)
    assert await second.pending() == 0
    assert await first.reclaim(0, 5) == [], "a dropped turn is gone for every worker"
    await client.aclose()
