"""Exact endgames: once the stock is empty, a 2-player expert plays a move no other move beats
by the round's score, as an exhaustive solver through the engine finds (a few hundred random
endgames here; `bench/endgames.py` checks 10,000 and times them)."""

from __future__ import annotations

import random

import pytest

import engine
from bots import bot_rng, level
from bots.expert import evaluate
from tests.harness.endgames import Solver, endgame

ENDGAMES = [endgame(f"endgame-{i}") for i in range(300)]


def test_the_endgames_are_last_hands_of_two_players_with_a_choice_to_make() -> None:
    for e in ENDGAMES:
        assert e.state.rules.players == 2 and not e.state.stock
        assert sum(map(len, e.state.hands)) <= 6 and len(engine.legal_moves(e.state)) > 1
    assert {e.state.rules.missed_capture for e in ENDGAMES} == {"claimable", "stays"}


@pytest.mark.parametrize("part", range(3))
def test_the_expert_plays_a_move_no_other_move_beats_by_the_rounds_score(part: int) -> None:
    for at, e in enumerate(ENDGAMES[part::3]):
        move = level("expert").choose(
            engine.view(e.state, e.seat), e.known, bot_rng(e.state.seed, e.seat, at), 3000
        )
        solver = Solver(e.seat)
        assert solver.after(e.state, move) == solver.best(e.state), (e.state.seed, move)


def test_the_hint_values_every_move_exactly_and_its_best_is_the_move_played() -> None:
    for e in ENDGAMES[:40]:
        seen = engine.view(e.state, e.seat)
        values = evaluate(seen, e.known, random.Random(0))
        solver = Solver(e.seat)
        assert [value for _, value in values] == [solver.after(e.state, m) for m, _ in values]
        best = max(values, key=lambda pair: pair[1])[0]
        assert level("expert").choose(seen, e.known, random.Random(0)) == best
