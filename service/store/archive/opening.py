"""Opening the archive a URL names: `sqlite:///path` (embedded) or `postgresql://...`."""

from __future__ import annotations

from pathlib import Path

from service.store.archive.record import Archive
from service.store.archive.sqlite import SqliteArchive
from service.store.archive.watched import Watched

SQLITE = "sqlite://"
POSTGRES = ("postgresql://", "postgres://")


async def open_archive(url: str) -> Watched | None:
    """The archive at `url`, its schema up to date, watched; None for no URL (no archive)."""
    if not url:
        return None
    return Watched(await opened(url))


async def opened(url: str) -> Archive:
    """The archive at `url` itself."""
    if url.startswith(SQLITE):
        return SqliteArchive(Path(url.removeprefix(SQLITE)))
    if url.startswith(POSTGRES):
        from service.store.archive.postgres import PostgresArchive

        return await PostgresArchive.open(url)
    raise ValueError(f"ESCOPA_ARCHIVE_URL={url!r}: want sqlite:///path or postgresql://...")


def sqlite_url(path: Path) -> str:
    """The URL of an embedded archive at `path`."""
    return f"{SQLITE}{path.resolve()}"
