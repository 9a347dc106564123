"""The Python client's tests talk to a real `escopa serve` process with its own Redis, shared
by the module (the games are independent), with the rate limits lifted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest
from escopa_client import Escopa

from service.store.redis_server import free_port
from tests.harness.processes import wait_ready

UNLIMITED = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`escopa serve` on a free port, starting its private Redis (no REDIS_URL)."""
    folder = tmp_path_factory.mktemp("serve")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"} | UNLIMITED
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(folder / "data")]
    with (folder / "serve.log").open("wb") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, process)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)


@pytest.fixture
def escopa(base_url: str) -> Iterator[Escopa]:
    """The client of the served API, closed after the test."""
    with Escopa(base_url) as client:
        yield client
