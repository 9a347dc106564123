"""Tournaments in Redis: one hash per tournament (its document and version), saved by one
compare-and-set script, and per round the set of its games that have ended."""

from __future__ import annotations

from typing import Any, Final

from service.store import keys, scripts
from service.store.game_store import GameStore

RETRY: Final = "read the tournament again: another process may have moved it on"


class TournamentStore:
    """Reads and saves tournament documents (bytes) with their versions over `store`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def load(self, tournament_id: str) -> tuple[bytes, int] | None:
        """The stored document and its version, or None."""
        [found] = await self.store.pipeline(
            [("HMGET", keys.tournament(tournament_id), "doc", "version")]
        )
        doc, version = found
        if doc is None:
            return None
        return bytes(doc), int(version)

    async def save(self, tournament_id: str, document: bytes, expected: int) -> bool:
        """Store `document` as version `expected + 1` if the stored one is still `expected`
        (0: none yet); False when another writer came first."""
        args: list[Any] = [expected, document, expected + 1]
        saved = await self.store.write(
            scripts.SAVE_TOURNAMENT, [keys.tournament(tournament_id)], args, RETRY
        )
        return bool(saved)

    async def expect(self, tournament_id: str, round_no: int, games: int) -> None:
        """Note how many games round `round_no` plays (before they are opened)."""
        field = f"games:{round_no}"
        await self.store.pipeline([("HSET", keys.tournament(tournament_id), field, games)])

    async def ended(self, tournament_id: str, round_no: int, game_id: str) -> tuple[int, int]:
        """Record that a game of the round ended: how many of its games have, of how many
        (0: not noted yet)."""
        key = keys.tournament_done(tournament_id, round_no)
        noted = ("HGET", keys.tournament(tournament_id), f"games:{round_no}")
        _, count, expected = await self.store.pipeline(
            [("SADD", key, game_id), ("SCARD", key), noted]
        )
        return int(count), int(expected or 0)
