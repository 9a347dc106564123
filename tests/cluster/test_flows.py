"""Every game flow of the API runs unchanged on a Redis Cluster: no command crosses slots."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from tests.cluster.conftest import cluster_settings
from tests.harness.cluster import LocalCluster
from tests.service.helpers import Client, assert_chain, create_game, ok, replay


@pytest.fixture
async def client(cluster: LocalCluster) -> AsyncIterator[Client]:
    async with AsyncTestClient(app=create_app(cluster_settings(cluster))) as test_client:
        yield test_client


@pytest.mark.parametrize(("preset", "players"), [("escopa", 4), ("escoba", 3), ("escova", 2)])
async def test_a_whole_match_plays_audits_and_exports_on_a_cluster(
    client: Client, preset: str, players: int
) -> None:
    game = await create_game(client, players=players, preset=preset, seed=f"cluster-{preset}")
    if players == 4:
        ok(await game.signal(0, "guindis"))

    final = await game.play_out(random.Random(players))

    assert final["status"] == "finished"
    entries = await game.log()
    assert_chain(entries)
    replay(entries)
    audit = ok(await client.get(f"{game.url}/audit"))
    assert audit["ok"] is True
    assert audit["entries"] == len(entries)
    export = ok(await client.get(f"{game.url}/export"))
    assert len(export["entries"]) == len(entries)


async def test_manual_deals_idempotent_moves_and_conflicts_work_on_a_cluster(
    client: Client,
) -> None:
    game = await create_game(client, auto_deal=False, seed="cluster-deal")
    ok(await game.deal(1, {"expected_version": 1}))
    view = await game.view()
    seat, version = view["turn"], view["version"]
    move = (await game.legal(seat))[0]["id"]

    first = ok(await game.post_move(seat, {"move": move, "expected_version": version}, "k1"))
    again = ok(await game.post_move(seat, {"move": move, "expected_version": version}, "k1"))
    stale = await game.post_move(seat, {"move": move, "expected_version": version})

    assert first == again
    assert stale.status_code == 409
    assert len(await game.log()) == version + 1


async def test_commitments_and_replays_work_on_a_cluster(client: Client) -> None:
    commitment = ok(await client.post("/v1/commitments"), 201)
    body = {"players": ["Ana", "Bia"], "commitment_id": commitment["commitment_id"]}
    created = ok(await client.post("/v1/games", json={**body, "client_seed": "mine"}), 201)
    reused = await client.post("/v1/games", json={**body, "client_seed": "again"})

    assert created["seed_commitment"] == commitment["seed_commitment"]
    assert reused.status_code == 409
    replayed = ok(
        await client.post("/v1/replays", json={"players": ["Ana", "Bia"], "seed": "s", "moves": []})
    )
    assert replayed["steps"] == []
