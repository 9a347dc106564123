"""Adversarial positions for the bots: big tables full of claim combinations.

Each is reached by legal play: from a seeded deal (escopa, claims on, 3 or 4 players), every
seat discards a random card of its hand until the table holds `size` cards (a discard that
could have captured leaves a claim to the next seat). A 16 to 20 card table gives 1,000 to
2,000 legal moves, hundreds of them claims.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

import engine
from bots import Knowledge, knowledge_of
from engine.events import Event
from engine.moves import Play

CORPUS: Final = (
    ("adv-376", 4, 18),
    ("adv-70", 3, 20),
    ("adv-376", 4, 20),
    ("adv-14", 3, 20),
    ("adv-302", 4, 18),
    ("adv-7", 4, 20),
    ("adv-125", 4, 20),
    ("adv-323", 3, 18),
    ("b", 3, 16),
    ("c", 3, 16),
    ("d", 4, 16),
    ("adv-179", 4, 20),
    ("adv-95", 4, 12),
    ("adv-132", 3, 14),
)
"""Seeds, player counts and table sizes (found by a search for the most legal moves)."""


class Adversarial(NamedTuple):
    """A position and what the seat to act knows of it."""

    state: engine.State
    seat: int
    known: Knowledge
    log: tuple[Event, ...]


def discarded_to(seed: str, players: int, size: int) -> Adversarial:
    """The match of `seed` after every seat discarded until the table holds `size` cards."""
    state, opening = engine.start(engine.make_rules("escopa", {"players": players}), seed)
    log = list(opening)
    rng = random.Random(seed)
    while state.status == "playing" and len(state.table) < size:
        seat = state.turn
        assert seat is not None
        moves = engine.legal_moves(state, seat)
        discards = [m for m in moves if isinstance(m, Play) and not m.capture]
        state, events = engine.apply(state, seat, rng.choice(discards) if discards else moves[0])
        log += events
    assert state.status == "playing" and state.turn is not None
    known = knowledge_of(state.rules, state.turn, log)
    return Adversarial(state, state.turn, known, tuple(log))


def corpus() -> list[Adversarial]:
    """Every position of `CORPUS`."""
    return [discarded_to(seed, players, size) for seed, players, size in CORPUS]
