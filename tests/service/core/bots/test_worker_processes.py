"""The worker processes end with the process that started them: a server killed at once leaves
no thinking process behind, nor the fork server they came from (a real process pool in a real
process, killed with SIGKILL)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]
STARTS_A_POOL = """
import asyncio, time
from service.core.bots.worker_processes import WorkerProcesses
pool = WorkerProcesses(2)
assert asyncio.run(pool.compute(len, "answered")) == 8
print("answered", flush=True)
time.sleep(600)
"""

ASKS_A_POOL = """
import asyncio
from service.core.bots.worker_processes import WorkerProcesses
print(asyncio.run(WorkerProcesses(1).compute(len, "answered")))
"""

WATCHES_WITHOUT_PID_FILES = """
import os, sys
from service.core.bots import worker_processes

def refused(pid: int) -> int:
    raise PermissionError(1, "refused by a sandbox")

os.pidfd_open = refused
worker_processes._end_with(int(sys.argv[1]))
"""


def descendants_of(pid: int) -> set[int]:
    """The processes below `pid`: its children, theirs, and so on (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    below = {pid}
    while below:
        below = {child for child, parent in parents.items() if parent in below} - found
        found |= below
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_worker_processes_end_when_the_process_that_started_them_is_killed() -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", STARTS_A_POOL], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None and server.stdout.readline() == "answered\n"
        started = descendants_of(server.pid)
        assert len(started) >= 2  # the fork server and a worker under it (and a resource tracker)
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 60  # bounds a hang only
        while any(alive(pid) for pid in started):
            assert time.monotonic() < deadline, f"still running: {sorted(filter(alive, started))}"
            time.sleep(0.1)
    finally:
        server.kill()
        server.wait()


def test_a_temporary_folder_too_long_for_a_fork_servers_socket_still_gives_workers(
    tmp_path: Path,
) -> None:
    long = tmp_path / ("x" * 100)  # the socket's path would pass the 107 bytes it may have
    long.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", ASKS_A_POOL],
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(long)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "8\n"), done.stderr[-2000:]
    assert "bot workers are spawned: no room for a fork server's socket in" in done.stderr


def test_a_worker_refused_the_servers_pid_file_descriptor_still_ends_with_the_server() -> None:
    server = subprocess.Popen(["sleep", "600"])
    watcher = subprocess.Popen(
        [sys.executable, "-c", WATCHES_WITHOUT_PID_FILES, str(server.pid)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        with pytest.raises(subprocess.TimeoutExpired):  # it watches while the server runs
            watcher.wait(timeout=3)
        server.kill()
        server.wait()
        assert watcher.wait(timeout=30) == 0
    finally:
        server.kill()
        watcher.kill()
        server.wait()
        watcher.wait()
