"""What the workers of one test run share: a folder, and work done once for all of them.

Under pytest-xdist each worker is a process of its own with its own temporary folder; the
folder above those is the run's. A serial run's own temporary folder is the run's.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this run, the same for each of its workers."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def once_per_run(factory: pytest.TempPathFactory, name: str) -> Iterator[bool]:
    """Held by one worker at a time; yields True to the first holder only, so that it does
    `name`'s work (marked done when its block ends without an error) while the others wait."""
    folder = run_folder(factory)
    with (folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = folder / f"{name}.done"
        first = not done.exists()
        yield first
        done.touch()
