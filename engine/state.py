"""The full state of a game: an immutable Struct that the engine replaces on every move."""

from __future__ import annotations

import hashlib
import threading
from typing import Literal

import msgspec

from engine.rules import Rules
from engine.scoring import Outcome, RoundScore

Status = Literal["dealing", "playing", "finished"]


class Claimable(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A missed capture that `seat` may claim on its very next turn: the discarded `card`."""

    seat: int
    card: str


class LastMove(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The most recent play or claim, as every reader may see it."""

    seat: int
    move: str
    escopa: bool = False


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Everything about a game, hidden cards and seed included; `view` decides who sees what.

    `status` is `dealing` while a deal is due and `auto_deal` is off, `playing` while a seat is to
    act (`turn`), `finished` once the match is over. Per-side tuples are indexed by side.
    """

    rules: Rules
    seed: str
    status: Status
    round: int
    hand: int
    first_dealer: int
    dealer: int
    turn: int | None
    stock: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    table: tuple[str, ...]
    captured: tuple[tuple[str, ...], ...]
    escopas: tuple[int, ...]
    wrong: tuple[int, ...]
    last_capturer: int | None
    claim: Claimable | None
    last: LastMove | None
    scores: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    outcome: Outcome | None


_encoder = msgspec.json.Encoder(order="sorted")
PARTS_KEPT = 8192
"""Encoded parts kept for later states: finished rounds and rule sets, by object identity.
A game in play has its rules and a few finished rounds, so this is about 2,000 games' worth
(at most about 20 MB, parts included); past it the oldest go and are encoded again if needed."""
_parts: dict[int, tuple[object, msgspec.Raw]] = {}
_parts_lock = threading.Lock()


def canonical_json(value: object) -> bytes:
    """Canonical JSON: UTF-8, keys sorted, no spaces (the bytes RULES.md hashes)."""
    return _encoder.encode(value)


def state_json(state: State) -> bytes:
    """The state's canonical JSON, the same bytes as `canonical_json(state)`, cheaper: every
    later state of a game repeats its rules and finished rounds (most of a late state's bytes),
    so their encodings are kept rather than redone."""
    fields = msgspec.structs.asdict(state)
    fields["rules"] = _kept(state.rules)
    fields["rounds"] = [_kept(score) for score in state.rounds]
    return _encoder.encode(fields)


def _kept(part: Rules | RoundScore) -> msgspec.Raw:
    """The canonical JSON of a part, encoded once while it is kept. Parts are frozen Structs
    and nothing mutates the dicts inside them, so kept bytes never go stale."""
    found = _parts.get(id(part))  # each entry holds its part: no other object can have its id
    if found is not None:
        return found[1]
    encoded = msgspec.Raw(_encoder.encode(part))
    with _parts_lock:  # audits hash states in worker threads while the event loop plays
        while _parts and len(_parts) >= PARTS_KEPT:
            del _parts[next(iter(_parts))]  # the oldest
        _parts[id(part)] = (part, encoded)
    return encoded


def state_hash(state: State) -> str:
    """The lowercase hex SHA-256 of the full state's canonical JSON."""
    return hashlib.sha256(state_json(state)).hexdigest()
