"""The event streams' bookkeeping: a place given back however a stream ends, the process's,
each client's and each game's limits, and draining at shutdown."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from service.core.games.follows import Heartbeat
from service.core.games.messages import CreateGame
from service.core.house import House
from service.errors import ServiceError
from service.http.streams import Streams
from service.ledger.signatures import KeyRing
from service.store.redis_gateway import RedisGateway
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS


@pytest.fixture
async def streams(redis_url: str) -> AsyncIterator[tuple[Streams, House, str]]:
    """The stream bookkeeping on this test's loop, with a game to follow."""
    settings = app_settings(redis_url)
    client = Redis.from_url(redis_url, protocol=3)
    games = House(RedisGateway(client), settings, KeyRing.of(SIGNING_KEYS))
    created = await games.creation.create(CreateGame(players=["Ana", "Bia"]))
    yield Streams(settings, games.follows), games, created.game_id
    await client.aclose()


async def test_a_stream_dropped_before_it_ran_gives_its_place_back(
    streams: tuple[Streams, House, str],
) -> None:
    feeds, games, game_id = streams
    items = await feeds.open(games.access, game_id, None, 0)
    assert feeds.count == 1
    del items
    gc.collect()
    assert feeds.count == 0


async def test_draining_ends_a_waiting_stream_at_once(streams: tuple[Streams, House, str]) -> None:
    feeds, games, game_id = streams
    items = await feeds.open(games.access, game_id, None, 0)
    first = await anext(items)
    assert not isinstance(first, Heartbeat) and first.seq == 1
    waiting = asyncio.ensure_future(anext(items))
    await asyncio.sleep(0.1)
    assert not waiting.done(), "nothing new: the stream waits in a blocking read"
    feeds.drain()
    async with asyncio.timeout(1):
        with pytest.raises(StopAsyncIteration):
            await waiting
    assert feeds.count == 0


async def test_a_full_process_refuses_before_reading_the_game(
    streams: tuple[Streams, House, str],
) -> None:
    feeds, games, _ = streams
    held = [feeds.acquire(f"g{i}", f"c{i}", False) for i in range(feeds.settings.streams.max_total)]
    with pytest.raises(ServiceError) as refused:
        await feeds.open(games.access, "no-such-game", None, 0)
    assert refused.value.code == "events/too_many_streams"
    assert refused.value.headers["Retry-After"]
    held[0].release()
    held[0].release()  # a place is given back once
    with pytest.raises(ServiceError) as missing:
        await feeds.open(games.access, "no-such-game", None, 0)
    assert missing.value.code == "game/not_found"
    assert feeds.count == len(held) - 1


async def test_a_released_stream_leaves_no_count_for_its_client_or_game(
    streams: tuple[Streams, House, str],
) -> None:
    feeds, _, _ = streams
    slots = [feeds.acquire("g", "203.0.113.9", seat) for seat in (False, True)]
    assert (feeds.by_client["203.0.113.9"], feeds.by_game["g"]) == (2, 2)
    for slot in slots:
        slot.release()
    assert (feeds.count, dict(feeds.by_client), dict(feeds.by_game)) == (0, {}, {})
