"""The archive on a Redis Cluster: the finished games' index spreads over the shards, and the
archive worker moves finished games out (their keys gone from the cluster seconds after),
every read the same from the archive."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import msgspec
from redis.asyncio.cluster import RedisCluster

from service.settings import ArchiveSettings, TtlSettings
from service.store import redis_keys
from service.store.archive.opening import sqlite_url
from tests.cluster.conftest import cluster_settings
from tests.harness.api import create_game, ok, serve_apps
from tests.harness.archiving import reads
from tests.harness.cluster import LocalCluster
from tests.harness.seats import act


async def test_the_finished_games_index_lies_on_every_shard(cluster: LocalCluster) -> None:
    client = RedisCluster.from_url(cluster.url)
    try:
        await client.initialize()
        nodes = [client.get_node_from_key(redis_keys.finished(n)) for n in range(redis_keys.SHARDS)]
        assert len({node.name for node in nodes if node is not None}) == cluster.masters
    finally:
        await client.aclose()


async def test_finished_games_leave_the_cluster_for_the_archive_and_read_the_same(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    archive = ArchiveSettings(url=sqlite_url(tmp_path / "archive.sqlite3"))
    settings = msgspec.structs.replace(
        cluster_settings(cluster), archive=archive, ttl=TtlSettings(finished=2)
    )
    client = RedisCluster.from_url(cluster.url)
    await client.initialize()
    try:
        async with serve_apps(cluster.url, 2, settings=settings) as (one, two):
            games = [await create_game(one if n % 2 else two) for n in range(4)]
            before = []
            for game in games:
                ok(await act(game.client, game.id, "resign", game.tokens[0]))
                before.append(await reads(game.client, game))
            deadline = time.monotonic() + 20
            while any([await client.exists(redis_keys.game(g.id)) for g in games]):
                assert time.monotonic() < deadline, "finished games stayed in the cluster"
                await asyncio.sleep(0.2)
            after = [await reads(two, game) for game in games]
    finally:
        await client.aclose()
    assert after == before
