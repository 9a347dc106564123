"""The whole under faults: the documented topology as real processes on loopback, a mixed load,
a fault of each kind in turn, then every promise read back (tests/harness/whole_run.py).

Each run starts from nothing: a Redis Cluster of 3 masters and 3 replicas, a PostgreSQL
archive, a webhook receiver process, two `escopa serve` (bot worker off) and two `escopa bots`.
Clients play people against bots, rated games and a rated duplicate tournament of people and
bots, every game with a webhook, through either API process. Every `--gap` seconds one fault,
in turn: SIGKILL of an `escopa serve` (started again), of an `escopa bots`, of a cluster master
(its replica promoted, the node rejoins), PostgreSQL stopped at once and started again, the
webhook receiver killed and started again. After `--minutes` and `--moves` people's moves
acknowledged the clients finish their games, the due work drains, and the checker reads
everything back; a broken promise is a violation.

    .venv/bin/python bench/faults.py --runs 10 --minutes 5 [--moves 3000] [--gap 20]

It prints one line per run, then the table of docs/operations.md, and exits 1 on any
violation (each printed, with the run's folder kept for its logs).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from tests.harness.whole_run import Figures, Plan, run_whole  # noqa: E402


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=5.0, help="of load, at least")
    parser.add_argument("--moves", type=int, default=3000, help="people's moves, at least")
    parser.add_argument("--gap", type=float, default=20.0, help="seconds between two faults")
    return parser.parse_args()


def line(number: int, figures: Figures) -> str:
    faults = ", ".join(f"{kind} {n}" for kind, n in sorted(figures.faults.items()))
    checked = figures.checked
    return (
        f"run {number}: {figures.seconds / 60:.1f} min of load, {figures.acknowledged:,} "
        f"people's moves acknowledged, {checked.moves:,} moves in the logs, "
        f"{checked.finished:,} games, {figures.tournaments} tournaments, "
        f"{checked.deliveries:,} webhook events, {checked.settlements} settlements, "
        f"{checked.keys:,} Redis keys checked, faults {sum(figures.faults.values())} "
        f"({faults}), {figures.cut:,} requests cut, "
        f"answers {dict(sorted(figures.answers.items()))}, "
        f"{len(figures.violations)} violations, {figures.wall / 60:.1f} min in all"
    )


def table(runs: list[Figures]) -> str:
    """The figures of every run, in the table docs/operations.md shows."""
    clean = sum(1 for f in runs if not f.violations)
    load = [f.seconds / 60 for f in runs]
    moves = sum(f.checked.moves for f in runs)
    people = sum(f.acknowledged for f in runs)
    games = sum(f.checked.finished for f in runs)
    events = sum(f.checked.deliveries for f in runs)
    faults = sum(sum(f.faults.values()) for f in runs)
    violations = sum(len(f.violations) for f in runs)
    rows = [
        "| runs | clean | load per run | moves in the logs (people's acknowledged) | games "
        "| tournaments | webhook events | faults | violations | wall time |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {len(runs)} | {clean} of {len(runs)} | {min(load):.1f}-{max(load):.1f} min "
        f"| {moves:,} ({people:,}) | {games:,} | {sum(f.tournaments for f in runs)} "
        f"| {events:,} | {faults} | {violations} | {sum(f.wall for f in runs) / 60:.0f} min |",
    ]
    return "\n".join(rows)


def main() -> int:
    args = options()
    runs: list[Figures] = []
    for number in range(1, args.runs + 1):
        folder = Path(tempfile.mkdtemp(prefix="escopa-faults-"))
        plan = Plan(args.minutes * 60, args.moves, args.gap, seed=number)
        figures = asyncio.run(run_whole(folder / "run", plan))
        runs.append(figures)
        print(line(number, figures), flush=True)
        for dealt in figures.dealt:
            print(f"  fault {dealt}", flush=True)
        for violation in figures.violations:
            print(f"  violation: {violation}", flush=True)
        if figures.violations:
            print(f"  logs kept in {folder}", flush=True)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    print(table(runs))
    return 1 if any(f.violations for f in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
