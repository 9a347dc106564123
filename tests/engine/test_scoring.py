"""Scoring a round by hand from docs/rules.md ("Scoring a round", "The match", "Penalties")."""

from __future__ import annotations

import pytest

from engine import Rules, make_rules
from engine.scoring import (
    CATEGORIES,
    Outcome,
    RoundScore,
    match_outcome,
    primeira_total,
    score_round,
)
from tests.engine.helpers import DECK

DEFAULT = make_rules().primeira_values
ITALIAN = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "Q": 10, "J": 10, "K": 10}


def suit(s: str) -> tuple[str, ...]:
    return tuple(c for c in DECK if c[1] == s)


def first_round(rules: Rules, captured: list[tuple[str, ...]]) -> RoundScore:
    """Round 1 of these captures: no escopa, no wrong claim, no points before it."""
    none = [0] * len(captured)
    return score_round(rules, 1, captured, none, none, none)


def rest(*piles: tuple[str, ...]) -> tuple[str, ...]:
    """The cards in none of the piles."""
    used = {c for p in piles for c in p}
    return tuple(c for c in DECK if c not in used)


# --- one round per preset, scored by hand ------------------------------------------------


def test_an_escopa_round_scored_by_hand() -> None:
    side0 = (*suit("D"), "7C", "7H", "AC", "2C")  # 14 cards: every diamond, three sevens
    side1 = rest(side0)  # 26 cards, one seven (7S), no diamond
    score = score_round(make_rules("escopa"), 3, [side0, side1], [1, 2], [0, 0], [5, 7])
    s0, s1 = score.sides
    assert (s0.cards, s0.diamonds, s0.sevens, s0.seven_of_diamonds) == (14, 10, 3, True)
    assert (s1.cards, s1.diamonds, s1.sevens, s1.seven_of_diamonds) == (26, 0, 1, False)
    # escopa 1, most diamonds 1, all diamonds 2, 7D 1, most sevens 1 = 6; primeira is off
    assert s0.categories == {
        "escopa": 1, "most_cards": 0, "most_diamonds": 1, "all_diamonds": 2,
        "seven_of_diamonds": 1, "most_sevens": 1, "all_sevens": 0, "opponents_under_10": 0,
    }  # fmt: skip
    # escopas 2 x 1, most cards 1 = 3; side 0 has 14 cards, so no "opponents under 10"
    assert s1.categories == {
        "escopa": 2, "most_cards": 1, "most_diamonds": 0, "all_diamonds": 0,
        "seven_of_diamonds": 0, "most_sevens": 0, "all_sevens": 0, "opponents_under_10": 0,
    }  # fmt: skip
    assert (s0.total, s1.total) == (6, 3)
    assert score.match_totals == (11, 10)
    assert score.round == 3
    assert (s0.escopas, s1.escopas) == (1, 2)
    assert (s0.seats, s1.seats) == ((0,), (1,))
    assert not s0.void and not s1.void
    assert s0.penalty == s1.penalty == 0


def test_an_escopa_round_with_all_sevens_and_an_opponent_under_10_cards() -> None:
    side1 = ("AH", "2H", "3H", "4H", "5H", "6H", "QH", "JH", "KH")  # 9 cards
    side0 = rest(side1)  # 31 cards: every diamond and every seven
    score = score_round(make_rules("escopa"), 1, [side0, side1], [0, 0], [0, 0], [0, 0])
    s0, s1 = score.sides
    # most cards 1, most diamonds 1, all diamonds 2, 7D 1, most sevens 1, all sevens 3,
    # opponents under 10: 2  -> 11
    assert s0.categories["all_sevens"] == 3
    assert s0.categories["opponents_under_10"] == 2
    assert s0.total == 11
    assert s1.total == 0
    assert score.match_totals == (11, 0)


def test_ten_cards_is_not_under_10() -> None:
    side1 = ("AH", "2H", "3H", "4H", "5H", "6H", "QH", "JH", "KH", "7H")
    score = score_round(make_rules("escopa"), 1, [rest(side1), side1], [0, 0], [0, 0], [0, 0])
    assert score.sides[0].categories["opponents_under_10"] == 0


def test_an_escoba_round_with_three_players_scored_by_hand() -> None:
    side0 = ("7C", "7D", "7H", "7S", "AD", "2D", "3D", "AC", "2C")  # 9 cards, 4 diamonds
    side1 = ("4D", "5D", "6D", "QD", "JD", "KD", *(c for c in suit("H") if c != "7H"))  # 15, 6
    side2 = rest(side0, side1)  # 16 cards, no diamond
    assert len(side2) == 16
    score = score_round(
        make_rules("escoba"), 2, [side0, side1, side2], [0, 1, 3], [0, 0, 0], [20, 0, 18]
    )
    s0, s1, s2 = score.sides
    # escoba: no "all diamonds", no "opponents under 10", no primeira (0 points: absent)
    expected_keys = {"escopa", "most_cards", "most_diamonds", "seven_of_diamonds",
                     "most_sevens", "all_sevens"}  # fmt: skip
    assert set(s0.categories) == set(s1.categories) == set(s2.categories) == expected_keys
    # side 0: 7D 1 + most sevens 1 + all sevens 1 = 3; side 1: escopa 1 + most diamonds 1 = 2;
    # side 2: escopas 3 + most cards 1 = 4
    assert s0.categories == {"escopa": 0, "most_cards": 0, "most_diamonds": 0,
                             "seven_of_diamonds": 1, "most_sevens": 1, "all_sevens": 1}  # fmt: skip
    assert s1.categories == {"escopa": 1, "most_cards": 0, "most_diamonds": 1,
                             "seven_of_diamonds": 0, "most_sevens": 0, "all_sevens": 0}  # fmt: skip
    assert s2.categories == {"escopa": 3, "most_cards": 1, "most_diamonds": 0,
                             "seven_of_diamonds": 0, "most_sevens": 0, "all_sevens": 0}  # fmt: skip
    assert [s.total for s in score.sides] == [3, 2, 4]
    assert score.match_totals == (23, 2, 22)


def test_an_escova_round_in_partnerships_with_ties_scored_by_hand() -> None:
    side0 = ("AD", "2D", "3D", "4D", "5D", *suit("C"), "AH", "2H", "3H", "4H", "5H")  # 20, 5
    side1 = rest(side0)  # 20 cards, 5 diamonds incl. 7D
    rules = make_rules("escova", {"players": 4})
    score = score_round(rules, 1, [side0, side1], [2, 0], [0, 0], [0, 0])
    s0, s1 = score.sides
    assert (s0.seats, s1.seats) == ((0, 2), (1, 3))
    # escova: escopa, most cards, most diamonds, all diamonds (2), 7D; sevens are off
    assert set(s0.categories) == {
        "escopa",
        "most_cards",
        "most_diamonds",
        "all_diamonds",
        "seven_of_diamonds",
    }
    # 20 cards each and 5 diamonds each: both ties, nobody scores them
    assert s0.categories == {"escopa": 2, "most_cards": 0, "most_diamonds": 0,
                             "all_diamonds": 0, "seven_of_diamonds": 0}  # fmt: skip
    assert s1.categories == {"escopa": 0, "most_cards": 0, "most_diamonds": 0,
                             "all_diamonds": 0, "seven_of_diamonds": 1}  # fmt: skip
    assert (s0.total, s1.total) == (2, 1)


def test_a_tie_for_most_among_three_sides_gives_nobody_the_point() -> None:
    side0 = (*suit("C"), *suit("D")[:3])  # 13 cards, 3 diamonds
    side1 = (*suit("H"), *suit("D")[3:6])  # 13 cards, 3 diamonds
    side2 = rest(side0, side1)  # 14 cards, 4 diamonds
    score = first_round(make_rules("escoba", {"players": 3}), [side0, side1, side2])
    assert [s.categories["most_cards"] for s in score.sides] == [0, 0, 1]
    assert [s.categories["most_diamonds"] for s in score.sides] == [0, 0, 1]
    # a tie between the two smaller sides does not matter; a tie at the top does:
    side2b = (*suit("S"), *suit("D")[6:])  # 14 cards, 4 diamonds
    side1b = rest(side0, side2b)  # 13 cards, 3 diamonds
    tie = first_round(make_rules("escoba", {"players": 3}), [side2b, side1b, side0])
    assert [s.cards for s in tie.sides] == [14, 13, 13]
    assert tie.sides[0].categories["most_cards"] == 1
    even = first_round(make_rules("escopa"), [suit("C") + suit("D"), suit("H") + suit("S")])
    assert [s.categories["most_cards"] for s in even.sides] == [0, 0]
    assert [s.categories["most_sevens"] for s in even.sides] == [0, 0]  # 2 sevens each


def test_categories_add_up_all_diamonds_also_has_the_most_diamonds() -> None:
    side0 = suit("D")
    score = score_round(make_rules("escopa"), 1, [side0, rest(side0)], [0, 0], [0, 0], [0, 0])
    cats = score.sides[0].categories
    assert (cats["all_diamonds"], cats["most_diamonds"], cats["seven_of_diamonds"]) == (2, 1, 1)


def test_a_category_switched_off_is_absent_and_each_escopa_scores_its_points() -> None:
    rules = make_rules("escopa", {"points": {"escopa": 0, "most_cards": 0, "most_diamonds": 3}})
    side0 = suit("D")
    score = score_round(rules, 1, [side0, rest(side0)], [4, 0], [0, 0], [0, 0])
    assert "escopa" not in score.sides[0].categories
    assert "most_cards" not in score.sides[1].categories
    assert score.sides[0].categories["most_diamonds"] == 3
    assert score.sides[0].escopas == 4, "escopas are still counted, just worth nothing"
    doubled = score_round(
        make_rules("escopa", {"points": {"escopa": 2}}),
        1,
        [side0, rest(side0)],
        [4, 0],
        [0, 0],
        [0, 0],
    )
    assert doubled.sides[0].categories["escopa"] == 8


def test_the_categories_are_listed_in_the_documented_order() -> None:
    assert CATEGORIES == ("escopa", "most_cards", "all_cards", "most_diamonds", "all_diamonds",
                          "seven_of_diamonds", "most_sevens", "all_sevens",
                          "opponents_under_10", "primeira")  # fmt: skip
    score = score_round(
        make_rules("escopa", {"points": {"primeira": 2, "all_cards": 2}}),
        1,
        [suit("D"), rest(suit("D"))],
        [0, 0],
        [0, 0],
        [0, 0],
    )
    assert list(score.sides[0].categories) == list(CATEGORIES)


# --- primeira --------------------------------------------------------------------------------


def test_primeira_takes_the_best_card_of_each_suit_by_its_values() -> None:
    # 7 = 11, 6 = 8, A = 6, 2-5 face value, figures 0
    assert primeira_total(["7C", "6D", "AH", "5S"], DEFAULT) == 11 + 8 + 6 + 5
    assert primeira_total(["7C", "AC", "KC", "2D", "3H", "QS"], DEFAULT) == 11 + 2 + 3 + 0
    assert primeira_total(["AC", "5C", "6C", "2D", "4D", "3H", "JS", "KS"], DEFAULT) == 8 + 4 + 3
    assert primeira_total(["7C", "7D", "7H", "7S"], ITALIAN) == 84
    assert primeira_total(["7C", "6D", "AH", "5S"], ITALIAN) == 21 + 18 + 16 + 15


def test_a_side_lacking_a_suit_has_no_primeira() -> None:
    assert primeira_total(suit("C") + suit("D") + suit("H"), DEFAULT) is None
    assert primeira_total([], DEFAULT) is None


def primeira_rules(values: dict[str, int] | None = None):
    overrides: dict = {"points": {"primeira": 2}}
    if values is not None:
        overrides["primeira_values"] = values
    return make_rules("escopa", overrides)


def test_the_higher_primeira_wins_2_points_when_switched_on() -> None:
    side0 = ("7C", "7D", "7H", "7S")  # 44
    side1 = rest(side0)  # best: four sixes, 32
    score = score_round(primeira_rules(), 1, [side0, side1], [0, 0], [0, 0], [0, 0])
    assert (score.sides[0].primeira, score.sides[1].primeira) == (44, 32)
    assert score.sides[0].categories["primeira"] == 2
    assert score.sides[1].categories["primeira"] == 0


def test_a_side_lacking_a_suit_cannot_win_primeira_even_with_higher_cards() -> None:
    side1 = ("AC", "2D", "2H", "QS")  # all four suits, 6 + 2 + 2 + 0 = 10
    side0 = tuple(c for c in rest(side1) if c[1] != "S")  # every seven but 7S, no spade left
    side2 = rest(side0, side1)
    rules = make_rules("escopa", {"players": 3, "points": {"primeira": 2}})
    score = score_round(rules, 1, [side0, side1, side2], [0, 0, 0], [0, 0, 0], [0, 0, 0])
    assert score.sides[0].primeira is None
    assert score.sides[2].primeira is None  # only spades
    assert score.sides[1].primeira == 10
    assert [s.categories["primeira"] for s in score.sides] == [0, 2, 0]


def test_a_primeira_tie_gives_nobody_the_points() -> None:
    side0 = ("7C", "7D", "6H", "6S", "QC")  # 11 + 11 + 8 + 8 = 38
    side1 = ("7H", "7S", "6C", "6D")  # 38
    side2 = rest(side0, side1)  # no seven, no six: four aces, 24
    rules = make_rules("escopa", {"players": 3, "points": {"primeira": 2}})
    score = score_round(rules, 1, [side0, side1, side2], [0, 0, 0], [0, 0, 0], [0, 0, 0])
    assert [s.primeira for s in score.sides] == [38, 38, 24]
    assert [s.categories["primeira"] for s in score.sides] == [0, 0, 0]


def test_the_primeira_values_can_be_overridden() -> None:
    side0 = ("KC", "KD", "KH", "KS")  # default 0, figures worth 30 below
    side1 = rest(side0)
    default = score_round(primeira_rules(), 1, [side0, side1], [0, 0], [0, 0], [0, 0])
    assert [s.categories["primeira"] for s in default.sides] == [0, 2]
    figures = {**DEFAULT, "K": 30}
    swapped = score_round(primeira_rules(figures), 1, [side0, side1], [0, 0], [0, 0], [0, 0])
    assert (swapped.sides[0].primeira, swapped.sides[1].primeira) == (120, 44)
    assert [s.categories["primeira"] for s in swapped.sides] == [2, 0]
    italian = score_round(primeira_rules(ITALIAN), 1, [side0, side1], [0, 0], [0, 0], [0, 0])
    assert (italian.sides[0].primeira, italian.sides[1].primeira) == (40, 84)


# --- the honor-mode final check --------------------------------------------------------------


def test_a_wrong_side_is_void_and_loses_4_plus_every_other_side_s_points() -> None:
    side0 = (*suit("D"), "7C", "7H", "AC", "2C")  # worth 6, see the escopa round above
    side1 = rest(side0)  # worth 3
    score = score_round(make_rules("escopa"), 1, [side0, side1], [1, 2], [1, 0], [5, 7])
    s0, s1 = score.sides
    assert s0.void and s0.wrong_captures == 1
    assert sum(s0.categories.values()) == 6, "the categories stay visible"
    assert s0.penalty == 4 + 3
    assert s0.total == -7
    assert (s1.total, s1.penalty, s1.void) == (3, 0, False)
    assert score.match_totals == (5 - 7, 7 + 3)


def test_with_three_sides_the_penalty_counts_both_other_sides_points() -> None:
    side0 = ("7C", "7D", "7H", "7S", "AD", "2D", "3D", "AC", "2C")
    side1 = ("4D", "5D", "6D", "QD", "JD", "KD", *(c for c in suit("H") if c != "7H"))
    side2 = rest(side0, side1)
    # the escoba round above: 3, 2, 4 points; now side 2's captures were found wrong
    score = score_round(
        make_rules("escoba"), 2, [side0, side1, side2], [0, 1, 3], [0, 0, 2], [0, 0, 0]
    )
    assert [s.total for s in score.sides] == [3, 2, -(4 + 3 + 2)]
    assert score.sides[2].wrong_captures == 2
    assert score.match_totals == (3, 2, -9)


# --- the match -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        ((21, 20), 21, 0),
        ((20, 20), 21, None),
        ((20, 19), 21, None),
        ((25, 30), 21, 1),
        ((22, 22), 21, None),  # tied highest at or over the target: play on
        ((21, 21), 21, None),
        ((25, 25, 10), 21, None),
        ((25, 10, 25), 21, None),
        ((22, 21, 30), 21, 2),
        ((22, 19, 12), 21, 0),
        ((30, 29), 31, None),
        ((31, 29), 31, 0),
        ((-3, 21), 21, 1),
    ],
)
def test_the_match_ends_when_a_single_highest_side_has_reached_the_target(
    totals: tuple[int, ...], target: int, winner: int | None
) -> None:
    rules = make_rules("escopa", {"players": len(totals), "target": target})
    outcome = match_outcome(rules, totals, 4)
    if winner is None:
        assert outcome is None
    else:
        assert outcome == Outcome(winner=winner, seats=(winner,), totals=totals, rounds=4)


def test_a_partnership_s_outcome_names_both_seats() -> None:
    outcome = match_outcome(make_rules("escopa", {"players": 4}), (12, 23), 2)
    assert outcome is not None
    assert (outcome.winner, outcome.seats) == (1, (1, 3))
