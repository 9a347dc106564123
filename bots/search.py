"""Alpha-beta over one deal of the hidden cards (a determinization), to the end of the hand.

A position is what the round's rules need, as card masks: the hands, the table, each side's
captures and escopas, the last side that captured, the seat to act and the card it may claim.
The hand's end is a leaf: the round's categories as expected points (exact when the stock is
empty: then the leaf is the round's end), less the chance that the next hand's first player
sweeps the table. The searching side maximises its margin, the others minimise it.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from bots.cards import OF_VALUE, SEVEN_D, VALUES, bits_of, sets_summing, sums_made, total
from bots.evaluation import Weights, expected_points, margin
from engine.cards import CAPTURE_SUM
from engine.rules import Rules

INFINITY: Final = math.inf
HAND: Final = 3
WORK: Final = 16_000
"""The work of one decision at most, whatever its node budget: positions searched and steps
listed. It bounds the worst case in time (docs/bots.md); a decision of the default budget
needs about 10,000 at p99, so it binds on big tables and rarely elsewhere."""


class Position(NamedTuple):
    """A position of the round, as masks; `last` is -1 before any capture, `claim` 0 if none."""

    hands: tuple[int, ...]
    table: int
    caps: tuple[int, ...]
    escopas: tuple[int, ...]
    last: int
    turn: int
    claim: int


Step = tuple[int, int]
"""A move: (played card's bit, captured mask); a discard captures 0; a claim plays bit 0."""


class Search:
    """One searcher per decision: the rules, the searching side, and a node budget per call."""

    def __init__(self, rules: Rules, w: Weights, side: int, next_first: int) -> None:
        self.w = w
        self.side = side
        self.players = rules.players
        self.mandatory = rules.capture == "mandatory"
        self.claimable = rules.missed_capture == "claimable"
        self.next_first = next_first
        self.stock = 0
        self.nodes = 0
        self.limit = 0
        self.work = 0
        """Work done in this decision so far (`WORK` at most, then every search cuts)."""
        self.leaves: dict[int, float] = {}

    def values(
        self, position: Position, steps: list[Step], stock: int, budget: int, depth: int
    ) -> list[float]:
        """The margin after each step in this deal, each searched `depth` plies deep at most
        with `budget` nodes."""
        self.stock = stock
        found = []
        for step in steps:
            self.nodes = 0
            self.limit = budget
            child = self.after(position, step)
            found.append(self._value(child, depth - 1, -INFINITY, INFINITY))
        return found

    def spent(self) -> bool:
        """Whether the decision's work is used up: from then on each step is valued at once."""
        return self.work >= WORK

    def steps(self, p: Position) -> list[Step]:
        """The moves of the seat to act, promising ones first (`moves_of`)."""
        found = moves_of(p.hands[p.turn], p.table, p.claim, self.mandatory)
        self.work += len(found)
        return found

    def after(self, p: Position, step: Step) -> Position:
        """The position after a move."""
        hands, table, caps, escopas, last, turn, _ = p
        card, taken = step
        side = self.w.side_of[turn]
        if not card:  # a claim: the claimant then plays
            return Position(
                hands, table ^ taken, _with(caps, side, caps[side] | taken), escopas, side, turn, 0
            )
        hands = _with(hands, turn, hands[turn] ^ card)
        nxt = (turn + 1) % self.players
        if taken:
            table ^= taken
            if not table:
                escopas = _with(escopas, side, escopas[side] + 1)
            return Position(
                hands, table, _with(caps, side, caps[side] | card | taken), escopas, side, nxt, 0
            )
        index = card.bit_length() - 1
        missed = self.claimable and bool(sums_made(table) >> (CAPTURE_SUM - VALUES[index]) & 1)
        return Position(hands, table | card, caps, escopas, last, nxt, card if missed else 0)

    def _value(self, p: Position, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        self.work += 1
        if not any(p.hands):
            return self._hand_end(p)
        if depth <= 0 or self.nodes >= self.limit or self.work >= WORK:
            return self.cut(p)
        steps = self.steps(p)
        if self.w.side_of[p.turn] == self.side:
            best = -INFINITY
            for step in steps:
                best = max(best, self._value(self.after(p, step), depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta or self.work >= WORK:
                    break
            return best
        best = INFINITY
        for step in steps:
            best = min(best, self._value(self.after(p, step), depth - 1, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta or self.work >= WORK:
                break
        return best

    def cut(self, p: Position) -> float:
        """The margin where the search stops inside the hand: the seat to act sweeps the table
        if it holds the card that does (it does, in this deal)."""
        value = self._margin(p.caps, p.escopas, False)
        need = CAPTURE_SUM - total(p.table)
        if p.table and 1 <= need <= 10 and p.hands[p.turn] & OF_VALUE[need]:
            swept = float(self.w.escopa)
            side = self.w.side_of[p.turn]
            value += swept if side == self.side else -swept / (self.w.sides - 1)
        return value

    def _hand_end(self, p: Position) -> float:
        """The margin once the hand is played: the round's end if the stock is empty."""
        w, caps = self.w, p.caps
        if not self.stock:
            if p.last >= 0 and p.table:
                caps = _with(caps, p.last, caps[p.last] | p.table)
            return self._margin(caps, p.escopas, True)
        swept = w.escopa * sweep_chance(p.table, self.stock)
        if w.side_of[self.next_first] != self.side:
            swept /= -(w.sides - 1)
        return self._margin(caps, p.escopas, False) + swept

    def _margin(self, caps: tuple[int, ...], escopas: tuple[int, ...], final: bool) -> float:
        """The margin of these captures, remembered (by one int: 48 bits a side) because many
        move orders reach the same ones."""
        key = int(final)
        for c, e in zip(caps, escopas, strict=True):
            key = key << 48 | c << 8 | e
        found = self.leaves.get(key)
        if found is None:
            found = margin(self.w, expected_points(self.w, caps, escopas, final), self.side)
            self.leaves[key] = found
        return found


def moves_of(hand: int, table: int, claim: int, mandatory: bool) -> list[Step]:
    """The moves of a hand at a table, promising ones first: claims of the card `claim`, then
    captures (sweeps, those with the seven of diamonds and big ones first), then discards."""
    made = sums_made(table)
    found: list[Step] = []
    if claim & table and made >> CAPTURE_SUM & 1:
        found += [(0, s) for s in sets_summing(table, CAPTURE_SUM) if s & claim]
    captures: list[Step] = []
    for i in bits_of(hand):
        need = CAPTURE_SUM - VALUES[i]
        if made >> need & 1:
            captures += [(1 << i, s) for s in sets_summing(table, need)]
    if len(captures) > 1:
        captures.sort(key=lambda m: (m[1] == table, (m[0] | m[1]) & SEVEN_D, m[1].bit_count()))
    found += reversed(captures)
    if not (mandatory and captures):
        found += [(1 << i, 0) for i in bits_of(hand)]
    return found


def sweep_chance(table: int, pool: int, cards: int = HAND) -> float:
    """The chance that `cards` drawn from `pool` include one that takes the whole table."""
    need = CAPTURE_SUM - total(table)
    if not table or not 1 <= need <= 10:
        return 0.0
    size = pool.bit_count()
    drawn = min(cards, size)
    if drawn <= 0:
        return 0.0
    fitting = (pool & OF_VALUE[need]).bit_count()
    return 1.0 - math.comb(size - fitting, drawn) / math.comb(size, drawn)


def _with(values: tuple[int, ...], at: int, value: int) -> tuple[int, ...]:
    return (*values[:at], value, *values[at + 1 :])
