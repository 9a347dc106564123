"""Deals of the hidden cards consistent with what a seat knows (determinizations).

The hidden cards are every card not in the seat's hand, on the table or captured this round.
They are dealt at random to the other hands (by their sizes) and the stock, except that a
partner's signal places a seven in its hand, a seat that discarded while captures were
mandatory holds no card that captured on that table, and one that passed on sweeping the table
(captures optional) holds no card that sweeps it, as a player who sweeps when it can would not
(deals breaking that are drawn again, `REDRAWS` times at most).
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from bots.card_bits import (
    ALL,
    OF_VALUE,
    SEVEN_D,
    SEVENS,
    VALUES,
    bits_of,
    mask_of,
    sums_made,
    total,
)
from bots.knowledge import Knowledge
from engine.cards import CAPTURE_SUM
from engine.signals import partner_of
from engine.views import View

REDRAWS: Final = 20


class Deal(NamedTuple):
    """One deal of the hidden cards: every seat's hand (the seat's own included) and the stock."""

    hands: tuple[int, ...]
    stock: int


def hidden(seen: View, known: Knowledge) -> int:
    """The mask of the cards the seat cannot see: in other hands or in the stock."""
    captured = mask_of(card for pile in known.captured for card in pile)
    return ALL & ~(mask_of(seen.hand) | mask_of(seen.table) | captured)


def deals(seen: View, known: Knowledge, rng: random.Random, count: int) -> list[Deal]:
    """`count` deals of the hidden cards consistent with the seat's knowledge."""
    assert seen.seat is not None
    seat = seen.seat
    pool = bits_of(hidden(seen, known))
    placed = _signalled(seen, known, pool)
    sizes = list(seen.hand_sizes)
    sizes[seat] = 0
    own = mask_of(seen.hand)
    found = []
    for _ in range(count):
        for _ in range(REDRAWS):
            hands = _draw(pool, placed, sizes, rng)
            if _consistent(known, hands):
                break
        dealt = tuple(own if s == seat else hands[s] for s in range(len(sizes)))
        used = 0
        for hand in dealt:
            used |= hand
        stock = 0
        for i in pool:
            stock |= 1 << i
        found.append(Deal(dealt, stock & ~used))
    return found


def _signalled(seen: View, known: Knowledge, pool: tuple[int, ...]) -> Placement:
    """What the partner's signals say of its hand: the 7D or one of the other sevens in it, and
    (from a partner that tells every seven) the sevens it did not signal out of it."""
    assert seen.seat is not None
    partner = partner_of(seen.rules, seen.seat)
    if partner is None or not seen.hand_sizes[partner]:
        return Placement(-1, (), False, 0)
    heard = {h.signal for h in known.signals if h.sender == partner}
    seven_d = SEVEN_D.bit_length() - 1
    forced = (seven_d,) if "guindis" in heard and seven_d in pool else ()
    played_seven = any(s == partner and c[0] == "7" and c != "7D" for s, c in known.played)
    other_seven = "seven" in heard and not played_seven
    barred = 0
    if known.partner_tells:
        barred |= 0 if "guindis" in heard else SEVEN_D
        barred |= 0 if "seven" in heard else SEVENS & ~SEVEN_D
    return Placement(partner, forced, other_seven, barred)


class Placement(NamedTuple):
    """The partner's hand as its signals tell: cards in it, whether one of the other sevens is
    in it, and cards barred from it."""

    seat: int
    forced: tuple[int, ...]
    other_seven: bool
    barred: int


def _draw(
    pool: tuple[int, ...], placed: Placement, sizes: list[int], rng: random.Random
) -> list[int]:
    """Each seat's hand (a mask) from the pool: the partner's told cards first, then the
    shuffled rest (cards barred from the partner's hand go to the others and the stock)."""
    rest = list(pool)
    rng.shuffle(rest)
    hands = [0] * len(sizes)
    need = list(sizes)
    partner = placed.seat
    if partner >= 0:
        chosen = list(placed.forced)
        if placed.other_seven:
            sevens = [i for i in rest if 1 << i & SEVENS and 1 << i != SEVEN_D]
            chosen += sevens[:1]
        free = [i for i in rest if i not in chosen and not placed.barred >> i & 1]
        chosen = (chosen + free)[: need[partner]]
        for i in chosen:
            hands[partner] |= 1 << i
            rest.remove(i)
        need[partner] = 0
    at = 0
    for seat, wanted in enumerate(need):
        for i in rest[at : at + wanted]:
            hands[seat] |= 1 << i
        at += wanted
    return hands


def _consistent(known: Knowledge, hands: list[int]) -> bool:
    """Whether no seat holds a card that captured on a table it discarded onto while captures
    were mandatory, or one that swept a table it passed on sweeping."""
    for discard in known.discarded:
        table = mask_of(discard.table)
        if discard.sweep:
            if hands[discard.seat] & OF_VALUE[CAPTURE_SUM - total(table)]:
                return False
            continue
        made = sums_made(table)
        if any(made >> (CAPTURE_SUM - VALUES[i]) & 1 for i in bits_of(hands[discard.seat])):
            return False
    return True
