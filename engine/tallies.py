"""What each side captured in a round, counted for the scoring categories, and which sides win
each category: the work of scoring a round, apart from its result Structs (`engine.scoring`),
so that it can be compiled (`make compiled`)."""

from __future__ import annotations

from collections.abc import Container, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from engine.cards import DECK, SEVEN_OF_DIAMONDS, SUITS
from engine.rules import Points, PrimeiraFigures

DIAMONDS_IN_DECK: Final = 10
SEVENS_IN_DECK: Final = 4
UNDER_CARDS: Final = 10
FIGURES: Final = frozenset("QJK")
CATEGORIES: Final = (
    "escopa",
    "most_cards",
    "all_cards",
    "most_diamonds",
    "all_diamonds",
    "seven_of_diamonds",
    "most_sevens",
    "all_sevens",
    "opponents_under_10",
    "primeira",
)
"""Every scoring category, in the order results list them; the same names as `Points`."""


def primeira_total(
    cards: Sequence[str], values: dict[str, int], figures: PrimeiraFigures = "count"
) -> int | None:
    """The best card of each suit summed, or None when the side lacks a suit.

    With `figures: "ignore"` only cards 7 and below hold a suit: a figure is never counted.
    """
    held = set(cards)
    total = 0
    for ranked in _ranked(tuple(values.items()), figures):
        for card, value in ranked:
            if card in held:
                total += value
                break
        else:
            return None
    return total


@lru_cache(maxsize=64)
def _ranked(
    values: tuple[tuple[str, int], ...], figures: PrimeiraFigures
) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per suit, the cards that hold it in the primeira with their values, the best first."""
    counted = [(rank, value) for rank, value in values if figures == "count" or rank not in FIGURES]
    counted.sort(key=lambda item: -item[1])
    return tuple(tuple((rank + suit, value) for rank, value in counted) for suit in SUITS)


class Tally(NamedTuple):
    """What one side captured in a round, as the categories count it."""

    cards: int
    diamonds: int
    sevens: int
    seven_of_diamonds: bool
    primeira: int | None


def tally(
    pile: Sequence[str], primeira_values: dict[str, int], figures: PrimeiraFigures = "count"
) -> Tally:
    """Count a side's captured cards for the categories."""
    codes = "".join(pile)  # rank then suit: "D" can only be a suit, "7" only a rank
    return Tally(
        cards=len(pile),
        diamonds=codes.count("D"),
        sevens=codes.count("7"),
        seven_of_diamonds=SEVEN_OF_DIAMONDS in pile,
        primeira=primeira_total(pile, primeira_values, figures),
    )


def _sole_best(amounts: Sequence[int | None]) -> int | None:
    """The side with strictly the highest amount, or None on a tie or when nobody qualifies."""
    best: int | None = None
    winner: int | None = None
    for side, amount in enumerate(amounts):
        if amount is None:
            continue
        if best is None or amount > best:
            best, winner = amount, side
        elif amount == best:
            winner = None
    return winner


@lru_cache(maxsize=64)
def scoring(points: Points) -> tuple[tuple[str, int], ...]:
    """The categories that score (points above 0) with their points, in `CATEGORIES` order."""
    return tuple((name, getattr(points, name)) for name in CATEGORIES if getattr(points, name))


def _winners(tallies: Sequence[Tally]) -> dict[str, Container[int]]:
    """For each card-based category, the sides that win it (one side at most holds all the
    cards, diamonds or sevens, or the seven of diamonds)."""
    cards, diamonds, sevens, seven_of_diamonds, primeira = zip(*tallies, strict=True)
    over = len(cards) - sum(map(UNDER_CARDS.__gt__, cards))  # sides with 10 cards or more
    return {
        "most_cards": _only(_sole_best(cards)),
        "all_cards": _holder(cards, len(DECK)),
        "most_diamonds": _only(_sole_best(diamonds)),
        "all_diamonds": _holder(diamonds, DIAMONDS_IN_DECK),
        "seven_of_diamonds": _holder(seven_of_diamonds, True),
        "most_sevens": _only(_sole_best(sevens)),
        "all_sevens": _holder(sevens, SEVENS_IN_DECK),
        # A side wins when every other side has under 10 cards: all do when none has 10.
        "opponents_under_10": (
            range(len(cards)) if over == 0 else _holder(cards, max(cards)) if over == 1 else ()
        ),
        "primeira": _only(_sole_best(primeira)),
    }


def _holder(amounts: Sequence[int | bool], whole: int | bool) -> tuple[int, ...]:
    """The side whose amount is `whole` (one at most), if any."""
    return (amounts.index(whole),) if whole in amounts else ()


def _only(side: int | None) -> tuple[int, ...]:
    return () if side is None else (side,)


def points_earned(
    points: Points, escopas: Sequence[int], tallies: Sequence[Tally]
) -> list[dict[str, int]]:
    """Each side's points in each category that scores (points above 0), in `CATEGORIES` order."""
    winners = _winners(tallies)
    winners["escopa"] = ()
    return [
        {
            name: worth * escopas[side] if name == "escopa" else worth * (side in winners[name])
            for name, worth in scoring(points)
        }
        for side in range(len(tallies))
    ]
