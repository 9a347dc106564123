"""The seeds a game's cards come from: a seed given in full, a creator's chosen seed (refused
when it could be found from the first deal), a client's seed for a commitment, and the
commitment's id."""

from __future__ import annotations

import math
import string
from typing import Annotated, Any, Final

from msgspec import Meta

from service.ledger.patterns import full

_PRINTABLE: Final = full(r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029]+$")
"""Printable text: no control character, line or paragraph separator."""


Seed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description="1-200 characters of printable text (no control characters)",
    ),
]

MIN_SEED_LENGTH: Final = 32
"""A chosen seed's least length: 32 hex digits are 128 bits (`secrets.token_hex(16)`)."""
MIN_SEED_BITS: Final = 80
"""The least a chosen seed must hold as `seed_bits` counts it (32 random hex digits: about 120;
a search of 2**80 seeds is out of anyone's reach)."""
PATTERN_LENGTH: Final = 3
"""The shortest run, sequence or repeat that `seed_bits` counts as one pattern."""
ALPHABETS: Final = (
    "0123456789",
    "0123456789abcdef",
    "0123456789ABCDEF",
    string.ascii_lowercase,
    string.ascii_uppercase,
    string.ascii_lowercase + string.digits,
    string.ascii_uppercase + string.digits,
    string.ascii_letters + string.digits,
    string.ascii_letters + string.digits + "-_",
    string.printable[:95],
)
"""The alphabets a seed's characters are counted in, smallest first."""
WIDE_ALPHABET: Final = 1 << 16
"""The characters counted for a seed with one outside every alphabet of `ALPHABETS`."""

ChosenSeed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description=f"a seed the creator chooses, which alone decides every card: "
        f"{MIN_SEED_LENGTH}-200 characters of printable text that hold at least "
        f"{MIN_SEED_BITS} bits as the service counts them (padding, runs, sequences and "
        "repeats count for little), such as `secrets.token_hex(16)`; a weaker one is refused "
        "with 422 `request/weak_seed`. Never in a rated game. Leave it out for a server seed",
    ),
]


def _alphabet_size(seed: str) -> int:
    """The characters each of the seed's could have been: the smallest alphabet holding them
    all, and never more than the different characters the seed uses."""
    used = set(seed)
    size = next((len(a) for a in ALPHABETS if used <= set(a)), WIDE_ALPHABET)
    return min(size, len(used))


def _pattern_at(seed: str, at: int, per: float) -> tuple[int, float]:
    """The longest run (one character again), sequence (each character the one after, or
    before, the last) or repeat (of text seen earlier) starting at `at`, of at least
    `PATTERN_LENGTH` characters, and the bits it holds: its first character (`per`) and
    direction, or where it was seen before; and its length. (0, 0.0): none."""
    rest, size = len(seed) - at, math.log2(len(seed))
    longest, bits = 0, 0.0
    for step in (0, 1, -1):
        length = 1
        while length < rest and ord(seed[at + length]) - ord(seed[at + length - 1]) == step:
            length += 1
        if length > longest:
            longest, bits = length, per + (step != 0) + size
    for start in range(at):
        length = 0
        while length < rest and seed[start + length] == seed[at + length]:
            length += 1
        if length > longest:
            longest, bits = length, math.log2(at) + size
    return (longest, bits) if longest >= PATTERN_LENGTH else (0, 0.0)


def seed_bits(seed: str) -> float:
    """A conservative count of the bits a seed holds: each character counts the bits of its
    alphabet (`_alphabet_size`), but a run, a sequence or a repeat of at least `PATTERN_LENGTH`
    characters counts only where it starts and how long it is, so padding and patterns hold
    next to nothing. Words, names, dates and keyboard walks still count as random."""
    per = math.log2(max(2, _alphabet_size(seed)))
    bits, at = 0.0, 0
    while at < len(seed):
        length, held = _pattern_at(seed, at, per)
        bits += held if length else per
        at += length or 1
    return bits


def seed_weakness(seed: str) -> tuple[str, dict[str, Any]] | None:
    """Why a chosen seed could be found from the game's first deal (a template and its
    values), or None.

    A spectator sees the first dealer draw and the opening table at once, and can try every
    seed of a small space against them (a 6-digit seed took 12.8 s; a 7-digit one zero-padded
    to 32 characters, 8.1 s), so a seed that alone decides the deal must be out of reach of a
    search: long, and holding `MIN_SEED_BITS` once its padding and patterns are discounted.
    The service cannot measure randomness; this only refuses what is surely guessable.
    """
    if len(seed) < MIN_SEED_LENGTH:
        return "it has {length} characters, fewer than {least}", {
            "length": len(seed),
            "least": MIN_SEED_LENGTH,
        }
    bits = seed_bits(seed)
    if bits < MIN_SEED_BITS:
        return (
            "it holds about {bits} bits once its padding, runs, sequences and repeats are "
            "counted as patterns, fewer than {least}",
            {"bits": f"{bits:.0f}", "least": MIN_SEED_BITS},
        )
    return None


ClientSeed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description="the client's seed, 1-200 characters of printable text (no control "
        "characters); the shuffle key is `server_seed:client_seed`",
    ),
]

CommitmentId = Annotated[
    str,
    Meta(
        min_length=24,
        max_length=24,
        pattern=full("^[0-9a-f]{24}$"),
        description="a commitment's id from POST /v1/commitments: 24 lowercase hexadecimal "
        "characters",
    ),
]
