"""`tests/cpu_by_file.py` puts the CPU of the processes a test file starts on that file."""

from __future__ import annotations

import re
from pathlib import Path

from tests.harness.pytest_runs import pytest_in

BUSY = """import subprocess, sys

def test_busy() -> None:
    spin = "import time\\nend = time.process_time() + 1.5\\nwhile time.process_time() < end: pass"
    subprocess.run([sys.executable, "-c", spin], check=True)
"""
ROW = re.compile(r"^ *([\d.]+) s +\d+% +[\d.]+ s wall  (\S+)$", re.MULTILINE)


def test_a_file_whose_test_runs_a_busy_process_is_listed_first_with_that_processs_cpu(
    tmp_path: Path,
) -> None:
    (tmp_path / "test_busy.py").write_text(BUSY)
    (tmp_path / "test_idle.py").write_text("def test_idle() -> None:\n    assert True\n")
    run = pytest_in(tmp_path, "-p", "tests.cpu_by_file", "-n", "0")
    assert run.returncode == 0, run.stdout + run.stderr
    rows = ROW.findall(run.stdout)
    assert [path for _, path in rows] == ["test_busy.py", "test_idle.py"], run.stdout
    assert float(rows[0][0]) >= 1.5 > float(rows[1][0]), run.stdout
    assert "2 files" in run.stdout
