"""The private redis-server of `escopa serve` is supervised: killed mid-play, it is restarted from
its append-only file, the service comes back by itself, and no acknowledged move is lost."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
from pathlib import Path

import httpx

from service.store.redis_server import free_port
from tests.e2e.conftest import start_serve
from tests.harness.api import create_game
from tests.harness.faults import Player, assert_acknowledged_and_audited, wait_until
from tests.harness.processes import wait_ready

GAMES = 4
ACKED_BEFORE_KILL = 30


def children(pid: int) -> list[int]:
    """The redis-server processes `pid` started (its bots' worker processes are not counted)."""
    found = subprocess.run(
        ["pgrep", "-P", str(pid), "-f", "redis-server"], capture_output=True, text=True, check=False
    )
    return [int(child) for child in found.stdout.split()]


async def test_a_killed_private_redis_is_restarted_and_keeps_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    port, log = free_port(), tmp_path / "serve.log"
    process = start_serve(port, tmp_path / "data", "--fsync", "always", log=log)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, process)
        [redis_pid] = children(process.pid)
        async with asyncio.timeout(120), httpx.AsyncClient(base_url=base, timeout=10) as api:
            games = [
                await create_game(api, players=2, seed=f"kill-{i}", target=3) for i in range(GAMES)
            ]
            players = [Player(game, [api], random.Random(i)) for i, game in enumerate(games)]
            playing = [asyncio.create_task(player.play()) for player in players]
            await wait_until(lambda: sum(len(p.acks) for p in players) >= ACKED_BEFORE_KILL, 30)

            os.kill(redis_pid, signal.SIGKILL)  # moves in flight

            await wait_until(lambda: all(task.done() for task in playing), timeout=90)
            for task in playing:
                task.result()
            assert sum(p.outages for p in players) > 0, "no request met the outage"
            for player in players:
                await assert_acknowledged_and_audited(api, player.game, player.acks)
        [again] = children(process.pid)
        assert again != redis_pid
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    text = log.read_text()
    assert "the private redis-server exited" in text
    assert "restarted the private redis-server" in text
