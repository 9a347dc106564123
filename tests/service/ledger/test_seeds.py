"""A chosen seed's strength as the service counts it (`seeds.seed_bits`): padding, runs,
sequences and repeats hold next to nothing, random text holds its alphabet's bits."""

from __future__ import annotations

import random
import string

from hypothesis import given
from hypothesis import strategies as st

from service.ledger.seeds import MIN_SEED_BITS, MIN_SEED_LENGTH, seed_bits, seed_weakness


def test_random_hex_digits_as_secrets_makes_them_are_always_taken() -> None:
    rng = random.Random(53)
    found = [seed_bits(f"{rng.getrandbits(128):032x}") for _ in range(20_000)]
    assert min(found) > MIN_SEED_BITS + 10, min(found)


def test_random_text_of_other_alphabets_is_taken() -> None:
    rng = random.Random(54)
    for alphabet, length in ((string.digits, 40), (string.ascii_letters + "-_", 32)):
        for _ in range(2_000):
            seed = "".join(rng.choice(alphabet) for _ in range(length))
            assert seed_weakness(seed) is None, seed


@given(st.integers(min_value=0, max_value=10**20 - 1), st.sampled_from("0 x-"))
def test_a_number_padded_to_the_least_length_is_refused(number: int, pad: str) -> None:
    text = str(number)
    assert seed_weakness(text.rjust(MIN_SEED_LENGTH, pad)) is not None
    assert seed_weakness(text.ljust(MIN_SEED_LENGTH, pad)) is not None


@given(st.text(st.characters(codec="ascii", categories=["L", "N", "P"]), min_size=1, max_size=8))
def test_a_short_text_repeated_is_refused(unit: str) -> None:
    repeated = unit * (200 // len(unit))
    assert seed_weakness(repeated) is not None


@given(
    st.text(st.characters(exclude_categories=["Cc", "Cs"]), min_size=1, max_size=12),
    st.characters(exclude_categories=["Cc", "Cs"]),
    st.integers(MIN_SEED_LENGTH, 200),
)
def test_a_short_text_padded_to_any_length_is_refused(text: str, pad: str, length: int) -> None:
    assert seed_weakness(text.ljust(length, pad)) is not None
    assert seed_weakness(text.rjust(length, pad)) is not None


def test_sequences_count_like_runs() -> None:
    assert seed_bits("abcdefghijklmnopqrstuvwxyz012345") < 40
    assert seed_bits("zyxwvutsrqponmlkjihgfedcba543210") < 40
