"""One connection that carries every hot command of a process, pipelined (auto-pipelining).

redis-py's asyncio pool checks a connection out for each command and wraps it in retries and
timeouts; at thousands of moves a second that bookkeeping costs more than Redis itself. Here each
command is written as soon as it is issued and replies are matched in order, so concurrent
requests share one socket and one read per batch. Only quick, non-blocking commands belong here:
a blocking one (`WAIT`, `XREAD BLOCK`) would hold up every command queued behind it.

Limits: one Redis over plain TCP (`redis://`: no TLS, no unix socket; a cluster's nodes each get
one, routed by `service/store/cluster_multiplex.py`), spoken
in RESP2 (no `HELLO`), AUTH and SELECT as the URL says and nothing else. When the socket's
buffer fills (Redis reads slower than commands come), new commands wait until it drains.
`ESCOPA_MULTIPLEX=0` sends everything through redis-py's pool instead; measured against it in
one run of `bench/load.py --workers 1` (64 clients, 2 shared cores): 1,433 against 826 moves/s
(x1.7; moves/bare 29% against 17%), 240 against 471 us of server CPU per move. Alone, in
`.venv/bin/python bench/transports.py` (64 coroutines, a COMMIT-like `EVALSHA`, five runs):
x4.4-11 the calls/s of redis-py's pool, 44-69 us less client CPU a call (4-12 against 46-84).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, cast

import hiredis
from redis.connection import parse_url
from redis.exceptions import AuthenticationError, BusyLoadingError, NoScriptError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

Arg = bytes | str | int | float


def error_of(reply: hiredis.ReplyError) -> ResponseError | BusyLoadingError:
    """redis-py's exception for an error reply, so callers handle both clients alike."""
    message = str(reply)
    if message.startswith("NOSCRIPT"):
        return NoScriptError(message)
    if message.startswith("LOADING"):  # a restarted Redis reading its data: unavailable a while
        return BusyLoadingError(message)
    return ResponseError(message)


def lost() -> RedisConnectionError:
    """The error of a command whose connection is gone."""
    return RedisConnectionError("the connection to Redis was lost")


class Wire(asyncio.Protocol):
    """A connected socket: commands out, replies matched in order to the waiting futures.

    A command still unanswered `timeout` seconds after it was sent drops the connection. One
    watchdog timer serves every command: it wakes at the oldest unanswered batch's deadline.
    """

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.reader = hiredis.Reader()
        self.pending: deque[asyncio.Future[Any]] = deque()
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self.outgoing: list[bytes] = []
        self.sent = 0
        self.answered = 0
        self.deadlines: deque[tuple[float, int]] = deque()  # (deadline, `sent` after the batch)
        self.watchdog: asyncio.TimerHandle | None = None
        self.writable = asyncio.Event()  # cleared while the socket's buffer is full
        self.writable.set()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast("asyncio.Transport", transport)  # uvloop's is no subclass

    @property
    def usable(self) -> bool:
        return not self.closed and self.transport is not None and not self.transport.is_closing()

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            if not self.pending:  # a reply to nothing: Redis is closing on us (or confused)
                self.abort(RedisConnectionError(f"Redis sent an unasked reply: {reply!r}"))
                return
            self.answered += 1
            future = self.pending.popleft()
            if future.done():  # its caller was cancelled
                continue
            if isinstance(reply, hiredis.ReplyError):
                future.set_exception(error_of(reply))
            else:
                future.set_result(reply)
        self.forget_answered()

    def forget_answered(self) -> None:
        """Drop the deadlines of the batches whose every reply has come."""
        while self.deadlines and self.deadlines[0][1] <= self.answered:
            self.deadlines.popleft()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.fail(lost())
        self.stop_watchdog()
        self.writable.set()  # wakes the callers held back: they find the connection closed

    def pause_writing(self) -> None:
        """The transport's buffer passed its high-water mark: hold back what comes next."""
        self.writable.clear()

    def resume_writing(self) -> None:
        self.writable.set()
        if self.outgoing:
            self.flush()

    def fail(self, error: Exception) -> None:
        """Fail every command still waiting for its reply."""
        while self.pending:
            future = self.pending.popleft()
            if not future.done():
                future.set_exception(error)

    def send(self, commands: list[tuple[Arg, ...]]) -> list[asyncio.Future[Any]]:
        """Queue `commands`; one future per reply, in order.

        Everything queued in one turn of the event loop goes out in one write: one system
        call for the commands of many concurrent requests.
        """
        loop = asyncio.get_running_loop()
        futures = [loop.create_future() for _ in commands]
        if self.closed:  # lost between the caller's check and now: nothing would answer
            for future in futures:
                future.set_exception(lost())
            return futures
        self.pending.extend(futures)
        if not self.outgoing:
            loop.call_soon(self.flush)
        # hiredis's stub types the argument as a 1-tuple; any length is packed.
        self.outgoing += (hiredis.pack_command(cast("tuple[Arg]", c)) for c in commands)
        self.sent += len(commands)
        self.deadlines.append((loop.time() + self.timeout, self.sent))
        if self.watchdog is None:
            self.watchdog = loop.call_at(self.deadlines[0][0], self.check)
        return futures

    def check(self) -> None:
        """At a deadline: drop the connection if that batch is still unanswered, else wait for
        the next unanswered batch's deadline."""
        self.watchdog = None
        self.forget_answered()
        if self.closed:
            self.fail(lost())
            return
        if not self.deadlines:
            return
        loop = asyncio.get_running_loop()
        deadline = self.deadlines[0][0]
        if deadline <= loop.time():
            self.abort(RedisTimeoutError(f"no reply from Redis within {self.timeout} s"))
        else:
            self.watchdog = loop.call_at(deadline, self.check)

    def flush(self) -> None:
        if not self.writable.is_set():  # resume_writing flushes
            return
        data, self.outgoing = b"".join(self.outgoing), []
        if self.transport is not None and not self.closed:
            self.transport.write(data)

    def stop_watchdog(self) -> None:
        if self.watchdog is not None:
            self.watchdog.cancel()
            self.watchdog = None

    def abort(self, error: Exception) -> None:
        self.fail(error)
        self.closed = True
        self.stop_watchdog()
        if self.transport is not None:
            self.transport.abort()


async def replies(futures: list[asyncio.Future[Any]]) -> list[Any]:
    """Every future's result once all are done; the first error raises (none is left unread)."""
    results: list[Any] = []
    error: BaseException | None = None
    for future in futures:
        try:
            results.append(await future)
        except (ResponseError, RedisConnectionError, RedisTimeoutError) as failed:
            error = error or failed
    if error is not None:
        raise error
    return results


class Multiplexed:
    """A lazily (re)connected, shared, pipelined connection to one Redis (not a cluster).

    A reply late by more than `timeout` seconds drops the connection (every waiting command
    fails, as with redis-py): Redis is then unreachable or stuck, and the next command
    reconnects.
    """

    def __init__(
        self, url: str, timeout: float, host: str | None = None, port: int | None = None
    ) -> None:
        """A connection as `url` says (`host` and `port`, when given, in place of its own:
        another node of the same cluster)."""
        if not url.startswith("redis://"):
            raise ValueError("only redis:// URLs can be multiplexed")
        parts = parse_url(url)  # type: ignore[no-untyped-call]
        self.host: str = host or parts.get("host", "localhost")
        self.port: int = port or parts.get("port", 6379)
        self.db: int = parts.get("db", 0)
        self.username: str | None = parts.get("username")
        self.password: str | None = parts.get("password")
        self.timeout = timeout
        self._wire: Wire | None = None
        self._connecting = asyncio.Lock()

    async def execute(self, *args: Arg) -> Any:
        """One command's reply; error replies raise redis-py's exceptions."""
        return (await self.pipeline([args]))[0]

    async def pipeline(self, commands: list[tuple[Arg, ...]]) -> list[Any]:
        """The replies of `commands`, written together; the first error reply raises."""
        wire = self._wire if self._wire is not None and self._wire.usable else None
        if wire is None:
            wire = await self._connect()
        if not wire.writable.is_set():  # flow control: wait for Redis to read what is sent
            try:
                await asyncio.wait_for(wire.writable.wait(), self.timeout)
            except TimeoutError:
                wire.abort(RedisTimeoutError(f"Redis read nothing within {self.timeout} s"))
                raise RedisTimeoutError(f"Redis read nothing within {self.timeout} s") from None
        return await replies(wire.send(commands))

    async def _connect(self) -> Wire:
        async with self._connecting:
            if self._wire is not None and self._wire.usable:
                return self._wire
            loop = asyncio.get_running_loop()
            try:
                _, wire = await asyncio.wait_for(
                    loop.create_connection(lambda: Wire(self.timeout), self.host, self.port),
                    self.timeout,
                )
            except (OSError, TimeoutError) as error:
                raise RedisConnectionError(f"cannot connect to Redis: {error}") from error
            await self._handshake(wire)
            if not wire.usable:
                raise RedisConnectionError("Redis closed the connection as it opened")
            self._wire = wire
            return wire

    async def _handshake(self, wire: Wire) -> None:
        """AUTH and SELECT as the URL asks, before any other command."""
        commands: list[tuple[Arg, ...]] = []
        if self.password is not None:
            auth: tuple[Arg, ...] = (self.password,)
            commands.append(("AUTH", *((self.username, *auth) if self.username else auth)))
        if self.db:
            commands.append(("SELECT", self.db))
        if not commands:
            return
        try:
            await asyncio.wait_for(replies(wire.send(commands)), self.timeout)
        except (ResponseError, TimeoutError) as error:
            wire.abort(RedisConnectionError("handshake failed"))
            raise AuthenticationError(f"Redis refused the connection: {error}") from error

    async def aclose(self) -> None:
        if self._wire is not None:
            self._wire.abort(RedisConnectionError("the connection was closed"))
            self._wire = None
