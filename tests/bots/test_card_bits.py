"""The table's sums as bits and as sets: the same as trying every subset of the table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bots.card_bits import VALUES, bits_of, sets_summing, sums_made

tables = st.sets(st.integers(0, 39), max_size=12).map(lambda cards: sum(1 << i for i in cards))


def every_subset(table: int) -> list[tuple[int, int]]:
    """Every subset of the table's cards (the empty one too) with its total."""
    subsets = [(0, 0)]
    for i in bits_of(table):
        subsets += [(mask | 1 << i, made + VALUES[i]) for mask, made in subsets]
    return subsets


@settings(max_examples=300, deadline=None)
@given(tables, st.integers(1, 15))
def test_the_sets_summing_to_a_need_are_every_subset_that_does_in_ascending_order(
    table: int, need: int
) -> None:
    assert sets_summing(table, need) == tuple(
        sorted(m for m, made in every_subset(table) if made == need)
    )


@settings(max_examples=300, deadline=None)
@given(tables)
def test_the_sums_made_are_the_totals_of_the_tables_subsets(table: int) -> None:
    made = sums_made(table)
    totals = {made for _, made in every_subset(table)}
    assert {s for s in range(made.bit_length()) if made >> s & 1} == totals
