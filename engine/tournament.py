"""Duplicate tournaments as pure functions: pairings (Swiss, round robin), a pairing's duplicate
result and the standings, all recomputed from the results and the tournament's key alone, so
an audit gets the same answer the service did (docs/tournaments.md).

Entrants are numbered 0, 1, ... in the order they were given. Each round a pairing `(a, b)`
plays every board twice, seats swapped: `a` at seat 0 of the first game, at seat 1 of the
second. `a`'s result on a board is its round points over the two plays minus `b`'s.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from typing import Final, Literal, Protocol

import msgspec

from engine.shuffle import TOURNAMENT_VERSION

PairingKind = Literal["swiss", "round_robin"]


class Pairing(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Two entrants paired for a round; `b` null: `a` has the round's bye."""

    a: int
    b: int | None = None


class Table(msgspec.Struct, frozen=True, kw_only=True):
    """A pairing's round once played: `a`'s duplicate result on each board (`b`'s is the
    opposite); a bye's `results` are empty."""

    a: int
    b: int | None
    results: tuple[int, ...]


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """An entrant's place: its `total`, its result in each round (null: a bye), and the
    tie-break (`buchholz`: the sum of the totals of the entrants it met)."""

    rank: int
    entrant: int
    total: int
    rounds: tuple[int | None, ...]
    buchholz: int


BYE_RESULT: Final = 0
"""What a bye adds to a total: nothing, the average of a zero-sum round."""


def lot(key: bytes, round_no: int, entrant: int) -> str:
    """The entrant's lot in a round: lowercase hex HMAC-SHA256 of
    `escopa-tournament-v1:lot:{round}:{entrant}` under the tournament's key; Swiss pairing
    orders entrants level on points and tie-break by it, lowest first."""
    message = f"{TOURNAMENT_VERSION}:lot:{round_no}:{entrant}".encode("ascii")
    return hmac.digest(key, message, "sha256").hex()


def duplicate_result(
    first: Sequence[tuple[int, int]], second: Sequence[tuple[int, int]], boards: int
) -> tuple[int, ...]:
    """`a`'s result on each board: `first` and `second` give each board's round points by seat
    (`a` at seat 0 of `first`, at seat 1 of `second`); a board a game never reached scores 0."""
    results = []
    for board in range(boards):
        a0, b0 = first[board] if board < len(first) else (0, 0)
        b1, a1 = second[board] if board < len(second) else (0, 0)
        results.append(a0 + a1 - b0 - b1)
    return tuple(results)


def round_results(entrants: int, tables: Sequence[Table]) -> list[int | None]:
    """Every entrant's result in one round (None: a bye, or not paired)."""
    found: list[int | None] = [None] * entrants
    for table in tables:
        if table.b is None:
            continue
        total = sum(table.results)
        found[table.a] = total
        found[table.b] = -total
    return found


class Seated(Protocol):
    """A table as the standings read it: its entrants `a` and `b` (None: a bye)."""

    @property
    def a(self) -> int: ...
    @property
    def b(self) -> int | None: ...


def standings(entrants: int, played: Sequence[Sequence[Table]]) -> list[Standing]:
    """The standings after the rounds `played`: by total, then Buchholz, then entrant number."""
    per_round = [round_results(entrants, tables) for tables in played]
    return ranked(per_round, opponents(entrants, played))


def ranked(
    per_round: Sequence[Sequence[int | None]], met: Sequence[Sequence[int]]
) -> list[Standing]:
    """Standings from each round's results per entrant (None: a bye, counted `BYE_RESULT`): by
    total, then Buchholz (the sum of the totals of the entrants met), then entrant number."""
    entrants = len(met)
    totals = [sum(r[e] or BYE_RESULT for r in per_round) for e in range(entrants)]
    buchholz = [sum(totals[o] for o in met[e]) for e in range(entrants)]
    order = sorted(range(entrants), key=lambda e: (-totals[e], -buchholz[e], e))
    return [
        Standing(
            rank=rank,
            entrant=e,
            total=totals[e],
            rounds=tuple(r[e] for r in per_round),
            buchholz=buchholz[e],
        )
        for rank, e in enumerate(order, 1)
    ]


def opponents(entrants: int, played: Sequence[Sequence[Seated]]) -> list[list[int]]:
    """Whom each entrant met, round by round."""
    met: list[list[int]] = [[] for _ in range(entrants)]
    for tables in played:
        for table in tables:
            if table.b is not None:
                met[table.a].append(table.b)
                met[table.b].append(table.a)
    return met


def swiss(
    key: bytes, round_no: int, entrants: int, played: Sequence[Sequence[Table]]
) -> tuple[Pairing, ...]:
    """Round `round_no`'s Swiss pairings from the rounds `played` before it (`swiss_from`)."""
    table = standings(entrants, played)
    byes = {t.a for tables in played for t in tables if t.b is None}
    return swiss_from(key, round_no, table, opponents(entrants, played), byes)


def swiss_from(
    key: bytes,
    round_no: int,
    table: Sequence[Standing],
    met: Sequence[Sequence[int]],
    byes: set[int],
) -> tuple[Pairing, ...]:
    """Round `round_no`'s Swiss pairings from the standings before it (`table`), whom each
    entrant met and who had a bye.

    Entrants are ordered by total, then Buchholz (both high first), then lot. With an odd
    count, the lowest in that order who has had no bye takes it (everyone has: the lowest).
    Then top down, the highest unpaired entrant meets the next unpaired one it has not met,
    or, when it has met them all, the next unpaired one.
    """
    placed = {s.entrant: s for s in table}
    order = sorted(
        placed,
        key=lambda e: (-placed[e].total, -placed[e].buchholz, lot(key, round_no, e)),
    )
    pairs: list[Pairing] = []
    if len(order) % 2:
        bye = next((e for e in reversed(order) if e not in byes), order[-1])
        order.remove(bye)
        pairs.append(Pairing(a=bye))
    waiting = list(order)
    while waiting:
        a = waiting.pop(0)
        b = next((o for o in waiting if o not in met[a]), waiting[0])
        waiting.remove(b)
        pairs.append(Pairing(a=a, b=b))
    return tuple(pairs)


def round_robin_rounds(entrants: int) -> int:
    """How many rounds a round robin of `entrants` plays: each meets every other once."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def round_robin(entrants: int, round_no: int) -> tuple[Pairing, ...]:
    """Round `round_no`'s pairings by the circle method: entrant 0 (or, with an odd count, the
    bye) stays, the others turn one place each round; the bye is a missing entrant."""
    circle: list[int | None] = [*range(entrants)]
    if entrants % 2:
        circle.append(None)
    size = len(circle)
    turned = [circle[0], *_rotated(circle[1:], round_no - 1)]
    pairs: list[Pairing] = []
    for i in range(size // 2):
        a, b = turned[i], turned[size - 1 - i]
        if a is None:
            a, b = b, a
        assert a is not None
        pairs.append(Pairing(a=a, b=b))
    return tuple(pairs)


def _rotated(items: list[int | None], by: int) -> list[int | None]:
    if not items:
        return items
    by %= len(items)
    return items[len(items) - by :] + items[: len(items) - by]


def pairings(
    kind: PairingKind, key: bytes, round_no: int, entrants: int, played: Sequence[Sequence[Table]]
) -> tuple[Pairing, ...]:
    """Round `round_no`'s pairings as the tournament's `kind` makes them."""
    if kind == "round_robin":
        return round_robin(entrants, round_no)
    return swiss(key, round_no, entrants, played)
