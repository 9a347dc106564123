"""The worker processes end with the process that started them: a server killed at once leaves
no thinking process behind (a real process pool in a real process, killed with SIGKILL)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
STARTS_A_POOL = """
import time
from service.core.worker_processes import WorkerProcesses
pool = WorkerProcesses(2)
pool.start()
print("started", flush=True)
time.sleep(600)
"""


def children_of(pid: int) -> set[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
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
        assert server.stdout is not None and server.stdout.readline() == "started\n"
        deadline = time.monotonic() + 60  # bounds a hang only
        while len(children_of(server.pid)) < 2:  # two workers (and a resource tracker)
            assert time.monotonic() < deadline, "the pool's processes did not start"
            time.sleep(0.1)
        workers = children_of(server.pid)
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        while any(alive(pid) for pid in workers):
            assert time.monotonic() < deadline, f"still running: {sorted(filter(alive, workers))}"
            time.sleep(0.1)
    finally:
        server.kill()
        server.wait()
