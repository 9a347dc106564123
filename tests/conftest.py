"""Shared fixtures: one real redis-server for the whole session, flushed before each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from service.store.redis_server import RedisServer


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
