"""The round's categories as expected points per side, from the cards each side has captured.

Exact once every card is settled (the round is over); before that, a side's chance of a
"most" category grows with its lead against the cards still to be won (a logistic in the lead
over the spread those cards allow), and a category already out of the others' reach is won.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final, NamedTuple

from bots.card_bits import DIAMONDS, SEVEN_D, SEVENS
from engine.cards import RANKS
from engine.rules import Rules, side_count, side_of

CARDS: Final = 40
DIAMOND_CARDS: Final = 10
SEVEN_CARDS: Final = 4
UNDER: Final = 10
SUIT_BITS: Final = 10
UNDER_KEY: Final = 63
"""`_under`'s category in the chances kept (`_share`'s are the number of cards of the kind)."""


class Weights(NamedTuple):
    """What a rule set scores, read once per decision."""

    escopa: int
    most_cards: int
    most_diamonds: int
    all_diamonds: int
    seven_of_diamonds: int
    most_sevens: int
    all_sevens: int
    opponents_under_10: int
    primeira: int
    best_of_suit: tuple[int, ...]
    """For each 10-bit set of one suit's ranks, the best primeira value in it (-1: none)."""
    sides: int
    side_of: tuple[int, ...]


def weights(rules: Rules) -> Weights:
    """The weights of a rule set."""
    p = rules.points
    best = _best_of_suit(tuple(rules.primeira_values[rank] for rank in RANKS)) if p.primeira else ()
    return Weights(
        p.escopa,
        p.most_cards,
        p.most_diamonds,
        p.all_diamonds,
        p.seven_of_diamonds,
        p.most_sevens,
        p.all_sevens,
        p.opponents_under_10,
        p.primeira,
        best,
        side_count(rules),
        tuple(side_of(rules, seat) for seat in range(rules.players)),
    )


@lru_cache(maxsize=64)
def _best_of_suit(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(
        max((values[r] for r in range(SUIT_BITS) if bits >> r & 1), default=-1)
        for bits in range(1 << SUIT_BITS)
    )


def expected_points(
    w: Weights, caps: tuple[int, ...], escopas: tuple[int, ...], final: bool
) -> list[float]:
    """Each side's expected round points; exact when `final` (every card settled)."""
    cards = [c.bit_count() for c in caps]
    diamonds = [(c & DIAMONDS).bit_count() for c in caps]
    sevens = [(c & SEVENS).bit_count() for c in caps]
    points = [float(e * w.escopa) for e in escopas]
    _add(points, w.most_cards, _kept_share(cards, CARDS, final))
    _add(points, w.most_diamonds, _kept_share(diamonds, DIAMOND_CARDS, final))
    _add(points, w.most_sevens, _kept_share(sevens, SEVEN_CARDS, final))
    if w.seven_of_diamonds:
        for side, c in enumerate(caps):
            if c & SEVEN_D:
                points[side] += w.seven_of_diamonds
    if w.all_diamonds:
        _add(points, w.all_diamonds, _all(diamonds, DIAMOND_CARDS, final))
    if w.all_sevens:
        _add(points, w.all_sevens, _all(sevens, SEVEN_CARDS, final))
    if w.opponents_under_10:
        _add(points, w.opponents_under_10, _kept_under(cards, final))
    if w.primeira:
        _add(points, w.primeira, _primeira(w, caps, sum(cards), final))
    return points


def margin(w: Weights, points: list[float], side: int) -> float:
    """A side's points against the others' (their mean): what a seat's search maximises."""
    if w.sides == 2:
        return points[side] - points[1 - side]
    return points[side] - (sum(points) - points[side]) / (w.sides - 1)


_chances: dict[int, list[float]] = {}
"""The chances worked out, by category and counts as one int (`_key`): a search meets the same
counts again and again. At most every count of every category: a few thousand."""


def _key(category: int, counts: list[int], final: bool) -> int:
    key = category << 1 | final
    for count in counts:
        key = key << 6 | count
    return key << 3 | len(counts)


def _kept_share(counts: list[int], whole: int, final: bool) -> list[float]:
    """`_share`, worked out once for each counts (its readers never change it)."""
    key = _key(whole, counts, final)
    found = _chances.get(key)
    if found is None:
        found = _chances[key] = _share(counts, whole, final)
    return found


def _kept_under(cards: list[int], final: bool) -> list[float]:
    """`_under`, worked out once for each counts (its readers never change it)."""
    key = _key(UNDER_KEY, cards, final)
    found = _chances.get(key)
    if found is None:
        found = _chances[key] = _under(cards, final)
    return found


def _add(points: list[float], weight: int, chances: list[float]) -> None:
    for side, chance in enumerate(chances):
        points[side] += weight * chance


def _share(counts: list[int], whole: int, final: bool) -> list[float]:
    """Each side's chance of the most of `whole` cards of a kind (a tie wins nothing)."""
    left = whole - sum(counts)
    best = max(counts)
    if final or left == 0:
        winners = counts.count(best)
        return [1.0 if c == best and winners == 1 else 0.0 for c in counts]
    for side, c in enumerate(counts):
        if 2 * c > whole:
            return [1.0 if s == side else 0.0 for s in range(len(counts))]
    spread = 0.5 + 0.6 * math.sqrt(left)
    if len(counts) == 2:
        first = 1.0 / (1.0 + math.exp((counts[1] - counts[0]) / spread))
        return [first, 1.0 - first]
    weights = [math.exp((c - best) / spread) for c in counts]
    whole_weight = sum(weights)
    return [x / whole_weight for x in weights]


def _all(counts: list[int], whole: int, final: bool) -> list[float]:
    """Each side's chance of every card of a kind: only while the others have none."""
    taken = sum(counts)
    chances = []
    for c in counts:
        if c != taken or (final and c != whole):
            chances.append(0.0)
        else:
            chances.append(1.0 if c == whole else (c / whole) ** 2)
    return chances


def _under(cards: list[int], final: bool) -> list[float]:
    """Each side's chance that every other side ends the round with fewer than 10 cards."""
    left = CARDS - sum(cards)
    under = []
    for c in cards:
        if c >= UNDER:
            under.append(0.0)
        elif final or left == 0:
            under.append(1.0)
        else:
            expected = c + left / len(cards)
            under.append(
                1.0 / (1.0 + math.exp((expected - UNDER + 0.5) / (0.5 + 0.4 * math.sqrt(left))))
            )
    chances = []
    for side in range(len(cards)):
        chance = 1.0
        for other, p in enumerate(under):
            if other != side:
                chance *= p
        chances.append(chance)
    return chances


def _primeira(w: Weights, caps: tuple[int, ...], taken: int, final: bool) -> list[float]:
    """Each side's chance of the best primeira (the best card of each suit, summed)."""
    totals = []
    for c in caps:
        suits = [w.best_of_suit[c >> (SUIT_BITS * s) & 0x3FF] for s in range(4)]
        totals.append(None if final and min(suits) < 0 else sum(max(v, 0) for v in suits))
    if final:
        present = [t for t in totals if t is not None]
        best = max(present, default=None)
        winners = present.count(best) if best is not None else 0
        return [1.0 if t is not None and t == best and winners == 1 else 0.0 for t in totals]
    spread = 2.0 + 0.5 * (CARDS - taken)
    top = max(t or 0 for t in totals)
    weights = [math.exp(((t or 0) - top) / spread) for t in totals]
    whole = sum(weights)
    return [x / whole for x in weights]
