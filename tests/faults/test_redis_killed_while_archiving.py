"""Redis killed while a game is being archived (after the archive has its copy, before Redis
is told it may drop the game): nothing is lost, and once Redis is back from its append-only
file the next worker archives the game once and lets it go."""

from __future__ import annotations

from pathlib import Path

import pytest
from redis.exceptions import RedisError

from service.errors import ServiceError
from service.ops.workers.archiver import Archiver
from service.store.archive.opening import sqlite_url
from service.store.archive.record import ArchivedGame
from service.store.redis_server import RedisServer
from tests.harness.archiving import (
    archive_app,
    archiving,
    gone_from_redis,
    keys_held,
    reads,
    resigned_game,
)
from tests.harness.faults import restart


async def test_redis_killed_while_archiving_loses_nothing_and_the_game_is_archived_once(
    tmp_path: Path,
) -> None:
    archive_url = sqlite_url(tmp_path / "archive.sqlite3")
    server = RedisServer(tmp_path / "redis", None, "always").start()
    url = server.url
    try:
        async with archive_app(url, archive_url) as client:
            game = await resigned_game(client)
            before = await reads(client, game)
        async with archiving(url, archive_url, finished=1) as work:
            put = work.archive.put

            async def put_then_kill(archived: ArchivedGame) -> bool:
                done = await put(archived)
                server.stop(kill=True)
                return done

            work.archive.put = put_then_kill  # type: ignore[method-assign]
            with pytest.raises((ServiceError, RedisError)):
                await Archiver(work).sweep()
        server = restart(server)
        assert await keys_held(url, game.id)  # nothing dropped
        async with archiving(url, archive_url, finished=1) as work:
            worker = Archiver(work)
            assert await worker.sweep() == 0  # the claim of the worker that failed holds
            seen = await work.journal.finished.when(game.id)
            assert seen is not None
            await work.journal.finished.reschedule(game.id, seen, 0)  # its lease ran out
            assert await worker.sweep() == 1
            assert await work.archive.count() == 1
        await gone_from_redis(url, game.id)
        async with archive_app(url, archive_url) as client:
            assert await reads(client, game) == before
    finally:
        server.stop()
