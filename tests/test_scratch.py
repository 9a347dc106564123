"""A run's processes keep their temporary files in a folder of the run's own, removed at its end
(`tests/harness/scratch.py`): a process a test kills leaves nothing in the machine's TMPDIR."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.pytest_runs import pytest_in

PLUGIN = ("-p", "tests.harness.scratch")
KILLS_A_WRITER = """
import os, pathlib, subprocess, sys

WRITES = "import tempfile as t, time; print(t.mkdtemp(prefix='left-'), flush=True); time.sleep(60)"


def test_a_killed_process_leaves_its_folder() -> None:
    child = subprocess.Popen([sys.executable, "-c", WRITES], stdout=subprocess.PIPE, text=True)
    pathlib.Path(os.environ["MADE"]).write_text(child.stdout.readline().strip())
    child.kill()
    child.wait()
"""


@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_process_killed_by_a_test_leaves_nothing_in_the_machines_temporary_folder(
    tmp_path: Path, workers: str
) -> None:
    machine = tmp_path / "machine"
    machine.mkdir()
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_kills.py").write_text(KILLS_A_WRITER)
    basetemp = str(tmp_path / "runs")
    made = tmp_path / "made"
    run = pytest_in(
        tests,
        *PLUGIN,
        "-n",
        workers,
        "--basetemp",
        basetemp,
        env={"TMPDIR": str(machine), "MADE": str(made)},
    )
    said = run.stdout + run.stderr
    assert run.returncode == pytest.ExitCode.OK, said
    left = Path(made.read_text())
    assert left.name.startswith("left-") and left.is_relative_to(machine), left
    assert not left.exists()
    assert list(machine.iterdir()) == []
