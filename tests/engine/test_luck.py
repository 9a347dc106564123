"""The luck estimate (engine/luck.py): its deals are the game's, and it is unbiased: averaged
over every deal the dealer could have made it is exactly zero, and over many seeded games its
mean is within a few standard errors of zero."""

from __future__ import annotations

import itertools
import math
import random
import statistics

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import make_rules, start
from engine.events import Event, HandDealt
from engine.game import opening_escopas
from engine.luck import (
    FEATURES,
    Chance,
    ValueTable,
    alternatives,
    centred,
    chance_luck,
    chances,
    luck,
    mean_opening_escopas,
    sampled_luck,
    skill,
)
from engine.luck_values import VALUES
from engine.state import State
from tests.engine.helpers import DECK, VALUE, random_playout

RULES = make_rules("escopa", {"players": 2})


def played(seed: str, rng_seed: int) -> list[Event]:
    """The events of a match of random legal moves."""
    state, opening = start(RULES, seed)
    steps = random_playout(state, random.Random(rng_seed))
    return [*opening, *(e for s in steps for e in s.events)]


def test_chances_are_the_games_deals_with_the_table_the_first_player_finds() -> None:
    state, opening = start(RULES, "luck")
    steps = random_playout(state, random.Random(1))
    after = [(opening, state), *((s.events, s.state) for s in steps)]
    dealt = [now for events, now in after if any(isinstance(e, HandDealt) for e in events)]
    found = chances([*opening, *(e for s in steps for e in s.events)])
    assert len(found) == len(dealt) > 6
    for chance, now in zip(found, dealt, strict=True):
        assert chance.table == now.table
        assert chance.hands == now.hands
        assert set(chance.pool) == set(now.stock) | {c for h in now.hands for c in h} | set(
            chance.opening
        )


def test_an_opening_bonus_empties_the_table_and_counts_its_escopas() -> None:
    for i in range(400):
        state, opening = start(RULES, f"bonus-{i}")
        if state.escopas != (0, 0):
            (chance,) = chances(opening)
            assert chance.table == ()
            assert chance.bonus == sum(state.escopas) >= 1
            return
    raise AssertionError("no opening bonus in 400 deals")


def test_the_mean_opening_bonus_is_the_average_over_every_table_of_four() -> None:
    values = [VALUE[c] for c in DECK]
    tables = list(itertools.combinations(values, 4))
    for bonus in ("pairs", "fifteen", "none"):
        total = sum(opening_escopas(bonus, t) for t in tables)
        assert math.isclose(mean_opening_escopas(bonus), total / len(tables), abs_tol=1e-12)
    assert mean_opening_escopas("pairs") > mean_opening_escopas("fifteen") > 0


def later_deals() -> st.SearchStrategy[tuple[Chance, ValueTable]]:
    """A later deal of a small stock (6 to 8 cards), a table, a dealer, and any weights."""

    @st.composite
    def build(draw: st.DrawFn) -> tuple[Chance, ValueTable]:
        cards = draw(st.permutations(DECK))
        size = draw(st.integers(6, 8))
        on_table = draw(st.integers(0, 5))
        pool = tuple(c for c in DECK if c in cards[:size])
        table = tuple(cards[size : size + on_table])
        weights = draw(
            st.lists(st.floats(-3, 3, allow_nan=False), min_size=FEATURES, max_size=FEATURES)
        )
        chance = Chance(
            round=1,
            hand=draw(st.integers(2, 6)),
            dealer=draw(st.integers(0, 1)),
            pool=pool,
            hands=((), ()),
            table=table,
        )
        return chance, ValueTable(version="test", weights=tuple(weights))

    return build()


@settings(max_examples=60)
@given(later_deals())
def test_averaged_over_every_deal_of_a_stock_the_luck_is_exactly_zero(
    case: tuple[Chance, ValueTable],
) -> None:
    template, values = case
    total = [0.0, 0.0]
    deals = 0
    for first in itertools.combinations(template.pool, 3):
        rest = [c for c in template.pool if c not in first]
        for second in itertools.combinations(rest, 3):
            chance = msgspec.structs.replace(template, hands=(first, second))
            for side, amount in enumerate(chance_luck(RULES, chance, values)):
                total[side] += amount
            deals += 1
    scale = sum(abs(w) for w in values.weights) + 1
    assert all(abs(t / deals) < 1e-9 * scale for t in total)


@settings(max_examples=10)
@given(st.permutations(DECK), st.integers(0, 1))
def test_averaged_over_every_hand_after_an_opening_table_the_hand_luck_is_zero(
    cards: list[str], seat: int
) -> None:
    opening = tuple(cards[:4])
    bonus = opening_escopas("pairs", [VALUE[c] for c in opening])
    base = Chance(
        round=1,
        hand=1,
        dealer=1,
        pool=DECK,
        hands=((), ()),
        opening=opening,
        table=() if bonus else opening,
        bonus=bonus,
    )
    rest = [c for c in DECK if c not in opening]
    sums = [0.0] * FEATURES
    hands = list(itertools.combinations(rest, 3))
    for hand in hands:
        dealt = (hand, ()) if seat == 0 else ((), hand)
        for i, v in enumerate(centred(RULES, msgspec.structs.replace(base, hands=dealt), seat)):
            sums[i] += v
    # the hand's features (held cards, the sweep); the opening's average over tables, not hands
    assert all(abs(total / len(hands)) < 1e-12 for total in (*sums[:40], sums[80]))


def test_over_many_seeded_games_the_mean_luck_is_within_four_standard_errors_of_zero() -> None:
    lucks: list[float] = []
    for i in range(150):
        events = played(f"unbiased-{i}", i)
        for chance in chances(events):
            first, second = chance_luck(RULES, chance, VALUES)
            lucks.append(first - second)
    error = statistics.stdev(lucks) / math.sqrt(len(lucks))
    assert error > 0
    assert abs(statistics.fmean(lucks)) < 4 * error


def test_a_games_luck_is_the_sum_of_its_deals_and_skill_is_the_result_less_it() -> None:
    events = played("sum", 3)
    parts = [chance_luck(RULES, c, VALUES) for c in chances(events)]
    total = luck(RULES, events, VALUES)
    assert total == luck(RULES, events, VALUES)
    assert all(math.isclose(total[s], math.fsum(p[s] for p in parts)) for s in range(2))
    assert skill((10, 7), total) == (10 - total[0], 7 - total[1])


def dealt_states(count: int) -> list[State]:
    """The state just after each deal of `count` random matches."""
    found = []
    for i in range(count):
        state, _ = start(RULES, f"sampled-{i}")
        found.append(state)
        for step in random_playout(state, random.Random(i)):
            if any(isinstance(e, HandDealt) for e in step.events):
                found.append(step.state)
    return found


def test_alternative_deals_redeal_the_hands_and_stock_and_are_the_same_every_time() -> None:
    state = dealt_states(1)[3]
    found = alternatives(state, 5)
    assert found == alternatives(state, 5)
    held = sorted((*state.stock, *(c for h in state.hands for c in h)))
    for other in found:
        assert sorted((*other.stock, *(c for h in other.hands for c in h))) == held
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert (other.table, other.captured, other.turn) == (
            state.table,
            state.captured,
            state.turn,
        )
    assert len({other.hands for other in found}) > 1


def test_a_sampled_luck_has_mean_zero_within_four_standard_errors() -> None:
    def sevens_and_diamonds(state: State) -> float:  # any value of a position will do
        def worth(cards: tuple[str, ...]) -> float:
            return sum(
                2.0 if c == "7D" else 1.0 if c[0] == "7" or c[1] == "D" else 0.1 for c in cards
            )

        return worth(state.hands[0]) - worth(state.hands[1]) + 0.5 * len(state.table)

    lucks = [sampled_luck(s, sevens_and_diamonds, 3) for s in dealt_states(40)]
    error = statistics.stdev(lucks) / math.sqrt(len(lucks))
    assert error > 0
    assert abs(statistics.fmean(lucks)) < 4 * error
