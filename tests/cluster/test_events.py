"""Event streams on a Redis Cluster: the follower reads the game's stream on the master that
holds its slot, over a connection of its own (no cross-slot command, no shared pool)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.asyncio.cluster import RedisCluster

from service.api.schemas import CreateGame, MoveRequest
from service.events import Heartbeat, Streams
from service.games import Games
from service.store.games import GameStore
from tests.cluster.conftest import cluster_settings
from tests.harness.cluster import LocalCluster


@pytest.fixture
async def on_cluster(cluster: LocalCluster) -> AsyncIterator[tuple[Streams, Games]]:
    settings = cluster_settings(cluster)
    client = RedisCluster.from_url(settings.redis_url, protocol=3)
    await client.initialize()
    yield Streams(settings, client), Games(GameStore(client), settings)
    await client.aclose()


async def test_a_follower_on_a_cluster_gets_each_move_as_it_is_committed(
    on_cluster: tuple[Streams, Games],
) -> None:
    streams, games = on_cluster
    created = await games.create(CreateGame(players=["Ana", "Bia"], seed="cluster-events"))
    game_id, tokens = created.game_id, [p.token for p in created.players]
    items = await streams.open(games, game_id, tokens[0], 1)
    for version in range(1, 4):
        game = await games.load(game_id)
        legal = await games.legal_moves(game_id, tokens[game.state.turn or 0])
        move = MoveRequest(expected_version=version, move=legal.moves[0].id)
        await games.play(game_id, tokens[legal.seat], move, None)
        async with asyncio.timeout(5):
            entry = await anext(items)
        assert not isinstance(entry, Heartbeat)
        assert entry.seq == version + 1
    streams.drain()
    with pytest.raises(StopAsyncIteration):
        await anext(items)
    assert streams.count == 0
