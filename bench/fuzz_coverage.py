"""The live fuzz run's line coverage of the server: `service/http` and `service/core`, measured
by coverage.py in the `escopa serve` process (and its worker processes, where bots think) alone
while schemathesis runs against it.

Two runs, each against a fresh `escopa serve` with its own private Redis (as
`tests/e2e/test_fuzz.py` starts it, with its settings `SERVER_ENV`) started under
`coverage run`, so that measuring starts with the server and nothing of the tests' process
counts. Each runs the schemathesis CLI as the live fuzz test does (`tests/harness/fuzz_runs.py`:
every check and phase, `schemathesis.toml`, the hooks of `tests/harness/fuzz_hooks.py`), with
the document the server serves (`/openapi.json`, the committed one, as
`tests/service/http/openapi/test_openapi.py` keeps it): once against a server without API
keys, once against one with a key (`KEYED`; the hooks send it, `FUZZ_API_KEY`). Each process
writes its data when it ends (the server on SIGTERM); the runs are combined. Prints each run's
schemathesis summary, the line coverage per package and together, and the files with the most
lines missed (`--missing`: their missed lines; `--html DIR`: coverage.py's pages; `--keep DIR`:
the servers' logs, data and schemathesis' reports kept there).

    .venv/bin/python bench/fuzz_coverage.py [--files 12] [--missing] [--html DIR] [--keep DIR]

Nothing is left out of the two packages; docs/fuzzing.md says what stays uncovered, and why.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import coverage  # noqa: E402

from service.store.redis_server import free_port  # noqa: E402
from tests.harness.fuzz_runs import SERVER_ENV, run_schemathesis  # noqa: E402
from tests.harness.processes import Served, stop, wait_ready  # noqa: E402

PACKAGES = ("service/http", "service/core")
API_KEY = "fuzz-coverage-key"
"""The one key of the keyed run's server."""
KEYED = {
    "ESCOPA_API_KEYS": API_KEY,
    "ESCOPA_CREATE_RATE_LIMIT": "100000/60",
    "ESCOPA_HINT_RATE_LIMIT": "100000/60",
    "ESCOPA_REPLAY_RATE_LIMIT": "10000000/60",
}
"""The keyed run's server: its key, and the limits the keyless run lifts on again, above what
the fuzzer sends (so that its requests are counted, as a deployment's are, and not refused)."""
WORKERS_END = 3.0
"""Seconds for the server's worker processes to see it gone and write their data."""
LINKS = re.compile(r"API Links:\s+(\d+) covered / (\d+) selected / (\d+) total")


def config(folder: Path) -> Path:
    """coverage.py's configuration of a server: the two packages, in it and in its worker
    processes (where bots think), each writing its own data file in `folder` when it ends."""
    rc = folder / "coveragerc"
    source = "".join(f"\n    {package}" for package in PACKAGES)
    rc.write_text(
        f"[run]\nsource ={source}\ndata_file = {folder / 'coverage'}\n"
        "parallel = true\nsigterm = true\npatch =\n    subprocess\n    fork\n    _exit\n"
    )
    return rc


@contextmanager
def measured_server(folder: Path, **env: str) -> Iterator[Served]:
    """`escopa serve` under `coverage run` with its private Redis in `folder`, ready on exit of
    the `with` header; stopped at its end (SIGTERM), when it writes its coverage in `folder`."""
    port = free_port()
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"} | SERVER_ENV | env
    command = [sys.executable, "-m", "coverage", "run", f"--rcfile={config(folder)}"]
    command += ["-m", "service.cli", "serve", "--port", str(port)]
    command += ["--data-dir", str(folder / "data")]
    log = folder / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(command, cwd=ROOT, env=environ, stdout=sink, stderr=sink)
    served = Served(f"http://127.0.0.1:{port}", process, log)
    try:
        wait_ready(served.base, process)
        yield served
    finally:
        code = stop(served)
        assert code == 0, f"the server exited with {code}: {log.read_text()[-2000:]}"


def fuzzed(name: str, folder: Path, server: dict[str, str], hooks: dict[str, str]) -> Path:
    """One schemathesis run against a measured server, which serves it the document: its
    summary printed, and the folder of the data files of the server and its workers."""
    folder.mkdir()
    start = time.monotonic()
    with measured_server(folder, **server) as served:
        document = f"{served.base}/openapi.json"
        run = run_schemathesis(served.base, folder / "reports", document=document, **hooks)
    report = json.loads((folder / "reports" / "report.json").read_text())
    if report.get("operations") is None:  # the run stopped before testing (a hook failed)
        raise SystemExit(f"{name}: schemathesis stopped early:\n{run.stdout[-3000:]}")
    links = LINKS.search(run.stdout)
    print(
        f"{name:8s} {report['test_cases']['generated']:6,d} test cases, "
        f"{report['test_cases']['with_failures']} with failures, exit {run.returncode}; "
        f"operations {report['operations']['tested']} of {report['operations']['total']}; "
        f"links {links[1] if links else '?'} of {links[3] if links else '?'}; "
        f"{time.monotonic() - start:.0f} s"
    )
    if run.returncode != 0:
        print(run.stdout[-3000:])
    time.sleep(WORKERS_END)
    return folder


def files_of(package: str) -> list[Path]:
    """The Python files of a package."""
    return sorted((ROOT / package).rglob("*.py"))


def ranges(lines: list[int]) -> str:
    """Line numbers as ranges: `3-5, 9`."""
    spans: list[list[int]] = []
    for line in lines:
        if spans and line == spans[-1][1] + 1:
            spans[-1][1] = line
        else:
            spans.append([line, line])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in spans)


Row = tuple[str, int, list[int]]
"""A file: its path, its statements, and the lines of them that never ran."""


def measured(folder: Path, sources: list[Path]) -> list[Row]:
    """The data files of the runs in `sources` combined in `folder`: every file's row."""
    rc = str(config(folder))
    cov = coverage.Coverage(str(folder / "coverage"), data_suffix=False, config_file=rc)
    cov.combine([str(source) for source in sources], keep=True)  # each folder's coverage.*
    cov.save()
    rows = []
    for path in (p for package in PACKAGES for p in files_of(package)):
        _, lines, _, unrun, _ = cov.analysis2(str(path))
        if lines:
            rows.append((str(path.relative_to(ROOT)), len(lines), unrun))
    return rows


def totals(rows: list[Row]) -> dict[str, tuple[int, int]]:
    """Statements and missed lines per package, and together."""
    found = {}
    for package in (*PACKAGES, ""):
        mine = [row for row in rows if row[0].startswith(package)]
        found[package or "together"] = (sum(r[1] for r in mine), sum(len(r[2]) for r in mine))
    return found


def covered(statements: int, missed: int) -> float:
    return 100 * (statements - missed) / statements


def figures(rows: list[Row], files: int, missing: bool) -> None:
    """Line coverage per package and together, then the files with the most lines missed."""
    print(f"\n{'package':14s} {'lines':>7s} {'missed':>7s} {'covered':>8s}")
    for package, (statements, missed) in totals(rows).items():
        print(f"{package:14s} {statements:7,d} {missed:7,d} {covered(statements, missed):7.1f}%")
    rows.sort(key=lambda row: -len(row[2]))
    print(f"\n{files} files with the most lines missed:")
    for name, statements, unrun in rows[:files]:
        share = covered(statements, len(unrun))
        print(f"  {name:48s} {statements:5d} {len(unrun):5d} {share:6.1f}%")
        if missing:
            print(f"      {ranges(unrun)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=12, help="least covered files listed")
    parser.add_argument("--missing", action="store_true", help="their missed line ranges too")
    parser.add_argument("--html", type=Path, help="write coverage.py's HTML report here")
    parser.add_argument("--keep", type=Path, help="an empty folder to keep the runs in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) if args.keep is None else args.keep
        folder.mkdir(parents=True, exist_ok=True)
        runs = [
            fuzzed("keyless", folder / "keyless", {}, {}),
            fuzzed("keyed", folder / "keyed", KEYED, {"FUZZ_API_KEY": API_KEY}),
        ]
        for run in runs:
            alone = totals(measured(run, [run]))
            shares = ", ".join(f"{name} {covered(*counts):.1f}%" for name, counts in alone.items())
            print(f"{run.name} alone: {shares}")
        figures(measured(folder, runs), args.files, args.missing)
        if args.html is not None:
            rc = str(config(folder))
            cov = coverage.Coverage(str(folder / "coverage"), data_suffix=False, config_file=rc)
            cov.load()
            cov.html_report(directory=str(args.html))
            print(f"HTML report in {args.html}")


if __name__ == "__main__":
    main()
