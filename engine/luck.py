"""Luck: how much better or worse each side's cards were dealt than the average deal could
have given it, by a value function of the cards dealt (AIVAT's chance correction, arXiv
1612.06915). Pure and deterministic: a function of the game's events and a value table.

Every deal of a round is a chance event: the first deal (the opening table, then the hands
from the other 36 cards) and each later deal of hands from the stock. At each one, a seat's
luck is its cards' value less their expected value over every hand the dealer could have
given it from the cards unseen before that deal, computed exactly (the value is linear in
features whose expectation has a closed form), so every term has expectation zero whatever
happened before it: the sum over a game is unbiased. A side's luck is its seats' sum; its
result less its luck is its skill score (docs/ratings.md).

The value of a seat's deal, `ValueTable` . `features`:
- `hold[c]`: the seat was dealt card `c`;
- `opening[c]`: card `c` is on the opening table and the seat plays first (it has first go);
- `sweep`: the seat plays first and holds a card that sweeps the table it finds;
- `bonus`: escopas the seat took with the opening table's bonus.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import math
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import Final

import msgspec

from engine.cards import CAPTURE_SUM, DECK, INDEX, VALUE
from engine.events import Claimed, Event, HandDealt, LastCardsTaken, Played, TableBonus
from engine.game import HAND_SIZE, OPENING_TABLE, opening_escopas
from engine.rules import Bonus, Rules, side_count, side_of
from engine.shuffle import shuffle_key, uniform
from engine.state import State

HOLD: Final = 0
OPENING: Final = len(DECK)
SWEEP: Final = 2 * len(DECK)
BONUS: Final = SWEEP + 1
FEATURES: Final = BONUS + 1
"""The feature vector's layout: 40 `hold`, 40 `opening`, then `sweep` and `bonus`."""
TABLE_FEATURES: Final = (*range(OPENING, SWEEP), BONUS)
"""The features of the opening table itself (the rest are the seat's hand's)."""
SAMPLES_VERSION: Final = "escopa-luck-v1"
StateValue = Callable[[State], float]
"""A value of the position just after a deal of a two-sided game: side 0's expected margin."""


class Chance(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One deal of a round, as the finished game's log shows it.

    `pool`: the cards unseen before it (the whole deck for a round's first deal, else the
    stock), in deck order; `opening`: the opening table it dealt (a round's first deal only);
    `table`: the table the first player finds, after any opening bonus (`bonus` escopas).
    """

    round: int
    hand: int
    dealer: int
    pool: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    opening: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    bonus: int = 0


class ValueTable(msgspec.Struct, frozen=True, kw_only=True):
    """A value function of a seat's deal: one weight per feature (the layout above), in round
    points; `version` names it in every luck figure made with it."""

    version: str
    weights: tuple[float, ...]


def chances(events: Iterable[Event]) -> list[Chance]:
    """Every deal of the game, in order, from its events (hands unredacted: a finished log)."""
    found: list[Chance] = []
    table: list[str] = []
    seen: set[str] = set()
    for event in events:
        if isinstance(event, HandDealt):
            if event.hand == 1:
                seen = set()
                table = list(event.table)
            pool = tuple(c for c in DECK if c not in seen)
            seen.update(event.table, *event.hands)
            found.append(
                Chance(
                    round=event.round,
                    hand=event.hand,
                    dealer=event.dealer,
                    pool=pool,
                    hands=event.hands,
                    opening=event.table,
                    table=tuple(table),
                )
            )
        elif isinstance(event, TableBonus):
            table = []
            found[-1] = msgspec.structs.replace(found[-1], table=(), bonus=event.escopas)
        elif isinstance(event, Played):
            if event.capture:
                table = [c for c in table if c not in event.capture]
            else:
                table.append(event.card)
        elif isinstance(event, Claimed):
            table = [c for c in table if c not in event.cards]
        elif isinstance(event, LastCardsTaken):
            table = []
    return found


def features(rules: Rules, chance: Chance, seat: int) -> list[float]:
    """The features of `seat`'s part of the deal."""
    found = [0.0] * FEATURES
    for card in chance.hands[seat]:
        found[HOLD + INDEX[card]] = 1.0
    if seat == _first_player(rules, chance):
        for card in chance.opening:
            found[OPENING + INDEX[card]] = 1.0
        sweeping = _sweeping(chance.table, chance.hands[seat])
        found[SWEEP] = 1.0 if sweeping else 0.0
    if chance.opening and seat == _bonus_taker(rules, chance):
        found[BONUS] = float(chance.bonus)
    return found


def expected(rules: Rules, chance: Chance, seat: int) -> list[float]:
    """The expectation of `features` over every deal the dealer could have made from the pool:
    the opening table a uniform 4 of the pool, then the seat's hand a uniform 3 of the rest."""
    found = [0.0] * FEATURES
    dealt = tuple(c for c in chance.pool if c not in chance.opening)
    for card in dealt:
        found[HOLD + INDEX[card]] = HAND_SIZE / len(dealt)
    if seat == _first_player(rules, chance):
        if chance.opening:
            for card in chance.pool:
                found[OPENING + INDEX[card]] = OPENING_TABLE / len(chance.pool)
        found[SWEEP] = _sweep_chance(chance.table, dealt)
    if chance.opening and seat == _bonus_taker(rules, chance):
        found[BONUS] = mean_opening_escopas(rules.initial_table_bonus)
    return found


def centred(rules: Rules, chance: Chance, seat: int) -> list[float]:
    """`features` less `expected`: what the deal gave `seat` beyond the average deal."""
    return [
        f - e
        for f, e in zip(features(rules, chance, seat), expected(rules, chance, seat), strict=True)
    ]


def chance_luck(rules: Rules, chance: Chance, values: ValueTable) -> tuple[float, ...]:
    """Each side's luck in one deal: its seats' dealt value less its expectation."""
    luck = [0.0] * side_count(rules)
    for seat in range(rules.players):
        luck[side_of(rules, seat)] += _dot(values.weights, centred(rules, chance, seat))
    return tuple(luck)


def luck(rules: Rules, events: Iterable[Event], values: ValueTable) -> tuple[float, ...]:
    """Each side's luck over the game's deals (round points; expectation zero)."""
    total = [0.0] * side_count(rules)
    for chance in chances(events):
        for side, amount in enumerate(chance_luck(rules, chance, values)):
            total[side] += amount
    return tuple(total)


def skill(results: Sequence[float], luck_of: Sequence[float]) -> tuple[float, ...]:
    """Each side's skill score: its result less its luck."""
    return tuple(r - lk for r, lk in zip(results, luck_of, strict=True))


@cache
def mean_opening_escopas(bonus: Bonus) -> float:
    """The expected escopas of the opening table's bonus over every table of 4 of the 40."""
    counts = [0] * 11
    for card in DECK:
        counts[VALUE[card]] += 1
    total = 0
    tables = 0
    for values in itertools.combinations_with_replacement(range(1, 11), OPENING_TABLE):
        ways = math.prod(math.comb(counts[v], values.count(v)) for v in set(values))
        total += ways * opening_escopas(bonus, values)
        tables += ways
    return total / tables


def _first_player(rules: Rules, chance: Chance) -> int:
    return (chance.dealer + 1) % rules.players


def _bonus_taker(rules: Rules, chance: Chance) -> int:
    return chance.dealer if rules.initial_bonus_taker == "dealer" else _first_player(rules, chance)


def _sweep_needs(table: Sequence[str]) -> int | None:
    """The value of a card that sweeps `table` (None: none can, or the table is empty)."""
    need = CAPTURE_SUM - sum(VALUE[c] for c in table)
    return need if table and 1 <= need <= 10 else None


def _sweeping(table: Sequence[str], hand: Sequence[str]) -> bool:
    need = _sweep_needs(table)
    return need is not None and any(VALUE[c] == need for c in hand)


def _sweep_chance(table: Sequence[str], dealt: Sequence[str]) -> float:
    """The chance that a uniform hand of 3 of `dealt` holds a card that sweeps `table`."""
    need = _sweep_needs(table)
    if need is None:
        return 0.0
    sweepers = sum(VALUE[c] == need for c in dealt)
    return 1 - math.comb(len(dealt) - sweepers, HAND_SIZE) / math.comb(len(dealt), HAND_SIZE)


def _dot(weights: Sequence[float], values: Sequence[float]) -> float:
    return math.fsum(w * v for w, v in zip(weights, values, strict=True))


def table_luck(rules: Rules, chance: Chance, values: ValueTable) -> tuple[float, ...]:
    """Each side's luck in the opening table alone (its cards and bonus): with `sampled_luck`
    for the hands, the first deal is the table, then the hands from the other 36 cards."""
    luck = [0.0] * side_count(rules)
    for seat in range(rules.players):
        gap = centred(rules, chance, seat)
        luck[side_of(rules, seat)] += math.fsum(values.weights[i] * gap[i] for i in TABLE_FEATURES)
    return tuple(luck)


def alternatives(state: State, samples: int) -> list[State]:
    """`samples` deals the dealer could have made instead of the one `state` was just dealt:
    the same position with the hands drawn uniformly from the cards the hands and the stock
    held, from a stream keyed by the game's seed, round and hand (the same every time)."""
    pool = sorted((*state.stock, *(c for hand in state.hands for c in hand)), key=INDEX.__getitem__)
    stream = _stream(state.seed, state.round, state.hand)
    found = []
    for _ in range(samples):
        cards = list(pool)
        for i in range(len(cards) - 1, 0, -1):
            j = uniform(stream, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        at = 0
        hands = []
        for hand in state.hands:
            hands.append(tuple(sorted(cards[at : at + len(hand)], key=INDEX.__getitem__)))
            at += len(hand)
        found.append(msgspec.structs.replace(state, hands=tuple(hands), stock=tuple(cards[at:])))
    return found


def sampled_luck(state: State, value: StateValue, samples: int) -> float:
    """Side 0's luck in the hands just dealt (`state` right after the deal), by any value
    function: its value less its mean over `alternatives`, an unbiased sample of the
    expectation (the hands are a uniform draw from what they and the stock held)."""
    others = [value(s) for s in alternatives(state, samples)]
    return value(state) - math.fsum(others) / len(others)


_WORDS: Final = struct.Struct(">8I")


def _stream(seed: str, round_no: int, hand: int) -> Iterator[int]:
    """Words of HMAC-SHA256(game's key, `escopa-luck-v1:round:hand:block`), as the shuffle's."""
    key = shuffle_key(seed)
    block = 0
    while True:
        message = f"{SAMPLES_VERSION}:{round_no}:{hand}:{block}".encode("ascii")
        yield from _WORDS.unpack(hmac.digest(key, message, hashlib.sha256))
        block += 1
