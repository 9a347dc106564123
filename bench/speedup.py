"""The engine's and the expert's cost side by side with another commit's, in one run.

Each round runs, for the baseline (a commit's `engine/` and `bots/`, taken with `git archive`)
and for today's tree, in turn (the order swapped every round), each in its own process:

- `bench/self_play.py`: random self-play of 2-player escopa matches (moves per second);
- `bench/decision_times.py`: the expert's decision on every position of the fixed corpus
  (`tests/harness/decisions.py`, 840 positions of 5 settings), CPU time of each decision.

It prints each side's median over the rounds of the self-play rate and of the decisions' p50
and p95, and the median of the rounds' ratios (today against the baseline: self-play rate
today / baseline, decision times baseline / today), and checks that both experts chose the
same move in every position (it exits 1 otherwise). Times are CPU seconds of each process.

    .venv/bin/python bench/speedup.py [--baseline-rev 291b203] [--rounds 5] [--matches 200]
    [--scale 1]
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
from typing import Any, NamedTuple

# This folder holds bench/engine.py: the project's root comes first, so `engine` is the package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import checkout
from service.cli.progress import track

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


class Run(NamedTuple):
    """One side's figures in one round."""

    moves_per_second: float
    p50: float
    p95: float
    moves: list[str]
    compiled: bool


def figures(root: Path, matches: int, seed: int, scale: float) -> Run:
    """One side's round: self-play and the corpus' decisions, each in a process of its own."""
    play = _json([str(HERE / "self_play.py"), str(root), str(matches), str(seed)])
    decided = _json([str(HERE / "decision_times.py"), str(root), str(scale)])
    cuts = statistics.quantiles(decided["took"], n=100, method="inclusive")
    return Run(
        play["moves"] / play["seconds"], cuts[49], cuts[94], decided["moves"], decided["compiled"]
    )


def _json(command: list[str]) -> Any:
    done = subprocess.run([sys.executable, *command], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def report(runs: dict[str, list[Run]], label: str) -> bool:
    """Print the medians and ratios; whether both sides chose the same moves."""
    base, today = runs["baseline"], runs["today"]
    print(f"side by side with {label} ({len(base)} rounds, in turn), medians of the rounds:")
    print(f"  {'':8} {'self-play moves/s':>18} {'expert p50 ms':>14} {'expert p95 ms':>14}")
    for name, found in runs.items():
        rate = statistics.median(r.moves_per_second for r in found)
        p50 = statistics.median(r.p50 for r in found)
        p95 = statistics.median(r.p95 for r in found)
        print(f"  {name:8} {rate:18,.0f} {p50:14.2f} {p95:14.2f}")
    pairs = list(zip(base, today, strict=True))
    ratios = {
        "self-play": [t.moves_per_second / b.moves_per_second for b, t in pairs],
        "expert p50": [b.p50 / t.p50 for b, t in pairs],
        "expert p95": [b.p95 / t.p95 for b, t in pairs],
    }
    for name, found in ratios.items():
        print(
            f"  {name} today x{statistics.median(found):.2f} faster"
            f" (rounds x{min(found):.2f}-x{max(found):.2f})"
        )
    same = all(r.moves == base[0].moves for r in (*base, *today))
    shown = "every one" if same else "NOT all"
    print(f"  the same expert move in {shown} of the {len(base[0].moves)} corpus positions")
    print(f"  today's engine and search compiled: {'yes' if today[0].compiled else 'no'}")
    return same


def main() -> None:
    """Parse the options, run the rounds, print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-rev", default="291b203", help="the commit to compare with")
    parser.add_argument("--baseline", type=Path, help="a folder holding another engine/ and bots/")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each side once a round")
    parser.add_argument("--matches", type=int, default=200, help="self-play matches a round")
    parser.add_argument("--seed", type=int, default=1, help="the self-play's seed")
    parser.add_argument("--scale", type=float, default=1.0, help="the share of the corpus decided")
    args = parser.parse_args()
    label = str(args.baseline) if args.baseline else args.baseline_rev
    print(f"engine and expert against {label}: python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        base = args.baseline or checkout(args.baseline_rev, Path(folder), "engine", "bots")
        roots = {"baseline": base, "today": ROOT}
        runs: dict[str, list[Run]] = {"baseline": [], "today": []}
        for i in track(range(args.rounds), args.rounds, "side by side", "rounds"):
            for name in ("baseline", "today") if i % 2 == 0 else ("today", "baseline"):
                runs[name].append(figures(roots[name], args.matches, args.seed, args.scale))
    sys.exit(0 if report(runs, label) else 1)


if __name__ == "__main__":
    main()
