"""One engine's figures, for `bench/engine.py --baseline`: run once per checkout in turn.

Each run imports `engine` from the folder it is given, so today's engine and an older commit's
are timed alike, each in its own process, in the same run. Only the oldest public API is used
(`make_rules`, `start`, `legal_moves`, `apply`, `Deal` and the `State` Struct), which every
version has:

- random self-play of 2-player escopa matches (a seeded `random.Random` picks each legal move);
- `legal_moves` on crowded tables (12, 16 and 20 cards, a 3-card hand), microseconds per call.

Prints one line of JSON. Usage: `python bench/self_play.py ROOT MATCHES SEED` (ROOT: the folder
holding `engine/`).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

CROWDED = ((12, 400), (16, 60), (20, 12))
"""Table sizes and how many random tables of each are listed."""


def self_play(engine: Any, matches: int, seed: int) -> tuple[int, float]:
    """Moves applied and CPU seconds of `matches` random matches."""
    rules = engine.make_rules("escopa", {"players": 2})
    rng = random.Random(seed)
    legal_moves, apply, deal = engine.legal_moves, engine.apply, engine.Deal()
    moves = 0
    began = time.process_time()
    for i in range(matches):
        state, _ = engine.start(rules, f"bench-{seed}-escopa-{i}")
        while state.status != "finished":
            if state.status == "dealing":
                state, _ = apply(state, state.dealer, deal)
            else:
                state, _ = apply(state, state.turn, rng.choice(legal_moves(state)))
            moves += 1
    return moves, time.process_time() - began


def crowded(engine: Any, seed: int) -> dict[int, float]:
    """Microseconds per `legal_moves` call on random tables of each size in `CROWDED`."""
    import msgspec

    rules = engine.make_rules("escopa", {"players": 2})
    template, _ = engine.start(rules, f"bench-{seed}-crowded")
    deck = sorted(
        {c for hand in template.hands for c in hand} | set(template.stock) | set(template.table)
    )
    rng = random.Random(seed)
    found = {}
    for size, count in CROWDED:
        states = []
        for _ in range(count):
            cards = rng.sample(deck, size + 3)
            hands = tuple(tuple(cards[:3]) if s == template.turn else () for s in range(2))
            states.append(
                msgspec.structs.replace(template, hands=hands, table=tuple(cards[3:]), claim=None)
            )
        began = time.process_time()
        for state in states:
            engine.legal_moves(state)
        found[size] = (time.process_time() - began) / count * 1e6
    return found


def main() -> None:
    """Import `engine` from ROOT, measure and print one line of JSON."""
    root, matches, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sys.path[0] = root  # this folder holds a bench/engine.py: the package must come first
    import engine

    moves, seconds = self_play(engine, matches, seed)
    print(json.dumps({"moves": moves, "seconds": seconds, "crowded": crowded(engine, seed)}))


if __name__ == "__main__":
    main()
