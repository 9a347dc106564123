"""The table's sums as bits and as sets: the same as trying every subset of the table."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bots.cards import VALUES, bits_of, sets_summing, sums_made

tables = st.sets(st.integers(0, 39), max_size=12).map(lambda cards: sum(1 << i for i in cards))


def every_subset(table: int) -> list[int]:
    cards = bits_of(table)
    return [
        sum(1 << i for i in chosen)
        for k in range(len(cards) + 1)
        for chosen in combinations(cards, k)
    ]


def value(mask: int) -> int:
    return sum(VALUES[i] for i in bits_of(mask))


@settings(max_examples=300)
@given(tables, st.integers(1, 15))
def test_the_sets_summing_to_a_need_are_every_subset_that_does_in_ascending_order(
    table: int, need: int
) -> None:
    assert sets_summing(table, need) == tuple(
        sorted(m for m in every_subset(table) if value(m) == need)
    )


@settings(max_examples=300)
@given(tables)
def test_the_sums_made_are_the_totals_of_the_tables_subsets(table: int) -> None:
    made = sums_made(table)
    totals = {value(m) for m in every_subset(table)}
    assert {s for s in range(made.bit_length()) if made >> s & 1} == totals
