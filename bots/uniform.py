"""The `random` level: a uniformly random legal move."""

from __future__ import annotations

import random

from bots.knowledge import Knowledge
from engine.game import moves_in_view
from engine.moves import Move
from engine.views import View


def choose(seen: View, known: Knowledge, rng: random.Random, budget: int) -> Move:
    """Any legal move, each as likely."""
    return rng.choice(moves_in_view(seen))


def evaluate(
    seen: View, known: Knowledge, rng: random.Random, budget: int
) -> list[tuple[Move, float]]:
    """Every legal move, all alike."""
    return [(move, 0.0) for move in moves_in_view(seen)]
