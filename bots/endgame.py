"""The exact 2-player endgame: once the stock is empty every card is known (the hidden cards are
the opponent's hand), so the rest of the round is solved by alpha-beta to its end.

The search runs on plain ints (two hands, the table, two capture piles, two escopa counts, the
last side to capture, the seat to act, the card it may claim), not on `Position` tuples: the
same moves in the same order (`moves_of`); the 60 slowest bench endgames took 157 ms against
194 ms on tuples (the least of 7 runs each). The bounds of each position met are kept by one
int key (many orders of the same plays meet), and the round's last play is valued without a
search.
"""

from __future__ import annotations

from bots.card_bits import VALUES, sums_made, total
from bots.evaluation import expected_points, margin
from bots.search import INFINITY, WORK, Position, Search, Step
from engine.cards import CAPTURE_SUM


class Endgame:
    """One exact solve of a deal (2 players, stock empty), its work counted on `search`."""

    def __init__(self, search: Search) -> None:
        assert search.players == 2, "an exact endgame has two players"
        self.search = search
        self.w = search.w
        self.side = search.side
        self.mandatory = search.mandatory
        self.claimable = search.claimable
        self.lows: dict[int, float] = {}
        self.highs: dict[int, float] = {}
        self.finals: dict[int, float] = {}
        """The margin of each round's end met, by its captures and escopas as one int."""

    def values(self, root: Position, steps: list[Step], best_only: bool) -> list[float]:
        """The margin after each step with both sides then playing their best to the round's
        end. Each step's value is exact; with `best_only`, a step that cannot beat an earlier
        one is only shown to be no better (its value is then at most the best so far), so the
        first best step is the same, found sooner. Past `WORK` the rest is cut as `Search.values`
        cuts (bounded time; a random endgame needs far less)."""
        found: list[float] = []
        for step in steps:
            floor = max(found, default=-INFINITY) if best_only else -INFINITY
            p = self.search.after(root, step)
            (h0, h1), (c0, c1), (e0, e1) = p.hands, p.caps, p.escopas
            args = (h0, h1, p.table, c0, c1, e0, e1, p.last, p.turn, p.claim)
            found.append(self._value(*args, floor, INFINITY))
        return found

    def _value(
        self, h0: int, h1: int, table: int, c0: int, c1: int, e0: int, e1: int,
        last: int, turn: int, claim: int, alpha: float, beta: float,
    ) -> float:  # fmt: skip
        search = self.search
        search.work += 1
        if not h0 | h1:
            return self._final(c0, c1, e0, e1, table, last)
        if not claim and (h0 | h1).bit_count() == 1:
            return self._last_play(h0 | h1, table, c0, c1, e0, e1, last, turn)
        # The position as one int (40 bits a mask, 8 an escopa count): its bounds are kept by it.
        key = (h0 | h1 << 40 | table << 80 | c0 << 120 | c1 << 160 | e0 << 200 | e1 << 208
               | (last + 1) << 216 | turn << 218 | claim << 220)  # fmt: skip
        low, high = self.lows.get(key, -INFINITY), self.highs.get(key, INFINITY)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        if search.work >= WORK:
            at = Position((h0, h1), table, (c0, c1), (e0, e1), last, turn, claim)
            return search.cut(at)
        alpha, beta = max(alpha, low), min(beta, high)
        mine = turn == self.side
        best = -INFINITY if mine else INFINITY
        a, b = alpha, beta
        steps = search.moves(h1 if turn else h0, table, claim)
        search.work += len(steps)
        for card, taken in steps:
            if not card:  # a claim: the claimant then plays
                if turn:
                    args = (h0, h1, table ^ taken, c0, c1 | taken, e0, e1, 1, 1, 0)
                else:
                    args = (h0, h1, table ^ taken, c0 | taken, c1, e0, e1, 0, 0, 0)
            elif taken:
                left = table ^ taken
                swept = 0 if left else 1
                if turn:
                    args = (h0, h1 ^ card, left, c0, c1 | card | taken, e0, e1 + swept, 1, 0, 0)
                else:
                    args = (h0 ^ card, h1, left, c0 | card | taken, c1, e0 + swept, e1, 0, 1, 0)
            else:
                need = CAPTURE_SUM - VALUES[card.bit_length() - 1]
                missed = card if self.claimable and sums_made(table) >> need & 1 else 0
                if turn:
                    args = (h0, h1 ^ card, table | card, c0, c1, e0, e1, last, 0, missed)
                else:
                    args = (h0 ^ card, h1, table | card, c0, c1, e0, e1, last, 1, missed)
            value = self._value(*args, a, b)
            if mine:
                best = max(best, value)
                a = max(a, best)
            else:
                best = min(best, value)
                b = min(b, best)
            if a >= b:
                break
        if best <= alpha:
            self.highs[key] = best  # all failed low: the value is at most `best`
        elif best >= beta:
            self.lows[key] = best  # cut off high: the value is at least `best`
        else:
            self.lows[key] = self.highs[key] = best
        return best

    def _last_play(
        self, card: int, table: int, c0: int, c1: int, e0: int, e1: int, last: int, turn: int
    ) -> float:
        """The round's last play (no claim pending), without a search: a capture with the last
        card takes the whole table (the rest goes to the last to capture), and sweeps only if
        the table's total is what the card needs (then no other set sums to it); a discard
        leaves the table to the last to capture."""
        need = CAPTURE_SUM - VALUES[card.bit_length() - 1]
        sweeps = total(table) == need
        takes = sweeps or bool(sums_made(table) >> need & 1)
        found = []
        if takes:
            swept = 1 if sweeps else 0
            if turn:
                found.append(self._final(c0, c1 | card | table, e0, e1 + swept))
            else:
                found.append(self._final(c0 | card | table, c1, e0 + swept, e1))
        if not (self.mandatory and takes):
            found.append(self._final(c0, c1, e0, e1, table | card, last))
        self.search.work += len(found)
        return max(found) if turn == self.side else min(found)

    def _final(self, c0: int, c1: int, e0: int, e1: int, left: int = 0, last: int = -1) -> float:
        """The margin of the round's end with these captures and escopas, the cards `left` on
        the table going to the `last` side to capture; remembered."""
        if last == 0:
            c0 |= left
        elif last == 1:
            c1 |= left
        key = c0 | c1 << 40 | e0 << 80 | e1 << 88
        found = self.finals.get(key)
        if found is None:
            points = expected_points(self.w, (c0, c1), (e0, e1), True)
            found = self.finals[key] = margin(self.w, points, self.side)
        return found
