"""Turn clocks on a Redis Cluster: the deadlines' sorted sets spread over the shards, and both
a write and a sweeper apply due timeouts there."""

from __future__ import annotations

import asyncio
import time

import msgspec
from redis.asyncio.cluster import RedisCluster

from engine.state import EncodedParts
from service.core.games.log_cache import LogCache
from service.settings import ClockSettings
from service.store import redis_keys
from service.store.games_repository import GamesRepository
from service.store.redis_gateway import RedisGateway
from tests.cluster.conftest import cluster_settings
from tests.harness.api import serve_apps
from tests.harness.clocks import ms, past, started
from tests.harness.cluster import LocalCluster


async def test_the_deadlines_sorted_sets_lie_on_every_shard(cluster: LocalCluster) -> None:
    client = RedisCluster.from_url(cluster.url)
    try:
        await client.initialize()
        nodes = [
            client.get_node_from_key(redis_keys.deadlines(n)) for n in range(redis_keys.SHARDS)
        ]
        assert len({node.name for node in nodes if node is not None}) == cluster.masters
    finally:
        await client.aclose()


async def test_timeouts_are_applied_on_a_cluster_by_writes_and_by_sweepers(
    cluster: LocalCluster,
) -> None:
    url = cluster.url
    clocks = ClockSettings(first_move_timeout=2.0)
    swept = msgspec.structs.replace(cluster_settings(cluster), clocks=clocks)
    asked = msgspec.structs.replace(swept, clocks=msgspec.structs.replace(clocks, sweep=False))
    async with serve_apps(url, 1, settings=asked) as (api,):
        game, view = await started(api, "forfeit")
        seat = view["turn"]
        move = (await game.legal(seat))[0]["id"]
        await past(view["deadline"])
        late = await game.post_move(seat, {"move": move, "expected_version": view["version"]})
        assert late.json()["code"] == "move/timed_out"
        after = await game.view()
        assert after["status"] == "finished" and after["outcome"]["result"] == "timeout"
    client = RedisCluster.from_url(url, protocol=3)
    try:
        await client.initialize()
        async with serve_apps(url, 2, settings=swept) as (one, two):
            games = [await started(one if i % 2 else two, "first_move") for i in range(4)]
            await asyncio.sleep(max(ms(v["deadline"]) for _, v in games) / 1000 - time.time())
            store = GamesRepository(RedisGateway(client))
            for _ in range(100):  # a bound for a hang only: a busy machine sweeps late
                stored = [await store.load(g.id) for g, _ in games]
                if all(
                    s is not None and s.version > v["version"]
                    for s, (_, v) in zip(stored, games, strict=True)
                ):
                    break
                await asyncio.sleep(0.1)
            for (game, view), kept in zip(games, stored, strict=True):
                # the turn is 1 s: on a busy machine the next seat's timeout may follow too
                assert kept is not None and kept.version > view["version"]
                logs = LogCache(store, EncodedParts())
                entries = await logs.entries(game.id, kept, view["version"], 1, True)
                assert entries[0].type == "timeout" and entries[0].deadline == view["deadline"]
    finally:
        await client.aclose()
