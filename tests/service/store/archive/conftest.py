"""Every archive test runs against both stores: the embedded SQLite one and PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service.store.archive.opening import open_archive
from service.store.archive.record import Archive
from tests.harness.archives import KINDS, empty_archive_url


@pytest.fixture(params=KINDS)
async def archive_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty archive of each kind."""
    kind = str(request.param)
    postgres = request.getfixturevalue("postgres_url") if kind == "postgres" else None
    return await empty_archive_url(kind, tmp_path, postgres)


@pytest.fixture
async def archive(archive_url: str) -> AsyncIterator[Archive]:
    """An empty archive of each kind, open."""
    opened = await open_archive(archive_url)
    assert opened is not None
    try:
        yield opened
    finally:
        await opened.close()
