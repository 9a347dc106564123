"""The strength table's parts: the seating rotation, the Wilson and mean intervals, and each
level's tally over simulated matches."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

import engine
from bots.strength import (
    Match,
    deal_seed,
    mean_interval,
    names_of,
    rotation,
    simulate,
    strengths,
    wilson,
)


def test_the_wilson_interval_of_8_wins_in_10_is_the_textbook_one() -> None:
    interval = wilson(8, 10)
    assert math.isclose(interval.low, 0.4902, abs_tol=1e-4)
    assert math.isclose(interval.high, 0.9433, abs_tol=1e-4)


def test_the_wilson_interval_of_no_games_is_everything() -> None:
    assert wilson(0, 0) == type(wilson(0, 0))(0.0, 1.0)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_a_wilson_interval_lies_in_0_1_and_holds_the_rate(counts: tuple[int, int]) -> None:
    wins, games = counts
    interval = wilson(wins, games)
    assert 0.0 <= interval.low <= interval.high <= 1.0
    assert interval.holds(wins / games)
    assert interval.low < interval.high


@given(st.lists(st.integers(-40, 40), min_size=2, max_size=200))
def test_a_mean_interval_holds_the_mean(values: list[int]) -> None:
    interval = mean_interval(values)
    assert interval is not None
    assert interval.holds(sum(values) / len(values))


def test_one_value_has_no_mean_interval() -> None:
    assert mean_interval([3.0]) is None


def test_over_as_many_matches_as_levels_each_level_plays_each_side_once() -> None:
    seatings = [rotation(game, 3, 3) for game in range(3)]
    for side in range(3):
        assert sorted(s[side] for s in seatings) == [0, 1, 2]


def test_the_rotations_of_one_deal_share_its_seed_and_the_next_deal_has_another() -> None:
    assert deal_seed("s", 0, 2) == deal_seed("s", 1, 2)
    assert deal_seed("s", 1, 2) != deal_seed("s", 2, 2)


def test_a_level_given_twice_is_told_apart() -> None:
    assert names_of(["expert", "greedy", "expert"]) == ["expert#1", "greedy", "expert#2"]


def test_a_simulated_match_is_a_function_of_its_seed_and_number() -> None:
    rules = engine.make_rules("escopa", {"players": 2})
    first = simulate(rules, ["greedy", "random"], 100, "same", 3)
    assert first == simulate(rules, ["greedy", "random"], 100, "same", 3)
    assert first.sides == (1, 0)
    assert len(first.winners) <= 1
    assert max(first.totals) >= rules.target


def test_the_tally_counts_wins_draws_and_margins_from_each_levels_side() -> None:
    matches = [
        Match(game=0, sides=(0, 1), totals=(21, 10), winners=(0,), rounds=3),
        Match(game=1, sides=(1, 0), totals=(22, 15), winners=(0,), rounds=4),
        Match(game=2, sides=(0, 1), totals=(21, 21), winners=(), rounds=5),
    ]
    first, second = strengths(["a", "b"], matches)
    assert (first.games, first.wins, first.draws) == (3, 1, 1)
    assert (second.games, second.wins, second.draws) == (3, 1, 1)
    assert math.isclose(first.margin, (11 - 7 + 0) / 3)
    assert math.isclose(second.margin, -first.margin)


def test_in_a_three_sided_match_a_levels_margin_is_against_the_others_mean() -> None:
    match = Match(game=0, sides=(0, 1, 0), totals=(20, 11, 8), winners=(0,), rounds=2)
    first, second = strengths(["a", "b"], [match])
    assert first.wins == 1 and second.wins == 0
    assert math.isclose(first.margin, 14 - 11)
    assert math.isclose(second.margin, 11 - 14)
