"""Exact endgames at scale: the expert against an exhaustive solver on random 2-player endgames.

Each endgame (`tests/harness/endgames.py`: a random escopa or escoba match played into a
round's last hand, the stock empty) is decided by the expert at the default budget, and its
move's exact round margin is compared with the best move's, both found by alpha-beta through
the engine itself. Prints how many moves fell short (it must be none: the command then exits
1) and the expert's decision time (CPU time of one decision: p50, p95, p99 and the maximum).

    .venv/bin/python bench/endgames.py [--count 10000]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

# This folder holds bench/engine.py: the project's root comes first, so `engine` is the package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from bots import DEFAULT_BUDGET, bot_rng, level
from service.cli.progress import track
from tests.harness.endgames import Solver, endgame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="endgames (default 10,000)")
    parser.add_argument("--seed", default="bench", help="the endgames' seed prefix")
    args = parser.parse_args()
    expert = level("expert")
    took: list[float] = []
    short = []
    for i in track(range(args.count), args.count, "endgames", "endgames"):
        e = endgame(f"{args.seed}-{i}")
        seen = engine.view(e.state, e.seat)
        began = time.process_time()
        move = expert.choose(seen, e.known, bot_rng(e.state.seed, e.seat, i), DEFAULT_BUDGET)
        took.append(1000 * (time.process_time() - began))
        solver = Solver(e.seat)
        if solver.after(e.state, move) != solver.best(e.state):
            short.append(e.state.seed)
    print(f"{args.count:,} endgames (2 players, stock empty), budget {DEFAULT_BUDGET}, "
          f"Python {platform.python_version()}")  # fmt: skip
    print(f"  moves short of the best: {len(short)}{' ' + ', '.join(short[:5]) if short else ''}")
    cuts = statistics.quantiles(took, n=100, method="inclusive")  # cuts[k - 1]: the k-th
    print(f"  expert decision: p50 {cuts[49]:.2f} ms  p95 {cuts[94]:.2f} ms  p99 {cuts[98]:.2f}"
          f" ms  max {max(took):.2f} ms")  # fmt: skip
    sys.exit(1 if short else 0)


if __name__ == "__main__":
    main()
