"""Random 2-player endgames and an exhaustive solver of them through the engine itself.

An endgame is a round of 2 players whose stock is empty: the hidden cards are the opponent's
hand, so the rest of the round can be solved exactly. `endgame(seed)` plays a seeded random
match (escopa or escoba) to a round's last hand, then a few more random plays into it; the
solver tries every legal move through `engine.apply` down to the round's end and scores it by
the engine's own `RoundEnded` (a side's round total less the other's).
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

import msgspec

import engine
from bots import Knowledge, knowledge_of
from engine import Move, State
from engine.events import Event, RoundEnded

Key = tuple[object, ...]
"""What is left to play in a round (all else stays the same within it)."""


class Endgame(NamedTuple):
    """A position of a round's last hand and what the seat to act knows of it."""

    state: State
    seat: int
    known: Knowledge
    log: tuple[Event, ...]


def endgame(seed: str) -> Endgame:
    """The seeded endgame: a random escopa or escoba match played into a round's last hand,
    with more than one legal move for the seat to act."""
    rng = random.Random(seed)
    preset = rng.choice(["escopa", "escoba"])
    state, log_start = engine.start(engine.make_rules(preset, {"target": 1000}), seed)
    log = list(log_start)
    plays_in = rng.randrange(5)
    while True:
        seat = state.turn
        assert seat is not None
        moves = engine.legal_moves(state, seat)
        last_hand = not state.stock and sum(map(len, state.hands)) <= 6 - plays_in
        if last_hand and len(moves) > 1:
            return Endgame(state, seat, knowledge_of(state.rules, seat, log), tuple(log))
        state, events = engine.apply(state, seat, rng.choice(moves))
        log += events
        if any(isinstance(e, RoundEnded) for e in events):
            plays_in = rng.randrange(5)


class Solver:
    """Exact round margins for `side` from the positions of one endgame, both sides playing
    their best: alpha-beta through the engine, with the bounds of each position met kept
    (positions met again by another order of the same plays: the order of a side's captures
    and the last move shown do not change what is left to play). The match is made to end
    with the round (a target of 1 point), so the engine deals no next round: the round's score
    is the same."""

    def __init__(self, side: int) -> None:
        self.side = side
        self.kept: dict[Key, tuple[float, float]] = {}

    def best(self, state: State) -> float:
        """The margin of the position: the best of the seat to act's moves."""
        return self._value(_ending(state), -math.inf, math.inf)

    def after(self, state: State, move: Move) -> float:
        """The margin once the seat to act has played `move`."""
        return self._after(_ending(state), move, -math.inf, math.inf)

    def _after(self, state: State, move: Move, alpha: float, beta: float) -> float:
        seat = state.turn
        assert seat is not None
        after, events = engine.apply(state, seat, move)
        for event in events:
            if isinstance(event, RoundEnded):
                sides = event.score.sides
                return sides[self.side].total - sides[1 - self.side].total
        return self._value(after, alpha, beta)

    def _value(self, state: State, alpha: float, beta: float) -> float:
        key = (
            state.turn,
            state.hands,
            state.table,
            tuple(map(frozenset, state.captured)),
            state.escopas,
            state.wrong,
            state.last_capturer,
            state.claim,
        )
        low, high = self.kept.get(key, (-math.inf, math.inf))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        mine = state.turn == self.side
        best = -math.inf if mine else math.inf
        a, b = alpha, beta
        for move in engine.legal_moves(state):
            value = self._after(state, move, a, b)
            best = max(best, value) if mine else min(best, value)
            a, b = (max(a, best), b) if mine else (a, min(b, best))
            if a >= b:
                break
        self.kept[key] = (
            (low, best) if best <= alpha else (best, high) if best >= beta else (best, best)
        )
        return best


def _ending(state: State) -> State:
    """The state with a target of 1 point: the match ends with this round."""
    return msgspec.structs.replace(state, rules=msgspec.structs.replace(state.rules, target=1))
