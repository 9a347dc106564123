"""The seeds a game's cards come from: a seed given in full, a creator's chosen seed (refused
when it could be found from the first deal), a client's seed for a commitment, and the
commitment's id."""

from __future__ import annotations

from typing import Annotated, Final

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
MIN_SEED_DISTINCT: Final = 8
"""A chosen seed's least number of different characters (32 random hex digits have about 14)."""

ChosenSeed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description=f"a seed the creator chooses, which alone decides every card: "
        f"{MIN_SEED_LENGTH}-200 characters of printable text with at least "
        f"{MIN_SEED_DISTINCT} different ones, such as `secrets.token_hex(16)` (a shorter one "
        "is refused with 422 `request/weak_seed`); leave it out for a server seed",
    ),
]


def seed_weakness(seed: str) -> str | None:
    """Why a chosen seed could be found from the game's first deal, or None.

    A spectator sees the first dealer draw and the opening table at once, and can try every
    seed of a small space against them (a 6-digit seed took 12.8 s), so a seed that alone
    decides the deal must be out of reach of a search: long, and not one character repeated.
    The service cannot measure randomness; this only refuses what is surely guessable.
    """
    if len(seed) < MIN_SEED_LENGTH:
        return f"it has {len(seed)} characters, fewer than {MIN_SEED_LENGTH}"
    if len(set(seed)) < MIN_SEED_DISTINCT:
        return f"it has {len(set(seed))} different characters, fewer than {MIN_SEED_DISTINCT}"
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
