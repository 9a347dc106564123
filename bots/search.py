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

from bots.card_bits import OF_VALUE, SEVEN_D, VALUES, bits_of, sets_summing, sums_made, total
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
        self.listed: dict[int, tuple[Step, ...]] = {}
        """Each listing of moves made in this decision, by hand, table and claim (`moves`)."""
        self.sweeps: dict[int, float] = {}
        """This deal's chance of a sweep of each table met at a hand's end (`sweep_chance`)."""
        self.next_seat = tuple((seat + 1) % self.players for seat in range(self.players))
        self.side_of: tuple[int, ...] = w.side_of
        self.two_sides = w.sides == 2

    def values(
        self, position: Position, steps: list[Step], stock: int, budget: int, depth: int
    ) -> list[float]:
        """The margin after each step in this deal, each searched `depth` plies deep at most
        with `budget` nodes."""
        self.stock = stock
        self.sweeps = {}
        found = []
        for step in steps:
            self.nodes = 0
            self.limit = budget
            hands, table, caps, escopas, last, turn, claim = self.after(position, step)
            found.append(
                self._value(
                    hands, table, caps, escopas, last, turn, claim, depth - 1, -INFINITY, INFINITY
                )
            )
        return found

    def spent(self) -> bool:
        """Whether the decision's work is used up: from then on each step is valued at once."""
        return self.work >= WORK

    def steps(self, p: Position) -> tuple[Step, ...]:
        """The moves of the seat to act, promising ones first (`moves_of`)."""
        found = self.moves(p.hands[p.turn], p.table, p.claim)
        self.work += len(found)
        return found

    def moves(self, hand: int, table: int, claim: int) -> tuple[Step, ...]:
        """`moves_of`, each listing kept for the decision: the same position's moves are listed
        again and again (in every deal, after every order of the same plays)."""
        key = hand | table << 40 | claim << 80
        found = self.listed.get(key)
        if found is None:
            found = self.listed[key] = moves_of(hand, table, claim, self.mandatory)
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

    def _value(
        self, hands: tuple[int, ...], table: int, caps: tuple[int, ...], escopas: tuple[int, ...],
        last: int, turn: int, claim: int, depth: int, alpha: float, beta: float,
    ) -> float:  # fmt: skip
        """The position's margin, searched `depth` plies deep at most: `after` and the
        alpha-beta loop in one, on the position's parts (no `Position` built for a child)."""
        self.nodes += 1
        self.work += 1
        if not any(hands):
            return self._hand_end(table, caps, escopas, last)
        if depth <= 0 or self.nodes >= self.limit or self.work >= WORK:
            return self._cut(hands, table, caps, escopas, turn)
        hand = hands[turn]
        steps = self.moves(hand, table, claim)
        self.work += len(steps)
        side = self.side_of[turn]
        mine = side == self.side
        nxt = self.next_seat[turn]
        made = sums_made(table) if self.claimable else 0
        best = -INFINITY if mine else INFINITY
        depth -= 1
        for card, taken in steps:
            if not card:  # a claim: the claimant then plays
                value = self._value(
                    hands, table ^ taken, _with(caps, side, caps[side] | taken), escopas,
                    side, turn, 0, depth, alpha, beta,
                )  # fmt: skip
            elif taken:
                left = table ^ taken
                swept = escopas if left else _with(escopas, side, escopas[side] + 1)
                taking = _with(caps, side, caps[side] | card | taken)
                value = self._value(
                    _with(hands, turn, hand ^ card), left, taking, swept, side, nxt, 0, depth,
                    alpha, beta,
                )  # fmt: skip
            else:
                need = CAPTURE_SUM - VALUES[card.bit_length() - 1]
                missed = card if self.claimable and made >> need & 1 else 0
                value = self._value(
                    _with(hands, turn, hand ^ card), table | card, caps, escopas, last, nxt,
                    missed, depth, alpha, beta,
                )  # fmt: skip
            if mine:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta or self.work >= WORK:
                break
        return best

    def cut(self, p: Position) -> float:
        """The margin where the search stops inside the hand: the seat to act sweeps the table
        if it holds the card that does (it does, in this deal)."""
        return self._cut(p.hands, p.table, p.caps, p.escopas, p.turn)

    def _cut(
        self, hands: tuple[int, ...], table: int, caps: tuple[int, ...], escopas: tuple[int, ...],
        turn: int,
    ) -> float:  # fmt: skip
        value = self._margin(caps, escopas, False)
        need = CAPTURE_SUM - total(table)
        if table and 1 <= need <= 10 and hands[turn] & OF_VALUE[need]:
            swept = float(self.w.escopa)
            side = self.w.side_of[turn]
            value += swept if side == self.side else -swept / (self.w.sides - 1)
        return value

    def _hand_end(
        self, table: int, caps: tuple[int, ...], escopas: tuple[int, ...], last: int
    ) -> float:
        """The margin once the hand is played: the round's end if the stock is empty."""
        w = self.w
        if not self.stock:
            if last >= 0 and table:
                caps = _with(caps, last, caps[last] | table)
            return self._margin(caps, escopas, True)
        chance = self.sweeps.get(table)
        if chance is None:
            chance = self.sweeps[table] = sweep_chance(table, self.stock)
        swept = w.escopa * chance
        if w.side_of[self.next_first] != self.side:
            swept /= -(w.sides - 1)
        return self._margin(caps, escopas, False) + swept

    def _margin(self, caps: tuple[int, ...], escopas: tuple[int, ...], final: bool) -> float:
        """The margin of these captures, remembered (by one int: 48 bits a side) because many
        move orders reach the same ones."""
        if self.two_sides:
            key = (int(final) << 48 | caps[0] << 8 | escopas[0]) << 48 | caps[1] << 8 | escopas[1]
        else:
            key = int(final)
            for c, e in zip(caps, escopas, strict=True):
                key = key << 48 | c << 8 | e
        found = self.leaves.get(key)
        if found is None:
            found = margin(self.w, expected_points(self.w, caps, escopas, final), self.side)
            self.leaves[key] = found
        return found


def moves_of(hand: int, table: int, claim: int, mandatory: bool) -> tuple[Step, ...]:
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
    return tuple(found)


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
    """`values` with `value` at `at` (two values, the most common, built at once)."""
    if len(values) == 2:
        return (value, values[1]) if at == 0 else (values[0], value)
    changed = list(values)
    changed[at] = value
    return tuple(changed)
