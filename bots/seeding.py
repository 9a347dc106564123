"""A bot's randomness: derived from the game's seed, the seat and the move number, so the same
game replays to the same bot moves, and one seat's draws tell nothing of the deck."""

from __future__ import annotations

import hashlib
import random


def bot_rng(seed: str, seat: int, move_number: int) -> random.Random:
    """The random source of `seat`'s decision at `move_number` (the log's sequence number of
    the move being chosen) in the game of `seed`: a SHA-256 of the three, never the seed."""
    digest = hashlib.sha256(f"escopa-bot:{seed}:{seat}:{move_number}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
