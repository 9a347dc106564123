"""`escopa serve` processes over a Redis the test gives: several at once, each with its own env."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from service.store.redis_server import free_port
from tests.harness.signing import SIGNING_KEY

START_TIMEOUT = 120.0  # bounds a hang only: a start on a busy machine took over 30 s
SERVER_LOGS = pytest.StashKey[list[Path]]()
"""The log files of the server processes a test started, ended to its report if it fails."""


@dataclass
class Served:
    """One `escopa serve` process: its base URL, the process, and the file its logs go to."""

    base: str
    process: subprocess.Popen[bytes]
    log: Path

    def log_lines(self) -> list[str]:
        return self.log.read_text().splitlines()

    def kill(self) -> None:
        """SIGKILL, as a crash would: no graceful shutdown, requests in flight are cut."""
        self.process.kill()
        self.process.wait(timeout=10)


def wait_ready(base: str, process: subprocess.Popen[bytes]) -> None:
    """Poll /readyz until the server answers 200 (or fail if the process died)."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        assert process.poll() is None, "escopa serve exited at start"
        try:
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise AssertionError("escopa serve did not become ready")


def start(redis_url: str, log: Path, *options: str, **env: str) -> Served:
    """Start `escopa serve --redis-url ... [options]` on a free port (not yet ready), signing
    with the tests' key unless `env` names another."""
    port = free_port()
    environ = {**os.environ, "ESCOPA_SIGNING_KEY": SIGNING_KEY, **env}
    environ.pop("REDIS_URL", None)
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    command += ["--redis-url", redis_url, *options]
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=environ, stdout=sink, stderr=sink)
    return Served(f"http://127.0.0.1:{port}", process, log)


def start_bots(redis_url: str, log: Path, **env: str) -> Served:
    """`escopa bots --redis-url ...`: a bot worker alone (it serves no HTTP: `base` is empty)."""
    environ = {**os.environ, "ESCOPA_SIGNING_KEY": SIGNING_KEY, **env}
    environ.pop("REDIS_URL", None)
    command = [sys.executable, "-m", "service.cli", "bots", "--redis-url", redis_url]
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=environ, stdout=sink, stderr=sink)
    return Served("", process, log)


@contextmanager
def bot_worker(redis_url: str, log: Path, **env: str) -> Iterator[Served]:
    """`escopa bots` for the `with` block; stopped at its end (unless the test killed it)."""
    worker = start_bots(redis_url, log, **env)
    try:
        yield worker
    finally:
        if worker.process.poll() is None:
            worker.process.send_signal(signal.SIGCONT)  # a frozen worker would not stop
            stop(worker)


def stop(served: Served) -> int:
    """SIGTERM, then the exit code (SIGKILL after 20 s)."""
    if served.process.poll() is None:
        served.process.send_signal(signal.SIGTERM)
    try:
        return served.process.wait(timeout=20)
    except subprocess.TimeoutExpired:  # pragma: no cover
        served.process.kill()
        return served.process.wait()


@contextmanager
def serve_processes(
    redis_url: str, folder: Path, count: int, *options: str, **env: str
) -> Iterator[list[Served]]:
    """`count` processes started together over one Redis, ready on exit of the `with` header."""
    processes = [
        start(redis_url, folder / f"escopa-{i}.log", *options, **env) for i in range(count)
    ]
    try:
        for served in processes:
            wait_ready(served.base, served.process)
        yield processes
    finally:
        for served in processes:
            stop(served)


def counted(text: str, name: str) -> float:
    """The value of an unlabelled sample in the Prometheus text format."""
    for line in text.splitlines():
        if line.startswith(f"{name} "):
            return float(line.split()[1])
    raise AssertionError(f"{name} is not in the scrape")


@contextmanager
def serve_private(folder: Path, port: int | None = None, **env: str) -> Iterator[Served]:
    """`escopa serve` on `port` (default: a free one) with no REDIS_URL, so it starts its own
    Redis (data in `folder`), ready on exit of the `with` header and stopped at the end."""
    port = port or free_port()
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"} | env
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(folder / "data")]
    log = folder / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=environ, stdout=sink, stderr=sink)
    served = Served(f"http://127.0.0.1:{port}", process, log)
    try:
        wait_ready(served.base, process)
        yield served
    finally:
        stop(served)
