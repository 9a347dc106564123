"""The worst case of every bot level: each level's decision and hint (`choose`, `evaluate`)
on every position of the adversarial corpus (tables of 12 to 20 cards, claims on, 3 and 4
players, up to 2,000 legal moves; `tests/harness/adversarial.py`), `--repeat` times each.
Prints per level the legal moves at most and the time of one decision (CPU time of this
process, so other processes on the machine count little): p50, p95 and p100 (max).

    .venv/bin/python bench/bot_bounds.py [--repeat 3] [--budget N]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import engine  # noqa: E402
from bots import DEFAULT_BUDGET, LEVELS, bot_rng  # noqa: E402
from tests.harness.adversarial import corpus  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each position")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="expert nodes/move")
    args = parser.parse_args()
    positions = corpus()
    most = max(len(engine.legal_moves(p.state, p.seat)) for p in positions)
    print(
        f"{len(positions)} positions, up to {most} legal moves; budget {args.budget}; "
        f"Python {platform.python_version()}"
    )
    for name, bot in LEVELS.items():
        for kind, work in (("decision", bot.choose), ("hint", bot.evaluate)):
            took = []
            for p in positions:
                seen = engine.view(p.state, p.seat)
                for run in range(args.repeat):
                    rng = bot_rng(p.state.seed, p.seat, run)
                    start = time.process_time()
                    work(seen, p.known, rng, args.budget)  # type: ignore[operator]
                    took.append(time.process_time() - start)
            ms = [1000 * t for t in took]
            print(
                f"{name:>7} {kind:>8}: p50 {percentile(ms, 0.5):6.1f} ms  "
                f"p95 {percentile(ms, 0.95):6.1f} ms  p100 {max(ms):6.1f} ms"
            )


if __name__ == "__main__":
    main()
