"""A rated tournament table as one match (`ratings.table_outcome`): its total decides it, but an
entrant who gave a game of the table up loses it whatever the total, rated as a resignation,
ready for a tournament scoring where the resigner loses."""

from __future__ import annotations

import pytest

import engine
from service.ledger.ratings import FIRST, places, rated, table_outcome

TWO = engine.make_rules("escopa", {"players": 2})


def test_the_total_decides_a_table_and_zero_is_a_draw() -> None:
    assert places(TWO, table_outcome(3, 2)) == [1, 2]
    assert places(TWO, table_outcome(-3, 2)) == [2, 1]
    assert places(TWO, table_outcome(0, 2)) == [1, 1]


@pytest.mark.parametrize("total", [-5, 0, 5])
@pytest.mark.parametrize("forfeit", [0, 1])
def test_an_entrant_who_gave_a_game_up_loses_the_table_whatever_the_total(
    forfeit: int, total: int
) -> None:
    outcome = table_outcome(total, 2, forfeit)
    ranks = places(TWO, outcome)
    assert ranks[forfeit] == 2 and ranks[1 - forfeit] == 1
    after = rated(TWO, outcome, [FIRST, FIRST])
    assert after[forfeit].ordinal < FIRST.ordinal < after[1 - forfeit].ordinal
    assert (after[forfeit].wins, after[1 - forfeit].wins) == (0, 1)
