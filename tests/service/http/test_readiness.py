"""Readiness tells the truth: `/readyz` answers 503 while Redis is down, and 200 naming the
archive `degraded` while the archive's PostgreSQL is down (the process stays in rotation), in
its body and in the metrics; a dependency that stays down is logged once when it goes and
once when it comes back (no call failed for a moment), however many calls fail meanwhile."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.store.health import QUIET
from service.store.redis_server import RedisServer
from tests.harness.archives import archived_settings
from tests.harness.postgres import postgres, server_folder
from tests.harness.settings import app_settings

PROBES = 5
DRIVER_RETRIES = 3.5
"""Seconds in which a pool that keeps a floor of connections would try to reconnect twice."""


def dependency_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "escopa.dependencies"]


def gauge(text: str, dependency: str) -> float:
    """The value of `escopa_dependency_up` for `dependency` in a scrape."""
    for line in text.splitlines():
        if line.startswith(f'escopa_dependency_up{{dependency="{dependency}"}}'):
            return float(line.split()[-1])
    raise AssertionError(f"no escopa_dependency_up for {dependency}")


async def test_an_archive_that_is_down_is_degraded_not_unready_and_logged_once_each_way(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="escopa.dependencies")
    with postgres(server_folder()) as server:
        app = create_app(archived_settings(redis_url, server.url))
        async with AsyncTestClient(app=app) as client:
            ready = await client.get("/readyz")
            assert (ready.status_code, ready.json()) == (200, {"status": "ok", "archive": "ok"})

            server.stop()
            for _ in range(PROBES):
                down = await client.get("/readyz")
                assert down.status_code == 200
                assert down.json() == {"status": "ok", "archive": "degraded"}
            archived = await client.get("/v1/games/0123456789abcdef01234567/export")
            assert archived.status_code == 503
            assert archived.json()["code"] == "archive/unavailable"
            assert gauge((await client.get("/metrics")).text, "archive") == 0
            assert gauge((await client.get("/metrics")).text, "redis") == 1

            server.start()
            await asyncio.sleep(QUIET)  # back once no call has failed for a moment
            back = await client.get("/readyz")
            assert back.json() == {"status": "ok", "archive": "ok"}
            assert gauge((await client.get("/metrics")).text, "archive") == 1
    went, came = dependency_lines(caplog)
    assert went.startswith("the archive is unreachable")
    assert came == "the archive answers again"


async def test_readiness_fails_while_redis_is_down_and_is_logged_once_each_way(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="escopa.dependencies")
    with RedisServer(tmp_path / "redis") as redis:
        app = create_app(app_settings(redis.url))
        async with AsyncTestClient(app=app) as client:
            assert (await client.get("/readyz")).json() == {"status": "ok"}
            redis.stop()
            for _ in range(PROBES):
                down = await client.get("/readyz")
                assert down.status_code == 503 and down.json() == {"status": "unavailable"}
                assert down.headers["retry-after"] == "1"
            assert gauge((await client.get("/metrics")).text, "redis") == 0
            redis.start()
            await asyncio.sleep(QUIET)
            assert (await client.get("/readyz")).status_code == 200
    went, came = dependency_lines(caplog)
    assert went.startswith("redis is unreachable")
    assert came == "redis answers again"


async def test_an_archive_that_stays_down_leaves_no_traceback_of_its_drivers_in_the_log(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with postgres(server_folder()) as server:
        app = create_app(archived_settings(redis_url, server.url))
        async with AsyncTestClient(app=app) as client:
            assert (await client.get("/readyz")).json()["archive"] == "ok"
            server.stop()
            for _ in range(PROBES):
                assert (await client.get("/readyz")).json()["archive"] == "degraded"
                await asyncio.sleep(DRIVER_RETRIES / PROBES)
            server.start()
            await asyncio.sleep(QUIET)
            assert (await client.get("/readyz")).json()["archive"] == "ok"
    tracebacks = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.exc_info]
    assert tracebacks == []
    assert len(dependency_lines(caplog)) == 2
