"""Writes go once with their WAIT: a broken exchange is an unknown outcome, never an answer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
import uvloop
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from service.errors import ServiceError
from service.settings import RedisSettings
from service.store import scripts
from service.store.commitment_store import CommitmentStore
from service.store.connections import connect
from service.store.games_repository import GamesRepository
from service.store.redis_gateway import RedisGateway
from service.store.redis_server import free_port
from service.store.tail import LogTail
from service.store.writes import Borrowing, OutcomeUnknown, Writes, reaching_redis
from tests.harness.faults import kill_when_waiting

Runner = Callable[[Coroutine[Any, Any, None]], None]
RUNNERS: dict[str, Runner] = {"asyncio": asyncio.run, "uvloop": uvloop.run}


@pytest.fixture(params=sorted(RUNNERS))
def run(request: pytest.FixtureRequest) -> Runner:
    """Run a coroutine to the end on a fresh event loop of each kind the server may use."""
    return RUNNERS[request.param]


def test_a_write_whose_connection_breaks_while_its_wait_waits_is_not_acknowledged(
    redis_url: str, run: Runner
) -> None:
    async def body() -> None:
        client = Redis.from_url(redis_url)
        store = RedisGateway(client, wait_replicas=1, wait_timeout_ms=5000)
        try:
            await client.script_load(scripts.CREATE_COMMITMENT.source)  # so the script runs at once
            write = asyncio.ensure_future(CommitmentStore(store).create("c1", "seed", 60_000))
            await kill_when_waiting(redis_url)
            with pytest.raises(ServiceError) as refused:
                await write
            # The write did happen: only its confirmation was lost, so it is not "unavailable".
            assert await client.hget("{c:c1}:commitment", "seed") == b"seed"
        finally:
            await client.aclose()
        assert refused.value.code == "store/not_replicated"
        assert refused.value.status == 503
        assert refused.value.headers == {"Retry-After": "1"}
        assert "broke before the write was confirmed" in refused.value.detail

    run(body())


def test_a_write_that_no_replica_confirms_in_time_is_not_acknowledged(redis_url: str) -> None:
    async def body() -> None:
        client = Redis.from_url(redis_url)
        store = RedisGateway(client, wait_replicas=1, wait_timeout_ms=50)
        try:
            with pytest.raises(ServiceError, match="reached 0 of 1 replicas") as refused:
                await CommitmentStore(store).create("c2", "seed", 60_000)
        finally:
            await client.aclose()
        assert refused.value.code == "store/not_replicated"

    asyncio.run(body())


def test_a_write_that_cannot_be_sent_is_unavailable_not_unknown() -> None:
    async def body() -> None:
        client = Redis(port=free_port(), socket_connect_timeout=1, socket_timeout=1)
        try:
            with pytest.raises(RedisConnectionError) as failed:
                await Writes(client, 1.0, Borrowing(1, 1.0)).send("k", [("SET", "k", "v")], 0.0)
        finally:
            await client.aclose()
        assert not isinstance(failed.value, OutcomeUnknown)

    asyncio.run(body())


def test_a_looked_up_first_answer_is_refreshed_so_the_wait_after_it_covers_its_write(
    redis_url: str,
) -> None:
    async def body() -> None:
        client = Redis.from_url(redis_url)
        store = GamesRepository(RedisGateway(client))
        try:
            await client.set("{g:x}:idem:0:k", b"first", px=1_000)
            answer = await store.answer("{g:x}:idem:0:k", 60_000)
            ttl = await client.pttl("{g:x}:idem:0:k")
            nothing = await store.answer("{g:x}:idem:0:other", 60_000)
        finally:
            await client.aclose()
        assert answer == b"first"
        assert ttl > 1_000
        assert nothing is None

    asyncio.run(body())


def test_a_socket_that_uvloop_closed_under_redis_py_is_a_lost_connection(redis_url: str) -> None:
    # Whichever notices the close first (uvloop's RuntimeError on the write, or redis-py's own
    # check of the socket), the call fails with redis-py's ConnectionError: the service's 503.
    async def body() -> None:
        client = Redis.from_url(redis_url)
        tail = LogTail(client, "absent", block=1.0, timeout=1.0, start=None)
        try:
            assert await tail.exists() is False
            writer = tail._connection._writer
            assert writer is not None
            writer.transport.abort()
            with pytest.raises(RedisConnectionError):
                await tail.exists()
        finally:
            await tail.close()
            await client.aclose()

    uvloop.run(body())


def test_uvloops_runtime_error_on_a_closed_transport_becomes_a_lost_connection() -> None:
    closed = RuntimeError("unable to perform operation on <TCPTransport closed=True>")
    with pytest.raises(RedisConnectionError, match="RuntimeError") as failed, reaching_redis():
        raise closed
    assert failed.value.__cause__ is closed


def test_a_burst_of_calls_beyond_the_pools_cap_waits_its_turn_instead_of_failing(
    redis_url: str,
) -> None:
    settings = RedisSettings(url=redis_url, multiplex=False, connections=4)

    async def body() -> None:
        client = connect(settings)
        store = RedisGateway(client, connections=settings.connections)
        try:
            await store.pipeline([("SET", "burst", "x")])
            burst = [store.pipeline([("GET", "burst")]) for _ in range(300)]
            writes = [
                store.writes.send("burst", [("INCR", "burst:n"), ("WAIT", 0, 10)], 1)
                for _ in range(100)
            ]
            read = await asyncio.gather(*burst)
            await asyncio.gather(*writes)
            assert read == [[b"x"]] * 300
            assert await store.pipeline([("GET", "burst:n")]) == [b"100"]
            listed = await client.client_list()  # type: ignore[no-untyped-call]
            assert len(listed) <= 2 * settings.connections  # never more than the pool's cap
        finally:
            await client.aclose()

    asyncio.run(body())
