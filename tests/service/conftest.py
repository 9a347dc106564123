"""Fixtures for the HTTP tests: the real Litestar app over the real Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from tests.harness.settings import app_settings


@pytest.fixture
async def client(redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    """An HTTP client bound to a fresh app instance."""
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as test_client:
        yield test_client
