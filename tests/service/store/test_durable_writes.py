"""`ESCOPA_WAIT_AOF`: a write is acknowledged only once Redis has fsynced it to its append-only
file (`WAITAOF`); a Redis that cannot say so is refused at start, or answered 503, never 500."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from httpx import Response
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.app import create_app
from service.errors import ServiceError
from service.settings import RedisSettings
from service.store.commitment_store import CommitmentStore
from service.store.redis_gateway import NotDurable, RedisGateway
from service.store.redis_server import RedisServer
from tests.harness.api import Game, assert_problem, create_game, ok
from tests.harness.settings import app_settings

Client = AsyncTestClient  # type: ignore[type-arg]


def private_redis(folder: Path, fsync: str, *extra: str) -> Iterator[RedisServer]:
    """A redis-server of the test's own, with its append-only file fsynced as `fsync` says."""
    with RedisServer(folder, None, fsync, *extra) as server:
        yield server


@pytest.fixture
def always(tmp_path: Path) -> Iterator[RedisServer]:
    """A private Redis that fsyncs every write (`appendfsync always`)."""
    yield from private_redis(tmp_path, "always")


@asynccontextmanager
async def durable_app(url: str, timeout_ms: int = 2000) -> AsyncIterator[Client]:
    """The app over `url` with `ESCOPA_WAIT_AOF=1`."""
    redis = RedisSettings(url=url, wait_aof=True, wait_timeout_ms=timeout_ms)
    async with AsyncTestClient(app=create_app(app_settings(url, redis=redis))) as client:
        yield client


async def first_move(game: Game) -> Response:
    """The first legal move of the seat whose turn it is."""
    turn = (await game.view())["turn"]
    legal = await game.legal(turn)
    return await game.move(turn, move=legal[0]["id"])


async def test_a_move_is_acknowledged_once_redis_has_fsynced_it(always: RedisServer) -> None:
    async with durable_app(always.url) as client:
        game = await create_game(client)
        answer = ok(await first_move(game))
        assert answer["version"] == 2 == await game.version()


async def test_the_service_refuses_to_start_on_a_redis_without_its_append_only_file(
    tmp_path: Path,
) -> None:
    for server in private_redis(tmp_path, "everysec", "--appendonly", "no"):
        with pytest.raises(BaseExceptionGroup) as refused:  # the app's start failed
            async with durable_app(server.url):
                pass  # pragma: no cover
    wanted = "ESCOPA_WAIT_AOF=1 needs Redis 7.2 or later with appendonly yes"
    assert refused.group_contains(NotDurable, match=wanted)


async def test_a_move_after_the_append_only_file_is_turned_off_is_answered_503_not_500(
    always: RedisServer,
) -> None:
    async with durable_app(always.url) as client:
        game = await create_game(client)
        admin = Redis.from_url(always.url)
        try:
            await admin.config_set("appendonly", "no")
            refused = assert_problem(await first_move(game), 503, "store/not_durable")
            # Stored but never acknowledged: a retry with its Idempotency-Key gets its answer.
            assert "Redis refused WAITAOF" in refused["detail"]
            assert await game.version() == 2
        finally:
            await admin.aclose()


async def test_a_write_not_fsynced_in_time_is_not_acknowledged(tmp_path: Path) -> None:
    # `appendfsync no`: Redis leaves the fsync to the system, so WAITAOF never sees it.
    for server in private_redis(tmp_path, "no"):
        client = Redis.from_url(server.url)
        store = RedisGateway(client, wait_timeout_ms=50, wait_aof=True)
        try:
            await store.check_durable()
            with pytest.raises(ServiceError, match="not fsynced to the append-only file") as late:
                await CommitmentStore(store).create("c1", "seed", 60_000)
            assert await client.hget("{c:c1}:commitment", "seed") == b"seed"
        finally:
            await client.aclose()
        assert (late.value.code, late.value.status) == ("store/not_durable", 503)
        assert late.value.headers == {"Retry-After": "1"}
