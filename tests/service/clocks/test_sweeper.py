"""The sweepers of two API processes apply due timeouts with no request asking: each exactly
once, soon after its deadline, and the deadlines' index follows the games."""

from __future__ import annotations

import asyncio
import time

from redis.asyncio import Redis

from engine.state import EncodedParts
from service.core.games.log_cache import LogCache
from service.core.house import House
from service.ledger.chain import LogEntry
from service.ops.workers.clock_sweeper import ClockSweeper
from service.store import redis_keys
from service.store.games_repository import GamesRepository
from service.store.redis_gateway import RedisGateway
from service.store.signing_key_file import key_ring
from tests.harness.api import serve_apps
from tests.harness.clocks import clock_settings, ms, past, started
from tests.harness.sse import follow

GAMES = 6


async def stored_log(store: GamesRepository, game_id: str) -> list[LogEntry]:
    """The game's log read from Redis alone: no request, so no request applies a timeout."""
    game = await store.load(game_id)
    assert game is not None
    return await LogCache(store, EncodedParts()).entries(game_id, game, 0, 50, True)


async def test_two_processes_sweep_due_timeouts_each_applied_once(redis_url: str) -> None:
    config = clock_settings(redis_url, sweep=True)
    client = Redis.from_url(redis_url, protocol=3)
    store = GamesRepository(RedisGateway(client))
    try:
        async with serve_apps(redis_url, 2, settings=config) as (one, two):
            games = [await started(one if i % 2 else two, "forfeit") for i in range(GAMES)]
            latest = max(ms(view["deadline"]) for _, view in games)
            await asyncio.sleep(max(0.0, latest / 1000 - time.time()))
            for _ in range(40):
                logs = [await stored_log(store, game.id) for game, _ in games]
                if all(log[-1].type == "timeout" for log in logs):
                    break
                await asyncio.sleep(0.1)
        for (game, view), log in zip(games, logs, strict=True):
            assert [entry.type for entry in log].count("timeout") == 1
            timeout = log[-1]
            assert timeout.type == "timeout" and timeout.deadline == view["deadline"]
            assert 0 <= ms(timeout.time) - ms(view["deadline"]) < 1000
            shard = redis_keys.deadlines(redis_keys.shard(game.id))
            assert await client.zscore(shard, game.id) is None  # finished: out of the index
    finally:
        await client.aclose()


async def test_the_index_holds_the_earliest_deadline_until_a_sweep_moves_it_to_the_games(
    redis_url: str,
) -> None:
    config = clock_settings(redis_url)
    client = Redis.from_url(redis_url, protocol=3)
    try:
        async with serve_apps(redis_url, 1, settings=config) as (api,):
            game, view = await started(api, "forfeit", turn=30)
        deadline = ms(view["deadline"])
        assert await client.hget(redis_keys.game(game.id), "deadline") == str(deadline).encode()
        shard = redis_keys.deadlines(redis_keys.shard(game.id))
        seen = await client.zscore(shard, game.id)
        assert seen is not None and seen < deadline  # the first move's deadline, indexed first
        house = House(RedisGateway(client), config, key_ring(config))
        sweeper = ClockSweeper(house.access, house.clocks)
        await sweeper.take(game.id, int(seen))  # not due: moved on, nothing applied
        assert await client.zscore(shard, game.id) == deadline
        assert house.endings.applied == 0
    finally:
        await client.aclose()


async def test_a_follower_hears_the_timeout_entry_and_what_followed(redis_url: str) -> None:
    config = clock_settings(redis_url, sweep=True)
    async with serve_apps(redis_url, 2, settings=config) as (one, two):
        game, view = await started(one, "first_move")
        seat = view["turn"]
        first = (await game.legal(seat))[0]["id"]
        async with follow(two, game.id, game.tokens[1 - seat], after=view["version"]) as events:
            timeout = await events.entry(timeout=5)
        assert timeout["type"] == "timeout" and timeout["seat"] == seat
        assert timeout["move"] == first and timeout["deadline"] == view["deadline"]
        assert any(event["type"] == "played" for event in timeout["events"])


async def test_a_timeout_refused_for_a_while_keeps_its_entry_until_a_sweep_applies_it(
    redis_url: str,
) -> None:
    config = clock_settings(redis_url)
    client = Redis.from_url(redis_url, protocol=3)
    try:
        async with serve_apps(redis_url, 1, settings=config) as (api,):
            game, view = await started(api, "forfeit")
        await past(view["deadline"])
        shard = redis_keys.deadlines(redis_keys.shard(game.id))
        # A store that wants a replica this lone Redis does not have: every write is refused
        # with 503 store/not_replicated, as on a cluster whose replica lags.
        lagging = RedisGateway(client, wait_replicas=1, wait_timeout_ms=50)
        refused = House(lagging, config, key_ring(config))
        seen = await client.zscore(shard, game.id)
        assert seen is not None
        before = time.time() * 1000
        await ClockSweeper(refused.access, refused.clocks).take(game.id, int(seen))
        retry = await client.zscore(shard, game.id)
        assert retry is not None and retry > before  # kept, a little later, not dropped
        house = House(RedisGateway(client), config, key_ring(config))
        await ClockSweeper(house.access, house.clocks).take(game.id, int(retry))
        log = await stored_log(GamesRepository(RedisGateway(client)), game.id)
        assert [entry.type for entry in log].count("timeout") == 1
        assert await client.zscore(shard, game.id) is None
    finally:
        await client.aclose()
