"""Waiting, resigning and aborting: pure steps that end a match early, or keep it undealt."""

from __future__ import annotations

import pytest

import engine
from engine.events import MatchEnded
from engine.scoring import Outcome


def started() -> engine.State:
    state, _ = engine.start(rules_for_test(2), "ending")
    return state


def rules_for_test(players: int) -> engine.Rules:
    return engine.make_rules("escopa", {"players": players})


def test_a_waiting_game_holds_no_card_and_refuses_every_move() -> None:
    state = engine.waiting(rules_for_test(2), "seed")
    assert state.status == "waiting"
    assert state.stock == () and state.table == () and state.hands == ((), ())
    assert engine.legal_moves(state) == [] and engine.current_seat(state) is None
    with pytest.raises(engine.IllegalMove) as refused:
        engine.apply(state, 0, engine.Deal())
    assert refused.value.code == "move/not_started"
    assert engine.view(state, None).seed is None


def test_resigning_gives_the_match_to_the_other_side() -> None:
    state = started()
    ended, events = engine.resign(state, 1)
    assert ended.status == "finished" and ended.turn is None
    assert ended.outcome is not None
    assert (ended.outcome.result, ended.outcome.winner, ended.outcome.resigned) == (
        "resigned",
        0,
        (1,),
    )
    assert events == [MatchEnded(outcome=ended.outcome)]
    assert engine.view(ended, None).seed == state.seed


def test_a_partnership_resigns_together() -> None:
    state, _ = engine.start(engine.make_rules("escopa", {"players": 4}), "ending")
    ended, _ = engine.resign(state, 2)
    assert ended.outcome is not None
    assert ended.outcome.resigned == (0, 2) and ended.outcome.seats == (1, 3)
    assert ended.outcome.winner == 1


def test_with_three_players_the_two_others_share_the_win() -> None:
    state, _ = engine.start(rules_for_test(3), "ending")
    ended, _ = engine.resign(state, 0)
    assert ended.outcome is not None
    assert ended.outcome.winner is None and ended.outcome.seats == (1, 2)


def test_a_finished_or_waiting_match_cannot_be_resigned() -> None:
    ended, _ = engine.resign(started(), 0)
    for state, code in (
        (ended, "move/game_over"),
        (engine.waiting(rules_for_test(2), "s"), "move/not_started"),
    ):
        with pytest.raises(engine.IllegalMove) as refused:
            engine.resign(state, 0)
        assert refused.value.code == code


def test_an_abort_before_any_play_has_no_winner() -> None:
    state = started()
    assert engine.abortable(state)
    ended, events = engine.abort(state, 0)
    assert ended.outcome is not None
    assert (ended.outcome.result, ended.outcome.winner, ended.outcome.seats) == (
        "aborted",
        None,
        (),
    )
    assert isinstance(events[0], MatchEnded)


def test_a_waiting_game_may_be_aborted() -> None:
    ended, _ = engine.abort(engine.waiting(rules_for_test(2), "s"), 1)
    assert ended.status == "finished" and ended.outcome is not None
    assert ended.outcome.result == "aborted"


def test_after_a_play_the_match_can_no_longer_be_aborted() -> None:
    state = started()
    assert state.turn is not None
    played, _ = engine.apply(state, state.turn, engine.legal_moves(state)[0])
    assert not engine.abortable(played)
    with pytest.raises(engine.IllegalMove) as refused:
        engine.abort(played, 0)
    assert refused.value.code == "abort/too_late"


def test_an_outcome_that_did_not_end_early_encodes_as_before() -> None:
    outcome = Outcome(winner=0, seats=(0,), totals=(21, 3), rounds=2)
    assert b"resigned" not in engine.canonical_json(outcome)
