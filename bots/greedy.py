"""The `greedy` level: the best immediate move by the round's scoring.

Each move is scored by the round's categories after it (escopas, the seven of diamonds,
diamonds, sevens, cards), less the chance that the next player sweeps the table it leaves
(from the hidden cards and that player's hand size). A claim is scored by the best play
that follows it, since the claimant plays on. Those follow-ups are what can grow large (a
big table with many claims): each claim gets an equal share of `LEAVES`, its most
promising plays first, so a decision's time is bounded; the order is fixed, so is the move.
"""

from __future__ import annotations

import random
from typing import Final

from bots.card_bits import mask_of
from bots.evaluation import expected_points, margin, weights
from bots.knowledge import Knowledge
from bots.positions import position, step_of
from bots.sampling import hidden
from bots.search import Position, Search, Step, sweep_chance
from engine.game import moves_in_view
from engine.moves import Claim, Move
from engine.rules import side_of
from engine.views import View

LEAVES: Final = 4000
"""The positions one decision values at most beyond one per legal move (and the work of
listing claims' follow-ups): about 100 ms on one core (docs/bots.md)."""


def evaluate(
    seen: View, known: Knowledge, rng: random.Random, budget: int
) -> list[tuple[Move, float]]:
    """Each legal move with its immediate score (the seat's expected margin after it)."""
    moves = moves_in_view(seen)
    if seen.status != "playing" or seen.seat is None:
        return [(move, 0.0) for move in moves]
    rules, seat = seen.rules, seen.seat
    w = weights(rules)
    me = side_of(rules, seat)
    hands = tuple(mask_of(seen.hand) if s == seat else 0 for s in range(rules.players))
    root = position(seen, known, hands)
    search = Search(rules, w, me, 0)
    pool = hidden(seen, known)
    nxt = (seat + 1) % rules.players
    drawn = seen.hand_sizes[nxt] or 3

    claims = sum(1 for move in moves if isinstance(move, Claim))
    share = max(1, (LEAVES - len(moves)) // claims) if claims else 0

    def value(after: Position) -> float:
        points = expected_points(w, after.caps, after.escopas, False)
        points[w.side_of[nxt]] += w.escopa * sweep_chance(after.table, pool, drawn)
        return margin(w, points, me)

    def score(step: Step) -> float:
        after = search.after(root, step)
        if step[0] or search.work >= LEAVES:
            return value(after)
        # a claim: the claimant plays on, its most promising plays first, within its share
        following = search.steps(after)[:share]
        search.work += len(following)
        return max(value(search.after(after, play)) for play in following)

    return [(move, score(step_of(move))) for move in moves]


def choose(seen: View, known: Knowledge, rng: random.Random, budget: int) -> Move:
    """The best-scored move; the first in the legal order on a tie."""
    scored = evaluate(seen, known, rng, budget)
    return max(scored, key=lambda pair: pair[1])[0]
