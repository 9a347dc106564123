"""A game's log entries as webhook events: the same mapping for every entry type, in a fixed
order, and never a card a spectator could not see."""

from __future__ import annotations

import random
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.cards import DECK
from service.core.webhooks.webhook_events import events_of, signature
from service.core.webhooks.webhook_messages import TimeoutEvent
from service.ledger.chain import GameInfo, visible
from service.ledger.game_meta import GameMeta, SeatMeta
from service.ledger.log import Cursor, Opening, Step

CARDS = frozenset(DECK)
META = GameMeta(seats=(SeatMeta("Ana", ""), SeatMeta("Bia", "")), seed_commitment="", created="")


def opening(seed: str) -> Opening:
    rules = engine.make_rules("escopa", {})
    info = GameInfo(rules=rules, players=("Ana", "Bia"), seed=seed, seed_commitment="c")
    return Opening(info, 0, b"k" * 16)


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def played(seed: str, rng: random.Random) -> list[tuple[Any, Any, Any]]:
    """Every entry of a game played to its end by random legal moves: (entry, before, after)."""
    cursor, entry = Cursor.opening(opening(seed))
    found = [(entry, None, cursor.state)]
    while cursor.state.status != "finished":
        seat = engine.current_seat(cursor.state)
        assert seat is not None
        move = rng.choice(engine.legal_moves(cursor.state, seat))
        before = cursor.state
        step = Step(seat, str(move), 1000)
        found.append((cursor.step(step), before, cursor.state))
    return found


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000))
def test_no_event_of_a_whole_game_names_a_card(seed: int) -> None:
    game = played(f"hooks-{seed}", random.Random(seed))
    bodies = [
        msgspec.to_builtins(event)
        for entry, before, after in game
        for event in events_of("g", entry, before, after, META)
    ]
    kinds = [body["type"] for body in bodies]
    assert kinds[:2] == ["game.started", "turn"]
    assert kinds[-1] == "game.finished"
    assert kinds.count("game.finished") == 1
    assert kinds.count("turn") == len(game) - 1  # every entry but the last leaves a seat to act
    assert not [s for body in bodies for s in strings(body) if s in CARDS]
    ids = [body["id"] for body in bodies]
    assert len(ids) == len(set(ids))


def test_an_entry_type_that_names_an_event_yields_it_first_redacted_for_a_spectator() -> None:
    game = played("hooks-timeout", random.Random(1))
    entry, before, after = next(  # an entry that deals: its hands are hidden from spectators
        (e, b, a)
        for e, b, a in game[1:]
        if a.status != "finished" and visible(e, None, False, a.rules) != e
    )
    timed_out = msgspec.structs.replace(entry, type="timeout")
    events = events_of("g", timed_out, before, after, META)
    assert [type(e).__name__ for e in events] == ["TimeoutEvent", "TurnEvent"]
    shown = events[0]
    assert isinstance(shown, TimeoutEvent)
    assert shown.seat == entry.seat
    assert shown.entry.salt is None  # the redacted form, as a spectator's /log shows it
    assert shown.entry == visible(timed_out, None, False, after.rules)
    hidden = {c for hand in after.hands for c in hand}
    assert hidden
    assert not [s for s in strings(msgspec.to_builtins(shown)) if s in hidden]


def test_a_turn_carries_the_deadline_it_is_given_and_null_without_a_clock() -> None:
    game = played("hooks-deadline", random.Random(2))
    entry, before, after = game[2]
    [timed] = events_of("g", entry, before, after, META, "2026-12-01T17:00:00.000Z")
    [untimed] = events_of("g", entry, before, after, META)
    assert msgspec.to_builtins(timed)["deadline"] == "2026-12-01T17:00:00.000Z"
    assert msgspec.to_builtins(untimed)["deadline"] is None


def test_the_signature_is_stripes_scheme() -> None:
    header = signature("whsec_x", 1700000000, b'{"a":1}')
    assert header == (
        "t=1700000000,v1="
        + __import__("hmac").new(b"whsec_x", b'1700000000.{"a":1}', "sha256").hexdigest()
    )
