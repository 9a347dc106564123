"""Moves: frozen Structs whose text form round-trips: `5H`, `5H+2S+QD`, `claim:5S+QD`, `deal`."""

from __future__ import annotations

from typing import Annotated, Final

import msgspec

from engine.cards import DECK, INDEX, sort_cards
from engine.errors import InvalidMove

MAX_MOVE_TEXT: Final = 200

MoveText = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=MAX_MOVE_TEXT,
        description="a move's text form, a legal move's id: `7D`, `5H+2S+QD`, `claim:5S+QD` or "
        "`deal` (a text that is no move is refused with `move/malformed` or `move/unknown_card`)",
        examples=["5H+2S+QD"],
    ),
]


class Play(msgspec.Struct, frozen=True, gc=False, tag="play"):
    """Play `card` from hand: a discard when `capture` is empty, else a capture of those cards."""

    card: str
    capture: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "+".join((self.card, *self.capture))


class Claim(msgspec.Struct, frozen=True, gc=False, tag="claim"):
    """Claim a missed capture: table cards, the discarded card among them, summing to 15."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "claim:" + "+".join(self.cards)


class Deal(msgspec.Struct, frozen=True, gc=False, tag="deal"):
    """Deal the next hand or round (only when `auto_deal` is off and a deal is due)."""

    def __str__(self) -> str:
        return "deal"


Move = Play | Claim | Deal

DISCARDS: Final[dict[str, Play]] = {card: Play(card) for card in DECK}
"""The discard of each card, built once: moves are immutable, so listings share them."""


def _cards(codes: list[str] | tuple[str, ...], what: str) -> tuple[str, ...]:
    """Validate card codes (known, distinct) and put them in canonical order."""
    for code in codes:
        if code not in INDEX:
            raise InvalidMove(
                "move/unknown_card", "{what}: {code} is not a card code", what=what, code=repr(code)
            )
    if len(set(codes)) != len(codes):
        raise InvalidMove(
            "move/duplicate_card",
            "{what}: a card is named twice in {cards}",
            what=what,
            cards=list(codes),
        )
    return sort_cards(codes)


def play(card: str, capture: list[str] | tuple[str, ...] = ()) -> Play:
    """A normalised, validated Play (capture cards sorted canonically)."""
    checked = _cards([card, *capture], "play")
    return Play(card, tuple(c for c in checked if c != card))


def claim(cards: list[str] | tuple[str, ...]) -> Claim:
    """A normalised, validated Claim."""
    if len(cards) < 2:
        raise InvalidMove("move/malformed", "claim: name the discarded card and what it captures")
    return Claim(_cards(cards, "claim"))


def normalize(move: Move) -> Move:
    """The canonical form of a move decoded from untrusted input; raises `InvalidMove`."""
    if isinstance(move, Play):
        card, capture = move.card, move.capture
        if card in INDEX and (capture == () or (card not in capture and _ascending(capture))):
            return move  # already canonical: a known card, known captures in deck order
        return play(card, capture)
    if isinstance(move, Claim):
        if len(move.cards) >= 2 and _ascending(move.cards):
            return move
        return claim(move.cards)
    return move


def _ascending(codes: tuple[str, ...]) -> bool:
    """Whether `codes` is a tuple of known cards in strictly ascending deck order (canonical)."""
    if type(codes) is not tuple:
        return False
    last = -1
    for code in codes:
        index = INDEX.get(code, -1)
        if index <= last:
            return False
        last = index
    return True


def parse_move(text: str) -> Move:
    """Parse a move's text form; raises `InvalidMove` with the reason."""
    if not text or len(text) > MAX_MOVE_TEXT:
        raise InvalidMove("move/malformed", "not a move: {text}", text=repr(text[:MAX_MOVE_TEXT]))
    if text == "deal":
        return Deal()
    if text.startswith("claim:"):
        return claim(text[len("claim:") :].split("+"))
    card, *capture = text.split("+")
    return play(card, capture)


def move_text(move: Move) -> str:
    """The text form of a move, its stable id."""
    return str(move)
