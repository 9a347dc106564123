"""Following a tournament's events as they are appended: XRANGE of its events stream, and a
blocking XREAD on it when nothing is new, on a dedicated connection (as `LogTail` follows a
game's log), so an event saved by any process reaches followers on every process."""

from __future__ import annotations

from typing import Any

from service.store import redis_keys
from service.store.tail import dedicated
from service.store.tournament_store import event_data
from service.store.writes import Client, reaching_redis

BATCH = 100


class EventTail:
    """Reads one tournament's new events (their JSON) as they are appended."""

    def __init__(self, client: Client, tournament_id: str, block: float, timeout: float) -> None:
        self.key = redis_keys.tournament_events(tournament_id)
        self.block_ms = max(1, int(block * 1000))
        self._connection = dedicated(client, self.key, block + timeout)

    async def read(self, after: int, block: bool = True) -> list[bytes]:
        """Events numbered after `after` (at most a batch); waits up to the block time for one."""
        rows = await self._call("XRANGE", self.key, f"{after + 1}-0", "+", "COUNT", BATCH)
        if rows or not block:
            return event_data(rows)
        found = await self._call(
            "XREAD", "COUNT", BATCH, "BLOCK", self.block_ms, "STREAMS", self.key, f"{after}-0"
        )
        if not found:
            return []
        streams = found.values() if isinstance(found, dict) else [r for _, r in found]
        return [data for rows in streams for data in event_data(rows)]

    async def _call(self, *command: Any) -> Any:
        with reaching_redis():
            await self._connection.send_command(*command)
            return await self._connection.read_response()

    async def close(self) -> None:
        await self._connection.disconnect()
