"""`escopa ratings --recompute` against a running service: equal after rated games, and the
first game named once the service's stored rating is bent."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis

from service.cli.ratings import check, clear_flag, flags, read_exports
from service.ledger.recompute import recompute
from service.store import redis_keys
from tests.harness.audits import escopa
from tests.harness.ratings import named, rated_game, secret_of
from tests.harness.seats import bearer
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEY
from tests.harness.tournaments import create_tournament, play_to_the_end, table_left_at_once


async def test_the_recompute_equals_the_service_then_names_a_bent_rating(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for a, b in [("u-1", "u-2"), ("u-2", "u-3"), ("u-3", "u-1")]:
        await rated_game(client, a, b)
    settings = app_settings(redis_url)
    assert await check(settings, None) == 0
    assert "equal to the last bit: 3 games, 3 ratings" in capsys.readouterr().out
    redis = Redis.from_url(redis_url)
    bent = await redis.hget(redis_keys.player("-", "u-2"), "escopa-2p")
    await redis.hset(redis_keys.player("-", "u-2"), "escopa-2p", bytes(bent or b"")[:-1] + b"\x00")
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


async def test_a_rated_tournaments_v3_lines_recompute_the_same_ratings_as_its_v2_export(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    people = [await named(client, "Ana", "u-1"), await named(client, "Bia", "u-2")]
    bots = [{"name": "Rita", "bot": "greedy"}, {"name": "Gus", "bot": "random"}]
    created = await create_tournament(
        client, entrants=people + bots, rounds=2, boards=2, rated=True
    )
    await play_to_the_end(client, created, random.Random(7))
    url = f"/v1/tournaments/{created['tournament_id']}/export"
    (tmp_path / "v2").mkdir()
    (tmp_path / "v3").mkdir()
    (tmp_path / "v2" / "cup.json").write_bytes((await client.get(url)).content)
    (tmp_path / "v3" / "cup.jsonl").write_bytes((await client.get(f"{url}/lines")).content)
    settings = app_settings(redis_url)

    from_v2, from_v3 = read_exports(tmp_path / "v2"), read_exports(tmp_path / "v3")

    tables = sorted(settled for settled in from_v2 if "." in settled)
    assert sorted(from_v3) == tables and len(tables) == 4, "two tables a round"
    again = [recompute([given[settled] for settled in tables]) for given in (from_v2, from_v3)]
    assert again[0].failed is None and again[1].failed is None
    assert (again[1].ratings, again[1].after) == (again[0].ratings, again[0].after)
    assert await check(settings, from_v3) == 0
    assert "0 games, 4 tables, 4 ratings" in capsys.readouterr().out


async def test_the_recompute_reproduces_the_watch_its_flags_and_a_cleared_flag_from_exports(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    settings = app_settings(redis_url)
    for n in range(settings.ratings.watch_sandbag):  # u-sand resigns at once, three times
        await rated_game(client, f"u-{n}", "u-sand", moves=0)
    seats = [await named(client, "Ana", "u-0"), await named(client, "Bia", "u-1")]
    aborted = (await client.post("/v1/games", json={"players": seats, "rated": True})).json()
    token = aborted["players"][0]["token"]
    await client.post(f"/v1/games/{aborted['game_id']}/abort", headers=bearer(token))
    assert await flags(settings) == 0
    said = capsys.readouterr().out
    assert "- escopa-2p u-sand: sandbag, 3 of its last 20 matches" in said and "1 flagged" in said
    assert await check(settings, None) == 0
    assert "4 games, 4 ratings, 4 watches (1 flagged)" in capsys.readouterr().out
    assert await clear_flag(settings, "u-sand", None) == 0
    assert "flag cleared on - escopa-2p" in capsys.readouterr().out
    board = (await client.get("/v1/leaderboards/escopa-2p")).json()["entries"]
    assert "u-sand" in [entry["player_id"] for entry in board]
    await rated_game(client, "u-3", "u-sand", moves=0)  # one more: the window began again
    assert (await client.get("/v1/players/u-sand")).json()["ratings"]["escopa-2p"][
        "flagged"
    ] is None
    assert await check(settings, None) == 0
    assert "5 games, 5 ratings, 5 watches (0 flagged)" in capsys.readouterr().out
    for settled in await settle_order(redis_url):
        if not settled.startswith("cleared."):
            export = await client.get(f"/v1/games/{settled}/export")
            (tmp_path / f"{settled}.json").write_bytes(export.content)
    assert await check(settings, read_exports(tmp_path)) == 0
    assert await clear_flag(settings, "u-sand", None) == 1
    redis = Redis.from_url(redis_url)
    await redis.hdel(redis_keys.player("-", "u-1"), "w:escopa-2p")
    await redis.aclose()
    capsys.readouterr()
    assert await check(settings, None) == 1
    said = capsys.readouterr().out
    assert "u-1" in said and "watch" in said


async def test_the_recompute_reproduces_a_flag_raised_by_rated_tables_resigned_at_once(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    settings = app_settings(redis_url)
    sandbag = settings.ratings.watch_sandbag
    for n in range(sandbag):  # u-sand resigns its table at once, in each tournament
        final = await table_left_at_once(client, "u-sand", f"u-{n}")
        export = await client.get(f"/v1/tournaments/{final['tournament_id']}/export")
        (tmp_path / f"cup-{n}.json").write_bytes(export.content)
    assert await check(settings, None) == 0
    players = sandbag + 1
    counted = f"0 games, {sandbag} tables, {players} ratings, {players} watches"
    assert f"{counted} (1 flagged)" in capsys.readouterr().out
    assert await check(settings, read_exports(tmp_path)) == 0
    assert f"{counted} (1 flagged)" in capsys.readouterr().out
    assert await flags(settings) == 0
    assert "- escopa-2p u-sand: sandbag, 3 of its last 20 matches" in capsys.readouterr().out


async def settle_order(redis_url: str) -> list[str]:
    redis = Redis.from_url(redis_url)
    order = await redis.zrange(redis_keys.settle_order("-"), 0, -1)
    await redis.aclose()
    return [bytes(g).decode() for g in order]


async def test_the_operator_commands_run_as_processes_on_the_services_redis(
    client: Any, redis_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ESCOPA_SIGNING_KEY", SIGNING_KEY)
    ratings = ("ratings", "--redis-url", redis_url, "--data-dir", str(tmp_path))
    lost = await secret_of(client, "u-1")
    renewed = await asyncio.to_thread(escopa, *ratings, "--player-secret", "u-1")
    assert renewed.returncode == 0, renewed.stderr
    secret = renewed.stdout.split("secret ", 1)[1].split()[0]
    assert secret.startswith("ps_") and secret != lost
    other = await named(client, "Bia", "u-2")
    for given, status in ((lost, 403), (secret, 201)):
        seat = {"name": "Ana", "player_id": "u-1", "player_secret": given}
        answer = await client.post("/v1/games", json={"players": [seat, other]})
        assert answer.status_code == status, answer.text
    for n in range(app_settings(redis_url).ratings.watch_sandbag):
        await rated_game(client, f"u-{n + 3}", "u-sand", moves=0)
    listed = await asyncio.to_thread(escopa, *ratings, "--flags")
    assert listed.returncode == 0 and "u-sand: sandbag" in listed.stdout, listed.stderr
    cleared = await asyncio.to_thread(escopa, *ratings, "--clear-flag", "u-sand")
    assert "flag cleared on - escopa-2p" in cleared.stdout, cleared.stderr
    again = await asyncio.to_thread(escopa, *ratings, "--clear-flag", "u-sand")
    assert again.returncode == 1
    assert again.stderr == "escopa ratings: player u-sand has no flag to clear\n"
