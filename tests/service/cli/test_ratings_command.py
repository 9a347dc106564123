"""`escopa ratings --recompute` against a running service: equal after rated games, and the
first game named once the service's stored rating is bent."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis

from service.cli.ratings import check, read_exports
from service.store import keys
from tests.harness.ratings import rated_game
from tests.harness.settings import app_settings
from tests.harness.tournaments import create_tournament, play_to_the_end


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


async def test_the_recompute_rates_a_rated_tournaments_tables_from_the_service_and_its_export(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    await rated_game(client, "u-1", "u-2")
    bots = [{"name": "Rita", "bot": "greedy"}, {"name": "Gus", "bot": "random"}]
    created = await create_tournament(client, entrants=bots, rounds=1, rated=True)
    await play_to_the_end(client, created, random.Random(5))
    settings = app_settings(redis_url)
    assert await check(settings, None) == 0
    assert "equal to the last bit: 1 games, 1 tables, 4 ratings" in capsys.readouterr().out
    export = await client.get(f"/v1/tournaments/{created['tournament_id']}/export")
    (tmp_path / "cup.json").write_bytes(export.content)
    game_id = (await client.get("/v1/players/u-1/games")).json()["games"][0]["game_id"]
    game = await client.get(f"/v1/games/{game_id}/export")
    (tmp_path / "game.json").write_bytes(game.content)
    assert await check(settings, read_exports(tmp_path)) == 0
    assert "1 games, 1 tables, 4 ratings" in capsys.readouterr().out
