"""Redis killed with SIGKILL in the middle of a stream of moves, then restarted from its
append-only file on the same port: no acknowledged move is lost, every game audits clean.

Redis runs with `appendfsync always`, which writes and fsyncs the AOF before any reply leaves
(docs/operations.md says what `everysec` promises instead).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from service.settings import RedisSettings
from service.store.redis_server import RedisServer
from tests.harness.api import create_game, serve_apps
from tests.harness.faults import (
    HANG,
    Player,
    assert_acknowledged_and_audited,
    ready,
    restart,
    wait_until,
)
from tests.harness.settings import app_settings

GAMES = 8
ACKED_BEFORE_CRASH = 60


async def test_every_acknowledged_move_survives_a_redis_crash(tmp_path: Path) -> None:
    redis = RedisServer(tmp_path / "redis", fsync="always").start()
    try:
        settings = app_settings(redis.url, redis=RedisSettings(url=redis.url, timeout=0.5))
        async with asyncio.timeout(HANG), serve_apps(redis.url, 2, settings=settings) as apis:
            games = [
                await create_game(apis[i % 2], players=2, seed=f"crash-{i}", target=3)
                for i in range(GAMES)
            ]
            players = [Player(game, apis, random.Random(i)) for i, game in enumerate(games)]
            playing = [asyncio.create_task(player.play()) for player in players]

            await wait_until(lambda: sum(len(p.acks) for p in players) >= ACKED_BEFORE_CRASH)
            redis.stop(kill=True)  # SIGKILL, moves in flight
            before_crash = [ack for player in players for ack in player.acks]
            await asyncio.sleep(0.3)  # requests meanwhile: 503, retried by the players
            assert await ready(apis[0]) == 503

            redis = restart(redis)
            await wait_until(lambda: all(task.done() for task in playing))
            for task in playing:
                task.result()

            assert len(before_crash) >= ACKED_BEFORE_CRASH
            assert sum(p.outages for p in players) > 0, "no request met the outage"
            for player in players:
                await assert_acknowledged_and_audited(apis[0], player.game, player.acks)
            acked = {(ack.game_id, ack.version) for ack in before_crash}
            assert len(acked) == len(before_crash), "a move was acknowledged twice"
    finally:
        redis.stop()
