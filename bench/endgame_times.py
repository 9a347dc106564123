"""One expert's decision times on the seeded endgames, for `bench/endgames.py --baseline`: run
once per checkout in turn, each in its own process.

`bots` is imported from the folder given (today's project or another commit's `bots/`), the
engine and the endgames (`tests/harness/endgames.py`) from this project, so both experts decide
the same positions. Prints one line of JSON: each decision's CPU time in milliseconds.

    python bench/endgame_times.py ROOT COUNT SEED   (ROOT: the folder holding `bots/`)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def main() -> None:
    root, count, seed = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    sys.path[:] = [
        str(root),
        str(PROJECT),
        *(p for p in sys.path if Path(p or ".").resolve() != PROJECT / "bench"),
    ]
    import engine
    from bots import DEFAULT_BUDGET, bot_rng, level
    from tests.harness.endgames import endgame

    expert = level("expert")
    took = []
    for i in range(count):
        e = endgame(f"{seed}-{i}")
        seen = engine.view(e.state, e.seat)
        began = time.process_time()
        expert.choose(seen, e.known, bot_rng(e.state.seed, e.seat, i), DEFAULT_BUDGET)
        took.append(1000 * (time.process_time() - began))
    print(json.dumps(took))


if __name__ == "__main__":
    main()
