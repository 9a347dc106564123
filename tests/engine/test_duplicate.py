"""Tournaments scored as duplicate bridge scores them (engine/duplicate.py): IMPs against a
datum and matchpoints per board and seat, plain scoring of a lone table, leaving that never
beats playing on, byes, seats held in turn, and Swiss pairings over the scores."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import duplicate
from engine.duplicate import CAP, Across, Played

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
        scored = duplicate.board_scores(tables, board, "matchpoints")
        for seat in (0, 1):
            assert sum(found[seat] for found in scored if found) == k * (k - 1)
        assert all(
            0 <= mp <= duplicate.top(tables, "matchpoints")
            for found in scored
            if found
            for mp in found
        )


@given(
    st.lists(full_game, min_size=2, max_size=6), st.data(), st.sampled_from(["imps", "matchpoints"])
)
def test_a_result_is_compared_only_with_the_same_seat_on_the_same_board(
    games: list[tuple], data: st.DataObject, across: Across
) -> None:
    tables = tables_of(games)
    swap = data.draw(st.permutations(range(len(tables))))
    shuffled = [tables[i] for i in swap]
    before = duplicate.table_scores(tables, BOARDS, across)
    after = duplicate.table_scores(shuffled, BOARDS, across)
    assert [before[i] for i in swap] == after, "a table's scores follow its results"


@given(st.lists(full_game, min_size=2, max_size=6))
def test_imps_at_a_table_sum_to_zero_and_a_better_margin_never_scores_less(
    games: list[tuple],
) -> None:
    tables = tables_of(games)
    for board in range(BOARDS):
        scored = duplicate.board_scores(tables, board, "imps")
        assert all(found is not None and found[0] + found[1] == 0 for found in scored)
        for table, found in zip(tables, scored, strict=True):
            for other, theirs in zip(tables, scored, strict=True):
                mine, its = duplicate.margin(table, 0, board), duplicate.margin(other, 0, board)
                assert found is not None and theirs is not None
                if min(mine, CAP) > min(its, CAP):
                    assert found[0] >= theirs[0], "a better result at the seat scores no less"


def test_imps_weigh_the_datum_by_the_tables_that_make_it_and_cap_a_runaway_board() -> None:
    tables = tables_of([((12, 0),), ((3, 1),), ((1, 1),), ((0, 4),)])
    scored = duplicate.board_scores(tables, 0, "imps")
    # the first: margin 12 counts as 8; the datum (2 + 0 - 4) / (3 + 3) rounds to 0
    # the last: -4 less (8 + 2 + 0) / 6, which rounds half away from zero to 2
    assert scored == [(8, -8), (2 - 1, -1), (0 - 1, 1), (-4 - 2, 6)]


@given(
    st.lists(full_game, min_size=1, max_size=5),
    st.integers(0, BOARDS - 1),
    st.booleans(),
    st.sampled_from(["imps", "matchpoints"]),
)
def test_leaving_never_scores_more_than_playing_on_and_the_opponent_never_less(
    games: list[tuple], kept: int, seat_zero_leaves: bool, across: Across
) -> None:
    tables = tables_of(games)
    whole = duplicate.round_totals(2 * len(tables), tables, BOARDS, across)
    table = tables[0]
    leaver = table.a if seat_zero_leaves else table.b
    assert leaver is not None
    left = Played(a=table.a, b=table.b, points=table.points[:kept], left=leaver)
    after = duplicate.round_totals(2 * len(tables), [left, *tables[1:]], BOARDS, across)
    other = table.b if seat_zero_leaves else table.a
    assert other is not None
    assert (after[leaver] or 0) <= (whole[leaver] or 0)
    assert (after[other] or 0) >= (whole[other] or 0)


def test_a_leaver_scores_nothing_on_the_boards_it_left_and_its_opponent_the_top() -> None:
    tables = tables_of([((5, 0), (5, 0), (5, 0)), ((1, 0), (1, 0), (1, 0))])
    left = Played(a=0, b=1, points=((9, 0),), left=0)  # won board 1 by far, then resigned
    scored = duplicate.table_scores([left, tables[1]], BOARDS, "matchpoints")
    assert scored[0] == ((2, 0), (0, 2), (0, 2))
    totals = duplicate.round_totals(4, [left, tables[1]], BOARDS, "matchpoints")
    assert totals[0] == 2 and totals[1] == 4, "the resigner loses its table"


@pytest.mark.parametrize("across", ["imps", "matchpoints"])
def test_resigning_after_winning_the_first_board_by_far_loses_the_table(across: Across) -> None:
    tables = tables_of([((1, 0),) * BOARDS, ((1, 0),) * BOARDS])
    left = Played(a=0, b=1, points=((14, 0),), left=0)
    totals = duplicate.round_totals(4, [left, tables[1]], BOARDS, across)
    assert (totals[0] or 0) < (totals[1] or 0), "the resigner loses its table"


def test_a_leavers_board_in_imps_is_the_worst_margin_there_is_less_the_datum() -> None:
    tables = tables_of([((1, 0),) * BOARDS, ((4, 0),) * BOARDS])
    left = Played(a=0, b=1, points=(), left=0)
    scored = duplicate.table_scores([left, tables[1]], BOARDS, "imps")
    assert scored[0] == ((-CAP - 1, CAP + 1),) * BOARDS  # the datum: 4 / (1 + 3)


@pytest.mark.parametrize("across", ["imps", "matchpoints"])
def test_a_lone_table_is_scored_plainly_board_by_board(across: Across) -> None:
    tables = [Played(a=0, b=1, points=((3, 1), (2, 2), (0, 4)))]
    assert duplicate.scoring_of(tables, across) == "plain"
    assert duplicate.table_scores(tables, BOARDS, across) == [((2, 0), (1, 1), (0, 2))]


def test_a_bye_scores_the_average_on_each_board() -> None:
    lone = [Played(a=0, b=1, points=((3, 1),) * BOARDS), Played(a=2)]
    assert duplicate.round_totals(3, lone, BOARDS, "imps")[2] == BOARDS  # plain: half of 2
    field = [*tables_of([((1, 0),) * BOARDS] * 3), Played(a=6)]
    assert duplicate.round_totals(7, field, BOARDS, "matchpoints")[6] == 2 * BOARDS  # top 4
    assert duplicate.round_totals(7, field, BOARDS, "imps")[6] == 0


def test_each_entrant_holds_seat_zero_in_half_its_rounds_of_a_round_robin() -> None:
    entrants = 8
    played: list[tuple[Played, ...]] = []
    for round_no in range(1, entrants):
        played.append(
            duplicate.pairings("round_robin", b"k", round_no, entrants, played, 1, "imps")
        )
    held = [sum(t.a == e for tables in played for t in tables) for e in range(entrants)]
    assert all(abs(2 * h - (entrants - 1)) <= 1 for h in held), held


@pytest.mark.parametrize("across", ["imps", "matchpoints"])
def test_swiss_over_the_scores_pairs_every_entrant_once_a_round(across: Across) -> None:
    played: list[tuple[Played, ...]] = []
    for round_no in (1, 2, 3):
        tables = duplicate.pairings("swiss", b"key", round_no, 7, played, BOARDS, across)
        seated = [e for t in tables for e in (t.a, t.b) if e is not None]
        assert sorted(seated) == list(range(7))
        played.append(tuple(Played(a=t.a, b=t.b, points=((round_no, 1),) * BOARDS) for t in tables))
    standings = duplicate.standings(7, played, BOARDS, across)
    assert sorted(s.entrant for s in standings) == list(range(7))
    assert [s.rank for s in standings] == list(range(1, 8))
