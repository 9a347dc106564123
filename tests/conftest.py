"""Shared fixtures: one real redis-server for the whole session, flushed before each test."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
import redis
from hypothesis import settings

from service.store.redis_server import RedisServer
from tests.harness.processes import SERVER_LOGS, Served

# Properties assert what holds, never how fast: hypothesis's default deadline (200 ms an
# example) failed examples of a loaded run on a shared machine.
settings.register_profile("escopa", deadline=None)
settings.load_profile("escopa")

LOG_TAIL = 40
pytest_plugins = ("tests.harness.node_ids", "tests.harness.scratch", "tests.harness.tiers")


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A real redis-server on a free loopback port, with its own data folder."""
    server = RedisServer(Path(tmp_path_factory.mktemp("redis")))
    with server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The URL of the session's Redis, emptied before the test."""
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server for the session (started on first use): its URL."""
    from tests.harness.postgres import postgres_server, server_folder

    with postgres_server(server_folder()) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
async def archive_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty archive of each kind: the embedded SQLite one, and PostgreSQL (a
    test that wants one kind only defines its own `archive_url`)."""
    from tests.harness.archives import empty_archive_url

    kind = str(request.param)
    postgres = request.getfixturevalue("postgres_url") if kind == "postgres" else None
    return await empty_archive_url(kind, tmp_path, postgres)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test's report ends with the last lines of each server process it used: a hang
    or a stray 500 is read from the run's own output."""
    report = yield
    if report.failed:
        funcargs = getattr(item, "funcargs", {})
        for name, value in funcargs.items():
            for served in value if isinstance(value, list) else [value]:
                if isinstance(served, Served) and served.log.exists():
                    tail = "\n".join(served.log_lines()[-LOG_TAIL:])
                    report.sections.append((f"{name}: {served.base}'s last log lines", tail))
        for log in item.stash.get(SERVER_LOGS, []):
            if log.exists():
                tail = "\n".join(log.read_text().splitlines()[-LOG_TAIL:])
                report.sections.append((f"{log.parent.name}: escopa serve's last log lines", tail))
    return report
