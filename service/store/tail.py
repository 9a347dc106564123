"""Following a game's log stream with blocking XREAD on a connection of its own.

A blocking read holds its connection for the whole block, so each follower opens one dedicated
connection instead of borrowing from the shared pool. It reads one key (the game's log stream,
hash-tagged like every key of the game), so on a Redis Cluster it simply connects to the
master that serves that key's slot; when the cluster moves the slot or that master fails, the
read fails, the follower ends, and the client resumes from its last seq (`Last-Event-ID`).
"""

from __future__ import annotations

from typing import Any

import msgspec
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection

from service.ledger.chain import LogEntry
from service.store import keys
from service.store.writes import Client, reaching_redis

BATCH = 100
_entry = msgspec.json.Decoder(LogEntry)


def _dedicated(client: Client, key: str, socket_timeout: float) -> AbstractConnection:
    """A new, unpooled connection to the server that holds `key`, with the same options."""
    factory: type[AbstractConnection]
    if isinstance(client, RedisCluster):
        node = client.get_node_from_key(key)
        if node is None:  # pragma: no cover - a slot without a master: the cluster is down
            raise ConnectionError(f"no cluster node serves {key!r}")
        factory, options = node.connection_class, dict(node.connection_kwargs)
    else:
        pool = client.connection_pool
        factory, options = pool.connection_class, dict(pool.connection_kwargs)
    options["socket_timeout"] = socket_timeout
    return factory(**options)


def _rows(reply: Any) -> list[Any]:
    """The `[id, [field, value, ...]]` rows of an XREAD reply on one key (RESP2 or RESP3)."""
    if not reply:
        return []
    if isinstance(reply, dict):  # RESP3: {key: rows}
        return list(next(iter(reply.values())))
    return list(reply[0][1])  # RESP2: [[key, rows]]


def _decode(row: Any) -> LogEntry:
    fields = row[1]
    if isinstance(fields, dict):
        fields = [item for pair in fields.items() for item in pair]
    for name, value in zip(fields[::2], fields[1::2], strict=True):
        if name in (b"e", "e"):
            return _entry.decode(value)
    raise ValueError("a log stream entry without its `e` field")  # pragma: no cover


class LogTail:
    """Reads new entries of one game's log as they are appended, on a dedicated connection."""

    def __init__(self, client: Client, game_id: str, block: float, timeout: float) -> None:
        self.key = keys.log(game_id)
        self.block_ms = max(1, int(block * 1000))
        self._connection = _dedicated(client, self.key, block + timeout)

    async def read(self, after: int, block: bool = True) -> list[LogEntry]:
        """Entries with `seq > after` (at most a batch); waits up to the block time for one."""
        command: list[Any] = ["XREAD", "COUNT", BATCH]
        if block:
            command += ["BLOCK", self.block_ms]
        command += ["STREAMS", self.key, f"{after}-0"]
        with reaching_redis():
            await self._connection.send_command(*command)
            reply = await self._connection.read_response()
        return [_decode(row) for row in _rows(reply)]

    async def exists(self) -> bool:
        """Whether the log is still there (a game expires once abandoned)."""
        with reaching_redis():
            await self._connection.send_command("EXISTS", self.key)
            return bool(await self._connection.read_response())

    async def close(self) -> None:
        await self._connection.disconnect()
