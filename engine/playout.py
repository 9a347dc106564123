"""Self-play: a game played to its end (or to a condition) by a chooser of moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from engine.events import Event
from engine.game import apply, current_seat
from engine.moves import Move
from engine.state import State

Chooser = Callable[[State, int], Move]
"""Picks the move of `seat`, the seat that must act now (`current_seat`), in `state`."""

MAX_MOVES: Final = 100_000


class Step(NamedTuple):
    """One applied move: who played it, the move, the state after it and its events."""

    seat: int
    move: Move
    state: State
    events: list[Event]


def play_out(
    state: State,
    chooser: Chooser,
    *,
    until: Callable[[State], bool] | None = None,
    max_moves: int = MAX_MOVES,
    on_step: Callable[[Step], None] | None = None,
) -> tuple[State, list[Step]]:
    """Apply `chooser`'s moves for the seat that must act until the match is over, `until`
    holds or `max_moves` moves are played; returns the last state and every step.
    `on_step` sees each step as it is applied (players that learn from the events use it)."""
    steps: list[Step] = []
    seat = current_seat(state)
    while seat is not None and len(steps) < max_moves and not (until is not None and until(state)):
        move = chooser(state, seat)
        state, events = apply(state, seat, move)
        step = Step(seat, move, state, events)
        steps.append(step)
        if on_step is not None:
            on_step(step)
        seat = current_seat(state)
    return state, steps
