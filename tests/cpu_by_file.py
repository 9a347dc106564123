"""Where a serial run's CPU goes, by test file: `.venv/bin/python -m pytest -n 0 -p
tests.cpu_by_file [pytest arguments]` ends with the files that took the most CPU.

A file's CPU is the run's own (user and system) while its tests ran, plus that of the processes
they started and waited for; a process still running when its file ends (the session's
redis-server) counts for the file during which it is reaped. Serial runs only: under
pytest-xdist each worker would keep its own figures.
"""

from __future__ import annotations

import os
import time
from typing import NamedTuple

import pytest

SHOWN = 20


class Spent(NamedTuple):
    """What one test file took."""

    path: str
    cpu: float
    wall: float


class Meter:
    """The CPU and wall time from one file's first test to the next file's."""

    def __init__(self) -> None:
        self.spent: list[Spent] = []
        self.path: str | None = None
        self.cpu = self.wall = 0.0

    def start(self, path: str | None) -> None:
        """End the current file's figures (if any), and start `path`'s."""
        cpu, wall = _cpu(), time.monotonic()
        if self.path is not None:
            self.spent.append(Spent(self.path, cpu - self.cpu, wall - self.wall))
        self.path, self.cpu, self.wall = path, cpu, wall


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


_meter = Meter()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    path = item.nodeid.split("::")[0]
    if path != _meter.path:
        _meter.start(path)


def pytest_sessionfinish(session: pytest.Session) -> None:
    _meter.start(None)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The files that took the most CPU, and the run's total."""
    spent = sorted(_meter.spent, key=lambda s: -s.cpu)
    if not spent:
        return
    total = sum(s.cpu for s in spent)
    terminalreporter.section("CPU by test file")
    terminalreporter.write_line(f"{len(spent)} files, {total:.0f} s of CPU")
    for s in spent[:SHOWN]:
        share = s.cpu / total if total else 0.0
        terminalreporter.write_line(f"{s.cpu:7.1f} s {share:4.0%} {s.wall:7.1f} s wall  {s.path}")
