"""Secrets of a game's seats that the service can make again but never stores: the invite of an
open seat, and each seat's token in a rematch. Only their SHA-256 is kept.

Each is an HMAC under the service's signing keys (`KeyRing.derived`) of what it is for, so
nobody without those keys can make one, and one shown once (in the create answer) can be
shown again to whom it belongs (the creator's view, every seat asking for the rematch).
"""

from __future__ import annotations

import hashlib
import hmac

from service.ledger.signatures import KeyRing
from service.settings import secret_hash


def invite(ring: KeyRing, game_id: str, seat: int, opened: int) -> str:
    """The invite of `seat`, opened at version `opened` (a seat opened again gets a new one)."""
    return ring.derived(f"invite:{game_id}:{seat}:{opened}")[0]


def current_invite(ring: KeyRing, game_id: str, seat: int, opened: int, kept: str) -> str | None:
    """The invite whose hash is `kept`, under any key of the ring (None: none of them)."""
    for made in ring.derived(f"invite:{game_id}:{seat}:{opened}"):
        if hmac.compare_digest(secret_hash(made), kept):
            return made
    return None


def rematch_id(ring: KeyRing, game_id: str) -> str:
    """The id of a game's rematch: the same for every seat that asks, unguessable to others."""
    secret = ring.derived(f"rematch:{game_id}")[0]
    return hashlib.sha256(secret.encode()).hexdigest()[:24]


def rematch_token(ring: KeyRing, rematch: str, seat: int, kept: str | None = None) -> str:
    """`seat`'s token in the rematch game `rematch`: with `kept` (its stored hash), the one of
    the ring's keys that made it."""
    made = ring.derived(f"rematch-token:{rematch}:{seat}")
    if kept is not None:
        for token in made:
            if hmac.compare_digest(secret_hash(token), kept):
                return token
    return made[0]
