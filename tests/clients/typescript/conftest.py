"""`served`: `escopa serve` as a real process with its own Redis, as the end-to-end tests use it;
`built`: the client and its tests compiled once for the whole run."""

from __future__ import annotations

import pytest

from tests.clients.typescript.test_typescript_client import build
from tests.e2e.conftest import served
from tests.harness.runs import once_per_run

__all__ = ["built", "served"]


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> None:
    """`dist/` compiled by one worker before any reads it: a second `tsc` would rewrite the
    files that another worker's node or browser is loading."""
    with once_per_run(tmp_path_factory, "typescript-build") as first:
        if first:
            build()
