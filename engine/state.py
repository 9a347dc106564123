"""The full state of a game: an immutable Struct that the engine replaces on every move."""

from __future__ import annotations

import hashlib
from typing import Literal

import msgspec

from engine.rules import Rules, side_count
from engine.scoring import Outcome, RoundScore

Status = Literal["waiting", "dealing", "playing", "finished"]


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

    `status` is `waiting` while seats are open (nothing dealt yet: `engine.ending.waiting`),
    `dealing` while a deal is due and `auto_deal` is off, `playing` while a seat is to
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
"""Parts an `EncodedParts` keeps by default: a game in play has its rules and a few finished
rounds, so this is about 2,000 games' worth (at most about 20 MB, parts included)."""


def canonical_json(value: object) -> bytes:
    """Canonical JSON: UTF-8, keys sorted, no spaces (the bytes docs/rules.md hashes)."""
    return _encoder.encode(value)


class EncodedParts:
    """The canonical JSON of rule sets and finished rounds, kept by object identity so that the
    later states of a game, which repeat them, are hashed without encoding them again.

    Owned by the caller: the service keeps one per process, an audit one per game. Not for
    sharing between threads. Parts are frozen Structs and nothing mutates the dicts inside
    them, so kept bytes never go stale; past `kept` parts the oldest go.
    """

    def __init__(self, kept: int = PARTS_KEPT) -> None:
        self.kept = kept
        self._parts: dict[int, tuple[object, msgspec.Raw]] = {}

    def __len__(self) -> int:
        return len(self._parts)

    def encoded(self, part: Rules | RoundScore) -> msgspec.Raw:
        """The canonical JSON of `part`, encoded once while it is kept."""
        found = self._parts.get(id(part))  # each entry holds its part: no other has its id
        if found is not None:
            return found[1]
        encoded = msgspec.Raw(_encoder.encode(part))
        while self._parts and len(self._parts) >= self.kept:
            del self._parts[next(iter(self._parts))]  # the oldest
        self._parts[id(part)] = (part, encoded)
        return encoded


def state_json(state: State, parts: EncodedParts | None = None) -> bytes:
    """The state's canonical JSON, the same bytes as `canonical_json(state)`; with `parts`, the
    rules and finished rounds (most of a late state's bytes) come from what it kept."""
    if parts is None:
        return _encoder.encode(state)
    fields = msgspec.structs.asdict(state)
    fields["rules"] = parts.encoded(state.rules)
    fields["rounds"] = [parts.encoded(score) for score in state.rounds]
    return _encoder.encode(fields)


def state_hash(state: State, parts: EncodedParts | None = None) -> str:
    """The lowercase hex SHA-256 of the full state's canonical JSON."""
    return hashlib.sha256(state_json(state, parts)).hexdigest()


def unstarted(rules: Rules, seed: str, dealer: int, status: Status) -> State:
    """A match before its first deal: no card dealt, nothing scored, `dealer` to deal first."""
    sides = side_count(rules)
    return State(
        rules=rules,
        seed=seed,
        status=status,
        round=1,
        hand=0,
        first_dealer=dealer,
        dealer=dealer,
        turn=None,
        stock=(),
        hands=((),) * rules.players,
        table=(),
        captured=((),) * sides,
        escopas=(0,) * sides,
        wrong=(0,) * sides,
        last_capturer=None,
        claim=None,
        last=None,
        scores=(0,) * sides,
        rounds=(),
        outcome=None,
    )
