"""A seat's knowledge, built from the log as it may see it, matches the truth it may know."""

from __future__ import annotations

import random

import pytest

import engine
from bots import Heard, Knowledge, knowledge_of, learn
from bots.card_bits import cards_of
from bots.sampling import hidden
from engine import Event, legal_moves, play_out, view


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("escopa", {"players": 2}),
        ("escoba", {"players": 3, "capture": "mandatory"}),
        ("escopa", {"players": 4, "initial_table_bonus": "pairs"}),
    ],
)
def test_knowledge_follows_the_table_the_captures_and_the_hidden_cards(
    preset: str, overrides: dict[str, object]
) -> None:
    rules = engine.make_rules(preset, {**overrides, "target": 8})
    state, opening = engine.start(rules, f"knowledge-{preset}")
    rng = random.Random(7)
    known = [knowledge_of(rules, seat, opening) for seat in range(rules.players)]
    _, steps = play_out(state, lambda s, seat: rng.choice(legal_moves(s, seat)))
    checked = 0
    for step in steps:
        now = step.state
        known = [learn_all(k, step.events) for k in known]
        if now.status != "playing":
            continue
        for seat, k in enumerate(known):
            assert k.table == now.table
            assert k.captured == now.captured
            assert k.last_capturer == now.last_capturer
            others = {c for s, h in enumerate(now.hands) if s != seat for c in h}
            assert set(cards_of(hidden(view(now, seat), k))) == others | set(now.stock)
            checked += 1
    assert checked > 100


def learn_all(known: Knowledge, events: list[Event]) -> Knowledge:
    """The knowledge after some events."""
    for event in events:
        known = learn(known, event)
    return known


def test_a_seat_keeps_its_own_signals_and_its_partner_s_but_not_the_opponents() -> None:
    rules = engine.make_rules("escopa", {"players": 4})
    known = knowledge_of(
        rules,
        0,
        [
            Heard(sender=0, signal="seven"),
            Heard(sender=1, signal="guindis"),
            Heard(sender=2, signal="guindis"),
            Heard(sender=3, signal="seven"),
        ],
    )
    assert known.signals == (Heard(sender=0, signal="seven"), Heard(sender=2, signal="guindis"))


def test_signals_are_forgotten_when_the_next_hand_is_dealt() -> None:
    rules = engine.make_rules("escopa", {"players": 4})
    state, opening = engine.start(rules, "knowledge-hands")
    known = knowledge_of(rules, 0, [*opening, Heard(sender=2, signal="seven")])
    assert known.signals
    state, steps = play_out(
        state, lambda s, seat: legal_moves(s, seat)[0], until=lambda s: s.hand == 2
    )
    for step in steps:
        known = learn_all(known, step.events)
    assert known.hand == 2 and known.signals == ()
