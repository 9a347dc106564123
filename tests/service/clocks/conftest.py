"""Clients of the app with short first-move timeouts, its clock sweeper applying timeouts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from tests.harness.clocks import clock_settings


@pytest.fixture
async def client(redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    async with AsyncTestClient(
        app=create_app(clock_settings(redis_url, sweep=True))
    ) as test_client:
        yield test_client
