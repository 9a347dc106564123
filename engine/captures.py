"""Which table cards a card can capture: subset sums of the table, computed once per table.

The table's subsets that sum to at most 14 are built by dynamic programming over its values and
cached by the tuple of values, so a table of 12+ cards costs one pass, not 2^n subsets per card.
"""

from __future__ import annotations

from functools import lru_cache

from engine.cards import CAPTURE_SUM, INDEX, VALUE

Combos = dict[int, list[tuple[int, ...]]]


@lru_cache(maxsize=16384)
def subset_sums(values: tuple[int, ...]) -> Combos:
    """For each sum 1-14, every set of table positions (ascending) whose values add up to it."""
    sums: Combos = {0: [()]}
    for position, value in enumerate(values):
        grown = [
            (total + value, [(*combo, position) for combo in combos])
            for total, combos in sums.items()
            if total + value < CAPTURE_SUM
        ]
        for total, combos in grown:
            sums.setdefault(total, []).extend(combos)
    del sums[0]
    return sums


def captures(table: tuple[str, ...], value: int) -> list[tuple[str, ...]]:
    """Every set of table cards a card of `value` captures, each set in canonical card order."""
    combos = subset_sums(tuple(VALUE[c] for c in table)).get(CAPTURE_SUM - value, ())
    found = [tuple(sorted((table[i] for i in combo), key=INDEX.__getitem__)) for combo in combos]
    found.sort(key=lambda cards: [INDEX[c] for c in cards])
    return found


def can_capture(table: tuple[str, ...], value: int) -> bool:
    """Whether a card of `value` captures anything on this table."""
    return CAPTURE_SUM - value in subset_sums(tuple(VALUE[c] for c in table))
