"""Seeded shuffle v1: a portable HMAC-SHA256 Fisher-Yates, reproducible in any language.

The algorithm is specified in `docs/shuffle.md`; this module is its reference implementation.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterator
from typing import Final

from engine.cards import DECK, VALUE

VERSION: Final = "escopa-shuffle-v1"
FIRST_DEALER_ROUND: Final = 0
_BLOCK_WORDS: Final = struct.Struct(">8I")
"""A 32-byte HMAC-SHA256 block as eight unsigned 32-bit big-endian words."""


def key_text(seed: str, client_seed: str | None = None) -> str:
    """The shuffle key as text: the seed, or `server_seed:client_seed` when both are given."""
    return seed if client_seed is None else f"{seed}:{client_seed}"


def shuffle_key(seed: str, client_seed: str | None = None) -> bytes:
    """The HMAC key: the UTF-8 bytes of `key_text`."""
    return key_text(seed, client_seed).encode("utf-8")


def words(key: bytes, round_no: int) -> Iterator[int]:
    """The endless stream of unsigned 32-bit big-endian words for one round."""
    block = 0
    while True:
        yield from _block(key, round_no, block)
        block += 1


def _block(key: bytes, round_no: int, block: int) -> tuple[int, ...]:
    """Block `block` of round `round_no`'s stream: its eight words."""
    message = f"{VERSION}:{round_no}:{block}".encode("ascii")
    return _BLOCK_WORDS.unpack(hmac.digest(key, message, "sha256"))


def uniform(stream: Iterator[int], n: int) -> int:
    """An unbiased integer in `[0, n)` by rejection sampling from the word stream."""
    limit = (2**32 // n) * n
    for word in stream:
        if word < limit:
            return word % n
    raise AssertionError("the word stream is endless")  # pragma: no cover


_BLOCKS: Final = 5
_LIMITS: Final = tuple((2**32 // n) * n if n else 0 for n in range(len(DECK) + 1))
"""Per range size `n`, the words below which `uniform` accepts (`uniform`'s `limit`)."""


def shuffled_deck(key: bytes, round_no: int) -> tuple[str, ...]:
    """The deck for `round_no`, top card first (round 0 is the first-dealer draw).

    The 39 draws take 39 words of the first five blocks unless a word is rejected: then the
    deck is drawn again, word by word, with `uniform`.
    """
    deck = list(DECK)
    pending = [word for block in range(_BLOCKS) for word in _block(key, round_no, block)]
    for i, word in zip(range(len(deck) - 1, 0, -1), pending, strict=False):
        if word >= _LIMITS[i + 1]:
            return _drawn(key, round_no)
        j = word % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _drawn(key: bytes, round_no: int) -> tuple[str, ...]:
    """`shuffled_deck` as docs/shuffle.md spells it, one `uniform` draw at a time."""
    deck = list(DECK)
    stream = words(key, round_no)
    for i in range(len(deck) - 1, 0, -1):
        j = uniform(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def draw_first_dealer(key: bytes, players: int) -> tuple[int, tuple[tuple[int, str], ...]]:
    """The first-dealer draw (lowest card deals, ties draw again): the dealer and every draw."""
    deck = iter(shuffled_deck(key, FIRST_DEALER_ROUND))
    drawing = list(range(players))
    draws: list[tuple[int, str]] = []
    while True:
        cards = [(seat, next(deck)) for seat in drawing]
        draws.extend(cards)
        lowest = min(VALUE[card] for _, card in cards)
        drawing = [seat for seat, card in cards if VALUE[card] == lowest]
        if len(drawing) == 1:
            return drawing[0], tuple(draws)


TOURNAMENT_VERSION: Final = "escopa-tournament-v1"


def round_seed(key: bytes, tournament_round: int) -> str:
    """The seed of every game of a tournament's round `tournament_round` (1, 2, ...): lowercase
    hex HMAC-SHA256 of `escopa-tournament-v1:round:{n}` under the tournament's shuffle key.

    A game reveals its seed when it ends; this one reveals nothing of the tournament's key, so
    no finished game tells the deals of a later round (docs/shuffle.md, section 10)."""
    message = f"{TOURNAMENT_VERSION}:round:{tournament_round}".encode("ascii")
    return hmac.digest(key, message, "sha256").hex()


def board_deck(key: bytes, tournament_round: int, board: int) -> tuple[str, ...]:
    """The deck of board `board` of a tournament, played in round `tournament_round`."""
    return shuffled_deck(shuffle_key(round_seed(key, tournament_round)), board)


def new_server_seed() -> str:
    """A fresh 256-bit server seed as 64 lowercase hex characters."""
    return secrets.token_hex(32)


def commitment(server_seed: str, salt: str | None = None) -> str:
    """The public commitment to a seed: lowercase hex SHA-256 of its UTF-8 bytes, or with a
    `salt` of `salt:seed`. A seed a person chose may be guessed from its plain hash, so a
    chosen seed is committed to with a random salt, revealed with the seed at the end."""
    text = server_seed if salt is None else f"{salt}:{server_seed}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
