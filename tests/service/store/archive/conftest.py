"""Every archive test runs against both stores: the embedded SQLite one and PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from service.store.archive.opening import open_archive
from service.store.archive.record import Archive


@pytest.fixture
async def archive(archive_url: str) -> AsyncIterator[Archive]:
    """An empty archive of each kind, open."""
    opened = await open_archive(archive_url)
    assert opened is not None
    try:
        yield opened
    finally:
        await opened.close()
