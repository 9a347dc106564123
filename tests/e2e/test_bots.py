"""Bot seats across real processes: two `escopa serve` processes share the bots' turns, and a
bot worker killed in the middle of a thought loses no turn."""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx
import redis

from service.store import keys
from service.store.scripts import BOT_GROUP
from tests.harness.api import assert_chain, replay
from tests.harness.bots import bot, seat_bots
from tests.harness.processes import serve_processes, start_bots, stop


async def test_a_game_with_bots_plays_to_the_end_across_two_serve_processes(
    redis_url: str, tmp_path: Path
) -> None:
    players = ["Ana", bot("Rita", "expert"), "Bia", bot("Gil", "greedy")]
    with serve_processes(redis_url, tmp_path, 2) as served:
        clients = [httpx.AsyncClient(base_url=s.base) for s in served]
        table = await seat_bots(clients[0], players, seed="two-processes", target=1)
        rng = random.Random(5)
        steps = 0
        while await table.step(rng):
            steps += 1
            table.game = table.game.on(clients[steps % 2])  # the people alternate processes
        entries = await table.game.log()
        for client in clients:
            await client.aclose()
    assert_chain(entries)
    replay(entries)
    assert {e["seat"] for e in entries if e["type"] == "move"} == {0, 1, 2, 3}


def taken_by(client: redis.Redis, pid: int) -> int:
    """Turns the bot worker of process `pid` has taken and not finished."""
    summary = client.xpending(keys.bot_turns(), BOT_GROUP)
    consumers = summary.get("consumers") or []
    return sum(int(c["pending"]) for c in consumers if f"-{pid}-" in str(c["name"].decode()))


async def test_a_bot_worker_killed_mid_thought_loses_no_turn(
    redis_url: str, tmp_path: Path
) -> None:
    client = redis.Redis.from_url(redis_url)
    with serve_processes(redis_url, tmp_path, 1, ESCOPA_BOTS="0") as [served]:
        slow = start_bots(
            redis_url, tmp_path / "slow.log", ESCOPA_BOT_BUDGET="50000000", ESCOPA_BOT_PROCESSES="0"
        )
        http = httpx.AsyncClient(base_url=served.base)
        table = await seat_bots(http, ["Ana", bot("Rita", "expert")], first_dealer=0, target=1)
        deadline = time.monotonic() + 30
        while taken_by(client, slow.process.pid) == 0:
            assert time.monotonic() < deadline, slow.log.read_text()
            time.sleep(0.05)
        time.sleep(0.5)
        assert (await table.game.view(0))["version"] == 1, "the slow worker is still thinking"
        slow.kill()
        rescuer = start_bots(redis_url, tmp_path / "rescuer.log", ESCOPA_BOT_CLAIM_IDLE="0.5")
        try:
            final = await table.play_out(random.Random(6))
            entries = await table.game.log()
        finally:
            stop(rescuer)
            await http.aclose()
    client.close()
    assert final["status"] == "finished"
    assert entries[1]["seat"] == 1 and entries[1]["type"] == "move", "the turn was played"
    assert_chain(entries)
    replay(entries)
