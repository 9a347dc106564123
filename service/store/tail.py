"""Following a game's log as it grows: its records, and blocking XREAD on its ringing stream
(a game read from the archive: its archived records, and it grows no more).

The records are read from the game's list, and turned into full entries by a replay cursor
the tail keeps (`service.ledger.log`). With nothing new, the tail blocks on the game's log
stream, which rings (gets an entry whose id is the new head's seq) on every append, then reads
the list again. A blocking read holds its connection for the whole block, so each follower
opens one dedicated connection instead of borrowing from the shared pool. It reads the
game's keys only (hash-tagged like every key of the game), so on a Redis Cluster it simply
connects to the master that serves their slot; when the cluster moves the slot or that
master fails, the read fails, the follower ends, and the client resumes from its last seq
(`Last-Event-ID`).
"""

from __future__ import annotations

from typing import Any

from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection

from service.ledger.chain import LogEntry
from service.ledger.log import Cursor, decode_opening, decode_record
from service.store import redis_keys
from service.store.writes import Client, reaching_redis

BATCH = 100


def dedicated(client: Client, key: str, socket_timeout: float) -> AbstractConnection:
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


class LogTail:
    """Reads new entries of one game's log as they are appended, on a dedicated connection."""

    def __init__(
        self,
        client: Client,
        game_id: str,
        block: float,
        timeout: float,
        start: Cursor | None,
        archived: tuple[bytes, ...] | None = None,
    ) -> None:
        self.key = redis_keys.log(game_id)
        self.records_key = redis_keys.entries(game_id)
        self.game_key = redis_keys.game(game_id)
        self.block_ms = max(1, int(block * 1000))
        self._connection = dedicated(client, self.key, block + timeout)
        self._cursor = start  # the replay at the log's entry `start.seq`, when known
        self._archived = archived  # the records of a game read from the archive: read there

    async def read(self, after: int, block: bool = True) -> list[LogEntry]:
        """Entries with `seq > after` (at most a batch); waits up to the block time for one."""
        found = await self._next(after)
        if found or not block:
            return found
        await self._call(
            "XREAD", "COUNT", 1, "BLOCK", self.block_ms, "STREAMS", self.key, f"{after}-0"
        )
        return await self._next(after)

    async def _next(self, after: int) -> list[LogEntry]:
        """The entries after `after` that the list holds now, from the cursor (replayed from
        the start when the cursor is not at `after`)."""
        cursor = self._cursor
        first = after if cursor is not None and cursor.seq == after else 0
        if self._archived is not None:
            records = list(self._archived[first : after + BATCH])
        else:
            records = await self._call("LRANGE", self.records_key, first, after + BATCH - 1)
        if not records:
            return []
        entries: list[LogEntry] = []
        if first == 0:
            cursor, entry = Cursor.opening(decode_opening(records[0]))
            if entry is not None and after < 1:
                entries.append(entry)
            records = records[1:]
        assert cursor is not None
        for record in records:
            entry = cursor.step(decode_record(record))
            if entry is not None and entry.seq > after:
                entries.append(entry)
        self._cursor = cursor
        return entries

    async def _call(self, *command: Any) -> Any:
        with reaching_redis():
            await self._connection.send_command(*command)
            return await self._connection.read_response()

    async def exists(self) -> bool:
        """Whether the game is still there (a game expires once abandoned)."""
        return bool(await self._call("EXISTS", self.game_key))

    async def close(self) -> None:
        await self._connection.disconnect()
