"""The queue of due bot turns: a Redis stream read by one consumer group, so each turn goes to
one worker at a time, and a turn whose worker died is claimed again once it has idled long.

The commit scripts add a turn in the same script as the commit that makes it due, and take it
off in the same script as the commit that plays it; a worker takes off a turn that is no
longer due (`drop`). The stream holds only turns not yet played.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from service.store import keys
from service.store.scripts import BOT_GROUP


class BotTurn(NamedTuple):
    """A queued turn: its stream id, and the game whose bot must act at that version."""

    id: str
    game_id: str
    version: int


def _turns(rows: Any) -> list[BotTurn]:
    """Turns from stream rows `[id, {field: value}]` (a deleted entry's fields are None)."""
    found = []
    for raw_id, fields in rows or ():
        if not fields:
            continue
        turn_id = raw_id.decode() if isinstance(raw_id, bytes) else str(raw_id)
        found.append(BotTurn(turn_id, fields[b"game"].decode(), int(fields[b"version"])))
    return found


class BotQueue:
    """The bot workers' side of the turns stream (the commit scripts write the other side)."""

    def __init__(self, client: Redis, consumer: str) -> None:
        self.client = client
        self.consumer = consumer
        self.key = keys.bot_turns()

    async def join(self) -> bool:
        """Create the group if it is missing, from the stream's start, so no turn is skipped;
        False while there is no stream yet (no bot turn was ever queued: nothing is written)."""
        try:
            await self.client.xgroup_create(self.key, BOT_GROUP, id="0")
        except ResponseError as error:
            if "BUSYGROUP" in str(error):
                return True
            if "requires the key to exist" in str(error):
                return False
            raise
        return True

    async def next(self, count: int, block_ms: int) -> list[BotTurn]:
        """Up to `count` turns no worker has taken, waiting up to `block_ms` for one."""
        reply = await self.client.xreadgroup(
            BOT_GROUP, self.consumer, {self.key: ">"}, count=count, block=block_ms
        )
        if not reply:
            return []
        rows = reply.get(self.key.encode()) if isinstance(reply, dict) else reply[0][1]
        if isinstance(rows, list) and rows and isinstance(rows[0], list) and len(rows) == 1:
            rows = rows[0]  # RESP3 wraps the rows of each stream in one more list
        return _turns(rows)

    async def reclaim(self, idle_ms: int, count: int) -> list[BotTurn]:
        """Up to `count` turns taken by a worker that has not finished them in `idle_ms`: it
        died or stalled. The version check of the commit keeps a stalled one from playing too."""
        reply = await self.client.xautoclaim(
            self.key, BOT_GROUP, self.consumer, idle_ms, start_id="0-0", count=count
        )
        return _turns(reply[1])

    async def drop(self, turn: BotTurn) -> None:
        """Take off a turn that is no longer due (the game moved on, ended or expired)."""
        pipe = self.client.pipeline(transaction=True)
        pipe.xack(self.key, BOT_GROUP, turn.id)
        pipe.xdel(self.key, turn.id)
        await pipe.execute()

    async def pending(self) -> int:
        """How many turns are queued (taken or not): for the metrics and the tests."""
        return int(await self.client.xlen(self.key))
