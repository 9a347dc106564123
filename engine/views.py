"""What one seat (or a spectator) may see of a game and of its events: pure functions."""

from __future__ import annotations

import msgspec

from engine.errors import IllegalMove
from engine.events import Event, HandDealt, Played
from engine.rules import Rules, seats_of
from engine.scoring import Outcome
from engine.state import LastMove, State, Status


class SideView(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One side as everyone sees it: its seats, captured count, escopas and match score."""

    side: int
    seats: tuple[int, ...]
    captured: int
    escopas: int
    score: int


class View(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A game as `seat` sees it (`seat` null: a spectator): never another seat's hand or the stock.

    `hand` is the reader's own hand (empty for spectators); `seed` appears once the game is over.
    `claim_seat` is the seat that may now claim a missed capture, if any. The rounds' scores
    are the score sheet's, not the view's, so a view stays small however long the match.
    """

    seat: int | None
    status: Status
    round: int
    hand_number: int
    dealer: int
    turn: int | None
    table: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    sides: tuple[SideView, ...]
    claim_seat: int | None
    last_move: LastMove | None
    outcome: Outcome | None
    rules: Rules
    seed: str | None


def view(state: State, seat: int | None = None) -> View:
    """The state as `seat` may see it; `seat=None` is a spectator."""
    rules = state.rules
    if seat is not None and not 0 <= seat < rules.players:
        raise IllegalMove("view/unknown_seat", "seat {seat} does not exist", seat=seat)
    return View(
        seat=seat,
        status=state.status,
        round=state.round,
        hand_number=state.hand,
        dealer=state.dealer,
        turn=state.turn,
        table=state.table,
        hand=state.hands[seat] if seat is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        sides=tuple(
            SideView(
                side=side,
                seats=seats_of(rules, side),
                captured=len(pile),
                escopas=state.escopas[side],
                score=state.scores[side],
            )
            for side, pile in enumerate(state.captured)
        ),
        claim_seat=_claimant(state),
        last_move=state.last,
        outcome=state.outcome,
        rules=rules,
        seed=state.seed if state.status == "finished" else None,
    )


def _claimant(state: State) -> int | None:
    """The seat that may claim a missed capture now: a pending claim waits out a due deal."""
    claim = state.claim
    return claim.seat if claim is not None and claim.seat == state.turn else None


def redact(event: Event, seat: int | None, honor: bool = False) -> Event:
    """An event as `seat` may see it while the game runs: other hands emptied, wrongs hidden.

    Under `honor` validation every capture's `wrong` is hidden (`None`), right or wrong, so that
    a right capture looks exactly like a wrong one until the final check.
    """
    if isinstance(event, HandDealt):
        hands = tuple(h if s == seat else () for s, h in enumerate(event.hands))
        return msgspec.structs.replace(event, hands=hands)
    if isinstance(event, Played) and (event.wrong or (honor and event.capture)):
        return msgspec.structs.replace(event, wrong=None)
    return event
