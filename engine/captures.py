"""Which table cards a card can capture: an output-sensitive subset-sum search, once per table.

The table is put in canonical order, and for each position a bitmask of the sums the cards from
there on can make (bit `t` set: some of them sum to `t`) is computed once per table, and cached
(a listing of legal moves and the move that follows share a table). Whether a card captures is
then one bit test, and its captures are found by a depth-first search that enters a branch only
when the bitmask says it still reaches the sum: the cost follows the number of captures, not the
2^n subsets of the table. The search visits ascending positions in lexicographic order, so each
capture is already in canonical card order and the list comes out in the documented deck order
without sorting.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.cards import CAPTURE_SUM, VALUE, sort_cards

Capture = tuple[str, ...]


class TableSums(NamedTuple):
    """A table in canonical order, its values, and per position the bitmask of its suffix's
    sums (`masks[0]`: the whole table's; bit `t` set: some of those cards sum to `t`)."""

    cards: tuple[str, ...]
    values: tuple[int, ...]
    masks: tuple[int, ...]


@lru_cache(maxsize=4096)
def table_sums(table: tuple[str, ...]) -> TableSums:
    """The table in canonical order, its values and its sums bitmasks (`[0]`: the whole table)."""
    cards = sort_cards(table)
    values = tuple(map(VALUE.__getitem__, cards))
    masks = [1] * (len(cards) + 1)
    sums = 1
    for i in range(len(cards) - 1, -1, -1):
        sums |= sums << values[i]
        masks[i] = sums
    return TableSums(cards, values, tuple(masks))


def sets_making(sums: TableSums, total: int) -> list[Capture]:
    """Every set of the table's cards summing to `total`, in canonical and deck order."""
    found: list[Capture] = []
    if total > 0 and sums.masks[0] >> total & 1:
        _search(sums, 0, total, (), found)
    return found


def _search(sums: TableSums, start: int, total: int, prefix: Capture, found: list[Capture]) -> None:
    """Add to `found` each `prefix` extended by cards from position `start` on that make `total`."""
    cards, values, masks = sums
    for i in range(start, len(cards)):
        if not masks[i] >> total & 1:
            return
        value = values[i]
        if value == total:
            found.append((*prefix, cards[i]))
        elif value < total and masks[i + 1] >> (total - value) & 1:
            _search(sums, i + 1, total - value, (*prefix, cards[i]), found)


def captures(table: tuple[str, ...], value: int) -> list[Capture]:
    """Every set of table cards a card of `value` captures, each set in canonical card order."""
    total = CAPTURE_SUM - value
    return sets_making(table_sums(table), total) if total < CAPTURE_SUM else []


def can_capture(table: tuple[str, ...], value: int) -> bool:
    """Whether a card of `value` captures anything on this table."""
    total = CAPTURE_SUM - value
    return 0 < total < CAPTURE_SUM and bool(table_sums(table).masks[0] >> total & 1)


def capturing(hand: tuple[str, ...], table: tuple[str, ...]) -> list[str]:
    """The cards of `hand` that capture something on `table`, in hand order."""
    mask = table_sums(table)[2][0]
    return [card for card in hand if mask >> (CAPTURE_SUM - VALUE[card]) & 1]
