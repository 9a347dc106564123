"""Luck taken out of results (engine/luck.py): how much of a round's variance between equal
players the luck estimate removes, the value table it uses (learned here), and the rated games
a ladder needs to rank players of known strength, on results and on skill scores.

`--learn N`: plays N matches of 2-player escopa between equal bots (`--learn-levels`, each
level against itself), regresses each round's margin on its deals' centred features (least
squares, a touch of ridge) and writes the weights to engine/luck_values.py.

Default: plays `--matches` matches of each pairing of equal players (greedy vs greedy, expert
vs expert at `--budget` nodes) from seeds the table never saw, and prints the variance of a
round's margin (seat 0's side less seat 1's, in round points), raw and less each estimate's
luck, the share removed (and with the in-sample best coefficient), and the mean luck with its
standard error (expectation zero). The estimates: `linear` (the shipped table, exact
expectation) and, with `--samples K`, two sampled value functions of the position after a
deal (`engine.luck.sampled_luck`, K redrawn deals each): `search` (the hand searched to its
end with every hand known) and `greedy` (the hand played out by greedy), and their mix fitted
on the other half of the rounds.

`--ladder N`: N matches of each pairing of random, greedy, expert at 500 and at 3000 nodes,
then `--seasons` simulated seasons of each length, each a random pairing a game drawn from
those matches, rated by the service's OpenSkill model on the result (the winner first) or on
the skill scores (the higher total less luck first: the linear table's luck or, with
`--samples K`, the sampled search's, but for the pairings with random); prints each pairing's
record in the pool, the share of seasons that rank the four by strength at each length and the
fewest games reaching 95%.

    python bench/luck.py --learn 4000
    python bench/luck.py --matches 150 --budget 3000 --samples 16
    python bench/luck.py --ladder 300 --seasons 200 [--samples 4]
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bots.card_bits import mask_of  # noqa: E402
from bots.evaluation import expected_points, weights  # noqa: E402
from bots.knowledge import Knowledge, learn  # noqa: E402
from bots.levels import level  # noqa: E402
from bots.search import Position, Search  # noqa: E402
from bots.table import play_match  # noqa: E402
from engine.events import Event, HandDealt, RoundEnded  # noqa: E402
from engine.game import apply, start  # noqa: E402
from engine.luck import (  # noqa: E402
    FEATURES,
    Chance,
    StateValue,
    ValueTable,
    centred,
    chances,
    luck,
    sampled_luck,
    table_luck,
)
from engine.luck_values import VALUES  # noqa: E402
from engine.rules import Rules, make_rules, side_of  # noqa: E402
from engine.state import State  # noqa: E402
from engine.views import view  # noqa: E402
from service.ledger.ratings import MODEL  # noqa: E402

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


def learn_table(matches: int, names: Sequence[str], budget: int) -> ValueTable:
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


def write_values(values: ValueTable, path: Path) -> None:
    """The table as a literal the engine imports (engine/luck_values.py)."""
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
    path.write_text(text)


def search_value(rules: Rules) -> StateValue:
    """The hand searched to its end with every hand known (alpha-beta, `bots.search`, as the
    expert searches one deal), each side playing its best: side 0's margin at the hand's end."""
    w = weights(rules)

    def value(state: State) -> float:
        search = Search(rules, w, 0, (state.dealer + 2) % rules.players)
        claim = state.claim
        root = Position(
            hands=tuple(mask_of(hand) for hand in state.hands),
            table=mask_of(state.table),
            caps=tuple(mask_of(pile) for pile in state.captured),
            escopas=state.escopas,
            last=-1 if state.last_capturer is None else state.last_capturer,
            turn=state.turn or 0,
            claim=mask_of((claim.card,)) if claim and claim.seat == state.turn else 0,
        )
        found = search.values(root, list(search.steps(root)), mask_of(state.stock), 2000, 6)
        return max(found) if side_of(rules, root.turn) == 0 else min(found)

    return value


def greedy_value(rules: Rules) -> StateValue:
    """The hand played to its end by the greedy bot at every seat, each deciding from its own
    view: side 0's expected margin (`bots.evaluation`) at the hand's end."""
    w = weights(rules)
    choose = level("greedy").choose

    def value(state: State) -> float:
        known = [
            Knowledge(
                seat=seat,
                rules=rules,
                round=state.round,
                hand=state.hand,
                table=state.table,
                captured=state.captured,
                last_capturer=state.last_capturer,
            )
            for seat in range(rules.players)
        ]
        rng = random.Random(0)  # greedy draws nothing
        while state.turn is not None:
            seat = state.turn
            state, events = apply(state, seat, choose(view(state, seat), known[seat], rng, 0))
            for event in events:
                if isinstance(event, RoundEnded):
                    return float(event.score.sides[0].total - event.score.sides[1].total)
                if isinstance(event, HandDealt):
                    points = expected_points(
                        w, tuple(mask_of(p) for p in state.captured), state.escopas, False
                    )
                    return points[0] - points[1]
                known = [learn(k, event) for k in known]
        raise AssertionError("a hand ends with a deal or the round's end")

    return value


class Figures:
    """A pairing's rounds: each one's margin and its luck by each estimate."""

    def __init__(self, names: Sequence[str]) -> None:
        self.raw: list[float] = []
        self.lucks: dict[str, list[float]] = {name: [] for name in names}

    def print(self, title: str) -> None:
        raw = self.raw
        var_raw = statistics.variance(raw)
        print(f"{title}: {len(raw)} rounds, variance raw {var_raw:.3f}")
        for name, lucks in self.lucks.items():
            var_cor = statistics.variance([r - lk for r, lk in zip(raw, lucks, strict=True)])
            best = statistics.covariance(raw, lucks) / statistics.variance(lucks)
            var_best = statistics.variance(
                [r - best * lk for r, lk in zip(raw, lucks, strict=True)]
            )
            se = statistics.stdev(lucks) / math.sqrt(len(lucks))
            print(
                f"  {name:>7}: corrected {var_cor:.3f}, removed {1 - var_cor / var_raw:.1%} "
                f"({1 - var_best / var_raw:.1%} with coefficient {best:.2f}); "
                f"mean luck {statistics.fmean(lucks):+.3f} (s.e. {se:.3f})"
            )
        if len(self.lucks) > 1:
            var_mixed = statistics.variance(self.mixed())
            print(f"    mixed: removed {1 - var_mixed / var_raw:.1%} (cross-fitted)")

    def mixed(self) -> list[float]:
        """The margins less the estimates' least-squares mix, fitted on the other half of the
        rounds (odd ones from the even ones and back): out of sample."""
        rows = list(zip(*self.lucks.values(), strict=True))
        corrected = list(self.raw)
        for half in (0, 1):
            fit = [i for i in range(len(rows)) if i % 2 != half]
            mix = solve([rows[i] for i in fit], [self.raw[i] for i in fit])
            for i in range(half, len(rows), 2):
                corrected[i] -= math.fsum(m * v for m, v in zip(mix, rows[i], strict=True))
        return corrected


def measure(
    names: Sequence[str], matches: int, budget: int, values: ValueTable, samples: int
) -> Figures:
    """A pairing's rounds with their luck: the linear table's and, with `samples`, the
    sampled estimates of the search's and the greedy playout's values."""
    rules = make_rules("escopa", {"players": 2})
    sampled = {"search": search_value(rules), "greedy": greedy_value(rules)} if samples else {}
    figures = Figures(["linear", *sampled])
    for i in range(matches):
        state, opening = start(rules, f"luck-measure:{i}")
        seats = [level(name) for name in names]
        _, steps = play_match(state, seats, [budget] * rules.players, opening)
        after = [(list(opening), state), *((step.events, step.state) for step in steps)]
        events = [e for evs, _ in after for e in evs]
        for deals, margin in rounds_of(rules, events):
            figures.raw.append(margin)
            row = margin_features(rules, deals)
            figures.lucks["linear"].append(
                math.fsum(w * v for w, v in zip(values.weights, row, strict=True))
            )
            for name, value in sampled.items():
                figures.lucks[name].append(_sampled(rules, deals, after, value, values, samples))
    return figures


def _sampled(
    rules: Rules,
    deals: Sequence[Chance],
    after: Sequence[tuple[list[Event], State]],
    value: StateValue,
    values: ValueTable,
    samples: int,
) -> float:
    """A round's luck (side 0's less side 1's) by a sampled value: the opening table's by the
    linear table, each deal's hands by `sampled_luck` from the state just after it."""
    dealt = {
        (e.round, e.hand): state
        for events, state in after
        for e in events
        if isinstance(e, HandDealt)
    }
    total = 0.0
    for chance in deals:
        if chance.opening:
            first, second = table_luck(rules, chance, values)
            total += first - second
        total += sampled_luck(dealt[chance.round, chance.hand], value, samples)
    return total


PLAYERS: Final = (("random", 0), ("greedy", 0), ("expert", 500), ("expert", 3000))
"""Players of known strength, weakest first: a level and its node budget."""
SEASON_GAMES: Final = (10, 20, 40, 80, 160, 320, 640, 1280)


class Game(NamedTuple):
    """A rated match between two of `PLAYERS`: who sat where, the winner (None: no winner),
    each seat's final total and its luck over the match (the linear table)."""

    seats: tuple[int, int]
    winner: int | None
    totals: tuple[int, int]
    luck: tuple[float, float]


def ladder_games(matches: int, values: ValueTable, samples: int) -> list[Game]:
    """`matches` matches of every pairing of `PLAYERS`, seats swapped every other match; the
    luck by the linear table or, with `samples`, by the sampled search of each hand (the
    pairings with the random player keep the linear table's: they are never in doubt)."""
    rules = make_rules("escopa", {"players": 2})
    searched = search_value(rules)
    found = []
    for a, b in itertools.combinations(range(len(PLAYERS)), 2):
        for i in range(matches):
            seats = (a, b) if i % 2 == 0 else (b, a)
            state, opening = start(rules, f"luck-ladder:{a}:{b}:{i}")
            players = [PLAYERS[p] for p in seats]
            final, steps = play_match(
                state, [level(n) for n, _ in players], [bg for _, bg in players], opening
            )
            outcome = final.outcome
            assert outcome is not None
            events = [*opening, *(e for step in steps for e in step.events)]
            first, second = luck(rules, events, values)
            if samples and a > 0:
                after = [(list(opening), state), *((step.events, step.state) for step in steps)]
                lucky = math.fsum(
                    _sampled(rules, deals, after, searched, values, samples)
                    for deals, _ in rounds_of(rules, events)
                )
                first, second = lucky / 2, -lucky / 2
            found.append(
                Game(seats, outcome.winner, (outcome.totals[0], outcome.totals[1]), (first, second))
            )
    return found


def ranks(game: Game, corrected: bool) -> list[float]:
    """The seats' places: by the match's winner, or by skill score (total less luck)."""
    if corrected:
        a, b = (t - lk for t, lk in zip(game.totals, game.luck, strict=True))
    else:
        a, b = (1.0, 0.0) if game.winner == 0 else (0.0, 1.0) if game.winner == 1 else (0.0, 0.0)
    return [1.0, 2.0] if a > b else [2.0, 1.0] if b > a else [1.0, 1.0]


def season_ranks_right(games: Sequence[Game], count: int, corrected: bool, seed: int) -> bool:
    """Whether `count` rated games drawn from the pool (a random pairing each) leave the
    OpenSkill ladder (the service's model) ranking `PLAYERS` by strength."""
    rng = random.Random(seed)
    ratings = [MODEL.rating() for _ in PLAYERS]
    by_pair: dict[frozenset[int], list[Game]] = {}
    for game in games:
        by_pair.setdefault(frozenset(game.seats), []).append(game)
    pairs = list(by_pair.values())
    for _ in range(count):
        game = rng.choice(rng.choice(pairs))
        a, b = game.seats
        after = MODEL.rate([[ratings[a]], [ratings[b]]], ranks=ranks(game, corrected))
        ratings[a], ratings[b] = after[0][0], after[1][0]
    order = sorted(range(len(PLAYERS)), key=lambda p: ratings[p].ordinal())
    return order == list(range(len(PLAYERS)))


def pairing_line(games: Sequence[Game], weaker: int, stronger: int) -> str:
    """The stronger player's record against the weaker in the pool: wins, and its mean margin
    of total and of skill score per match, with standard errors."""
    played = [g for g in games if set(g.seats) == {weaker, stronger}]
    wins = sum(g.winner is not None and g.seats[g.winner] == stronger for g in played)
    raw, skill_ = [], []
    for g in played:
        me = g.seats.index(stronger)
        raw.append(float(g.totals[me] - g.totals[1 - me]))
        skill_.append(raw[-1] - (g.luck[me] - g.luck[1 - me]))

    def shown(values: list[float]) -> str:
        error = statistics.stdev(values) / math.sqrt(len(values))
        return f"{statistics.fmean(values):+.2f} (s.e. {error:.2f})"

    names = [f"{n}@{b}" if b else n for n, b in (PLAYERS[stronger], PLAYERS[weaker])]
    return (
        f"{names[0]} vs {names[1]}: won {wins}/{len(played)}, margin {shown(raw)}, "
        f"skill margin {shown(skill_)}"
    )


def ladder(matches: int, seasons: int, values: ValueTable, samples: int) -> None:
    """Print, for each ladder, the share of seasons ranking the players right at each length,
    and the fewest rated games that reach 95%."""
    began = time.process_time()
    games = ladder_games(matches, values, samples)
    print(f"{len(games)} matches ({matches} a pairing), {time.process_time() - began:.0f} s CPU")
    for a, b in itertools.combinations(range(len(PLAYERS)), 2):
        print("  " + pairing_line(games, a, b))
    for corrected in (False, True):
        name = "skill scores" if corrected else "raw results"
        shares = []
        for count in SEASON_GAMES:
            right = sum(season_ranks_right(games, count, corrected, s) for s in range(seasons))
            shares.append((count, right / seasons))
        needed = next((c for c, share in shares if share >= 0.95), None)
        listed = ", ".join(f"{c}: {share:.0%}" for c, share in shares)
        print(f"  {name:>12}: {listed}; 95% at {needed or 'more than the longest'} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learn", type=int, default=0, help="learn from this many matches")
    parser.add_argument("--learn-levels", default="greedy")
    parser.add_argument("--out", default=str(ROOT / "engine" / "luck_values.py"))
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--budget", type=int, default=3000, help="the expert's node budget")
    parser.add_argument(
        "--samples", type=int, default=0, help="deals sampled per deal for the sampled values"
    )
    parser.add_argument("--ladder", type=int, default=0, help="matches per pairing of PLAYERS")
    parser.add_argument("--seasons", type=int, default=200)
    args = parser.parse_args()
    if args.ladder:
        ladder(args.ladder, args.seasons, VALUES, args.samples)
        return
    if args.learn:
        values = learn_table(args.learn, args.learn_levels.split(","), args.budget)
        write_values(values, Path(args.out))
        return
    print(f"value table {VALUES.version}; {args.samples} sampled deals per deal")
    for names in (["greedy", "greedy"], ["expert", "expert"]):
        began = time.process_time()
        figures = measure(names, args.matches, args.budget, VALUES, args.samples)
        spent = time.process_time() - began
        figures.print(f"{' vs '.join(names)} (budget {args.budget}), {spent:.0f} s CPU")


if __name__ == "__main__":
    main()
