"""Fixtures for the end-to-end tests: `escopa serve` as a real process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.store.redis_server import free_port
from tests.harness.processes import SERVER_LOGS, wait_ready


def start_serve(
    port: int, data: Path, *options: str, log: Path | None = None
) -> subprocess.Popen[bytes]:
    """`escopa serve` on `port` with no REDIS_URL, so it starts a private Redis in `data`
    (its output to `log` when given)."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    command = ["serve", "--port", str(port), "--data-dir", str(data), *options]
    sink = log.open("wb") if log is not None else subprocess.DEVNULL
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "service.cli", *command], env=env, stdout=sink, stderr=sink
        )
    finally:
        if log is not None:
            sink.close()  # type: ignore[union-attr]


@pytest.fixture
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`escopa serve` on a free port without REDIS_URL, so it starts its own Redis (its log
    ends a failed test's report)."""
    port = free_port()
    data = tmp_path / "data"
    log = tmp_path / "serve.log"
    process = start_serve(port, data, log=log)
    request.node.stash.setdefault(SERVER_LOGS, []).append(log)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, process)
        yield base, data
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
