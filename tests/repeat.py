"""Run the suite N times in parallel, each run in another random order, and report every test
that failed in any run with how often and under which seeds: `make test-repeat N=5`, or
`python tests/repeat.py --times 5 --workers 4 [pytest arguments, e.g. a folder]`.

Each run is `pytest -n WORKERS --dist loadfile --randomly-seed=SEED`; this module is loaded
into it as a plugin (`-p tests.repeat`) that writes each failed test's id to a file.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FAILED_LOG = "ESCOPA_REPEAT_FAILED_LOG"
"""Where the plugin appends the id of each failed test (set by the runner for its runs)."""


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """In the run's main process (xdist's workers report to it): note a failed test once per
    phase that failed (setup, call or teardown)."""
    log = os.environ.get(FAILED_LOG)
    if log and report.failed and not os.environ.get("PYTEST_XDIST_WORKER"):
        with open(log, "a") as out:
            out.write(f"{report.nodeid}\t{report.when}\n")


def one_run(seed: int, workers: int, args: list[str], log: Path) -> tuple[int, float, set[str]]:
    """One parallel run in the order of `seed`: its exit code, wall time and failed tests."""
    log.write_text("")
    command = [sys.executable, "-m", "pytest", "-p", "tests.repeat", "-p", "no:cacheprovider"]
    command += ["-n", str(workers), "--dist", "loadfile", f"--randomly-seed={seed}", *args]
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, FAILED_LOG: str(log)}, check=False)
    failed = {line.split("\t")[0] for line in log.read_text().splitlines() if line}
    return done.returncode, time.monotonic() - started, failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=5, help="how many runs (default 5)")
    parser.add_argument("--workers", default="4", help="pytest-xdist workers (default 4)")
    parser.add_argument("--seed", type=int, help="the first run's order (default: random)")
    options, args = parser.parse_known_args(argv)
    first = options.seed if options.seed is not None else random.SystemRandom().randrange(10**9)
    counts: Counter[str] = Counter()
    seeds: defaultdict[str, list[int]] = defaultdict(list)
    codes = []
    with tempfile.TemporaryDirectory() as folder:
        for index in range(options.times):
            seed = first + index
            code, took, failed = one_run(seed, options.workers, args, Path(folder) / "failed")
            codes.append(code)
            said = f"exit {code}, {len(failed)} failed, {took:.0f} s"
            print(f"run {index + 1}/{options.times} (--randomly-seed={seed}): {said}", flush=True)
            for test in failed:
                counts[test] += 1
                seeds[test].append(seed)
    print(f"\n{options.times} runs, {sum(c == 0 for c in codes)} green.")
    if counts:
        print("Failed at least once (runs failed / runs, seeds):")
        for test, count in counts.most_common():
            print(f"  {count}/{options.times}  {test}  {seeds[test]}")
    return 0 if all(code == 0 for code in codes) else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
