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

from service.store import keys
from service.store.scripts import BOT_GROUP
from tests.harness.api import assert_chain, replay
from tests.harness.bots import Table, bot, seat_bots
from tests.harness.processes import bot_worker, serve_processes


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


def consumes(client: redis.Redis, pid: int) -> bool:
    """Whether the bot worker of process `pid` has joined the queue's group."""
    try:
        consumers = client.xinfo_consumers(keys.bot_turns(), BOT_GROUP)
    except redis.ResponseError:
        return False
    return any(f"-{pid}-" in c["name"].decode() for c in consumers)


def taken_by(client: redis.Redis, pid: int) -> int:
    """Turns the bot worker of process `pid` has taken and not finished."""
    try:
        summary = client.xpending(keys.bot_turns(), BOT_GROUP)
    except redis.ResponseError:  # the worker has not joined the group yet
        return 0
    consumers = summary.get("consumers") or []
    return sum(int(c["pending"]) for c in consumers if f"-{pid}-" in str(c["name"].decode()))


async def frozen_holding_a_turn(client: redis.Redis, http: httpx.AsyncClient, pid: int) -> Table:
    """A new game whose bot turn the worker of `pid` has taken, frozen (SIGSTOP) before it could
    play it: Redis hands a queued turn to a read the worker left waiting."""
    deadline = time.monotonic() + 30
    while not consumes(client, pid):
        assert time.monotonic() < deadline, "the worker did not join the queue"
        time.sleep(0.05)
    for _ in range(10):
        time.sleep(0.2)
        os.kill(pid, signal.SIGSTOP)
        table = await seat_bots(http, ["Ana", bot("Rita", "expert")], first_dealer=0, target=1)
        time.sleep(0.3)
        if taken_by(client, pid) == 1:
            return table
        os.kill(pid, signal.SIGCONT)  # its read had timed out: it plays that game; again
    raise AssertionError("the frozen worker was never handed a turn")


async def test_a_bot_worker_killed_before_it_plays_a_turn_it_took_loses_no_turn(
    redis_url: str, tmp_path: Path
) -> None:
    """The worker is frozen (SIGSTOP) while it waits on the queue, so the turn Redis hands it
    stays taken and unplayed, then killed: another worker must claim the turn and play on."""
    client = redis.Redis.from_url(redis_url)
    doomed_log, rescuer_log = tmp_path / "doomed.log", tmp_path / "rescuer.log"
    with serve_processes(redis_url, tmp_path, 1, ESCOPA_BOTS="0") as [served]:
        async with httpx.AsyncClient(base_url=served.base) as http:
            # a first game queues a turn, so the queue exists for the worker to join (it plays it)
            first = await seat_bots(http, ["Ana", bot("Rita", "greedy")], first_dealer=0)
            with bot_worker(redis_url, doomed_log) as doomed:
                await first.wait_past(1)
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
