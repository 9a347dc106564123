"""The abuse watch as a pure function (`service.ledger.watch`): how a log ended, what one match
counts for each player, and when a player's window flags it; a flag stays until cleared."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.rules import side_of
from engine.scoring import Outcome
from service.ledger.watch import (
    EMPTY,
    Ending,
    Played,
    Thresholds,
    Watch,
    cleared,
    ending_of,
    played,
    raised,
    reliability,
    watch_match,
    watched,
)

LIMITS = Thresholds(window=10, early_moves=8, sandbag=3, boost=3, repeats=6)
TWO = engine.make_rules("escopa", {"players": 2})
FOUR = engine.make_rules("escopa", {"players": 4})


def resigned(seat: int, players: int = 2) -> Outcome:
    """`seat`'s side resigned a match of two sides."""
    rules = TWO if players == 2 else FOUR
    losers = tuple(s for s in range(players) if side_of(rules, s) == side_of(rules, seat))
    winners = tuple(s for s in range(players) if s not in losers)
    other = 1 - side_of(rules, seat)
    return Outcome(
        winner=other, seats=winners, totals=(0, 0), rounds=0, result="resigned", resigned=losers
    )


def test_an_ending_is_the_last_act_of_a_seat_and_the_moves_before_it() -> None:
    steps = [("deal", 0, "deal"), ("move", 1, "3C"), ("move", 0, "5D"), ("resigned", 1, "")]
    assert ending_of(steps) == Ending(moves=2, by=1)
    assert ending_of([("aborted", 0, "")]) == Ending(moves=0, by=0)
    assert ending_of([("move", 1, "3C"), ("timeout", 0, "forfeit")]) == Ending(1, 0, left=True)
    assert ending_of([("timeout", 1, "abort")]) == Ending(0, 1, left=True)
    played_out = [("move", 1, "3C"), ("timeout", 0, "5D"), ("move", 1, "7S")]
    assert ending_of(played_out) == Ending(moves=2)
    assert ending_of([("resigned", 0, ""), ("rematch", 1, "abc")]) == Ending(0, 0)


def test_a_match_given_up_early_counts_for_the_seat_that_gave_it_up_not_its_partner() -> None:
    players = {0: "ana", 1: "bia", 2: "caio", 3: "bot:greedy"}
    ending = Ending(moves=2, by=0)
    outcome = resigned(0, 4)
    ana = played(FOUR, outcome, players, 0, ending, LIMITS)
    caio = played(FOUR, outcome, players, 2, ending, LIMITS)
    bia = played(FOUR, outcome, players, 1, ending, LIMITS)
    assert ana == Played(against=("bia",), won=False, gave_up=True, beaten_early=False, left=False)
    assert not caio.gave_up and not caio.won
    assert bia == Played(
        against=("ana", "caio"), won=True, gave_up=False, beaten_early=True, left=False
    )


def test_a_late_resignation_or_a_table_is_no_early_give_up() -> None:
    players = {0: "ana", 1: "bia"}
    late = played(TWO, resigned(1), players, 1, Ending(moves=8, by=1), LIMITS)
    assert not late.gave_up and not late.left
    table = played(TWO, resigned(1), players, 0, None, LIMITS)
    assert table.won and not table.beaten_early


def test_giving_up_early_sandbag_times_in_the_window_flags_sandbagging() -> None:
    gave_up = Played(against=("x",), won=False, gave_up=True, beaten_early=False, left=False)
    honest = Played(against=("y",), won=True, gave_up=False, beaten_early=False, left=False)
    watch = EMPTY
    for n, match in enumerate([gave_up, honest, gave_up]):
        watch = watched(watch, match, LIMITS, f"g{n}")
    assert watch.flag is None
    watch = watched(watch, gave_up, LIMITS, "g3")
    assert watch.flag is not None
    assert (watch.flag.kind, watch.flag.at, watch.flag.count) == ("sandbag", "g3", 3)
    assert watch.flag.thresholds == LIMITS


def test_wins_off_one_opponent_who_gives_up_early_flag_boosting_and_name_the_friend() -> None:
    fed = Played(against=("friend",), won=True, gave_up=False, beaten_early=True, left=False)
    watch = EMPTY
    for n in range(3):
        watch = watched(watch, fed, LIMITS, f"g{n}")
    assert watch.flag is not None
    assert (watch.flag.kind, watch.flag.against, watch.flag.count) == ("boost", "friend", 3)


def test_many_wins_over_one_opponent_flag_boosting_however_they_ended() -> None:
    win = Played(against=("friend",), won=True, gave_up=False, beaten_early=False, left=False)
    loss = Played(against=("friend",), won=False, gave_up=False, beaten_early=False, left=False)
    matches = [win, loss] * 5 + [win] * 5
    flags = [raised(matches[max(0, n - 9) : n + 1], LIMITS, "x") for n in range(len(matches))]
    first = next(n for n, flag in enumerate(flags) if flag is not None)
    assert sum(m.won for m in matches[max(0, first - 9) : first + 1]) == LIMITS.repeats


def test_only_the_window_counts_and_a_flag_stays_until_the_operator_clears_it() -> None:
    gave_up = Played(against=("x",), won=False, gave_up=True, beaten_early=False, left=True)
    honest = Played(against=("y",), won=False, gave_up=False, beaten_early=False, left=False)
    spread = EMPTY
    for n, match in enumerate(([gave_up] + [honest] * 9) * 3):
        spread = watched(spread, match, LIMITS, str(n))
    assert spread.flag is None and len(spread.recent) == LIMITS.window
    flagged = EMPTY
    for n in range(3):
        flagged = watched(flagged, gave_up, LIMITS, str(n))
    for n in range(20):
        flagged = watched(flagged, honest, LIMITS, f"later {n}")
    assert flagged.flag is not None and flagged.flag.at == "2"
    fresh = cleared(flagged)
    assert fresh.flag is None and fresh.recent == () and (fresh.games, fresh.left) == (23, 3)
    assert watched(fresh, gave_up, LIMITS, "again").flag is None


def test_reliability_is_the_share_of_matches_not_walked_away_from() -> None:
    assert reliability(EMPTY) is None
    assert reliability(Watch(games=4, left=1)) == 0.75


MATCHES = st.builds(
    Played,
    against=st.tuples(st.sampled_from(["a", "b", "c", "d", "e", "f"])),
    won=st.booleans(),
    gave_up=st.booleans(),
    beaten_early=st.booleans(),
    left=st.booleans(),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(MATCHES, max_size=60))
def test_a_watch_counts_every_match_keeps_the_window_and_flags_only_past_a_threshold(
    matches: list[Played],
) -> None:
    watch = EMPTY
    for n, match in enumerate(matches):
        before = watch
        watch = watched(watch, match, LIMITS, str(n))
        assert watch.recent == (*before.recent, match)[-LIMITS.window :]
        if before.flag is not None:
            assert watch.flag == before.flag
        elif watch.flag is not None:
            assert watch.flag.at == str(n) and raised(watch.recent, LIMITS, str(n)) == watch.flag
        else:
            assert sum(m.gave_up for m in watch.recent) < LIMITS.sandbag
    assert (watch.games, watch.left) == (len(matches), sum(m.left for m in matches))
    shown = reliability(watch)
    assert shown is None or 0.0 <= shown <= 1.0


def test_a_sandbaggers_opponents_are_no_boosters_and_a_friends_one_is() -> None:
    def match(winner: str, giver: str, watches: dict[str, Watch], at: str) -> None:
        players = {0: winner, 1: giver}
        before = {s: watches[p] for s, p in players.items() if p in watches}
        after = watch_match(TWO, resigned(1), players, Ending(0, 1), LIMITS, at, before)
        watches.update({players[s]: w for s, w in after.items()})

    watches: dict[str, Watch] = {}
    for n, victim in enumerate(["ana", "bia", "ana", "ana", "bia", "ana"]):
        match(victim, "sandbagger", watches, f"s{n}")
    assert watches["sandbagger"].flag is not None and watches["sandbagger"].flag.kind == "sandbag"
    assert watches["ana"].flag is None and watches["bia"].flag is None
    for n in range(LIMITS.boost):
        match("booster", "friend", watches, f"f{n}")
    flag = watches["booster"].flag
    assert flag is not None and (flag.kind, flag.against) == ("boost", "friend")
