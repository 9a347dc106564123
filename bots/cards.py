"""Cards as bits for fast search: bit `i` is the card at deck index `i` (`AC` is bit 0)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from engine.cards import CAPTURE_SUM, DECK, INDEX, SEVEN_OF_DIAMONDS, VALUE

ALL: Final = (1 << len(DECK)) - 1
VALUES: Final[tuple[int, ...]] = tuple(VALUE[card] for card in DECK)
DIAMONDS: Final = sum(1 << i for i, card in enumerate(DECK) if card[1] == "D")
SEVENS: Final = sum(1 << i for i, card in enumerate(DECK) if card[0] == "7")
SEVEN_D: Final = 1 << INDEX[SEVEN_OF_DIAMONDS]
OF_VALUE: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i, v in enumerate(VALUES) if v == value) for value in range(11)
)
"""For each value 1..10 the mask of its four cards (index 0 is empty)."""


def mask_of(cards: Iterable[str]) -> int:
    """The mask of some card codes."""
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def cards_of(mask: int) -> tuple[str, ...]:
    """The card codes of a mask, in canonical deck order."""
    return tuple(DECK[i] for i in bits_of(mask))


@lru_cache(maxsize=1 << 16)
def bits_of(mask: int) -> tuple[int, ...]:
    """The indices of a mask's cards, lowest first."""
    return tuple(_bits(mask))


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def total(mask: int) -> int:
    """The sum of the values of a mask's cards."""
    return sum(VALUES[i] for i in bits_of(mask))


@lru_cache(maxsize=1 << 16)
def sums_of(table: int) -> tuple[tuple[int, ...], ...]:
    """For each total 0..15, every set of the table's cards (as a mask) that sums to it."""
    found: list[list[int]] = [[] for _ in range(CAPTURE_SUM + 1)]
    subsets = [(0, 0)]
    for i in bits_of(table):
        value = VALUES[i]
        subsets += [(m | 1 << i, s + value) for m, s in subsets if s + value <= CAPTURE_SUM]
    for m, s in subsets:
        if m:
            found[s].append(m)
    return tuple(tuple(sets) for sets in found)
