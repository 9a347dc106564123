"""The index of due deadlines: `keys.CLOCK_SHARDS` sorted sets of clocked games by deadline.

A deadline is indexed before the commit that sets it (`ZADD LT`: an entry only moves
earlier), so a process that dies after its commit leaves no deadline unindexed; an entry
earlier than its game's deadline only costs a sweeper a look, after which it is moved to the
game's deadline or dropped, by a compare-and-set that loses to any newer entry.
"""

from __future__ import annotations

from typing import cast

from redis.exceptions import NoScriptError

from service.store import keys
from service.store.game_store import GameStore
from service.store.scripts import RESCHEDULE


class ClockStore:
    """Writes and reads the deadlines' index beside the games of `store`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def schedule(self, game_id: str, deadline: int) -> None:
        """Index the game's deadline, unless an earlier one is indexed already."""
        key = keys.deadlines(keys.clock_shard(game_id))
        await self.store.pipeline([("ZADD", key, "LT", deadline, game_id)])

    async def due(self, shard: int, now: int, limit: int) -> list[tuple[str, int]]:
        """Up to `limit` games of one shard whose indexed deadline is at or before `now`."""
        key = keys.deadlines(shard)
        [found] = await self.store.pipeline(
            [("ZRANGE", key, "-inf", now, "BYSCORE", "LIMIT", 0, limit, "WITHSCORES")]
        )
        pairs = cast("list[tuple[bytes, float]] | list[bytes]", found)
        return [_pair(item) for item in _pairs(pairs)]

    async def reschedule(self, game_id: str, seen: int, deadline: int | None) -> bool:
        """Move the game's entry from the score `seen` to `deadline` (None: drop it)."""
        key = keys.deadlines(keys.clock_shard(game_id))
        args = (1, key, game_id, seen, "" if deadline is None else deadline)
        try:
            [changed] = await self.store.pipeline([("EVALSHA", RESCHEDULE.sha, *args)])
        except NoScriptError:
            [changed] = await self.store.pipeline([("EVAL", RESCHEDULE.source, *args)])
        return bool(changed)


def _pairs(found: list[tuple[bytes, float]] | list[bytes]) -> list[tuple[bytes, float]]:
    """RESP3 answers pairs; RESP2 a flat list of members and scores."""
    if found and not isinstance(found[0], list | tuple):
        flat = cast("list[bytes]", list(found))
        return [(flat[i], float(flat[i + 1])) for i in range(0, len(flat), 2)]
    return [(bytes(m), float(s)) for m, s in cast("list[tuple[bytes, float]]", found)]


def _pair(item: tuple[bytes, float]) -> tuple[str, int]:
    member, score = item
    return member.decode(), int(score)
