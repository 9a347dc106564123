"""A real pytest run inside a test, on files the test wrote: how the suite's own pytest
plugins are tested."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUIET = ("-p", "no:randomly", "-p", "no:cacheprovider", "-W", "ignore")


def pytest_in(
    folder: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """pytest with `args` in `folder`, with this repository importable, in the files' order and
    without the calling run's `PYTEST_` variables (a worker's name among them); `env` adds more."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", *QUIET, *args],
        cwd=folder,
        env={**calling_environment(), "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def calling_environment() -> dict[str, str]:
    """This process's environment without the calling run's `PYTEST_` variables: a run started
    with them would take itself for one of the calling run's workers."""
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
