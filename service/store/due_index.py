"""Indexes of games due for work at a time: the clocks' deadlines, the bots' turns, the
webhooks' deliveries. Each is `redis_keys.SHARDS` sorted sets (member: a game id, score: when, in
ms since the epoch), each with its own hash tag, so on a cluster they spread over the shards
and no game's script needs a key outside its slot.

An entry is written before the commit that makes the work due (`ZADD LT`: an entry only moves
earlier, then a millisecond earlier still, so that a claim whose lease has ended, already
earlier than now, changes too), so a process that dies after its commit leaves no work
unindexed; an entry for work that is not due only costs a worker a look. A worker claims an
entry by moving it a lease ahead (compare-and-set: of two workers one gets it; a worker that
dies leaves it due again when the lease ends), does the work, then moves the entry to the
game's next due time or drops it, again by compare-and-set, which loses to any entry written
meanwhile.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import cast

from redis.exceptions import NoScriptError

from service.ledger.log import now_ms
from service.store import redis_keys
from service.store.redis_gateway import RedisGateway
from service.store.scripts import RESCHEDULE

_spread = random.SystemRandom()  # not the `random` module's: processes seeded alike read alike


class DueIndex:
    """One index over `gateway`; `key` names its sorted set of each shard."""

    def __init__(self, gateway: RedisGateway, key: Callable[[int], str]) -> None:
        self.gateway = gateway
        self.key = key
        self.scheduled = asyncio.Event()
        """Set whenever this process indexes work: its workers look at once."""

    def key_of(self, game_id: str) -> str:
        """The sorted set that holds the game."""
        return self.key(redis_keys.shard(game_id))

    async def schedule(self, game_id: str, at: int) -> None:
        """Index the game as due at `at`, or a millisecond before the time it is indexed at if
        that is earlier: either way the entry changes, so the compare-and-set of a worker that
        holds it (even past its lease) fails, and the new work is not dropped. Whatever comes
        between the two commands, the entry ends due no later than `at`."""
        key = self.key_of(game_id)
        await self.gateway.pipeline(
            [("ZADD", key, "LT", at, game_id), ("ZINCRBY", key, -1, game_id)]
        )
        self.scheduled.set()

    async def touch(self, game_id: str) -> None:
        """Mark the game due at once if it is not indexed (score 1: long past), else move its
        entry a millisecond on: a worker holding it (or waiting for a retry) keeps it, but its
        compare-and-set at the end sees that a write came meanwhile."""
        await self.gateway.pipeline([("ZINCRBY", self.key_of(game_id), 1, game_id)])
        self.scheduled.set()

    async def due(self, shard: int, now: int, limit: int) -> list[tuple[str, int]]:
        """Up to `limit` games of one shard due at or before `now`, with their scores."""
        [found] = await self.gateway.pipeline(
            [("ZRANGE", self.key(shard), "-inf", now, "BYSCORE", "LIMIT", 0, limit, "WITHSCORES")]
        )
        pairs = cast("list[tuple[bytes, float]] | list[bytes]", found)
        return [_pair(item) for item in _pairs(pairs)]

    async def due_now(self, limit: int) -> list[tuple[str, int]]:
        """Up to `limit` games of each shard due now, with their scores, shuffled: workers that
        read the same entries start apart."""
        now = now_ms()
        found = await asyncio.gather(*(self.due(n, now, limit) for n in range(redis_keys.SHARDS)))
        due = [pair for shard in found for pair in shard]
        _spread.shuffle(due)
        return due

    async def reschedule(self, game_id: str, seen: int, at: int | None) -> bool:
        """Move the game's entry from the score `seen` to `at` (None: drop it); False when the
        entry changed meanwhile (another worker claimed it, or a write moved it)."""
        args = (1, self.key_of(game_id), game_id, seen, "" if at is None else at)
        try:
            [changed] = await self.gateway.pipeline([("EVALSHA", RESCHEDULE.sha, *args)])
        except NoScriptError:
            [changed] = await self.gateway.pipeline([("EVAL", RESCHEDULE.source, *args)])
        return bool(changed)

    async def drop(self, game_id: str) -> None:
        """Drop the game's entry: its work is done (by the writer, before any worker)."""
        await self.gateway.pipeline([("ZREM", self.key_of(game_id), game_id)])

    async def when(self, game_id: str) -> int | None:
        """When the game is indexed as due, or None: it is not."""
        [score] = await self.gateway.pipeline([("ZSCORE", self.key_of(game_id), game_id)])
        return None if score is None else int(float(score))

    async def size(self) -> int:
        """How many games the index holds, over every shard."""
        found = await self.gateway.pipeline(
            [("ZCARD", self.key(n)) for n in range(redis_keys.SHARDS)]
        )
        return sum(int(count) for count in found)


def _pairs(found: list[tuple[bytes, float]] | list[bytes]) -> list[tuple[bytes, float]]:
    """RESP3 answers pairs; RESP2 a flat list of members and scores."""
    if found and not isinstance(found[0], list | tuple):
        flat = cast("list[bytes]", list(found))
        return [(flat[i], float(flat[i + 1])) for i in range(0, len(flat), 2)]
    return [(bytes(m), float(s)) for m, s in cast("list[tuple[bytes, float]]", found)]


def _pair(item: tuple[bytes, float]) -> tuple[str, int]:
    member, score = item
    return member.decode(), int(score)
