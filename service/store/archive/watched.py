"""The archive as a process uses it: every call says whether the archive answers (its
`health`, logged once when that changes), and a call that cannot reach it is refused as 503
`archive/unavailable`, never as an internal error nor as the game store's outage."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable
from typing import Final, TypeVar

import asyncpg  # type: ignore[import-untyped]

from service.errors import ServiceError
from service.store.archive.record import Archive, ArchivedGame, Summary
from service.store.health import Dependency

T = TypeVar("T")
UNREACHABLE: Final = (
    OSError,
    asyncio.TimeoutError,
    sqlite3.OperationalError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError,
)
"""What a call raises when the archive cannot answer: no connection, a server shutting down or
restarting, a database file that cannot be read."""


def unavailable() -> ServiceError:
    return ServiceError(
        "archive/unavailable",
        503,
        "the archive of finished games is unreachable; try again shortly",
        {"Retry-After": "5"},
    )


class Watched:
    """`archive`, each call reported to `health`."""

    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self.health = Dependency("the archive")

    async def _reach(self, call: Awaitable[T]) -> T:
        try:
            result = await call
        except UNREACHABLE as error:
            self.health.failed(error)
            raise unavailable() from error
        self.health.answered()
        return result

    async def put(self, game: ArchivedGame) -> bool:
        return await self._reach(self.archive.put(game))

    async def get(self, game_id: str) -> ArchivedGame | None:
        return await self._reach(self.archive.get(game_id))

    async def history(
        self,
        *,
        player: str | None = None,
        key: str | None = None,
        before: int | None = None,
        limit: int = 50,
    ) -> list[Summary]:
        found = self.archive.history(player=player, key=key, before=before, limit=limit)
        return await self._reach(found)

    async def ids(self, after: str, limit: int) -> list[str]:
        return await self._reach(self.archive.ids(after, limit))

    async def count(self) -> int:
        return await self._reach(self.archive.count())

    async def ping(self) -> None:
        await self._reach(self.archive.ping())

    async def close(self) -> None:
        await self.archive.close()
