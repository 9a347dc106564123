"""Duplicate tournaments' pure parts (engine/tournament.py): duplicate results, standings,
Swiss and round-robin pairings, recomputable from the results and the key alone."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shuffle import shuffle_key
from engine.tournament import (
    Pairing,
    Table,
    duplicate_result,
    lot,
    round_robin,
    round_robin_rounds,
    standings,
    swiss,
)

KEY = shuffle_key("tournament key")


def test_a_duplicate_result_compares_both_plays_of_each_board() -> None:
    # board 1: a scored 5 at seat 0 of the first game, 3 at seat 1 of the second; b 2 and 4.
    assert duplicate_result([(5, 2), (1, 1)], [(4, 3), (0, 6)], 2) == (2, 6)


def test_a_board_a_game_never_reached_scores_nothing() -> None:
    assert duplicate_result([(3, 1)], [], 2) == (3 - 1, 0)


def test_standings_rank_by_total_then_buchholz_then_entrant() -> None:
    played = [
        [Table(a=0, b=1, results=(4,)), Table(a=2, b=3, results=(1,))],
        [Table(a=0, b=2, results=(-1,)), Table(a=1, b=3, results=(0,))],
    ]
    table = standings(4, played)
    assert [(s.entrant, s.total) for s in table] == [(0, 3), (2, 2), (3, -1), (1, -4)]
    assert table[0].rounds == (4, -1)
    assert table[0].buchholz == -4 + 2
    assert [s.rank for s in table] == [1, 2, 3, 4]


def test_a_bye_counts_nothing_and_is_shown_as_null() -> None:
    table = standings(3, [[Table(a=2, b=None, results=()), Table(a=0, b=1, results=(2,))]])
    by_entrant = {s.entrant: s for s in table}
    assert by_entrant[2].rounds == (None,)
    assert by_entrant[2].total == 0


@settings(max_examples=30, deadline=None)
@given(
    entrants=st.integers(min_value=2, max_value=21),
    rounds=st.integers(min_value=1, max_value=6),
    results=st.lists(st.integers(-30, 30), min_size=200, max_size=200),
)
def test_swiss_pairs_everyone_once_a_round_and_gives_byes_to_different_entrants(
    entrants: int, rounds: int, results: list[int]
) -> None:
    played: list[list[Table]] = []
    scores = iter(results)
    for round_no in range(1, rounds + 1):
        pairs = swiss(KEY, round_no, entrants, played)
        assert pairs == swiss(KEY, round_no, entrants, played), "deterministic"
        seen = [p.a for p in pairs] + [p.b for p in pairs if p.b is not None]
        assert sorted(seen) == list(range(entrants))
        assert sum(p.b is None for p in pairs) == entrants % 2
        played.append([Table(a=p.a, b=p.b, results=(next(scores),) if p.b else ()) for p in pairs])
    byes = [t.a for tables in played for t in tables if t.b is None]
    assert len(set(byes)) == min(len(byes), entrants)
    assert sum(s.total for s in standings(entrants, played)) == 0, "duplicate is zero-sum"


def test_swiss_avoids_rematches_while_it_can() -> None:
    played: list[list[Table]] = []
    for round_no in range(1, 4):
        pairs = swiss(KEY, round_no, 8, played)
        played.append([Table(a=p.a, b=p.b, results=(p.a - (p.b or 0),)) for p in pairs])
    meetings = [frozenset((t.a, t.b)) for tables in played for t in tables]
    assert len(meetings) == len(set(meetings))


def test_swiss_round_one_orders_by_lot() -> None:
    pairs = swiss(KEY, 1, 4, [])
    order = sorted(range(4), key=lambda e: lot(KEY, 1, e))
    assert pairs == (Pairing(a=order[0], b=order[1]), Pairing(a=order[2], b=order[3]))


@pytest.mark.parametrize("entrants", [2, 3, 4, 5, 8, 9])
def test_a_round_robin_meets_everyone_exactly_once(entrants: int) -> None:
    rounds = round_robin_rounds(entrants)
    meetings = []
    for round_no in range(1, rounds + 1):
        pairs = round_robin(entrants, round_no)
        seen = [p.a for p in pairs] + [p.b for p in pairs if p.b is not None]
        assert sorted(seen) == list(range(entrants))
        meetings += [frozenset((p.a, p.b)) for p in pairs if p.b is not None]
    assert sorted(map(sorted, meetings)) == sorted(
        map(sorted, itertools.combinations(range(entrants), 2))
    )


def test_level_entrants_are_ranked_by_buchholz() -> None:
    played = [
        [Table(a=0, b=1, results=(5,)), Table(a=2, b=3, results=(5,))],
        [Table(a=0, b=3, results=(0,)), Table(a=2, b=1, results=(0,))],
    ]
    table = standings(4, played)
    # 0 and 2 both have 5; 0 met 1 (-5) and 3 (-5): -10; 2 met 3 and 1: -10 too: entrant 0 first.
    assert [s.entrant for s in table[:2]] == [0, 2]
    played[1] = [Table(a=0, b=2, results=(0,)), Table(a=3, b=1, results=(1,))]
    table = standings(4, played)
    assert table[0].total == table[1].total == 5
    assert table[0].buchholz >= table[1].buchholz
