"""A game's whole life on a real Redis Cluster: the lobby (its own shard), joins, a match, a
rematch; racing joins still deal once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from tests.cluster.conftest import cluster_settings
from tests.harness.api import Client, ok, serve_apps
from tests.harness.cluster import LocalCluster
from tests.harness.seats import OPEN, create_open, invites, join, whole_life


@pytest.fixture
async def client(cluster: LocalCluster) -> AsyncIterator[Client]:
    async with AsyncTestClient(app=create_app(cluster_settings(cluster))) as test_client:
        yield test_client


async def test_from_the_lobby_to_a_played_rematch_on_a_cluster(client: Client) -> None:
    for game in ok(await client.get("/v1/lobby", params={"limit": 100}))["games"]:
        assert game["open"]  # left over from another test: still waiting
    await whole_life(client)


async def test_racing_joins_on_two_processes_deal_once_on_a_cluster(cluster: LocalCluster) -> None:
    async with serve_apps(cluster.url, 2, settings=cluster_settings(cluster)) as (one, two):
        created = await create_open(one, ["Ana", OPEN, OPEN, OPEN])
        game_id = created["game_id"]
        answers = await asyncio.gather(
            *(
                join((one, two)[seat % 2], game_id, invite=code, name=f"P{seat}")
                for seat, code in invites(created).items()
            )
        )
        assert [a.status_code for a in answers] == [200, 200, 200]
        entries = ok(await one.get(f"/v1/games/{game_id}/log"))["entries"]
        dealt = [e["seq"] for e in entries if any(v["type"] == "dealt" for v in e["events"])]
        assert dealt == [4]
