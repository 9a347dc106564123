"""Turn clocks as data: banks and deadlines from the entries' times, and the forfeit step."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import clock
from engine.errors import RulesError
from engine.events import MatchEnded
from engine.rules import Clock

FORFEIT = Clock(turn_seconds=2, bank_seconds=3, on_timeout="forfeit")
BOT = Clock(turn_seconds=2, bank_seconds=3, on_timeout="bot", zombie_after=2, zombie_seconds=1)


def clocked(policy: Clock = FORFEIT) -> engine.State:
    rules = engine.make_rules("escopa", {"clock": msgspec.to_builtins(policy)})
    state, _ = engine.start(rules, "clock")
    return state


def first_play(state: engine.State) -> engine.State:
    assert state.turn is not None
    after, _ = engine.apply(state, state.turn, engine.legal_moves(state)[0])
    return after


def test_no_deadline_runs_before_a_seat_has_made_a_move_of_its_own() -> None:
    state = clocked()
    timing = clock.opening(FORFEIT, state, 1_000)
    assert timing.seat == state.turn and not timing.running
    assert clock.deadline(FORFEIT, timing) is None


def test_the_first_move_starts_the_clock_of_the_next_seat_at_its_commit_time() -> None:
    state = clocked()
    timing = clock.opening(FORFEIT, state, 1_000)
    after = first_play(state)
    timing = clock.passed(FORFEIT, timing, after, 4_000, False, True, state.turn)
    assert timing.running and timing.seat == after.turn and timing.since == 4_000
    assert clock.deadline(FORFEIT, timing) == 4_000 + 2_000 + 3_000


def test_a_bots_move_starts_no_clock_and_a_persons_first_move_does() -> None:
    state = clocked()
    assert state.turn is not None
    robot, person = state.turn, 1 - state.turn
    timing = clock.opening(FORFEIT, state, 0, bots=(robot,))
    assert timing.people == (person,)
    after = first_play(state)
    timing = clock.passed(FORFEIT, timing, after, 1_000, False, True, robot)
    assert not timing.running and timing.seat == person
    timing = clock.passed(FORFEIT, timing, first_play(after), 2_000, False, True, person)
    assert timing.running


def test_no_first_move_aborts_a_match_a_bot_has_played_in_and_abort_does_not() -> None:
    played = first_play(clocked())
    with pytest.raises(engine.IllegalMove, match="a seat has played already"):
        engine.abort(played, 1)
    ended, events = engine.no_first_move(played, 1)
    assert ended.status == "finished" and ended.outcome is not None
    assert ended.outcome.result == "aborted" and ended.outcome.winner is None
    assert [type(event) for event in events] == [MatchEnded]


def test_time_past_the_turn_comes_out_of_the_seat_bank_and_only_its_own() -> None:
    state = clocked()
    timing = clock.passed(
        FORFEIT, clock.opening(FORFEIT, state, 0), first_play(state), 0, False, True, state.turn
    )
    seat = timing.seat
    assert seat is not None
    after = first_play(first_play(state))
    timing = clock.passed(FORFEIT, timing, after, 3_500, False, True, seat)
    assert timing.banks[seat] == 3_000 - 1_500
    assert timing.banks[1 - seat] == 3_000


def test_a_timeout_empties_the_bank_and_counts_a_miss_that_a_move_of_the_person_clears() -> None:
    state = clocked(BOT)
    opened = clock.opening(BOT, state, 0)
    timing = clock.passed(BOT, opened, first_play(state), 0, False, True, state.turn)
    seat = timing.seat
    assert seat is not None
    for at in (5_000, 10_000):  # seat times out, the other seat plays straight away
        timing = clock.passed(BOT, timing, first_play(state), at, True, True, None)
        timing = msgspec.structs.replace(timing, seat=seat, since=at)
    assert timing.banks[seat] == 0 and timing.misses[seat] == 2
    assert clock.zombie(BOT, timing, seat)
    assert clock.deadline(BOT, timing) == 10_000 + 1_000
    timing = clock.passed(BOT, timing, first_play(state), 10_500, False, True, seat)
    assert timing.misses[seat] == 0


@given(st.lists(st.integers(min_value=0, max_value=20_000), min_size=1, max_size=30))
def test_banks_never_grow_nor_go_below_zero_and_every_deadline_follows_its_turn(
    gaps: list[int],
) -> None:
    state = clocked()
    timing = clock.passed(
        FORFEIT, clock.opening(FORFEIT, state, 0), first_play(state), 0, False, True, state.turn
    )
    at = 0
    for gap in gaps:
        before = timing
        at += gap
        timing = clock.passed(FORFEIT, timing, first_play(state), at, False, True, None)
        assert all(0 <= new <= old for new, old in zip(timing.banks, before.banks, strict=True))
        due = clock.deadline(FORFEIT, timing)
        assert due is not None and due >= at + FORFEIT.turn_seconds * 1000


def test_a_forfeit_gives_the_match_to_the_other_side_with_result_timeout() -> None:
    ended, events = engine.timeout(first_play(clocked()), 1)
    assert ended.status == "finished" and ended.outcome is not None
    assert (ended.outcome.result, ended.outcome.winner, ended.outcome.timed_out) == (
        "timeout", 0, (1,),
    )  # fmt: skip
    assert ended.outcome.resigned == ()
    assert len(events) == 1


def test_a_game_without_a_clock_keeps_the_rules_hash_of_before() -> None:
    assert b"clock" not in engine.canonical_json(engine.make_rules("escopa"))


@pytest.mark.parametrize(
    ("clock_option", "field"),
    [
        ({"turn_seconds": 0, "bank_seconds": 1, "on_timeout": "bot"}, "clock.turn_seconds"),
        ({"turn_seconds": 1, "bank_seconds": -1, "on_timeout": "bot"}, "clock.bank_seconds"),
        ({"turn_seconds": 1, "bank_seconds": 1, "on_timeout": "nap"}, "clock.on_timeout"),
        ({"turn_seconds": 1, "bank_seconds": 1}, "clock"),
    ],
)
def test_a_clock_out_of_bounds_is_refused_by_its_field(
    clock_option: dict[str, object], field: str
) -> None:
    with pytest.raises(RulesError) as refused:
        engine.make_rules("escopa", {"clock": clock_option})
    assert refused.value.field.startswith(field)


def test_a_partnership_forfeits_together_on_one_seat_timeout() -> None:
    rules = engine.make_rules("escopa", {"players": 4, "clock": msgspec.to_builtins(FORFEIT)})
    state, _ = engine.start(rules, "clock-4")
    ended, _ = engine.timeout(first_play(state), 3)
    assert ended.outcome is not None
    assert (ended.outcome.timed_out, ended.outcome.seats) == ((1, 3), (0, 2))


def timing_with(misses: tuple[int, ...], people: tuple[int, ...]) -> clock.Timing:
    return clock.Timing(
        seat=0, since=0, banks=(0,) * len(misses), misses=misses, running=True, people=people
    )


@given(
    st.lists(st.integers(min_value=0, max_value=6), min_size=2, max_size=4),
    st.integers(min_value=0, max_value=3),
    st.sampled_from([BOT, msgspec.structs.replace(BOT, on_timeout="first_move")]),
)
def test_a_timeout_forfeits_exactly_when_every_person_has_missed_a_whole_hand(
    misses: list[int], seat_pick: int, policy: Clock
) -> None:
    seat = seat_pick % len(misses)
    people = tuple(range(0, len(misses), 2))  # every other seat a person, the rest bots
    timing = timing_with(tuple(misses), people)
    after = [m + (s == seat) for s, m in enumerate(misses)]
    left = all(after[p] >= clock.HAND_TURNS for p in people)
    assert clock.abandoned(policy, timing, seat, 0) == left
    assert not clock.abandoned(policy, timing, seat, 2), "a game of boards plays to its end"


def test_a_lone_person_who_left_forfeits_on_the_third_timeout_in_a_row() -> None:
    timing = timing_with((2, 0), (0,))
    assert clock.abandoned(BOT, timing, 0, 0)
    assert not clock.abandoned(BOT, timing_with((1, 0), (0,)), 0, 0)
    assert not clock.abandoned(FORFEIT, timing, 0, 0), "forfeit is the policy's own"
    assert not clock.abandoned(BOT, timing_with((2, 0, 0, 0), (0, 1)), 0, 0), "one plays on"
