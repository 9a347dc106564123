"""`escopa ratings --recompute` against a running service: equal after rated games, and the
first game named once the service's stored rating is bent."""

from __future__ import annotations

from typing import Any

import pytest
from redis.asyncio import Redis

from service.cli.ratings import check
from service.store import keys
from tests.harness.ratings import rated_game
from tests.harness.settings import app_settings


async def test_the_recompute_equals_the_service_then_names_a_bent_rating(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for a, b in [("u-1", "u-2"), ("u-2", "u-3"), ("u-3", "u-1")]:
        await rated_game(client, a, b)
    settings = app_settings(redis_url)
    assert await check(settings, None) == 0
    assert "equal to the last bit: 3 games, 3 ratings" in capsys.readouterr().out
    redis = Redis.from_url(redis_url)
    bent = await redis.hget(keys.player("-", "u-2"), "escopa-2p")
    await redis.hset(keys.player("-", "u-2"), "escopa-2p", bytes(bent or b"")[:-1] + b"\x00")
    await redis.aclose()
    assert await check(settings, None) == 1
    assert "u-2" in capsys.readouterr().out
