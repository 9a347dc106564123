"""Tournaments scored as duplicate bridge scores them (engine/matchpoints.py): matchpoints per
board and seat, plain scoring of a lone table, leaving that never beats playing on, byes,
seats held in turn, and Swiss pairings over matchpoints."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine import matchpoints
from engine.matchpoints import Played

BOARDS = 3
points = st.tuples(st.integers(0, 12), st.integers(0, 12))
full_game = st.lists(points, min_size=BOARDS, max_size=BOARDS).map(tuple)


def tables_of(games: list[tuple[tuple[int, int], ...]]) -> list[Played]:
    return [Played(a=2 * n, b=2 * n + 1, points=game) for n, game in enumerate(games)]


@given(st.lists(full_game, min_size=2, max_size=6))
def test_each_seat_group_on_each_board_shares_the_same_matchpoints(games: list[tuple]) -> None:
    tables = tables_of(games)
    k = len(tables)
    for board in range(BOARDS):
        scored = matchpoints.board_matchpoints(tables, board)
        for seat in (0, 1):
            assert sum(found[seat] for found in scored if found) == k * (k - 1)
        assert all(0 <= mp <= matchpoints.top(tables) for found in scored if found for mp in found)


@given(st.lists(full_game, min_size=2, max_size=6), st.data())
def test_a_result_is_compared_only_with_the_same_seat_on_the_same_board(
    games: list[tuple], data: st.DataObject
) -> None:
    tables = tables_of(games)
    swap = data.draw(st.permutations(range(len(tables))))
    shuffled = [tables[i] for i in swap]
    before = matchpoints.table_matchpoints(tables, BOARDS)
    after = matchpoints.table_matchpoints(shuffled, BOARDS)
    assert [before[i] for i in swap] == after, "a table's matchpoints follow its results"


@given(st.lists(full_game, min_size=1, max_size=5), st.integers(0, BOARDS - 1), st.booleans())
def test_leaving_never_scores_more_than_playing_on_and_the_opponent_never_less(
    games: list[tuple], kept: int, seat_zero_leaves: bool
) -> None:
    tables = tables_of(games)
    whole = matchpoints.round_totals(2 * len(tables), tables, BOARDS)
    table = tables[0]
    leaver = table.a if seat_zero_leaves else table.b
    assert leaver is not None
    left = Played(a=table.a, b=table.b, points=table.points[:kept], left=leaver)
    after = matchpoints.round_totals(2 * len(tables), [left, *tables[1:]], BOARDS)
    other = table.b if seat_zero_leaves else table.a
    assert other is not None
    assert (after[leaver] or 0) <= (whole[leaver] or 0)
    assert (after[other] or 0) >= (whole[other] or 0)


def test_a_leaver_scores_nothing_on_the_boards_it_left_and_its_opponent_the_top() -> None:
    tables = tables_of([((5, 0), (5, 0), (5, 0)), ((1, 0), (1, 0), (1, 0))])
    left = Played(a=0, b=1, points=((9, 0),), left=0)  # won board 1 by far, then resigned
    scored = matchpoints.table_matchpoints([left, tables[1]], BOARDS)
    assert scored[0] == ((2, 0), (0, 2), (0, 2))
    totals = matchpoints.round_totals(4, [left, tables[1]], BOARDS)
    assert totals[0] == 2 and totals[1] == 4, "the resigner loses its table"


def test_a_lone_table_is_scored_plainly_board_by_board() -> None:
    tables = [Played(a=0, b=1, points=((3, 1), (2, 2), (0, 4)))]
    assert matchpoints.scoring_of(tables) == "plain"
    assert matchpoints.table_matchpoints(tables, BOARDS) == [((2, 0), (1, 1), (0, 2))]


def test_a_bye_scores_half_the_top_on_each_board() -> None:
    lone = [Played(a=0, b=1, points=((3, 1),) * BOARDS), Played(a=2)]
    assert matchpoints.round_totals(3, lone, BOARDS)[2] == BOARDS
    field = [*tables_of([((1, 0),) * BOARDS] * 3), Played(a=6)]
    assert matchpoints.round_totals(7, field, BOARDS)[6] == 2 * BOARDS  # top 4, half 2


def test_each_entrant_holds_seat_zero_in_half_its_rounds_of_a_round_robin() -> None:
    entrants = 8
    played: list[tuple[Played, ...]] = []
    for round_no in range(1, entrants):
        played.append(matchpoints.pairings("round_robin", b"k", round_no, entrants, played, 1))
    held = [sum(t.a == e for tables in played for t in tables) for e in range(entrants)]
    assert all(abs(2 * h - (entrants - 1)) <= 1 for h in held), held


def test_swiss_over_matchpoints_pairs_every_entrant_once_a_round() -> None:
    played: list[tuple[Played, ...]] = []
    for round_no in (1, 2, 3):
        tables = matchpoints.pairings("swiss", b"key", round_no, 7, played, BOARDS)
        seated = [e for t in tables for e in (t.a, t.b) if e is not None]
        assert sorted(seated) == list(range(7))
        played.append(tuple(Played(a=t.a, b=t.b, points=((round_no, 1),) * BOARDS) for t in tables))
    standings = matchpoints.standings(7, played, BOARDS)
    assert sorted(s.entrant for s in standings) == list(range(7))
    assert [s.rank for s in standings] == list(range(1, 8))
