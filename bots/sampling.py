"""Deals of the hidden cards consistent with what a seat knows (determinizations).

The hidden cards are every card not in the seat's hand, on the table or captured this round.
They are dealt at random to the other hands (by their sizes) and the stock, except that a
partner's signal places a seven in its hand, and a seat that discarded while captures were
mandatory holds no card that captured on that table (deals breaking that are drawn again).
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from bots.cards import ALL, SEVEN_D, SEVENS, VALUES, bits_of, mask_of, sums_of
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
    forced = _signalled(seen, known, pool)
    sizes = list(seen.hand_sizes)
    sizes[seat] = 0
    own = mask_of(seen.hand)
    found = []
    for _ in range(count):
        for _ in range(REDRAWS):
            hands = _draw(pool, forced, sizes, rng)
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


def _signalled(seen: View, known: Knowledge, pool: tuple[int, ...]) -> dict[int, list[int]]:
    """Cards the partner's signals place in its hand: the 7D, or one of the other sevens."""
    assert seen.seat is not None
    partner = partner_of(seen.rules, seen.seat)
    if partner is None or not seen.hand_sizes[partner]:
        return {}
    heard = {h.signal for h in known.signals if h.sender == partner}
    placed: list[int] = []
    seven_d = SEVEN_D.bit_length() - 1
    if "guindis" in heard and seven_d in pool:
        placed.append(seven_d)
    played_seven = any(s == partner and c[0] == "7" and c != "7D" for s, c in known.played)
    others = [i for i in pool if 1 << i & SEVENS and i != seven_d]
    if "seven" in heard and not played_seven and others:
        placed.append(-1)  # one of `others`, drawn with the deal
    return {partner: placed} if placed else {}


def _draw(
    pool: tuple[int, ...], forced: dict[int, list[int]], sizes: list[int], rng: random.Random
) -> list[int]:
    """Each seat's hand (a mask) from the pool: forced cards first, then shuffled ones."""
    rest = list(pool)
    hands = [0] * len(sizes)
    need = list(sizes)
    for seat, cards in forced.items():
        for wanted in cards:
            if not need[seat]:
                break
            card = wanted
            if wanted < 0:
                sevens = [i for i in rest if 1 << i & SEVENS and 1 << i != SEVEN_D]
                if not sevens:
                    continue
                card = rng.choice(sevens)
            rest.remove(card)
            hands[seat] |= 1 << card
            need[seat] -= 1
    rng.shuffle(rest)
    at = 0
    for seat, wanted in enumerate(need):
        for i in rest[at : at + wanted]:
            hands[seat] |= 1 << i
        at += wanted
    return hands


def _consistent(known: Knowledge, hands: list[int]) -> bool:
    """Whether no seat holds a card that captured on a table it discarded onto."""
    for discard in known.discarded:
        sums = sums_of(mask_of(discard.table))
        if any(sums[CAPTURE_SUM - VALUES[i]] for i in bits_of(hands[discard.seat])):
            return False
    return True
