"""The shared pipelined Redis connection, against the real Redis, on asyncio's loop and uvloop."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
import redis
import uvloop
from redis.exceptions import AuthenticationError, NoScriptError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from service.store.multiplex import Multiplexed, Wire
from service.store.redis_server import RedisServer, free_port

Runner = Callable[[Coroutine[Any, Any, None]], None]
RUNNERS: dict[str, Runner] = {"asyncio": asyncio.run, "uvloop": uvloop.run}


@pytest.fixture(params=sorted(RUNNERS))
def run(request: pytest.FixtureRequest) -> Runner:
    """Run a coroutine to the end on a fresh event loop of each kind the server may use."""
    return RUNNERS[request.param]


def with_connection(
    url: str, test: Callable[[Multiplexed], Awaitable[None]], timeout: float = 2.0
) -> Coroutine[Any, Any, None]:
    async def body() -> None:
        connection = Multiplexed(url, timeout)
        try:
            await test(connection)
        finally:
            await connection.aclose()

    return body()


def test_concurrent_callers_each_get_their_own_replies(redis_url: str, run: Runner) -> None:
    async def test(connection: Multiplexed) -> None:
        async def caller(i: int) -> None:
            assert await connection.execute("SET", f"k{i}", f"v{i}") == b"OK"
            replies = await connection.pipeline([("INCR", f"n{i}"), ("GET", f"k{i}")])
            assert replies == [1, f"v{i}".encode()]

        await asyncio.gather(*(caller(i) for i in range(500)))

    run(with_connection(redis_url, test))


def test_an_error_reply_raises_and_later_replies_stay_matched(redis_url: str, run: Runner) -> None:
    async def test(connection: Multiplexed) -> None:
        await connection.execute("SET", "text", "abc")
        with pytest.raises(ResponseError, match="WRONGTYPE"):
            await connection.pipeline([("GET", "text"), ("LPUSH", "text", "x"), ("GET", "text")])
        with pytest.raises(NoScriptError):
            await connection.execute("EVALSHA", "0" * 40, 0)
        assert await connection.execute("GET", "text") == b"abc"

    run(with_connection(redis_url, test))


def test_a_lost_connection_fails_its_commands_and_the_next_command_reconnects(
    redis_url: str, run: Runner
) -> None:
    admin = redis.Redis.from_url(redis_url)

    async def test(connection: Multiplexed) -> None:
        first = await connection.execute("CLIENT", "ID")
        admin.client_kill_filter(_id=first)
        with pytest.raises(RedisConnectionError):
            for _ in range(100):  # until the loss is noticed
                await connection.execute("PING")
                await asyncio.sleep(0.01)
        assert await connection.execute("PING") == b"PONG"
        assert await connection.execute("CLIENT", "ID") != first

    run(with_connection(redis_url, test))


def test_a_reply_later_than_the_timeout_fails_and_the_connection_recovers(
    redis_url: str, run: Runner
) -> None:
    admin = redis.Redis.from_url(redis_url)

    async def test(connection: Multiplexed) -> None:
        await connection.execute("PING")
        admin.execute_command("CLIENT", "PAUSE", 600, "ALL")
        try:
            with pytest.raises(RedisTimeoutError):
                await connection.execute("SET", "late", "1")
        finally:
            admin.execute_command("CLIENT", "UNPAUSE")
        assert await connection.execute("PING") == b"PONG"

    run(with_connection(redis_url, test, timeout=0.2))


def test_a_command_gets_its_whole_timeout_whenever_it_was_sent(redis_url: str, run: Runner) -> None:
    admin = redis.Redis.from_url(redis_url)

    async def test(connection: Multiplexed) -> None:
        await connection.execute("PING")  # the watchdog wakes at this one's deadline, 1 s on
        await asyncio.sleep(0.7)
        admin.execute_command("CLIENT", "PAUSE", 500, "ALL")
        assert await connection.execute("SET", "slow", "1") == b"OK"  # answered 0.5 s late
        assert await connection.execute("GET", "slow") == b"1"

    run(with_connection(redis_url, test, timeout=1.0))


def test_a_command_sent_on_a_lost_connection_fails_at_once(run: Runner) -> None:
    async def body() -> None:
        wire = Wire(timeout=60)
        wire.connection_lost(None)
        [future] = wire.send([("PING",)])
        assert future.done()
        with pytest.raises(RedisConnectionError):
            future.result()

    run(body())


def test_the_watchdog_fails_what_waits_on_a_closed_connection(run: Runner) -> None:
    async def body() -> None:
        wire = Wire(timeout=60)
        [future] = wire.send([("PING",)])  # never written: no transport
        wire.closed = True
        wire.check()
        with pytest.raises(RedisConnectionError):
            future.result()
        wire.stop_watchdog()

    run(body())


def test_a_reply_nobody_asked_for_drops_the_connection(run: Runner) -> None:
    async def body() -> None:
        wire = Wire(timeout=60)
        wire.data_received(b"-ERR max number of clients reached\r\n")
        assert wire.closed and not wire.usable

    run(body())


def test_a_redis_that_refuses_and_closes_fails_every_command_at_once(run: Runner) -> None:
    async def body() -> None:
        async def refuse(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(b"-ERR max number of clients reached\r\n")
            writer.close()

        server = await asyncio.start_server(refuse, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        connection = Multiplexed(f"redis://127.0.0.1:{port}/0", timeout=0.5)
        try:
            async with asyncio.timeout(5):  # the watchdog must not be the only way out
                for _ in range(3):
                    with pytest.raises((RedisConnectionError, ResponseError)):
                        await connection.execute("PING")
                        await asyncio.sleep(0.05)
                        await connection.execute("PING")
        finally:
            await connection.aclose()
            server.close()

    run(body())


def test_an_unreachable_redis_fails_fast_with_a_connection_error(run: Runner) -> None:
    async def test(connection: Multiplexed) -> None:
        with pytest.raises(RedisConnectionError):
            await connection.execute("PING")

    run(with_connection(f"redis://127.0.0.1:{free_port()}/0", test))


def test_the_url_chooses_the_database(redis_url: str, run: Runner) -> None:
    async def test(connection: Multiplexed) -> None:
        await connection.execute("SET", "in-db-3", "yes")

    run(with_connection(redis_url.rsplit("/", 1)[0] + "/3", test))
    assert redis.Redis.from_url(redis_url.rsplit("/", 1)[0] + "/3").get("in-db-3") == b"yes"
    assert redis.Redis.from_url(redis_url).get("in-db-3") is None


def test_the_url_authenticates_a_user_and_a_wrong_password_is_refused(
    redis_url: str, run: Runner
) -> None:
    admin = redis.Redis.from_url(redis_url)
    admin.acl_setuser(
        "player", enabled=True, passwords=["+s3cret"], keys=["~*"], commands=["+@all"]
    )
    host = redis_url.split("//", 1)[1]
    try:

        async def whoami(connection: Multiplexed) -> None:
            assert await connection.execute("ACL", "WHOAMI") == b"player"

        run(with_connection(f"redis://player:s3cret@{host}", whoami))

        async def refused(connection: Multiplexed) -> None:
            with pytest.raises(AuthenticationError):
                await connection.execute("PING")

        run(with_connection(f"redis://player:wrong@{host}", refused))
    finally:
        admin.acl_deluser("player")


def test_only_plain_redis_urls_are_multiplexed() -> None:
    for url in ("rediss://127.0.0.1:6379/0", "unix:///tmp/redis.sock"):
        with pytest.raises(ValueError, match="redis://"):
            Multiplexed(url, 1.0)


def test_a_full_socket_holds_new_commands_back_until_redis_reads_again(
    tmp_path: Path, run: Runner
) -> None:
    # Redis stopped: 32 MB of writes fill the socket and the transport's buffer, which pauses
    # writing; a command issued then waits (it is not even queued) until Redis reads again.
    async def body(server: RedisServer, pid: int) -> None:
        connection = Multiplexed(server.url, 10.0)
        try:
            await connection.execute("PING")
            os.kill(pid, signal.SIGSTOP)
            try:
                big = b"x" * (1 << 20)
                writes = [connection.execute("SET", f"k{i}", big) for i in range(32)]
                sets = [asyncio.ensure_future(w) for w in writes]
                await asyncio.sleep(0.1)
                wire = connection._wire
                assert wire is not None and not wire.writable.is_set()
                later = asyncio.ensure_future(connection.execute("STRLEN", "k0"))
                await asyncio.sleep(0.1)
                assert (wire.sent, later.done()) == (33, False)
            finally:
                os.kill(pid, signal.SIGCONT)
            assert await later == 1 << 20
            assert [await s for s in sets] == [b"OK"] * 32
        finally:
            await connection.aclose()

    with RedisServer(tmp_path / "redis") as server:
        assert server.process is not None
        run(body(server, server.process.pid))
