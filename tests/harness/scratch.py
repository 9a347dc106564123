"""The run's processes write their temporary files in one folder of the run's own, removed at its
end: a process a test kills (SIGKILL skips its clean-up) leaves nothing in the machine's TMPDIR."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

SCRATCH = pytest.StashKey[tuple[str, str | None]]()


def pytest_configure(config: pytest.Config) -> None:
    """In the run's first process only: TMPDIR for every process started after it (pytest-xdist's
    workers and what they start); its own temporary folder and pytest's stay where they were."""
    if hasattr(config, "workerinput"):
        return
    tempfile.gettempdir()  # cached before TMPDIR changes: this process keeps the machine's
    folder = tempfile.mkdtemp(prefix="escopa-tests-")
    config.stash[SCRATCH] = (folder, os.environ.get("TMPDIR"))
    os.environ["TMPDIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    """Everything the run's processes left in it goes with the folder."""
    if SCRATCH not in config.stash:
        return
    folder, before = config.stash[SCRATCH]
    shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop("TMPDIR", None)
    else:
        os.environ["TMPDIR"] = before
