"""The expert: exact in a 2-player round's last hand, claims what it may, signals its sevens."""

from __future__ import annotations

import random

import msgspec
import pytest

import engine
from bots import Heard, Knowledge, bot_rng, knowledge_of, level
from bots.expert import evaluate, signals
from engine import Claim, Play, apply, legal_moves, play_out, view
from tests.engine.helpers import arrange
from tests.harness.endgames import Solver


@pytest.mark.parametrize("seed", ["exact-1", "exact-2", "exact-3", "exact-4"])
def test_in_the_last_hand_of_two_players_every_move_is_valued_exactly(seed: str) -> None:
    rules = engine.make_rules("escopa", {"target": 1000})
    state, opening = engine.start(rules, seed)
    rng = random.Random(seed)
    state, steps = play_out(
        state,
        lambda s, seat: rng.choice(legal_moves(s, seat)),
        until=lambda s: s.hand == 6 and len(legal_moves(s)) > 1,
    )
    assert state.hand == 6 and not state.stock
    seat = state.turn
    assert seat is not None
    log = [*opening, *(e for step in steps for e in step.events)]
    known = knowledge_of(rules, seat, log)
    values = evaluate(view(state, seat), known, random.Random(0), 1_000_000)
    solver = Solver(seat)
    for move, value in values:
        assert value == solver.after(state, move), move


def test_a_missed_capture_is_claimed() -> None:
    base, _ = engine.start(engine.make_rules("escopa"), "claims")
    state = arrange(base, hands=[("5C", "6C", "AH"), ("QS", "2S", "3H")], table=("KD", "JH"))
    state, _ = apply(state, 0, Play("5C"))  # 5C could have taken KD
    known = Knowledge(seat=1, rules=state.rules, table=state.table, captured=state.captured)
    move = level("expert").choose(view(state, 1), known, bot_rng("claims", 1, 2), 3000)
    assert move == Claim(("5C", "KD"))


def test_an_expert_partner_signals_each_seven_it_holds_once_per_hand() -> None:
    rules = engine.make_rules("escopa", {"players": 4})
    base, _ = engine.start(rules, "signals")
    hands = [("7D", "7S", "AC"), ("2C", "3C", "4C"), ("5C", "6C", "QC"), ("JC", "KC", "AD")]
    state = arrange(base, hands=hands, table=("2D", "3D", "4D", "5D"))
    known = Knowledge(seat=0, rules=rules, captured=((), ()))
    assert signals(view(state, 0), known) == ("guindis", "seven")
    sent = msgspec.structs.replace(known, signals=(Heard(sender=0, signal="guindis"),))
    assert signals(view(state, 0), sent) == ("seven",)
    assert signals(view(state, 1), msgspec.structs.replace(known, seat=1)) == ()


@pytest.mark.parametrize(("preset", "players"), [("escopa", 2), ("escoba", 4)])
def test_no_signal_without_a_partner_or_when_the_rules_forbid_them(
    preset: str, players: int
) -> None:
    state, _ = engine.start(engine.make_rules(preset, {"players": players}), "quiet")
    seat = state.turn
    assert seat is not None
    known = knowledge_of(state.rules, seat)
    hand_with_seven = arrange(
        state, hands=[("7D", "7S", "AC"), *state.hands[1:]], table=state.table
    )
    assert signals(view(hand_with_seven, 0), known) == ()


def test_the_same_seat_view_and_rng_always_give_the_same_move_even_on_a_tiny_budget() -> None:
    state, opening = engine.start(engine.make_rules("escopa", {"players": 3}), "repeat")
    seat = state.turn
    assert seat is not None
    known = knowledge_of(state.rules, seat, opening)
    for budget in (1, 50, 3000):
        moves = {
            level("expert").choose(view(state, seat), known, bot_rng("repeat", seat, 2), budget)
            for _ in range(3)
        }
        assert len(moves) == 1 and moves <= set(legal_moves(state))
