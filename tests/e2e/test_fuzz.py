"""Contract fuzzing: schemathesis, every check, against a live `escopa serve` and a real Redis."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_schemathesis_finds_no_failure_in_the_committed_contract(
    served: tuple[str, Path],
) -> None:
    base, _ = served
    run = subprocess.run(
        [
            sys.executable, "-m", "schemathesis.cli", "run", str(ROOT / "openapi" / "openapi.json"),
            "--url", base,
            "--checks", "all",
            "--phases", "examples,coverage,fuzzing,stateful",
            "--no-color",
        ],
        cwd=ROOT,
        env={**os.environ, "SCHEMATHESIS_HOOKS": "tests.harness.fuzz_hooks"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )  # fmt: skip
    summary = run.stdout[-3000:]
    assert run.returncode == 0, summary
    assert " passed" in summary and "failure" not in summary.split("Test cases:")[-1], summary
