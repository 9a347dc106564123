"""The archive on PostgreSQL, through asyncpg's connection pool: the same schema and
migrations as the embedded one (`schema`), applied under an advisory lock so that processes
starting together migrate once."""

from __future__ import annotations

from typing import Any, Final

import asyncpg  # type: ignore[import-untyped]

from service.store.archive.record import ArchivedGame, Summary, pack, unpack
from service.store.archive.schema import (
    COLUMNS,
    MIGRATIONS,
    SCHEMA_TABLE,
    UPSERT,
    history_query,
    row_of,
    summary_of,
)

MIGRATION_LOCK: Final = 0x65736361  # any constant the processes share
POOL: Final = 4


class PostgresArchive:
    """The archive in the PostgreSQL database at `url` (`open` it first)."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresArchive:
        """Connect, and bring the schema up to date."""
        # No floor of idle connections: a pool that keeps one reconnects in the background
        # while the server is down, logging a traceback at each try; calls connect on demand,
        # and their failures are told once (`Watched`).
        pool = await asyncpg.create_pool(url, min_size=0, max_size=POOL)
        async with pool.acquire() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute(SCHEMA_TABLE)
            found = await db.fetchval("SELECT max(version) FROM archive_schema") or 0
            for version, statements in enumerate(MIGRATIONS[found:], start=found + 1):
                for statement in statements:
                    await db.execute(statement.format(blob="BYTEA"))
                await db.execute("INSERT INTO archive_schema (version) VALUES ($1)", version)
        return cls(pool)

    async def put(self, game: ArchivedGame) -> bool:
        row = row_of(game.summary, pack(game.body))
        marks = ", ".join(f"${n}" for n in range(1, len(row) + 1))
        async with self._pool.acquire() as db, db.transaction():
            written = await db.fetchval(UPSERT.format(marks=marks), *row) is not None
            if written:
                game_id = game.summary.game_id
                await db.execute("DELETE FROM archived_players WHERE game_id = $1", game_id)
                await db.executemany(
                    "INSERT INTO archived_players (player, finished_ms, game_id) "
                    "VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                    [(p, game.summary.finished_ms, game_id) for p in set(game.summary.players)],
                )
        return written

    async def get(self, game_id: str) -> ArchivedGame | None:
        query = f"SELECT {COLUMNS}, body FROM archived_games WHERE game_id = $1"
        found = await self._pool.fetchrow(query, game_id)
        if found is None:
            return None
        values = list(found.values())
        return ArchivedGame(summary=summary_of(values[:-1]), body=unpack(bytes(values[-1])))

    async def history(
        self,
        *,
        player: str | None = None,
        key: str | None = None,
        before: int | None = None,
        limit: int = 50,
    ) -> list[Summary]:
        query, args = history_query(player, key, before, "$#")
        query += f" LIMIT ${len(args) + 1}"
        rows = await self._pool.fetch(query, *args, limit)
        return [summary_of(list(row.values())) for row in rows]

    async def ids(self, after: str, limit: int) -> list[str]:
        query = "SELECT game_id FROM archived_games WHERE game_id > $1 ORDER BY game_id LIMIT $2"
        return [str(row[0]) for row in await self._pool.fetch(query, after, limit)]

    async def count(self) -> int:
        return int(await self._pool.fetchval("SELECT count(*) FROM archived_games"))

    async def ping(self) -> None:
        await self._pool.fetchval("SELECT 1")

    async def close(self) -> None:
        await self._pool.close()
