"""Luck taken out of results (engine/luck.py): how much of a round's variance between equal
players the luck estimate removes, and the value table it uses, learned here.

`--learn N`: plays N matches of 2-player escopa between equal bots (`--learn-levels`, each
level against itself), regresses each round's margin on its deals' centred features (least
squares, a touch of ridge) and writes the weights to engine/luck_values.py.

Default: plays `--matches` matches of each pairing of equal players (greedy vs greedy, expert
vs expert at `--budget` nodes) from seeds the table never saw, and prints the variance of a
round's margin (seat 0's side less seat 1's, in round points), raw and less the luck, and the
share removed; the mean luck with its standard error (expectation zero).

    python bench/luck.py --learn 4000
    python bench/luck.py --matches 400 --budget 3000
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bots.levels import level  # noqa: E402
from bots.table import play_match  # noqa: E402
from engine.events import Event, RoundEnded  # noqa: E402
from engine.game import start  # noqa: E402
from engine.luck import FEATURES, Chance, ValueTable, centred, chances  # noqa: E402
from engine.luck_values import VALUES  # noqa: E402
from engine.rules import Rules, make_rules, side_of  # noqa: E402

RIDGE = 1.0
"""Added to the normal equations' diagonal: the hold features sum to zero, so they are
collinear, and a few cards are rare on the opening table."""


def match_events(rules: Rules, names: Sequence[str], budget: int, seed: str) -> list[Event]:
    """The events of one match played to its end, seat `s` by level `names[s]`."""
    state, opening = start(rules, seed)
    seats = [level(name) for name in names]
    _, steps = play_match(state, seats, [budget] * rules.players, opening)
    return [*opening, *(e for step in steps for e in step.events)]


def rounds_of(rules: Rules, events: Sequence[Event]) -> list[tuple[list[Chance], float]]:
    """Each round's deals and its margin (side 0's round points less side 1's)."""
    deals = chances(events)
    found = []
    for event in events:
        if isinstance(event, RoundEnded):
            sides = event.score.sides
            mine = [c for c in deals if c.round == event.score.round]
            found.append((mine, float(sides[0].total - sides[1].total)))
    return found


def margin_features(rules: Rules, deals: Sequence[Chance]) -> list[float]:
    """A round's centred features, side 0's less side 1's (the margin's luck is their dot)."""
    total = [0.0] * FEATURES
    for chance in deals:
        for seat in range(rules.players):
            sign = 1.0 if side_of(rules, seat) == 0 else -1.0
            for i, value in enumerate(centred(rules, chance, seat)):
                total[i] += sign * value
    return total


def solve(rows: Sequence[Sequence[float]], targets: Sequence[float]) -> list[float]:
    """Least squares with ridge `RIDGE`: (X'X + rI) w = X'y by Gaussian elimination."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, y in zip(rows, targets, strict=True):
        nonzero = [(i, v) for i, v in enumerate(row) if v]
        for i, vi in nonzero:
            b[i] += vi * y
            line = a[i]
            for j, vj in nonzero:
                line[j] += vi * vj
    for i in range(n):
        a[i][i] += RIDGE
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                for j in range(col, n):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    w = [0.0] * n
    for i in range(n - 1, -1, -1):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, n))) / a[i][i]
    return w


def learn(matches: int, names: Sequence[str], budget: int) -> ValueTable:
    """The value table fitted to `matches` matches of each level against itself."""
    rules = make_rules("escopa", {"players": 2})
    rows: list[list[float]] = []
    targets: list[float] = []
    for name in names:
        for i in range(matches):
            events = match_events(rules, [name, name], budget, f"luck-learn:{name}:{i}")
            for deals, margin in rounds_of(rules, events):
                rows.append(margin_features(rules, deals))
                targets.append(margin)
    weights = solve(rows, targets)
    version = f"escopa-2p:{'+'.join(names)}:{matches}"
    print(f"learned {version} from {len(rows)} rounds")
    return ValueTable(version=version, weights=tuple(round(w, 4) for w in weights))


def write_values(values: ValueTable) -> None:
    """engine/luck_values.py: the table as a literal the engine imports."""
    lines = ",\n".join(
        "        " + ", ".join(f"{w:.4f}" for w in values.weights[i : i + 8])
        for i in range(0, len(values.weights), 8)
    )
    text = f'''"""The value table of engine/luck.py for 2-player escopa, learned by
`bench/luck.py --learn` (a least-squares fit of each round's margin to its deals' centred
features). Generated: do not edit by hand."""

from __future__ import annotations

from typing import Final

from engine.luck import ValueTable

VALUES: Final = ValueTable(
    version="{values.version}",
    weights=(
{lines},
    ),
)  # fmt: skip
'''
    (ROOT / "engine" / "luck_values.py").write_text(text)


def measure(names: Sequence[str], matches: int, budget: int, values: ValueTable) -> None:
    """Print a pairing's round variance raw and corrected, and the mean luck."""
    rules = make_rules("escopa", {"players": 2})
    raw: list[float] = []
    lucks: list[float] = []
    began = time.process_time()
    for i in range(matches):
        events = match_events(rules, names, budget, f"luck-measure:{i}")
        for deals, margin in rounds_of(rules, events):
            row = margin_features(rules, deals)
            raw.append(margin)
            lucks.append(math.fsum(w * v for w, v in zip(values.weights, row, strict=True)))
    corrected = [r - lk for r, lk in zip(raw, lucks, strict=True)]
    var_raw, var_cor = statistics.variance(raw), statistics.variance(corrected)
    se = statistics.stdev(lucks) / math.sqrt(len(lucks))
    print(
        f"{' vs '.join(names)} (budget {budget}): {len(raw)} rounds of {matches} matches, "
        f"variance raw {var_raw:.3f}, corrected {var_cor:.3f}, "
        f"removed {1 - var_cor / var_raw:.1%}; mean luck {statistics.fmean(lucks):+.3f} "
        f"(s.e. {se:.3f}), mean margin {statistics.fmean(raw):+.3f}; "
        f"{time.process_time() - began:.0f} s CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learn", type=int, default=0, help="learn from this many matches")
    parser.add_argument("--learn-levels", default="greedy")
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--budget", type=int, default=3000, help="the expert's node budget")
    args = parser.parse_args()
    if args.learn:
        values = learn(args.learn, args.learn_levels.split(","), args.budget)
        write_values(values)
        return
    print(f"value table {VALUES.version}")
    measure(["greedy", "greedy"], args.matches, args.budget, VALUES)
    measure(["expert", "expert"], args.matches, args.budget, VALUES)


if __name__ == "__main__":
    main()
