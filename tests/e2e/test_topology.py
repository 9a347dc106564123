"""The documented scale-out topology, as real processes: `escopa serve` with its bot worker and
clock sweeper off, one `escopa bots` (which plays the bots' turns and applies timeouts), a
SQLite archive, and finished games dropped from Redis two seconds after they are archived.
A match that ends on a bot's move, or on a timeout the bots process applies, is archived all
the same: every finished game still answers its export once Redis has let it go."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx

from service.store.archive.opening import sqlite_url
from tests.harness.api import ok
from tests.harness.bots import bot, seat_bots
from tests.harness.processes import bot_worker, serve_processes

GAMES = 10
SHARED = {"ESCOPA_FINISHED_TTL": "2", "ESCOPA_FIRST_MOVE_TIMEOUT": "2"}
API_ONLY = {"ESCOPA_BOTS": "0", "ESCOPA_CLOCK_SWEEP": "0"}


async def exported_after(client: httpx.AsyncClient, game_ids: list[str], wait: float) -> int:
    """How many of the games answer their export `wait` seconds on (Redis has let them go)."""
    await asyncio.sleep(wait)
    answered = 0
    for game_id in game_ids:
        found = await client.get(f"/v1/games/{game_id}/export")
        answered += found.status_code == 200
    return answered


async def test_every_game_the_bots_process_ends_is_archived_and_exported(
    redis_url: str, tmp_path: Path
) -> None:
    env = {**SHARED, "ESCOPA_ARCHIVE_URL": sqlite_url(tmp_path / "archive.sqlite3")}
    with (
        serve_processes(redis_url, tmp_path, 1, **env, **API_ONLY) as [served],
        bot_worker(redis_url, tmp_path / "bots.log", **env),
    ):
        async with httpx.AsyncClient(base_url=served.base, timeout=30) as client:
            rng = random.Random(54)
            played = []
            for number in range(GAMES):
                players = ["Ana", bot("Rita", "greedy")]
                table = await seat_bots(client, players, seed=f"topology-{number}", target=1)
                final = await table.play_out(rng)
                assert final["status"] == "finished"
                played.append(table.game.id)
            timed_out = await abandoned_game(client)
            kept = await exported_after(client, [*played, timed_out], 20)
    assert kept == GAMES + 1, f"{GAMES + 1 - kept} finished games were lost"


async def abandoned_game(client: httpx.AsyncClient) -> str:
    """A clocked game whose person never moves: the bots process's sweeper aborts it."""
    clock = {"turn_seconds": 1, "bank_seconds": 0, "on_timeout": "bot"}
    body = {"players": ["Ana", bot("Rita", "greedy")], "rules": {"clock": clock}}
    created = ok(await client.post("/v1/games", json=body), 201)
    game_id = str(created["game_id"])
    for _ in range(300):
        view = ok(await client.get(f"/v1/games/{game_id}"))
        if view["status"] == "finished":
            return game_id
        await asyncio.sleep(0.5)
    raise AssertionError("the bots process never applied the first move's timeout")
