"""Events: what a move caused, as tagged Structs with a stable encoding for the log."""

from __future__ import annotations

import msgspec

from engine.scoring import Outcome, RoundScore


class FirstDealerDrawn(msgspec.Struct, frozen=True, gc=False, tag="first_dealer"):
    """The first-dealer draw: every `(seat, card)` drawn, and the seat that deals."""

    draws: tuple[tuple[int, str], ...]
    dealer: int


class HandDealt(msgspec.Struct, frozen=True, gc=False, tag="dealt"):
    """A hand was dealt; `hands` are secret to their seats, `table` is public (first hand only)."""

    round: int
    hand: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    table: tuple[str, ...]
    stock: int
    last: bool


class TableBonus(msgspec.Struct, frozen=True, gc=False, tag="table_bonus"):
    """`seat` (the dealer, or the first player) took the opening table for one or two escopas."""

    seat: int
    cards: tuple[str, ...]
    escopas: int


class Played(msgspec.Struct, frozen=True, gc=False, tag="played"):
    """A seat played a card: a discard, or a capture (an escopa when it emptied the table).

    `wrong` marks an honor-mode capture that does not sum to 15. Until the final check it is
    secret: readers are shown `null` for every honor-mode capture, right or wrong.
    """

    seat: int
    card: str
    capture: tuple[str, ...]
    escopa: bool
    wrong: bool | None = False


class Claimed(msgspec.Struct, frozen=True, gc=False, tag="claimed"):
    """A seat claimed the missed capture of the previous player."""

    seat: int
    cards: tuple[str, ...]


class LastCardsTaken(msgspec.Struct, frozen=True, gc=False, tag="last_cards"):
    """The cards left on the table at the round's end went to `side`: the last side that
    captured or, when nobody did, the one `leftover_cards` names (null: nobody)."""

    side: int | None
    cards: tuple[str, ...]


class RoundEnded(msgspec.Struct, frozen=True, gc=False, tag="round_ended"):
    """A round was scored; every category per side is in `score`."""

    score: RoundScore


class MatchEnded(msgspec.Struct, frozen=True, gc=False, tag="match_ended"):
    """The match is over: won, drawn or shared, as the outcome says."""

    outcome: Outcome


Event = (
    FirstDealerDrawn
    | HandDealt
    | TableBonus
    | Played
    | Claimed
    | LastCardsTaken
    | RoundEnded
    | MatchEnded
)
