"""A match's life outside its moves: waiting for players, resigning, aborting, timing out.

A game whose seats are not all taken `waiting`: nothing is dealt and nothing drawn, so its
state holds the rules and the seed only. Resigning and aborting end a match early; each is a
pure step like a move: the new state and the `MatchEnded` event that says how it ended.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.errors import IllegalMove
from engine.events import Event, MatchEnded
from engine.rules import Rules, check_rules, seats_of, side_count, side_of
from engine.scoring import Outcome
from engine.state import State, unstarted


def waiting(rules: Rules, seed: str) -> State:
    """A game that waits for its players: nothing dealt or drawn (`engine.start` does that)."""
    check_rules(rules)
    dealer = rules.first_dealer if isinstance(rules.first_dealer, int) else 0
    return unstarted(rules, seed, dealer, "waiting")


def _running(state: State, seat: int) -> None:
    if not 0 <= seat < state.rules.players:
        raise IllegalMove("move/unknown_seat", "seat {seat} does not exist", seat=seat)
    if state.status == "finished":
        raise IllegalMove("move/game_over", "the match is over")


def _ended(state: State, outcome: Outcome) -> tuple[State, list[Event]]:
    ended = msgspec.structs.replace(
        state, status="finished", turn=None, claim=None, outcome=outcome
    )
    return ended, [MatchEnded(outcome=outcome)]


def resign(state: State, seat: int) -> tuple[State, list[Event]]:
    """`seat`'s side (a partnership together) loses the match; the other sides win it.

    With two sides the other one is the `winner`; with more, the sides that did not resign
    share the win (`seats`, no single `winner`). Only a match that has started can be resigned.
    """
    _running(state, seat)
    if state.status == "waiting":
        raise IllegalMove("move/not_started", "the game waits for players: nothing to resign")
    return _ended(state, _lost(state, seat, "resigned"))


def timeout(state: State, seat: int) -> tuple[State, list[Event]]:
    """`seat`'s clock ran out under the `forfeit` policy: its side loses the match, as by a
    resignation, with `result: "timeout"` and its seats in `timed_out`."""
    _running(state, seat)
    if state.status == "waiting":
        raise IllegalMove("move/not_started", "the game waits for players: no clock runs")
    return _ended(state, _lost(state, seat, "timeout"))


def _lost(state: State, seat: int, result: Literal["resigned", "timeout"]) -> Outcome:
    """The outcome in which `seat`'s side lost the match early."""
    rules = state.rules
    side = side_of(rules, seat)
    others = [s for s in range(side_count(rules)) if s != side]
    losers = seats_of(rules, side)
    return Outcome(
        winner=others[0] if len(others) == 1 else None,
        seats=tuple(sorted(s for other in others for s in seats_of(rules, other))),
        totals=state.scores,
        rounds=len(state.rounds),
        result=result,
        resigned=losers if result == "resigned" else (),
        timed_out=losers if result == "timeout" else (),
    )


def abortable(state: State) -> bool:
    """Whether the match may still be aborted: waiting, or no seat has played or claimed yet
    (deals and an opening table bonus are no seat's own move)."""
    if state.status == "waiting":
        return True
    return (
        state.status != "finished" and state.round == 1 and state.hand <= 1 and state.last is None
    )


def abort(state: State, seat: int) -> tuple[State, list[Event]]:
    """End the match with no winner, before any seat has made a move of its own."""
    _running(state, seat)
    if not abortable(state):
        raise IllegalMove("abort/too_late", "a seat has played already: resign instead")
    return _aborted(state)


def no_first_move(state: State, seat: int) -> tuple[State, list[Event]]:
    """End the match with no winner as `abort` does, for the clock's first-move rule: no
    person's seat made a move of its own in time (bots' seats may have played)."""
    _running(state, seat)
    return _aborted(state)


def _aborted(state: State) -> tuple[State, list[Event]]:
    outcome = Outcome(
        winner=None, seats=(), totals=state.scores, rounds=len(state.rounds), result="aborted"
    )
    return _ended(state, outcome)
