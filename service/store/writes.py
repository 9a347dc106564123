"""Writes sent once: a script and its `WAIT`, together, down one connection to the key's master.

`WAIT` counts the replicas that hold every earlier write *of its own connection*, so it proves
something only when read right after the write on the connection that carried it. redis-py's
pipelines resend the commands left unanswered when a connection breaks, to whichever node
serves the slot then (a keyless `WAIT`: to any node), so a `WAIT` resent alone can answer for a
write it never followed. Here nothing is resent: the commands leave in one packet on a
connection of the node that serves the key's slot, every reply is read back on it, and a
failure after sending leaves the outcome unknown (`OutcomeUnknown`) for the caller to say so.

Measured by `.venv/bin/python bench/transports.py` (five runs): it costs what redis-py's
pipeline costs (x0.8-1.5 its calls/s for a script and its `WAIT 1`, 2-25 us less client CPU);
it earns its place by what it prevents: a connection dropped while `WAIT` waited made the
pipeline run the script twice and answer `[2, 0]`, and made this raise `OutcomeUnknown`.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any, Final, cast

from redis.asyncio import Redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import AbstractConnection, Connection
from redis.exceptions import (
    AskError,
    BusyLoadingError,
    ClusterDownError,
    ReadOnlyError,
    RedisClusterException,
    RedisError,
    ResponseError,
    SlotNotCoveredError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from service.store.health import Dependency
from service.store.slot_map import SlotMap

Client = Redis | RedisCluster
Command = tuple[bytes | str | int | float, ...]
log = logging.getLogger("escopa")
# Error replies that say the slot is served elsewhere (MOVED, ASK) or not at all for now.
MOVING: Final = (AskError, ClusterDownError, TryAgainError, ReadOnlyError, BusyLoadingError)


class OutcomeUnknown(RedisConnectionError):
    """The commands may or may not have run: the exchange broke after they were sent."""


UNREACHABLE: Final = (RedisConnectionError, RedisTimeoutError, ClusterDownError)
"""The errors that say Redis (or the key's master) cannot be reached now."""


@contextmanager
def reaching_redis(health: Dependency | None = None) -> Iterator[None]:
    """Inside: anything but redis-py's own errors escaping a call to Redis becomes redis-py's
    `ConnectionError`: a socket's OSError, uvloop's RuntimeError on a closed transport, or
    redis-py tripping over a connection that another task dropped (an AttributeError). Redis
    unreachable, or answering again, is told to `health`."""
    try:
        yield
    except UNREACHABLE as error:
        if health is not None:
            health.failed(error)
        raise
    except RedisError:
        raise
    except Exception as error:
        if not isinstance(error, OSError):
            log.warning("redis call failed: %r", error, exc_info=True)
        failure = RedisConnectionError(f"the connection to Redis failed: {error!r}")
        if health is not None:
            health.failed(failure)
        raise failure from error
    if health is not None and not health.up:
        health.answered()


class Borrowing:
    """At most `size` calls at once on connections borrowed from redis-py's pools (which refuse
    a call beyond their cap rather than queue it): a call waits its turn up to `timeout`."""

    def __init__(self, size: int, timeout: float) -> None:
        self.size = size
        self.timeout = timeout
        self._room = asyncio.Semaphore(size)

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Inside: this call's turn; none within the timeout is Redis unavailable (503)."""
        try:
            async with asyncio.timeout(self.timeout):
                await self._room.acquire()
        except TimeoutError:
            busy = f"all {self.size} connections to Redis stayed busy for {self.timeout} s"
            raise RedisConnectionError(busy) from None
        try:
            yield
        finally:
            self._room.release()


class Writes:
    """Sends commands once, together, to the master of a key's slot, and reads every reply."""

    def __init__(self, client: Client, timeout: float, borrowing: Borrowing) -> None:
        self.client = client
        self.timeout = timeout
        self.borrowing = borrowing
        self.slot_map = SlotMap(client)

    async def send(self, key: str, commands: Sequence[Command], last_takes: float) -> list[Any]:
        """Each command's reply in order (an error reply as its `ResponseError`, not raised).

        The last reply may take `last_takes` seconds more than the usual timeout (a `WAIT`).
        Raises redis-py's `ConnectionError` when nothing could be sent, `OutcomeUnknown` when
        anything went wrong once sending began (the connection is then dropped, never reused).
        """
        async with self.borrowing.turn():
            return await self._send(key, commands, last_takes)

    async def _send(self, key: str, commands: Sequence[Command], last_takes: float) -> list[Any]:
        node, connection = await self._acquire(key)
        try:
            with reaching_redis():
                if not connection.is_connected:
                    await connection.connect()  # type: ignore[no-untyped-call]
            try:
                with reaching_redis():
                    await connection.send_packed_command(connection.pack_commands(commands))
                    return await self._replies(connection, len(commands), last_takes)
            except BaseException as error:
                with suppress(Exception):
                    await connection.disconnect(nowait=True)
                if isinstance(error, RedisError):
                    raise OutcomeUnknown(f"no complete answer from Redis: {error}") from error
                raise
        except RedisError:
            self.slot_map.changed()
            raise
        finally:
            await self._release(node, connection)

    async def _replies(self, connection: AbstractConnection, count: int, last: float) -> list[Any]:
        replies: list[Any] = []
        for index in range(count):
            try:
                async with asyncio.timeout(self.timeout + (last if index == count - 1 else 0)):
                    reply = await connection.read_response(timeout=math.inf)  # ours, above
            except ResponseError as refused:
                reply = refused
            if isinstance(reply, MOVING):
                self.slot_map.changed()
            replies.append(reply)
        return replies

    async def _acquire(self, key: str) -> tuple[ClusterNode | None, AbstractConnection]:
        """A connection to the key's master (on a cluster, with the node it belongs to)."""
        if not isinstance(self.client, RedisCluster):
            with reaching_redis():
                return None, await self.client.connection_pool.get_connection()  # type: ignore[no-untyped-call]
        try:
            node = self.client.get_node_from_key(key)
            if node is None:  # pragma: no cover - only asked for a replica
                raise SlotNotCoveredError(f"no master serves {key!r}")
            return node, node.acquire_connection()
        except (RedisError, RedisClusterException) as error:
            self.slot_map.changed()
            raise RedisConnectionError(f"no master for {key!r} now: {error}") from error

    async def _release(self, node: ClusterNode | None, connection: AbstractConnection) -> None:
        if node is not None:
            node.release(cast("Connection", connection))
        elif isinstance(self.client, Redis):
            await self.client.connection_pool.release(connection)
