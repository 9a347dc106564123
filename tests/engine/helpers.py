"""Helpers shared by the engine tests: arranged positions, brute force, random playouts.

Everything here is written from docs/rules.md, independently of the engine's own algorithms, so
that comparing the engine against it checks something.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from engine import Move, State, legal_moves, make_rules, play_out, start
from engine.events import Event
from engine.playout import Step
from engine.shuffle import shuffle_key, shuffled_deck

RANKS = ("A", "2", "3", "4", "5", "6", "7", "Q", "J", "K")
SUITS = "CDHS"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
VALUE = {card: RANKS.index(card[0]) + 1 for card in DECK}
INDEX = {card: i for i, card in enumerate(DECK)}


def value(cards: Iterable[str]) -> int:
    """The sum of the cards' values (A=1 ... 7=7, Q=8, J=9, K=10)."""
    return sum(VALUE[c] for c in cards)


def canonical(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in canonical deck order."""
    return tuple(sorted(cards, key=INDEX.__getitem__))


def deck_order_key(cards: Sequence[str]) -> list[int]:
    """The documented order of capture sets: by the captured cards' deck indices."""
    return [INDEX[c] for c in canonical(cards)]


def brute_captures(table: Sequence[str], card_value: int) -> list[tuple[str, ...]]:
    """Every subset of the table summing to 15 - card_value, by itertools.combinations."""
    found = [
        canonical(combo)
        for size in range(1, len(table) + 1)
        for combo in itertools.combinations(table, size)
        if value(combo) + card_value == 15
    ]
    return sorted(found, key=deck_order_key)


def game(
    preset: str = "escopa", seed: str = "escopa", **overrides: Any
) -> tuple[State, list[Event]]:
    """A started game of a preset with some options overridden."""
    return start(make_rules(preset, overrides), seed)


def seed_with_opening_table(ranks: str, players: int = 2) -> str:
    """A seed whose round-1 opening table has these ranks (searched with the tested shuffle)."""
    wanted = sorted(ranks)
    for n in range(20_000):
        seed = f"table-{ranks}-{n}"
        deck = shuffled_deck(shuffle_key(seed), 1)
        if sorted(c[0] for c in deck[3 * players : 3 * players + 4]) == wanted:
            return seed
    raise AssertionError(f"no seed opens with {ranks}")  # pragma: no cover


def arrange(
    state: State,
    *,
    hands: Sequence[Sequence[str]],
    table: Sequence[str],
    turn: int = 0,
    captured: Sequence[Sequence[str]] | None = None,
    **changes: Any,
) -> State:
    """A position built on a started game: these hands and table, every other card in the stock.

    The hands are given per seat (sorted canonically, as the engine keeps them); the stock gets
    the remaining cards so that all 40 cards stay in exactly one place.
    """
    piles = tuple(tuple(p) for p in captured) if captured is not None else state.captured
    placed = [c for h in hands for c in h] + list(table) + [c for p in piles for c in p]
    assert len(placed) == len(set(placed)), f"a card is placed twice: {placed}"
    stock = tuple(c for c in DECK if c not in set(placed))
    return msgspec.structs.replace(
        state,
        status="playing",
        hands=tuple(canonical(h) for h in hands),
        table=tuple(table),
        stock=stock,
        captured=piles,
        turn=turn,
        claim=None,
        **changes,
    )


def actor(state: State) -> int:
    """The seat that acts now: the seat to play, or seat 0 asking for a due deal."""
    return state.turn if state.turn is not None else 0


def card_places(state: State) -> Counter[str]:
    """How many times each card appears in the stock, hands, table and captured piles."""
    places: Counter[str] = Counter(state.stock)
    places.update(state.table)
    for hand in state.hands:
        places.update(hand)
    for pile in state.captured:
        places.update(pile)
    return places


def first_legal(state: State, seat: int) -> Move:
    """A chooser for `play_out`: the first legal move."""
    return legal_moves(state, seat)[0]


def last_legal(state: State, seat: int) -> Move:
    """A chooser for `play_out`: the last legal move."""
    return legal_moves(state, seat)[-1]


def random_playout(state: State, rng: random.Random, max_moves: int = 20_000) -> list[Step]:
    """Play random legal moves to the end of the match: every (seat, move, state, events)."""
    final, steps = play_out(
        state, lambda s, seat: rng.choice(legal_moves(s, seat)), max_moves=max_moves
    )
    assert final.status == "finished", "the match does not end"
    return steps


def play_first_moves(state: State, count: int) -> State:
    """Apply the first legal move `count` times."""
    return play_out(state, first_legal, max_moves=count)[0]
