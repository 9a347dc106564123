"""Waiting games that nobody joins expire (`ESCOPA_WAITING_TTL`) and say so when read after."""

from __future__ import annotations

import asyncio

from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import TtlSettings
from tests.harness.api import assert_problem, ok
from tests.harness.seats import OPEN, create_open, invites, join
from tests.harness.settings import app_settings

TTL = 3  # seconds: room for the checks made before it runs out, on a busy machine too


async def test_a_waiting_game_expires_and_is_then_gone_not_unknown(redis_url: str) -> None:
    settings = app_settings(redis_url, ttl=TtlSettings(waiting=TTL))
    async with AsyncTestClient(app=create_app(settings)) as client:
        created = await create_open(client, ["Ana", OPEN], lobby=True)
        game_id = created["game_id"]
        assert ok(await client.get(f"/v1/games/{game_id}"))["status"] == "waiting"
        async with asyncio.timeout(TTL + 20):  # Redis's clock decides: waited on, not guessed
            while (await client.get(f"/v1/games/{game_id}")).status_code == 200:
                await asyncio.sleep(0.1)
        assert_problem(await client.get(f"/v1/games/{game_id}"), 410, "game/expired")
        refused = await join(client, game_id, invite=invites(created)[1], name="Bia")
        assert_problem(refused, 410, "game/expired")
        assert ok(await client.get("/v1/lobby"))["games"] == []
        assert_problem(await client.get(f"/v1/games/{'0' * 24}"), 404, "game/not_found")


async def test_a_started_game_no_longer_expires_as_a_waiting_one(redis_url: str) -> None:
    settings = app_settings(redis_url, ttl=TtlSettings(waiting=TTL))
    async with AsyncTestClient(app=create_app(settings)) as client:
        created = await create_open(client, ["Ana", OPEN])
        game_id = created["game_id"]
        ok(await join(client, game_id, invite=invites(created)[1], name="Bia"))
        await asyncio.sleep(TTL + 0.3)
        assert ok(await client.get(f"/v1/games/{game_id}"))["status"] == "playing"
