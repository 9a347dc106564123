"""The `expert` level: information-set search by sampling deals of the hidden cards.

For each of a few deals consistent with the seat's knowledge (`sampling`), every legal move
is searched by alpha-beta to the end of the hand (`search`), and the move with the best mean
margin is played. With the stock empty and two players the hidden cards are the opponent's
hand: one deal, solved exactly to the round's end. The work is bounded by a node budget, not
the clock, and the randomness is the caller's, so a decision is reproducible; the search's
`WORK` caps every decision, whatever the budget, so the worst case is bounded in time.
With partners, it signals what it holds (`signals`) and its deals follow the partner's.
"""

from __future__ import annotations

import random
from typing import Final

from bots.endgame import Endgame
from bots.evaluation import weights
from bots.knowledge import Knowledge
from bots.positions import next_first, position, step_of
from bots.sampling import deals
from bots.search import Search
from engine.game import moves_in_view
from engine.moves import Deal, Move
from engine.rules import side_of
from engine.signals import Signal, partner_of, signals_for
from engine.views import View

BUDGET: Final = 3000
"""The default node budget of one decision."""
NODES_PER_DEAL: Final = 94
MAX_DEALS: Final = 32
"""The default budget samples 31 deals of about 94 nodes each: more deals of shallower searches
measured stronger (expert against greedy, escopa 2p, 200 deals: +0.85 a round at 10 deals of
300, +0.95 at 24, +1.04 at 31, +1.04 at 48; docs/bots.md)."""
MAX_DEPTH: Final[dict[int, int]] = {2: 6, 3: 6, 4: 6}
"""Plies searched at most in each deal, by player count (a hand has 3 per player)."""


def evaluate(
    seen: View, known: Knowledge, rng: random.Random, budget: int = BUDGET
) -> list[tuple[Move, float]]:
    """Each legal move with its mean margin over the sampled deals (0 when there is no choice)."""
    return _evaluate(seen, known, rng, budget, best_only=False)


def _evaluate(
    seen: View, known: Knowledge, rng: random.Random, budget: int, best_only: bool
) -> list[tuple[Move, float]]:
    """`evaluate`; with `best_only`, in an exact endgame a move that cannot beat an earlier one
    is valued at most the best so far: the first best move stays the same."""
    moves = moves_in_view(seen)
    if len(moves) <= 1 or isinstance(moves[0], Deal) or seen.seat is None:
        return [(move, 0.0) for move in moves]
    rules, seat = seen.rules, seen.seat
    exact = rules.players == 2 and seen.stock_size == 0
    count = 1 if exact else max(1, min(MAX_DEALS, budget // NODES_PER_DEAL))
    steps = [step_of(move) for move in moves]
    per_move = max(1, budget // (count * len(steps)))
    depth = 2 * sum(seen.hand_sizes) if exact else MAX_DEPTH[rules.players]  # claims are plies
    search = Search(rules, weights(rules), side_of(rules, seat), next_first(seen))
    totals = [0.0] * len(moves)
    searched = 0
    for deal in deals(seen, known, rng, count):
        if searched and search.spent():
            break  # the decision's work is used up: the deals searched so far decide
        root = position(seen, known, deal.hands)
        found = (
            Endgame(search).values(root, steps, best_only)
            if exact
            else search.values(root, steps, deal.stock, per_move, depth)
        )
        for i, value in enumerate(found):
            totals[i] += value
        searched += 1
    return [(move, total / searched) for move, total in zip(moves, totals, strict=True)]


def choose(seen: View, known: Knowledge, rng: random.Random, budget: int = BUDGET) -> Move:
    """The move with the best mean margin; the first in the legal order on a tie."""
    return max(_evaluate(seen, known, rng, budget, True), key=lambda pair: pair[1])[0]


def signals(seen: View, known: Knowledge) -> tuple[Signal, ...]:
    """The true signals of the seat's hand it has not yet sent in this hand (none without a
    partner, when the rules forbid signals, or once the match is over)."""
    seat = seen.seat
    rules = seen.rules
    if seat is None or not rules.signals or partner_of(rules, seat) is None:
        return ()
    if seen.status == "finished":
        return ()
    sent = {h.signal for h in known.signals if h.sender == seat}
    return tuple(s for s in signals_for(seen.hand) if s not in sent)
