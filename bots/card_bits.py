"""Cards as bits for fast search: bit `i` is the card at deck index `i` (`AC` is bit 0)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import DECK, INDEX, SEVEN_OF_DIAMONDS, VALUE

ALL: Final = (1 << len(DECK)) - 1
SUIT_CARDS: Final = 10
SUIT: Final = (1 << SUIT_CARDS) - 1
"""A suit's cards are 10 bits in a row, ace to king (the deck's order)."""
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


KEPT: Final = 1 << 16
"""The entries each of the caches below keeps at most (then it starts again): plain dicts, not
`lru_cache`, whose linked entries cost a search's every call and every garbage collection."""
_bits_kept: dict[int, tuple[int, ...]] = {}
_sums_kept: dict[int, int] = {}
_sets_kept: dict[int, tuple[int, ...]] = {}


def bits_of(mask: int) -> tuple[int, ...]:
    """The indices of a mask's cards, lowest first."""
    found = _bits_kept.get(mask)
    if found is None:
        if len(_bits_kept) >= KEPT:
            _bits_kept.clear()
        found = _bits_kept[mask] = tuple(_bits(mask))
    return found


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


SUIT_TOTALS: Final[tuple[int, ...]] = tuple(
    sum(rank + 1 for rank in range(SUIT_CARDS) if ranks >> rank & 1)
    for ranks in range(1 << SUIT_CARDS)
)
"""For each set of one suit's ranks (10 bits, ace first), the sum of their values."""


def total(mask: int) -> int:
    """The sum of the values of a mask's cards (a suit's ranks at a time)."""
    return (
        SUIT_TOTALS[mask & SUIT]
        + SUIT_TOTALS[mask >> SUIT_CARDS & SUIT]
        + SUIT_TOTALS[mask >> 2 * SUIT_CARDS & SUIT]
        + SUIT_TOTALS[mask >> 3 * SUIT_CARDS]
    )


def sums_made(table: int) -> int:
    """The totals some of the table's cards make, as bits (bit `s`: some set sums to `s`;
    bit 0 for the empty set): a few shifts, where listing the sets (`sets_summing`) builds them."""
    found = _sums_kept.get(table)
    if found is None:
        if len(_sums_kept) >= KEPT:
            _sums_kept.clear()
        found = _sums_kept[table] = _sums(table)
    return found


def _sums(table: int) -> int:
    sums = 1
    for i in bits_of(table):
        sums |= sums << VALUES[i]
    return sums


def sets_summing(table: int, need: int) -> tuple[int, ...]:
    """Every set of the table's cards (as a mask, ascending) whose values sum to `need` (1 or
    more). Only sets that can still reach it are grown, so the work is the sets found, not
    every subset of the table (for one total, about 3x faster than listing every subset's
    total on tables of 8-12 cards)."""
    key = need << 40 | table  # a table is 40 bits at most
    found = _sets_kept.get(key)
    if found is None:
        if len(_sets_kept) >= KEPT:
            _sets_kept.clear()
        found = _sets_kept[key] = _sets(table, need)
    return found


def _sets(table: int, need: int) -> tuple[int, ...]:
    cards = bits_of(table)
    reach = [1] * (len(cards) + 1)
    """reach[k]: the totals the cards from the k-th on can make, as bits."""
    for k in range(len(cards) - 1, -1, -1):
        reach[k] = reach[k + 1] | reach[k + 1] << VALUES[cards[k]]
    if not reach[0] >> need & 1:
        return ()
    partial = [(0, need)]
    for k, i in enumerate(cards):
        value, rest = VALUES[i], reach[k + 1]
        grown = []
        for mask, left in partial:
            if rest >> left & 1:
                grown.append((mask, left))
            if left >= value and rest >> (left - value) & 1:
                grown.append((mask | 1 << i, left - value))
        partial = grown
    return tuple(sorted(mask for mask, _ in partial))
