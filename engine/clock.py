"""Turn clocks as data: the banks and the deadline of the seat to act, derived from the log.

Time enters only as the commit time of each entry (milliseconds, given by the caller), so a
replay of the log gives back every deadline. A turn starts when the entry before it was
committed; it gives the seat `turn_seconds`, then draws on the seat's bank. The clock runs
once a person's seat has made a move of its own (a bot's move does not start it): before that
the service aborts a game whose first move never comes, so bots never play a match out alone.
"""

from __future__ import annotations

from typing import Final

import msgspec

from engine.game import current_seat
from engine.rules import Clock
from engine.state import State


class Timing(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The clock after an entry: the seat it runs for (None: nobody is to act) and since when,
    every seat's bank and its timeouts in a row, whether the clock runs yet, and the people's
    seats (a move of one of them starts it)."""

    seat: int | None
    since: int
    banks: tuple[int, ...]
    misses: tuple[int, ...]
    running: bool
    people: tuple[int, ...]


def opening(clock: Clock, state: State, at: int, bots: tuple[int, ...] = ()) -> Timing:
    """The clock of a game whose first entry was committed at `at`; `bots` are the seats
    played by bots, whose moves do not start it."""
    players = state.rules.players
    return Timing(
        seat=_to_act(state),
        since=at,
        banks=(clock.bank_seconds * 1000,) * players,
        misses=(0,) * players,
        running=False,
        people=tuple(seat for seat in range(players) if seat not in bots),
    )


def _to_act(state: State) -> int | None:
    if state.status in ("waiting", "finished"):
        return None
    return current_seat(state)


def deadline(clock: Clock, timing: Timing) -> int | None:
    """When the seat to act runs out of time (ms), or None while no clock runs."""
    seat = timing.seat
    if seat is None or not timing.running:
        return None
    if zombie(clock, timing, seat):
        return timing.since + min(clock.zombie_seconds, clock.turn_seconds) * 1000
    return timing.since + clock.turn_seconds * 1000 + timing.banks[seat]


def zombie(clock: Clock, timing: Timing, seat: int) -> bool:
    """Whether a bot plays `seat`'s turns at once: it timed out `zombie_after` times in a row."""
    return (
        clock.on_timeout == "bot"
        and clock.zombie_after > 0
        and timing.misses[seat] >= clock.zombie_after
    )


HAND_TURNS: Final = 3
"""A seat's turns in one hand (three cards): a person seat that missed them all in a row has
left the table."""


def abandoned(clock: Clock, timing: Timing, seat: int, boards: int) -> bool:
    """Whether `seat`'s timeout now forfeits the match though its policy plays on (`bot`,
    `first_move`): in a game to a target, once this timeout is counted every person seat has
    missed a whole hand's turns in a row, so no person is left and bots never play on alone.
    A game of boards (a tournament's table) plays on to its last board."""
    if boards or clock.on_timeout == "forfeit" or not timing.people:
        return False
    misses = _put(timing.misses, seat, timing.misses[seat] + 1)
    return all(misses[person] >= HAND_TURNS for person in timing.people)


def passed(
    clock: Clock,
    timing: Timing,
    after: State,
    at: int,
    timed_out: bool,
    acted: bool,
    mover: int | None,
) -> Timing:
    """The clock after an entry committed at `at` that led to `after`: the seat whose turn it
    was pays the time past its `turn_seconds` from its bank (`acted`: the entry was that
    turn's move, a deal or a timeout), and the next turn starts at `at`. `mover`: the seat
    whose own move (a play or a claim) the entry was; a person's starts the clock."""
    banks, misses = timing.banks, timing.misses
    seat = timing.seat
    if acted and seat is not None and timing.running:
        over = max(0, at - timing.since - clock.turn_seconds * 1000)
        if not zombie(clock, timing, seat):
            banks = _put(banks, seat, 0 if timed_out else max(0, banks[seat] - over))
        misses = _put(misses, seat, misses[seat] + 1 if timed_out else 0)
    started = mover in timing.people and after.status != "waiting"
    return Timing(
        seat=_to_act(after),
        since=at,
        banks=banks,
        misses=misses,
        running=timing.running or started,
        people=timing.people,
    )


def _put(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    changed = list(values)
    changed[seat] = value
    return tuple(changed)
