"""Games of boards (docs/shuffle.md section 9): a fixed number of rounds, each dealt from its
board number, whatever is played; the tournament's round seeds and their vectors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import make_rules, play_out, start
from engine.cards import sort_cards
from engine.events import HandDealt
from engine.rules import board_of
from engine.shuffle import board_deck, round_seed, shuffle_key, shuffled_deck
from tests.engine.helpers import first_legal, game, last_legal, random_playout
from tests.engine.test_shuffle import REFERENCE

ROUND_SEEDS = [
    (1, "3df3673912c77f2b0af1ad3fc44aaf9828a17e82559936cdaaba93c2bf40bebd"),
    (2, "6ba7d71bbc20a8eb516e0e991674d8ae2e499fbc70c7e324586aeca0068e1d91"),
]
BOARDS = [
    (
        1,
        1,
        "AH QH 4D QD 3H 6S 6C 5S 5H KC JH KD 6D 6H 5C AC 2H 4S QC QS "
        "3D 4C AD 5D 4H KS 7H AS 2C 7D KH 2D JS 7S JC JD 3C 2S 7C 3S",
    ),
    (
        2,
        3,
        "2S QD AC 4S 2D 6C AD 7S 3H JD 7C KH 7D 6H 5C 7H 4D 3C 4C 5D "
        "AH 3D JC 2H JS AS 2C QC 3S 5S QH JH 6D 4H 6S 5H KD QS KC KS",
    ),
]


@pytest.mark.parametrize(("tournament_round", "seed"), ROUND_SEEDS)
def test_round_seeds_reproduce_the_documented_vectors(tournament_round: int, seed: str) -> None:
    assert round_seed(shuffle_key("escopa"), tournament_round) == seed
    assert REFERENCE["round_seed"](shuffle_key("escopa"), tournament_round) == seed


@pytest.mark.parametrize(("tournament_round", "board", "deck"), BOARDS)
def test_board_decks_reproduce_the_documented_vectors(
    tournament_round: int, board: int, deck: str
) -> None:
    assert board_deck(shuffle_key("escopa"), tournament_round, board) == tuple(deck.split())
    assert REFERENCE["board_deck"](shuffle_key("escopa"), tournament_round, board) == deck.split()


def test_a_game_of_boards_plays_exactly_its_boards_and_ends_without_a_target() -> None:
    state, _ = game(boards=3, first_board=5, target=1)
    steps = random_playout(state, random.Random(3))
    final = steps[-1].state
    assert final.status == "finished"
    assert final.outcome is not None and final.outcome.rounds == 3
    assert len(final.rounds) == 3
    assert final.outcome.totals == final.scores
    best = max(final.scores)
    if final.scores.count(best) == 1:
        assert final.outcome.winner == final.scores.index(best)
    else:
        assert final.outcome.result == "draw"


def test_each_round_of_a_game_of_boards_is_dealt_from_its_board_number() -> None:
    state, events = game(boards=2, first_board=7)
    final_steps = random_playout(state, random.Random(1))
    dealt = [e for e in events if isinstance(e, HandDealt)]
    dealt += [e for step in final_steps for e in step.events if isinstance(e, HandDealt)]
    openings = [e for e in dealt if e.hand == 1]
    assert [e.round for e in openings] == [1, 2]
    for opening in openings:
        deck = shuffled_deck(shuffle_key("escopa"), 6 + opening.round)
        assert opening.table == deck[6:10]
        first = (opening.dealer + 1) % 2
        assert opening.hands[first] == sort_cards(deck[0:6:2])


@settings(max_examples=20, deadline=None)
@given(
    seed=st.text(min_size=1, max_size=20),
    board=st.integers(min_value=1, max_value=10_000),
    plays=st.tuples(st.integers(0, 2**32), st.integers(0, 2**32)),
)
def test_two_games_of_the_same_seed_and_board_are_dealt_the_same_whatever_is_played(
    seed: str, board: int, plays: tuple[int, int]
) -> None:
    rules = make_rules("escopa", {"boards": 2, "first_board": board})
    decks = []
    for rng_seed in plays:
        state, events = start(rules, seed)
        steps = random_playout(state, random.Random(rng_seed))
        dealt = [e for e in events if isinstance(e, HandDealt)]
        dealt += [e for s in steps for e in s.events if isinstance(e, HandDealt)]
        decks.append([(e.round, e.hand, e.dealer, e.hands, e.table) for e in dealt])
    assert decks[0] == decks[1]


def test_board_numbers_start_at_first_board() -> None:
    rules = make_rules("escopa", {"boards": 4, "first_board": 9})
    assert [board_of(rules, r) for r in (1, 2, 3, 4)] == [9, 10, 11, 12]
    assert board_of(make_rules("escopa"), 3) == 3


def test_a_plain_game_ignores_boards_and_still_plays_to_its_target() -> None:
    state, _ = game(target=3)
    steps = random_playout(state, random.Random(5))
    final = steps[-1].state
    assert max(final.scores) >= 3


def test_a_game_of_boards_with_first_or_last_moves_is_deterministic() -> None:
    rules = make_rules("escoba", {"boards": 1, "first_board": 3})
    state, _ = start(rules, "same")
    assert state == start(rules, "same")[0]
    for chooser in (first_legal, last_legal):
        final, _ = play_out(state, chooser)
        assert final.status == "finished" and len(final.rounds) == 1
