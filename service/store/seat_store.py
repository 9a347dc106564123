"""Storage of a game's life outside its moves: waiting games, their seats, the lobby index.

The game's own writes go through the commit script like every change (`GamesRepository.commit`);
the lobby is an index beside the games (`redis_keys.lobby`), written before the writes that open a
game or a seat and after those that fill or end one, and checked by its readers.
"""

from __future__ import annotations

from typing import Any, cast

from service.store import redis_keys
from service.store.redis_gateway import RedisGateway


class SeatStore:
    """The waiting marker and the lobby index over `gateway`."""

    def __init__(self, gateway: RedisGateway) -> None:
        self.gateway = gateway

    async def expired(self, game_id: str) -> bool:
        """Whether this id was a waiting game that expired unjoined (its marker outlives it)."""
        [found] = await self.gateway.pipeline([("EXISTS", redis_keys.waiting(game_id))])
        return bool(found)

    async def list_lobby(self, game_id: str, created: str) -> None:
        await self.gateway.pipeline([("ZADD", redis_keys.lobby(), 0, f"{created}:{game_id}")])

    async def unlist_lobby(self, game_id: str, created: str) -> None:
        await self.gateway.pipeline([("ZREM", redis_keys.lobby(), f"{created}:{game_id}")])

    async def lobby_page(self, after: str | None, limit: int) -> list[str]:
        """Up to `limit` lobby members after `after`, oldest first."""
        start = f"({after}" if after is not None else "-"
        command = ("ZRANGE", redis_keys.lobby(), start, "+", "BYLEX", "LIMIT", 0, limit)
        [found] = await self.gateway.pipeline([command])
        return [m.decode() if isinstance(m, bytes) else str(m) for m in cast("list[Any]", found)]
