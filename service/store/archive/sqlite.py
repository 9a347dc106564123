"""The embedded archive: one SQLite file (write-ahead log on, so readers never wait for the
writer), through the standard library's `sqlite3` on a worker thread (`asyncio.to_thread`),
one connection per process behind a lock."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Final, TypeVar

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

T = TypeVar("T")
BUSY_MS: Final = 10_000
"""How long a write waits for another process's to end (processes share the file)."""


class SqliteArchive:
    """The archive in the SQLite file at `path` (made, with its schema, when missing)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._run(_prepare)

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            return work(self._db)

    async def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.to_thread(self._run, work)

    async def put(self, game: ArchivedGame) -> bool:
        row = row_of(game.summary, pack(game.body))
        players = game.summary.players
        return await self._call(lambda db: _put(db, row, players))

    async def get(self, game_id: str) -> ArchivedGame | None:
        query = f"SELECT {COLUMNS}, body FROM archived_games WHERE game_id = ?"
        found = await self._call(lambda db: db.execute(query, (game_id,)).fetchone())
        if found is None:
            return None
        return ArchivedGame(summary=summary_of(found[:-1]), body=unpack(found[-1]))

    async def history(
        self,
        *,
        player: str | None = None,
        key: str | None = None,
        before: int | None = None,
        limit: int = 50,
    ) -> list[Summary]:
        query, args = history_query(player, key, before, "?")
        query += " LIMIT ?"
        rows = await self._call(lambda db: db.execute(query, (*args, limit)).fetchall())
        return [summary_of(row) for row in rows]

    async def ids(self, after: str, limit: int) -> list[str]:
        query = "SELECT game_id FROM archived_games WHERE game_id > ? ORDER BY game_id LIMIT ?"
        rows = await self._call(lambda db: db.execute(query, (after, limit)).fetchall())
        return [str(row[0]) for row in rows]

    async def count(self) -> int:
        query = "SELECT count(*) FROM archived_games"
        return int(await self._call(lambda db: db.execute(query).fetchone()[0]))

    async def ping(self) -> None:
        await self._call(lambda db: db.execute("SELECT 1").fetchone())

    async def close(self) -> None:
        self._run(lambda db: db.close())


def _prepare(db: sqlite3.Connection) -> None:
    """Write-ahead log, a busy timeout, and the schema brought up to date."""
    db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(SCHEMA_TABLE)
        found = db.execute("SELECT max(version) FROM archive_schema").fetchone()[0] or 0
        for version, statements in enumerate(MIGRATIONS[found:], start=found + 1):
            for statement in statements:
                db.execute(statement.format(blob="BLOB"))
            db.execute("INSERT INTO archive_schema (version) VALUES (?)", (version,))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _put(db: sqlite3.Connection, row: tuple[object, ...], players: tuple[str, ...]) -> bool:
    """Insert or replace the game and its players' rows, in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        marks = ", ".join("?" * len(row))
        written = db.execute(UPSERT.format(marks=marks), row).fetchone() is not None
        if written:
            game_id, finished = row[0], row[6]
            db.execute("DELETE FROM archived_players WHERE game_id = ?", (game_id,))
            db.executemany(
                "INSERT OR IGNORE INTO archived_players (player, finished_ms, game_id) "
                "VALUES (?, ?, ?)",
                [(player, finished, game_id) for player in set(players)],
            )
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return written
