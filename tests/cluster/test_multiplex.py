"""The multiplexed connections on a cluster: each command at its key's master, replies in order,
and a slot that moved refused once, then found."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ConnectionError as RedisConnectionError

from service.store import redis_keys
from service.store.cluster_multiplex import ClusterMultiplexed, key_of
from tests.harness.cluster import LocalCluster


def run(cluster: LocalCluster, test: Callable[[ClusterMultiplexed], Awaitable[None]]) -> None:
    async def main() -> None:
        client = RedisCluster.from_url(cluster.url)
        await client.initialize()
        connection = ClusterMultiplexed(client, cluster.url, 2.0)
        try:
            await test(connection)
        finally:
            await connection.aclose()
            await client.aclose()

    asyncio.run(main())


def test_a_command_is_routed_by_its_key_and_a_scripts_by_its_first_key() -> None:
    assert key_of(("GET", "a")) == "a"
    assert key_of(("EVALSHA", "0" * 40, 2, "k1", "k2", "arg")) == "k1"
    assert key_of(("EVAL", "return 1", 0)) is None
    assert key_of(("PING",)) is None


def test_a_pipeline_over_every_master_answers_each_command_in_order(
    cluster: LocalCluster,
) -> None:
    shards = [redis_keys.deadlines(n) for n in range(redis_keys.SHARDS)]

    async def test(connection: ClusterMultiplexed) -> None:
        writes = [("ZADD", key, n, f"game-{n}") for n, key in enumerate(shards)]
        assert await connection.pipeline(writes) == [1] * redis_keys.SHARDS
        scores = await connection.pipeline(
            [("ZSCORE", key, f"game-{n}") for n, key in enumerate(shards)]
        )
        assert [float(s) for s in scores] == [float(n) for n in range(redis_keys.SHARDS)]
        assert len(connection._nodes) == cluster.masters  # one connection per master, no more

    run(cluster, test)
    for key in shards:  # each write is on the master that serves its slot
        assert cluster.client(cluster.master_of(key)).exists(key) == 1


def test_a_slot_that_moved_is_refused_once_then_found_at_its_master(
    cluster: LocalCluster,
) -> None:
    key = "{moved}:probe"

    async def test(connection: ClusterMultiplexed) -> None:
        await connection.execute("SET", key, "here")
        manager = connection.cluster.nodes_manager
        slot = connection.cluster.keyslot(key)
        right = manager.slots_cache[slot][0]
        wrong = next(
            n
            for n in manager.nodes_cache.values()
            if n.name != right.name and n.server_type == "primary"
        )
        manager.slots_cache[slot] = [wrong]  # a stale map: the slot's master is elsewhere
        with pytest.raises(RedisConnectionError, match="MOVED"):
            await connection.execute("GET", key)
        refresh = connection.slot_map._refresh
        assert refresh is not None
        await refresh
        assert await connection.execute("GET", key) == b"here"

    run(cluster, test)
