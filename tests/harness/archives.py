"""The archive stores the tests run against: the embedded one (a SQLite file in a temporary
folder) and PostgreSQL (a real server, `tests.harness.postgres`), each empty for its test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from service.settings import ArchiveSettings, Settings, TtlSettings
from service.store.archive.opening import sqlite_url
from tests.harness.settings import app_settings


async def empty_archive_url(kind: str, folder: Path, postgres_url: str | None) -> str:
    """A URL of an empty archive of `kind`: a new SQLite file, or the server's database with
    the archive's tables dropped."""
    if kind == "sqlite":
        return sqlite_url(folder / "archive.sqlite3")
    assert postgres_url is not None
    db = await asyncpg.connect(postgres_url)
    try:
        await db.execute(
            "DROP TABLE IF EXISTS archived_players, archived_games, archive_schema CASCADE"
        )
    finally:
        await db.close()
    return postgres_url


def archived_settings(
    redis_url: str, archive_url: str, finished: int = 3600, worker: bool = False, **groups: Any
) -> Settings:
    """App settings with an archive at `archive_url` (its worker off unless `worker`: tests
    run it by hand), finished games dropped from Redis `finished` seconds after archived."""
    return app_settings(
        redis_url,
        archive=ArchiveSettings(url=archive_url, worker=worker),
        ttl=TtlSettings(finished=finished),
        **groups,
    )
