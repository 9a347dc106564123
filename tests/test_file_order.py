"""The order in which a parallel run hands out its files (`tests/harness/file_order.py`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.harness.file_order import LONGEST

ROOT = Path(__file__).resolve().parents[1]


def test_each_of_the_longest_files_exists() -> None:
    assert [path for path in LONGEST if not (ROOT / path).is_file()] == []


def test_a_run_collects_the_longest_files_first_then_the_others_by_count_of_tests() -> None:
    files = [
        "tests/engine/test_cards.py",
        "tests/test_layers.py",
        "tests/bench/test_scripts.py",
        "tests/e2e/test_first_ten_minutes.py",
    ]
    for seed in (1, 2):
        collected = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "--collect-only",
                "-p",
                "no:cacheprovider",
                f"--randomly-seed={seed}",
                *files,
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        order = [line.split("::")[0] for line in collected.splitlines() if "::" in line]
        first_seen = list(dict.fromkeys(order))
        counts = {path: order.count(path) for path in first_seen}
        others = first_seen[2:]
        assert first_seen[:2] == [LONGEST[0], LONGEST[2]]
        assert sorted(others, key=lambda path: -counts[path]) == others
        assert order == sorted(order, key=first_seen.index), "each file's tests together"
