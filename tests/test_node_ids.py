"""A run refuses two collected tests of one node id (`tests/harness/node_ids.py`), serial or
parallel, where pytest-xdist would run only the first of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.pytest_runs import pytest_in

TWICE = "def pytest_collection_modifyitems(items):\n    items.append(items[0])\n"


@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_run_that_collects_two_tests_of_one_node_id_stops_before_any_test_and_names_it(
    tmp_path: Path, workers: str
) -> None:
    (tmp_path / "test_twice.py").write_text("def test_once() -> None:\n    assert False\n")
    (tmp_path / "conftest.py").write_text(TWICE)
    run = pytest_in(tmp_path, "-p", "tests.harness.node_ids", "-n", workers)
    said = run.stdout + run.stderr
    assert run.returncode == pytest.ExitCode.USAGE_ERROR, said
    assert "test_twice.py::test_once (2 tests)" in said
    assert "assert False" not in said
