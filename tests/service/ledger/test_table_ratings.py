"""A rated tournament table as one match (`ratings.table_outcome`), as the tournament scores the
table: its total over the boards decides it, so an entrant who leaves before a board is played
(every board left unreached scores worst for the leaver) loses the rated match, never draws it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.duplicate import Played
from service.ledger.ratings import FIRST, places, rated, table_outcome
from service.ledger.tournament_record import TournamentScoring, scored_tables

TWO = engine.make_rules("escopa", {"players": 2})
POINTS = st.tuples(st.integers(0, 21), st.integers(0, 21))


def test_the_total_decides_a_table_and_zero_is_a_draw() -> None:
    assert places(TWO, table_outcome(3, 2)) == [1, 2]
    assert places(TWO, table_outcome(-3, 2)) == [2, 1]
    assert places(TWO, table_outcome(0, 2)) == [1, 1]


@given(
    boards=st.integers(1, 4),
    others=st.lists(st.lists(POINTS, min_size=4, max_size=4), max_size=4),
    leaver_at=st.integers(0, 1),
    table=st.integers(0, 4),
    scoring=st.sampled_from(["imps", "matchpoints"]),
)
def test_an_entrant_who_leaves_before_any_board_loses_the_rated_table(
    boards: int,
    others: list[list[tuple[int, int]]],
    leaver_at: int,
    table: int,
    scoring: TournamentScoring,
) -> None:
    left = Played(a=0, b=1, points=(), left=leaver_at)
    played = [
        Played(a=2 * n + 2, b=2 * n + 3, points=tuple(p[:boards])) for n, p in enumerate(others)
    ]
    played.insert(min(table, len(played)), left)
    scored = scored_tables(played, boards, [(f"g{n}",) for n in range(len(played))], scoring)
    [record] = [t for t in scored if t.a == 0]
    assert record.results is not None
    outcome = table_outcome(sum(record.results), boards)
    ranks = places(TWO, outcome)
    assert ranks[leaver_at] == 2 and ranks[1 - leaver_at] == 1
    after = rated(TWO, outcome, [FIRST, FIRST])
    assert after[leaver_at].ordinal < FIRST.ordinal < after[1 - leaver_at].ordinal
    assert (after[leaver_at].wins, after[1 - leaver_at].wins) == (0, 1)
