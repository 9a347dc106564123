"""Exact endgames at scale: the expert against an exhaustive solver on random 2-player endgames.

Each endgame (`tests/harness/endgames.py`: a random escopa or escoba match played into a
round's last hand, the stock empty) is decided by the expert at the default budget, and its
move's exact round margin is compared with the best move's, both found by alpha-beta through
the engine itself. Prints how many moves fell short (it must be none: the command then exits
1) and the expert's decision time (CPU time of one decision: p50, p95, p99 and the maximum),
timed in a process that only decides, as a bot worker does (`bench/endgame_times.py`): the
exhaustive solver's garbage would otherwise be collected inside the expert's decisions.

With `--baseline-rev REV` (that commit's `bots/`, taken with `git archive`, on today's engine)
or `--baseline PATH` (a folder holding another `bots/`), both experts then decide the same
endgames side by side: `bench/endgame_times.py` runs each in its own process, in turn (the
order swapped every round), for `--rounds` rounds; each one's median percentiles and the
median of the rounds' p99 ratios (baseline / today) are printed.

    .venv/bin/python bench/endgames.py [--count 10000] [--baseline-rev 68298fc] [--rounds 4]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

# This folder holds bench/engine.py: the project's root comes first, so `engine` is the package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from bench.engine import checkout
from bots import DEFAULT_BUDGET, bot_rng, level
from service.cli.progress import track
from tests.harness.endgames import Solver, endgame

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def percentiles(took: list[float]) -> tuple[float, float, float, float]:
    """p50, p95, p99 and the maximum."""
    cuts = statistics.quantiles(took, n=100, method="inclusive")  # cuts[k - 1]: the k-th
    return cuts[49], cuts[94], cuts[98], max(took)


def shown(figures: tuple[float, ...]) -> str:
    p50, p95, p99, most = figures
    return f"p50 {p50:.2f} ms  p95 {p95:.2f} ms  p99 {p99:.2f} ms  max {most:.2f} ms"


def times(root: Path, count: int, seed: str) -> list[float]:
    """The decision times of the expert whose `bots/` is in `root`, in a process of its own."""
    command = [sys.executable, str(HERE / "endgame_times.py"), str(root), str(count), seed]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    found: list[float] = json.loads(done.stdout)
    return found


def report_side_by_side(baseline: Path, label: str, rounds: int, count: int, seed: str) -> None:
    """Today's expert against `baseline`'s on the same endgames, in turn, `rounds` times."""
    roots = {"baseline": baseline, "today": ROOT}
    runs: dict[str, list[tuple[float, float, float, float]]] = {"baseline": [], "today": []}
    for i in track(range(rounds), rounds, "side by side", "rounds"):
        for name in ("baseline", "today") if i % 2 == 0 else ("today", "baseline"):
            runs[name].append(percentiles(times(roots[name], count, seed)))
    print(f"side by side with {label} ({rounds} rounds of {count:,} endgames, in turn):")
    for name, found in runs.items():
        medians = tuple(statistics.median(f[k] for f in found) for k in range(4))
        print(f"  {name:8} {shown(medians)}  (medians of the rounds)")
    ratios = [b[2] / t[2] for b, t in zip(runs["baseline"], runs["today"], strict=True)]
    print(
        f"  p99 baseline / today: median {statistics.median(ratios):.2f}"
        f" (rounds {min(ratios):.2f}-{max(ratios):.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="endgames (default 10,000)")
    parser.add_argument("--seed", default="bench", help="the endgames' seed prefix")
    parser.add_argument("--baseline", type=Path, help="a folder holding another bots/ to compare")
    parser.add_argument("--baseline-rev", help="a commit whose bots/ to compare (git archive)")
    parser.add_argument("--rounds", type=int, default=4, help="side-by-side rounds (default 4)")
    args = parser.parse_args()
    expert = level("expert")
    short = []
    for i in track(range(args.count), args.count, "endgames", "endgames"):
        e = endgame(f"{args.seed}-{i}")
        move = expert.choose(
            engine.view(e.state, e.seat), e.known, bot_rng(e.state.seed, e.seat, i), DEFAULT_BUDGET
        )
        solver = Solver(e.seat)
        if solver.after(e.state, move) != solver.best(e.state):
            short.append(e.state.seed)
    print(
        f"{args.count:,} endgames (2 players, stock empty), budget {DEFAULT_BUDGET}, "
        f"Python {platform.python_version()}"
    )
    print(f"  moves short of the best: {len(short)}{' ' + ', '.join(short[:5]) if short else ''}")
    print(f"  expert decision: {shown(percentiles(times(ROOT, args.count, args.seed)))}")
    if args.baseline is not None or args.baseline_rev is not None:
        with tempfile.TemporaryDirectory() as folder:
            root = args.baseline or checkout(args.baseline_rev, Path(folder), "bots")
            label = args.baseline_rev or str(args.baseline)
            report_side_by_side(root, label, args.rounds, args.count, args.seed)
    sys.exit(1 if short else 0)


if __name__ == "__main__":
    main()
