"""Deadlines live in Redis: a game left by the process that started it (now gone) times out
through the sweeper of an `escopa bots` worker started afterwards, with no request."""

from __future__ import annotations

import asyncio
from pathlib import Path

from redis.asyncio import Redis

from service.store.games_repository import GamesRepository
from service.store.redis_gateway import RedisGateway
from tests.harness.api import serve_apps
from tests.harness.clocks import clock_settings, started
from tests.harness.processes import bot_worker


async def test_a_bots_worker_started_later_applies_the_timeout_of_a_game_left_alone(
    redis_url: str, tmp_path: Path
) -> None:
    async with serve_apps(redis_url, 1, settings=clock_settings(redis_url)) as (api,):
        game, view = await started(api, "forfeit")
    client = Redis.from_url(redis_url, protocol=3)
    store = GamesRepository(RedisGateway(client))
    try:
        with bot_worker(redis_url, tmp_path / "bots.log"):
            for _ in range(150):
                stored = await store.load(game.id)
                if stored is not None and stored.state.status == "finished":
                    break
                await asyncio.sleep(0.1)
        assert stored is not None and stored.version == view["version"] + 1
        assert stored.state.outcome is not None and stored.state.outcome.result == "timeout"
    finally:
        await client.aclose()
