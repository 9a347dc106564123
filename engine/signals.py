"""Partner signals, the original text's "Hints": a partner may be told of the seven of
diamonds ("guindis") or of another seven. A signal is not a move and changes no state."""

from __future__ import annotations

from typing import Final, Literal

from engine.cards import SEVEN_OF_DIAMONDS
from engine.errors import IllegalMove
from engine.rules import Rules, partnered
from engine.state import State

Signal = Literal["guindis", "seven"]
SIGNALS: Final[tuple[Signal, ...]] = ("guindis", "seven")
"""Every signal: `guindis` (I hold the seven of diamonds), `seven` (I hold another seven)."""
SIGNALS_PER_HAND: Final = 3
"""The most signals a seat may send in one hand: a wink per seven, and a hand holds three
cards, so no seat has more to tell (and a stream of signals would only cost the service)."""


def partner_of(rules: Rules, seat: int) -> int | None:
    """The seat's partner when seats play in partnerships (0 with 2, 1 with 3), else None."""
    return (seat + 2) % 4 if partnered(rules) else None


def check_signal(state: State, seat: int) -> int:
    """The partner `seat` may signal now; raises `IllegalMove` when it may not.

    Any seat of a partnership may signal while the match runs, when the rules allow signals.
    What it signals is not checked against its hand: a signal is table talk, not a move.
    """
    rules = state.rules
    if not 0 <= seat < rules.players:
        raise IllegalMove("signal/unknown_seat", "seat {seat} does not exist", seat=seat)
    partner = partner_of(rules, seat)
    if not rules.signals or partner is None:
        raise IllegalMove("signal/not_allowed", "these rules allow no partner signals")
    if state.status == "finished":
        raise IllegalMove("move/game_over", "the match is over")
    return partner


def check_signals_left(sent_this_hand: int) -> None:
    """Raise `IllegalMove` when a seat has sent `SIGNALS_PER_HAND` signals in this hand."""
    if sent_this_hand >= SIGNALS_PER_HAND:
        raise IllegalMove(
            "signal/limit_reached",
            "a seat may send {limit} signals a hand (a wink per seven it holds); this seat has "
            "sent them: signal again after the next deal",
            limit=SIGNALS_PER_HAND,
        )


def sees_signal(rules: Rules, sender: int, reader: int | None) -> bool:
    """Whether `reader` may see `sender`'s signal while the match runs (spectators: no)."""
    return reader is not None and reader in (sender, partner_of(rules, sender))


def signals_for(hand: tuple[str, ...]) -> tuple[Signal, ...]:
    """The signals that are true of a hand: `guindis` with the seven of diamonds, `seven` with
    another seven (the text's winks of the left and the right eye)."""
    found: list[Signal] = []
    if SEVEN_OF_DIAMONDS in hand:
        found.append("guindis")
    if any(card[0] == "7" and card != SEVEN_OF_DIAMONDS for card in hand):
        found.append("seven")
    return tuple(found)
