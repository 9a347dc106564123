"""One expert's decision times on the fixed corpus, for `bench/speedup.py`: run once per checkout
in turn, each in its own process.

`engine` and `bots` are imported from the folder given (today's project or another commit's),
the corpus (`tests/harness/decisions.py`) from this project, so both experts decide the same
positions. Prints one line of JSON: each decision's CPU time in milliseconds, the moves chosen,
and whether the compiled engine and search were in use.

    python bench/decision_times.py ROOT [SCALE]   (ROOT: the folder holding `engine/` and
    `bots/`; SCALE: the share of the corpus decided, 1 by default)
"""

from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def main() -> None:
    root = Path(sys.argv[1])
    scale = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    sys.path[:] = [
        str(root),
        str(PROJECT),
        *(p for p in sys.path if Path(p or ".").resolve() != PROJECT / "bench"),
    ]
    from bots import DEFAULT_BUDGET, level
    from tests.harness.decisions import corpus

    positions = corpus(scale)
    expert = level("expert")
    gc.collect()
    gc.freeze()  # the corpus stays: no collection walks it inside a decision
    took = []
    moves = []
    for decision in positions:
        began = time.process_time()
        move = expert.choose(decision.view, decision.known, decision.rng(), DEFAULT_BUDGET)
        took.append(1000 * (time.process_time() - began))
        moves.append(str(move))
    print(json.dumps({"took": took, "moves": moves, "compiled": compiled()}))


def compiled() -> bool:
    """Whether the engine's hot loop runs compiled (an older engine has no such switch)."""
    import engine

    return bool(getattr(engine, "COMPILED", False))


if __name__ == "__main__":
    main()
