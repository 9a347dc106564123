"""Who acts now (`current_seat`) and self-play to the end (`play_out`)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Deal, Move, State, current_seat, legal_moves, next_dealer, play_out
from tests.engine.helpers import first_legal, game


def test_the_seat_to_act_is_the_seat_whose_turn_it_is() -> None:
    state, _ = game("escopa", "seat", players=3, first_dealer=0)
    assert current_seat(state) == state.turn == 1


def test_nobody_acts_once_the_match_is_over() -> None:
    state, _ = game("escova", "seat", target=3)
    state, _ = play_out(state, first_legal)
    assert state.status == "finished"
    assert current_seat(state) is None
    assert legal_moves(state) == []


@pytest.mark.parametrize("rotation", ["hand", "round"])
def test_while_a_deal_is_due_the_next_dealer_has_the_duty(rotation: str) -> None:
    state, _ = game(
        "escopa", "seat", players=4, first_dealer=2, auto_deal=False, dealer_rotation=rotation
    )
    assert current_seat(state) == 2, "the round's first hand: the first dealer"
    state, _ = play_out(state, first_legal, until=lambda s: s.hand == 1 and s.status == "dealing")
    expected = 3 if rotation == "hand" else 2
    assert current_seat(state) == next_dealer(state) == expected
    state, steps = play_out(state, first_legal, max_moves=1)
    assert steps[0].move == Deal() and steps[0].seat == expected
    assert state.dealer == expected, "the seat with the duty is the seat that deals"


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["escopa", "escoba", "escova"]),
    st.integers(min_value=2, max_value=4),
    st.booleans(),
    st.integers(min_value=0, max_value=2**32),
)
def test_play_out_ends_every_match_asking_each_move_of_the_seat_that_must_act(
    preset: str, players: int, auto_deal: bool, rng_seed: int
) -> None:
    state, _ = game(preset, f"playout-{rng_seed}", players=players, auto_deal=auto_deal, target=5)
    rng = random.Random(rng_seed)
    asked: list[tuple[int | None, int]] = []

    def chooser(now: State, seat: int) -> Move:
        asked.append((current_seat(now), seat))
        return rng.choice(legal_moves(now, seat))

    final, steps = play_out(state, chooser)
    assert final.status == "finished"
    assert len(steps) == len(asked)
    assert all(acting == seat for acting, seat in asked)
    assert steps[-1].state is final
    assert any(isinstance(step.move, Deal) for step in steps) == (not auto_deal)


def test_play_out_stops_when_asked_or_after_the_moves_allowed() -> None:
    state, _ = game("escopa", "stops", players=2)
    after_hand, steps = play_out(state, first_legal, until=lambda s: s.hand == 2)
    assert after_hand.hand == 2 and len(steps) == 6
    three, steps = play_out(state, first_legal, max_moves=3)
    assert len(steps) == 3 and three is steps[-1].state
    same, none = play_out(state, first_legal, until=lambda s: True)
    assert same is state and none == []
