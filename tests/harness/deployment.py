"""The documented scale-out topology as real processes on loopback, and its faults.

Two `escopa serve` (bot worker off), two `escopa bots`, a webhook receiver process, a Redis
Cluster of 3 masters and 3 replicas and a PostgreSQL archive. Each fault is one a deployment
meets: a process SIGKILLed (with its children, as a container dies) and started again on its
port, a master killed and its replica promoted, the archive's PostgreSQL stopped at once and
started again, the webhook receiver killed and started again.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import redis

from service.store.redis_server import RedisServer, free_port
from tests.harness.cluster import LocalCluster
from tests.harness.postgres import Postgres, postgres, server_folder
from tests.harness.processes import Served, wait_ready
from tests.harness.signing import SIGNING_KEY
from tests.harness.webhook_recorder import Recorder

FINISHED_TTL: Final = 5
"""Seconds a finished game's keys stay in Redis once archived (short, so a run sees them go)."""
SHARED: Final = {
    "ESCOPA_SIGNING_KEY": SIGNING_KEY,
    "ESCOPA_REDIS_CLUSTER": "1",
    "ESCOPA_WAIT_TIMEOUT_MS": "2000",
    "ESCOPA_RATE_LIMIT": "0",
    "ESCOPA_CREATE_RATE_LIMIT": "0",
    "ESCOPA_FINISHED_TTL": str(FINISHED_TTL),
    "ESCOPA_WEBHOOK_ALLOW": "127.0.0.1",
    "ESCOPA_WEBHOOK_TIMEOUT": "5",
    "ESCOPA_WEBHOOK_BACKOFF": "0.5",
    "ESCOPA_BOT_CLAIM_IDLE": "2",
    "ESCOPA_LOG_FORMAT": "text",
    "ESCOPA_LOG_LEVEL": "warning",
}
API_ONLY: Final = {"ESCOPA_BOTS": "0"}
FAULTS: Final = ("serve", "bots", "master", "postgres", "receiver")
"""Every fault kind, in the order a run deals them."""
DOWN: Final = 2.0
"""Seconds PostgreSQL and the receiver stay down before they start again."""


def launch(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """A process in a session of its own (so a kill takes its children too), logging to `log`."""
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"} | env
    with log.open("ab") as sink:
        return subprocess.Popen(
            command, env=environ, stdout=sink, stderr=sink, start_new_session=True
        )


def kill(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL a process and every process of its session, as a crash of its container would."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # its children, had it left any


def end(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM and wait (SIGKILL after 20 s), the children with it."""
    if process.poll() is None:
        process.terminate()
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=20)
    kill(process)


@dataclass
class Deployment:
    """The processes of one run, each restartable where it ran; `faults` counts those dealt."""

    folder: Path
    cluster: LocalCluster
    archive: Postgres
    receiver: Recorder
    ports: list[int]
    apis: list[Served] = field(default_factory=list)
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    faults: Counter[str] = field(default_factory=Counter)
    started: int = 0

    @property
    def env(self) -> dict[str, str]:
        return {**SHARED, "ESCOPA_ARCHIVE_URL": self.archive.url}

    @property
    def bases(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def _log(self, name: str) -> Path:
        self.started += 1
        return self.folder / f"{name}-{self.started}.log"

    def start_api(self, index: int) -> Served:
        """`escopa serve` number `index` on its port, ready."""
        port = self.ports[index]
        command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
        command += ["--redis-url", self.cluster.url, "--redis-cluster"]
        log = self._log(f"serve{index}")
        served = Served(self.bases[index], launch(command, {**self.env, **API_ONLY}, log), log)
        wait_ready(served.base, served.process)
        return served

    def start_worker(self, index: int) -> subprocess.Popen[bytes]:
        """`escopa bots` number `index`."""
        command = [sys.executable, "-m", "service.cli", "bots", "--redis-url", self.cluster.url]
        return launch(command, self.env, self._log(f"bots{index}"))

    def start(self) -> None:
        self.apis = [self.start_api(i) for i in range(len(self.ports))]
        self.workers = [self.start_worker(i) for i in range(2)]

    def stop(self) -> None:
        for process in [*(a.process for a in self.apis), *self.workers]:
            end(process)

    def deal(self, kind: str, number: int) -> str:
        """Deal fault `kind` (one of `FAULTS`) to its `number`-th target; what it did."""
        self.faults[kind] += 1
        if kind == "serve":
            index = number % len(self.apis)
            kill(self.apis[index].process)
            self.apis[index] = self.start_api(index)
            return f"SIGKILL escopa serve {index}, started again"
        if kind == "bots":
            index = number % len(self.workers)
            kill(self.workers[index])
            self.workers[index] = self.start_worker(index)
            return f"SIGKILL escopa bots {index}, started again"
        if kind == "master":
            return self.fail_over(number)
        if kind == "postgres":
            self.archive.stop()
            time.sleep(DOWN)
            self.archive.start()
            return "PostgreSQL stopped at once, started again"
        self.receiver.kill()
        time.sleep(DOWN)
        self.receiver.start()
        return "SIGKILL webhook receiver, started again"

    def fail_over(self, number: int) -> str:
        """SIGKILL a master (in turn), wait until its replica serves its slots, then start it
        again (it rejoins as a replica, so WAIT is met again)."""
        masters = [n for n in self.cluster.live() if _role(n) == "master"]
        victim = masters[number % len(masters)]
        started = time.monotonic()
        self.cluster.kill(victim)
        self.cluster.wait_failover()
        promoted = time.monotonic() - started
        self.cluster.rejoin(victim)
        return f"SIGKILL master on port {victim.port}, replica promoted in {promoted:.1f} s"

    def masters(self) -> list[redis.Redis]:
        """A client of each live master."""
        return [self.cluster.client(n) for n in self.cluster.live() if _role(n) == "master"]


def _role(node: RedisServer) -> str:
    try:
        client = redis.Redis(port=node.port, socket_timeout=5, decode_responses=True)
        return str(client.execute_command("ROLE")[0])
    except redis.RedisError:
        return "gone"


@contextmanager
def deployed(folder: Path) -> Iterator[Deployment]:
    """The whole topology, started and ready, stopped at the end of the block."""
    folder.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        cluster = stack.enter_context(LocalCluster(folder / "cluster"))
        archive = stack.enter_context(postgres(server_folder()))
        receiver = Recorder(folder / "received.jsonl")
        receiver.start()
        stack.callback(receiver.kill)
        deployment = Deployment(folder, cluster, archive, receiver, [free_port(), free_port()])
        stack.callback(deployment.stop)
        deployment.start()
        yield deployment
