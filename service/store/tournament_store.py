"""Tournaments in Redis: one hash per tournament (its document, version, webhook and the round
now sealed), saved by one compare-and-set script that also appends the change's events to the
tournament's events stream, and per round the set of its games that have ended."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from service.store import redis_keys, scripts
from service.store.redis_gateway import RedisGateway
from service.store.webhook_store import pairs

RETRY: Final = "read the tournament again: another process may have moved it on"


class TournamentStore:
    """Reads and saves tournament documents (bytes) with their versions over `gateway`."""

    def __init__(self, gateway: RedisGateway) -> None:
        self.gateway = gateway

    async def load(self, tournament_id: str) -> tuple[bytes, int] | None:
        """The stored document and its version, or None."""
        [found] = await self.gateway.pipeline(
            [("HMGET", redis_keys.tournament(tournament_id), "doc", "version")]
        )
        doc, version = found
        if doc is None:
            return None
        return bytes(doc), int(version)

    async def save(
        self,
        tournament_id: str,
        document: bytes,
        expected: int,
        events: Sequence[tuple[int, str, bytes]] = (),
        hook: bytes = b"",
        sealed: int = 0,
    ) -> bool:
        """Store `document` as version `expected + 1` and append its `events` (number, type,
        JSON) if the stored one is still `expected` (0: none yet), with a new tournament's
        webhook `hook` and the round now `sealed` (0: none); False, and nothing written, when
        another writer came first."""
        args: list[Any] = [expected, document, expected + 1, hook, sealed]
        for seq, kind, data in events:
            args += [seq, kind, data]
        stored = [redis_keys.tournament(tournament_id), redis_keys.tournament_events(tournament_id)]
        saved = await self.gateway.write(scripts.SAVE_TOURNAMENT, stored, args, RETRY)
        return bool(saved)

    async def sealed(self, tournament_id: str) -> int:
        """The round whose games are sealed now (0: none; the round is over, or none runs)."""
        [found] = await self.gateway.pipeline(
            [("HGET", redis_keys.tournament(tournament_id), "sealed")]
        )
        return int(found or 0)

    async def events(self, tournament_id: str, after: int, count: int) -> list[bytes]:
        """The JSON of up to `count` events numbered after `after`, in order."""
        key = redis_keys.tournament_events(tournament_id)
        [rows] = await self.gateway.pipeline(
            [("XRANGE", key, f"{after + 1}-0", "+", "COUNT", count)]
        )
        return event_data(rows)

    async def expect(self, tournament_id: str, round_no: int, games: int) -> None:
        """Note how many games round `round_no` plays (before they are opened)."""
        field = f"games:{round_no}"
        await self.gateway.pipeline([("HSET", redis_keys.tournament(tournament_id), field, games)])

    async def ended(self, tournament_id: str, round_no: int, game_id: str) -> tuple[int, int]:
        """Record that a game of the round ended: how many of its games have, of how many
        (0: not noted yet)."""
        key = redis_keys.tournament_done(tournament_id, round_no)
        noted = ("HGET", redis_keys.tournament(tournament_id), f"games:{round_no}")
        _, count, expected = await self.gateway.pipeline(
            [("SADD", key, game_id), ("SCARD", key), noted]
        )
        return int(count), int(expected or 0)


def event_data(rows: Any) -> list[bytes]:
    """The `data` of each entry of an events stream's reply (XRANGE's, or XREAD's rows)."""
    return [bytes(pairs(fields)["data"]) for _, fields in cast("list[Any]", rows or [])]
