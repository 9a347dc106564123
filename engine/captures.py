"""Which table cards a card can capture: an output-sensitive subset-sum search, once per table.

The table is put in canonical order, and for each position a bitmask of the sums the cards from
there on can make (bit `t` set: some of them sum to `t`) is computed once per table. Whether a
card captures is then one bit test, and its captures are found by a depth-first search that
enters a branch only when the bitmask says it still reaches the sum: the cost follows the
number of captures, not the 2^n subsets of the table. The search visits ascending positions in
lexicographic order, so each capture is already in canonical card order and the list comes out
in the documented deck order without sorting.
"""

from __future__ import annotations

from engine.cards import CAPTURE_SUM, INDEX, VALUE

Capture = tuple[str, ...]
TableSums = tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]
"""A table in canonical order, its values, and per position the bitmask of its suffix's sums
(`[2][0]`: the whole table's; bit `t` set: some of those cards sum to `t`)."""

_last: list[tuple[tuple[str, ...], TableSums]] = [((), ((), (), (1,)))]
"""The last table summed (held, so no other object takes its id) and its sums: a listing of
the legal moves and the move then applied to the same state share the table's very tuple.
A cache only: the same table always gives the same sums."""


def table_sums(table: tuple[str, ...]) -> TableSums:
    """The table in canonical order, its values and its sums bitmasks (`[2][0]`: the whole
    table's)."""
    last = _last[0]
    if last[0] is table:
        return last[1]
    cards = tuple(sorted(table, key=INDEX.__getitem__))
    values = tuple(map(VALUE.__getitem__, cards))
    masks = [1] * (len(values) + 1)
    reach = 1
    for i in range(len(values) - 1, -1, -1):
        reach |= reach << values[i]
        masks[i] = reach
    sums = cards, values, tuple(masks)
    _last[0] = table, sums
    return sums


def reachable(table: tuple[str, ...]) -> int:
    """The bitmask of the sums the table's cards can make (bit `t` set: some cards sum to `t`)."""
    return table_sums(table)[2][0]


def sets_making(sums: TableSums, total: int) -> list[Capture]:
    """Every set of the table's cards summing to `total`, in canonical and deck order."""
    found: list[Capture] = []
    cards, values, masks = sums
    if total > 0 and masks[0] >> total & 1:
        search(cards, values, masks, 0, total, (), found)
    return found


def search(
    cards: tuple[str, ...],
    values: tuple[int, ...],
    masks: tuple[int, ...],
    start: int,
    total: int,
    prefix: Capture,
    found: list[Capture],
) -> None:
    """Add to `found` each `prefix` extended by cards from position `start` on that make `total`
    (a branch is entered only when its suffix's bitmask still reaches the sum). The captures of
    two cards, the most common after one, are found in the loop below without a call."""
    end = len(values)
    for i in range(start, end):
        if not masks[i] >> total & 1:
            return
        value = values[i]
        if value == total:
            found.append((*prefix, cards[i]))
            continue
        rest = total - value
        if value > total or not masks[i + 1] >> rest & 1:
            continue
        head = (*prefix, cards[i])
        for j in range(i + 1, end):
            if not masks[j] >> rest & 1:
                break
            if values[j] == rest:
                found.append((*head, cards[j]))
            elif values[j] < rest and masks[j + 1] >> (rest - values[j]) & 1:
                search(cards, values, masks, j + 1, rest - values[j], (*head, cards[j]), found)


def captures(table: tuple[str, ...], value: int) -> list[Capture]:
    """Every set of table cards a card of `value` captures, each set in canonical card order."""
    total = CAPTURE_SUM - value
    return sets_making(table_sums(table), total) if total < CAPTURE_SUM else []


def can_capture(table: tuple[str, ...], value: int) -> bool:
    """Whether a card of `value` captures anything on this table."""
    total = CAPTURE_SUM - value
    return 0 < total < CAPTURE_SUM and bool(reachable(table) >> total & 1)


def capturing(hand: tuple[str, ...], table: tuple[str, ...]) -> list[str]:
    """The cards of `hand` that capture something on `table`, in hand order."""
    mask = reachable(table)
    return [card for card in hand if mask >> (CAPTURE_SUM - VALUE[card]) & 1]
