"""Bot seats across real processes: two `escopa serve` processes share the bots' turns, and a
bot worker killed between taking a turn and playing it loses no turn."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import httpx
import redis

from service.store import redis_keys
from tests.harness.api import assert_chain, replay
from tests.harness.bots import Table, bot, seat_bots
from tests.harness.processes import bot_worker, serve_processes

LEASE_MS = 2000
"""The doomed worker's lease on a turn it took: the rescuer takes the turn once it ends."""


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


async def frozen_holding_a_turn(client: redis.Redis, http: httpx.AsyncClient, pid: int) -> Table:
    """A new game whose bot turn the worker of `pid` has claimed (its index entry moved a lease
    ahead), frozen (SIGSTOP) before it could play it."""
    for _ in range(10):
        table = await seat_bots(http, ["Ana", bot("Rita", "expert")], first_dealer=0, target=1)
        index = redis_keys.bot_turns(redis_keys.shard(table.game.id))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            score = client.zscore(index, table.game.id)
            if score is not None and score > time.time() * 1000 + LEASE_MS / 2:
                os.kill(pid, signal.SIGSTOP)
                break
            time.sleep(0.001)
        if (await table.game.view(0))["version"] == 1:
            return table
        os.kill(pid, signal.SIGCONT)  # it played before it froze: again, with a new game
    raise AssertionError("the frozen worker never held a turn unplayed")


async def test_a_bot_worker_killed_before_it_plays_a_turn_it_took_loses_no_turn(
    redis_url: str, tmp_path: Path
) -> None:
    """The worker is frozen (SIGSTOP) once it has claimed a turn, so the turn stays taken and
    unplayed, then killed: another worker must take the turn when the lease ends and play on."""
    client = redis.Redis.from_url(redis_url)
    doomed_log, rescuer_log = tmp_path / "doomed.log", tmp_path / "rescuer.log"
    with serve_processes(redis_url, tmp_path, 1, ESCOPA_BOTS="0") as [served]:
        async with httpx.AsyncClient(base_url=served.base) as http:
            lease = str(LEASE_MS / 1000)
            with bot_worker(redis_url, doomed_log, ESCOPA_BOT_CLAIM_IDLE=lease) as doomed:
                table = await frozen_holding_a_turn(client, http, doomed.process.pid)
                assert (await table.game.view(0))["version"] == 1, "the turn is taken, not played"
                doomed.kill()
            with bot_worker(redis_url, rescuer_log, ESCOPA_BOT_CLAIM_IDLE="0.5"):
                final = await table.play_out(random.Random(6))
                entries = await table.game.log()
    client.close()
    assert final["status"] == "finished"
    assert entries[1]["seat"] == 1 and entries[1]["type"] == "move", "the turn was played"
    assert_chain(entries)
    replay(entries)
