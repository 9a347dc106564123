"""A run refuses two collected tests of one node id (`tests/harness/node_ids.py`), serial or
parallel, where pytest-xdist would run only the first of them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TWICE = "def pytest_collection_modifyitems(items):\n    items.append(items[0])\n"


@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_run_that_collects_two_tests_of_one_node_id_stops_before_any_test_and_names_it(
    tmp_path: Path, workers: str
) -> None:
    (tmp_path / "test_twice.py").write_text("def test_once() -> None:\n    assert False\n")
    (tmp_path / "conftest.py").write_text(TWICE)
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    command = [sys.executable, "-m", "pytest", "-p", "tests.harness.node_ids", "-n", workers]
    command += ["-p", "no:randomly", "-p", "no:cacheprovider", "-W", "ignore"]
    run = subprocess.run(
        command,
        cwd=tmp_path,
        env={**environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == pytest.ExitCode.USAGE_ERROR, run.stdout + run.stderr
    assert "test_twice.py::test_once (2 tests)" in run.stdout + run.stderr
    assert "assert False" not in run.stdout + run.stderr
