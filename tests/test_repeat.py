"""`tests/repeat.py` (`make test-repeat`) runs the suite several times, each in another order, and
ends with every test that failed, how often and under which seeds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.harness.pytest_runs import ROOT, calling_environment

TESTS = """
def test_passes() -> None:
    assert True


def test_fails() -> None:
    assert False
"""


def test_two_runs_count_the_test_that_failed_in_each_with_its_seeds(tmp_path: Path) -> None:
    (tmp_path / "test_twice.py").write_text(TESTS)
    command = [sys.executable, "tests/repeat.py", "--times", "2", "--workers", "2", "--seed", "7"]
    done = subprocess.run(
        [*command, str(tmp_path)],
        cwd=ROOT,
        env=calling_environment(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "run 1/2 (--randomly-seed=7): exit 1, 1 failed" in said
    assert "run 2/2 (--randomly-seed=8): exit 1, 1 failed" in said
    assert "2 runs, 0 green." in said
    assert "2/2" in said and "test_twice.py::test_fails  [7, 8]" in said
    assert "test_passes" not in said.split("Failed at least once", 1)[1]
