"""The Python client's tests talk to a real `escopa serve` process with its own Redis, shared
by the module (the games are independent), with the rate limits lifted."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from escopa_client import Escopa
from tests.harness.processes import serve_private

UNLIMITED = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`escopa serve` on a free port, with its private Redis."""
    with serve_private(tmp_path_factory.mktemp("serve"), **UNLIMITED) as served:
        yield served.base


@pytest.fixture
def escopa(base_url: str) -> Iterator[Escopa]:
    """The client of the served API, closed after the test."""
    with Escopa(base_url) as client:
        yield client
