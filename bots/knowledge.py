"""What a seat knows from the public log beyond its view: this round's captures, this hand's
plays, the partner's signals, and what a seat cannot hold. Built only from events as that seat
may see them (`engine.redact`) and from signals it may see, so it holds no secret."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from engine.cards import CAPTURE_SUM, VALUE
from engine.events import Claimed, Event, HandDealt, LastCardsTaken, Played, TableBonus
from engine.rules import Rules, side_count, side_of
from engine.signals import Signal, sees_signal
from engine.views import redact


class Heard(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A signal entry of the log: `sender` signalled `signal` to its partner."""

    sender: int
    signal: Signal


class Discarded(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """`seat` discarded onto `table` while captures were mandatory: none of the cards it still
    holds in this hand captures anything there. With `sweep` (captures optional), it passed on
    sweeping that table: a player who sweeps when it can holds no card that does."""

    seat: int
    table: tuple[str, ...]
    sweep: bool = False


class Knowledge(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A seat's public knowledge of the round so far (reset at each round's first deal).

    `captured` is per side and `last_capturer` the side that captured last; `played` and
    `signals` are this hand's, in order (`signals` holds the seat's own signals and those its
    partner sent it).
    """

    seat: int
    rules: Rules
    round: int = 0
    hand: int = 0
    table: tuple[str, ...] = ()
    captured: tuple[tuple[str, ...], ...] = ()
    played: tuple[tuple[int, str], ...] = ()
    signals: tuple[Heard, ...] = ()
    discarded: tuple[Discarded, ...] = ()
    last_capturer: int | None = None
    partner_tells: bool = False
    """The partner signals every seven it is dealt as soon as the hand is dealt (a signalling
    bot does; its level is public), so a signal it did not send is a seven it does not hold."""


Observed = Event | Heard
"""What a seat may learn from: the log's events and its signal entries."""


def knowledge_of(
    rules: Rules, seat: int, log: Iterable[Observed] = (), partner_tells: bool = False
) -> Knowledge:
    """A seat's knowledge after the log's events and signals, in log order; `partner_tells`
    when its partner is a bot that signals every seven it is dealt."""
    known = Knowledge(
        seat=seat, rules=rules, captured=((),) * side_count(rules), partner_tells=partner_tells
    )
    for item in log:
        known = learn(known, item)
    return known


def learn(known: Knowledge, item: Observed) -> Knowledge:
    """The knowledge after one more event or signal of the log (redacted for the seat first)."""
    if isinstance(item, Heard):
        return _heard(known, item)
    event = redact(item, known.seat)
    replace = msgspec.structs.replace
    if isinstance(event, HandDealt):
        if event.hand == 1:
            return replace(
                known,
                round=event.round,
                hand=1,
                table=event.table,
                captured=((),) * side_count(known.rules),
                played=(),
                signals=(),
                discarded=(),
                last_capturer=None,
            )
        return replace(known, hand=event.hand, played=(), signals=(), discarded=())
    if isinstance(event, TableBonus):
        return _taken(replace(known, table=()), event.seat, event.cards)
    if isinstance(event, Played):
        return _played(known, event)
    if isinstance(event, Claimed):
        table = tuple(c for c in known.table if c not in event.cards)
        return _taken(replace(known, table=table), event.seat, event.cards)
    if isinstance(event, LastCardsTaken):
        return replace(known, table=())
    return known


def _heard(known: Knowledge, heard: Heard) -> Knowledge:
    """Keep a signal the seat may see: its own, or its partner's to it."""
    if not sees_signal(known.rules, heard.sender, known.seat):
        return known
    return msgspec.structs.replace(known, signals=(*known.signals, heard))


def _played(known: Knowledge, event: Played) -> Knowledge:
    """A play: a capture leaves the table for a side, a discard joins it."""
    replace = msgspec.structs.replace
    played = (*known.played, (event.seat, event.card))
    if event.capture:
        table = tuple(c for c in known.table if c not in event.capture)
        changed = replace(known, table=table, played=played)
        return _taken(changed, event.seat, (event.card, *event.capture))
    discarded = known.discarded
    if known.rules.capture == "mandatory":
        discarded = (*discarded, Discarded(seat=event.seat, table=known.table))
    elif 1 <= CAPTURE_SUM - sum(VALUE[card] for card in known.table) <= max(VALUE.values()):
        discarded = (*discarded, Discarded(seat=event.seat, table=known.table, sweep=True))
    return replace(known, table=(*known.table, event.card), played=played, discarded=discarded)


def _taken(known: Knowledge, seat: int, cards: tuple[str, ...]) -> Knowledge:
    """`seat`'s side captured `cards`."""
    side = side_of(known.rules, seat)
    captured = list(known.captured)
    captured[side] = (*captured[side], *cards)
    return msgspec.structs.replace(known, captured=tuple(captured), last_capturer=side)
