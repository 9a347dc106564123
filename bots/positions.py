"""A seat's view and knowledge as a search position, and engine moves as search steps."""

from __future__ import annotations

from bots.card_bits import mask_of
from bots.knowledge import Knowledge
from bots.search import Position, Step
from engine.moves import Claim, Deal, Move, Play
from engine.views import View


def position(seen: View, known: Knowledge, hands: tuple[int, ...]) -> Position:
    """The round now, as the seat sees it, with these hands (its own and a deal of the rest)."""
    assert seen.seat is not None and seen.turn is not None
    claim = 0
    if seen.claim_seat == seen.seat and seen.last_move is not None:
        claim = mask_of((seen.last_move.move,))
    last = -1 if known.last_capturer is None else known.last_capturer
    return Position(
        hands=hands,
        table=mask_of(seen.table),
        caps=tuple(mask_of(pile) for pile in known.captured),
        escopas=tuple(side.escopas for side in seen.sides),
        last=last,
        turn=seen.turn,
        claim=claim,
    )


def step_of(move: Move) -> Step:
    """The search step of a play or a claim."""
    if isinstance(move, Play):
        return mask_of((move.card,)), mask_of(move.capture)
    if isinstance(move, Claim):
        return 0, mask_of(move.cards)
    assert not isinstance(move, Deal), "a deal is no step of the search"
    raise AssertionError(move)


def next_first(seen: View) -> int:
    """The seat that plays first in the next hand of this round."""
    rules = seen.rules
    dealer = (seen.dealer + 1) % rules.players if rules.dealer_rotation == "hand" else seen.dealer
    return (dealer + 1) % rules.players
