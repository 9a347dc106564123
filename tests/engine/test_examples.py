"""The worked examples of the original texts (docs/rules/*.txt), and golden replays."""

from __future__ import annotations

import pytest

from engine import Play, State, apply, legal_moves, play_out, state_hash
from engine.events import HandDealt, MatchEnded, Played, RoundEnded, TableBonus
from engine.rules import side_of
from engine.scoring import match_outcome
from engine.shuffle import shuffle_key, shuffled_deck
from tests.engine.helpers import (
    VALUE,
    arrange,
    brute_captures,
    first_legal,
    game,
    seed_with_opening_table,
    value,
)

# --- "If the player has a King, a Jack and a Three and the cards on the table are Ace, 2, 3,
# 6 and Queen" (escopa-brazil.txt) ----------------------------------------------------------

KJ3 = ("3C", "JC", "KC")
A2_3_6_Q = ("AH", "2H", "3H", "6H", "QH")


def kj3_position() -> State:
    state, _ = game("escopa", "examples", first_dealer=1)
    return arrange(state, hands=[KJ3, ("4S", "5S", "7S")], table=A2_3_6_Q)


def test_the_king_jack_three_hand_finds_the_three_captures_of_the_text() -> None:
    moves = legal_moves(kj3_position())
    assert Play("JC", ("6H",)) in moves, "the Jack over the 6"
    assert Play("3C", ("AH", "3H", "QH")) in moves, "the 3 over the Queen, 3 and Ace"
    assert Play("KC", ("2H", "3H")) in moves, "the King over 2 and 3"


def test_the_king_jack_three_hand_has_exactly_the_brute_force_captures() -> None:
    moves = legal_moves(kj3_position())
    captures = {m for m in moves if m.capture}
    expected = {Play(card, c) for card in KJ3 for c in brute_captures(A2_3_6_Q, VALUE[card])}
    assert captures == expected
    # Worked by hand: besides the text's three, the Jack takes A+2+3 (9+6) and the Three takes
    # 6+3+2+A (3+12); nothing takes all five table cards (they sum to 20).
    assert captures == {
        Play("JC", ("6H",)),
        Play("JC", ("AH", "2H", "3H")),
        Play("3C", ("AH", "3H", "QH")),
        Play("3C", ("AH", "2H", "3H", "6H")),
        Play("KC", ("2H", "3H")),
    }
    assert value(A2_3_6_Q) == 20


@pytest.mark.parametrize(
    ("move", "left"),
    [
        (Play("JC", ("6H",)), ("AH", "2H", "3H", "QH")),
        (Play("3C", ("AH", "3H", "QH")), ("2H", "6H")),
        (Play("KC", ("2H", "3H")), ("AH", "6H", "QH")),
    ],
)
def test_each_capture_of_the_text_takes_its_cards_to_the_player_s_pile(
    move: Play, left: tuple[str, ...]
) -> None:
    after, events = apply(kj3_position(), 0, move)
    assert after.table == left
    assert set(after.captured[0]) == {move.card, *move.capture}
    assert after.last_capturer == 0
    assert events == [Played(seat=0, card=move.card, capture=move.capture, escopa=False)]
    assert after.turn == 1


# --- The initial-table bonus: "a King, a 5, a Joker and a 6" (two escopas) and "an Ace, 6, 5
# and 3" (one escopa) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranks", "escopas"), [("K5J6", 2), ("A653", 1)], ids=["K-5-J-6", "A-6-5-3"]
)
@pytest.mark.parametrize("dealer", [0, 1])
def test_an_opening_table_of_15_or_two_pairs_of_15_goes_to_the_dealer_as_escopas(
    ranks: str, escopas: int, dealer: int
) -> None:
    seed = seed_with_opening_table(ranks)
    table = shuffled_deck(shuffle_key(seed), 1)[6:10]
    state, events = game("escopa", seed, first_dealer=dealer)
    assert [e for e in events if isinstance(e, TableBonus)] == [
        TableBonus(seat=dealer, cards=table, escopas=escopas)
    ]
    dealt = next(e for e in events if isinstance(e, HandDealt))
    assert dealt.table == table, "the table is shown as dealt, then taken"
    side = side_of(state.rules, dealer)
    assert state.escopas[side] == escopas
    assert state.escopas[1 - side] == 0
    assert set(state.captured[side]) == set(table)
    assert state.captured[1 - side] == ()
    assert state.table == (), "the table is not replaced"
    assert len(state.stock) == 30
    # the first player after the dealer opens the table by playing a card: only discards.
    assert state.turn == (dealer + 1) % 2
    moves = legal_moves(state)
    assert moves == [Play(card) for card in state.hands[state.turn]]
    after, played = apply(state, state.turn, moves[0])
    assert after.table == (moves[0].card,)
    assert played[0].escopa is False


def test_the_table_bonus_goes_to_the_dealer_s_partnership() -> None:
    seed = seed_with_opening_table("K5J6", players=4)
    state, events = game("escopa", seed, players=4, first_dealer=3)
    assert any(isinstance(e, TableBonus) and e.seat == 3 for e in events)
    assert state.escopas == (0, 2), "seat 3 plays for side 1 (seats 1 and 3)"
    assert len(state.captured[1]) == 4


def test_no_bonus_when_the_rules_switch_it_off() -> None:
    seed = seed_with_opening_table("K5J6")
    state, events = game("escopa", seed, initial_table_bonus="none")
    assert not any(isinstance(e, TableBonus) for e in events)
    assert len(state.table) == 4
    assert state.escopas == (0, 0)


def test_an_opening_table_of_30_that_does_not_split_into_pairs_gives_no_bonus() -> None:
    seed = seed_with_opening_table("KK73")  # 10+10+7+3 = 30, but no two pairs of 15
    state, events = game("escopa", seed)
    assert not any(isinstance(e, TableBonus) for e in events)
    assert len(state.table) == 4


# --- Escova (escoba-wikipedia.txt): "the cards on the table are 3 2 1 and 4 and the player has
# a 5 ... he will have 15": an escova (sweep) ------------------------------------------------


@pytest.mark.parametrize("preset", ["escova", "escoba", "escopa"])
def test_a_five_over_three_two_ace_four_sweeps_the_table(preset: str) -> None:
    state, _ = game(preset, "examples", first_dealer=1)
    state = arrange(
        state, hands=[("5S", "KC", "QC"), ("7C", "7H", "7S")], table=("3S", "2C", "AH", "4D")
    )
    move = Play("5S", ("2C", "4D", "AH", "3S"))
    assert move in legal_moves(state)
    after, events = apply(state, 0, move)
    assert events == [Played(seat=0, card="5S", capture=("2C", "4D", "AH", "3S"), escopa=True)]
    assert after.table == ()
    assert after.escopas == (1, 0)
    assert after.last is not None
    assert after.last.escopa is True
    assert sorted(after.captured[0]) == sorted(["5S", "3S", "2C", "AH", "4D"])


# --- Golden replays: a fixed seed per preset, always the first legal move, to the end -------


@pytest.mark.parametrize(
    ("preset", "players"),
    [("escopa", 2), ("escoba", 2), ("escova", 2), ("escopa", 4), ("escoba", 3)],
)
def test_a_golden_replay_of_first_legal_moves_reaches_a_consistent_end(
    preset: str, players: int
) -> None:
    def replay() -> tuple[State, list[str], list]:
        first, events = game(preset, f"golden-{preset}", players=players)
        state, steps = play_out(first, first_legal, max_moves=10_000)
        assert state.status == "finished"
        hashes = [state_hash(s) for s in (first, *(step.state for step in steps))]
        log = [*events, *(e for step in steps for e in step.events)]
        return state, hashes, log

    state, hashes, log = replay()
    rules = state.rules
    outcome = state.outcome
    assert outcome is not None
    assert state.turn is None
    assert legal_moves(state) == []
    # the winner reached the target and is strictly ahead of every other side
    assert outcome.totals == state.scores
    assert outcome.totals[outcome.winner] >= rules.target
    assert all(
        t < outcome.totals[outcome.winner]
        for s, t in enumerate(outcome.totals)
        if s != outcome.winner
    )
    assert outcome.seats == tuple(s for s in range(players) if side_of(rules, s) == outcome.winner)
    # rounds are numbered 1..k, each total is the sum of its categories, totals run on
    assert outcome.rounds == len(state.rounds)
    assert [r.round for r in state.rounds] == list(range(1, len(state.rounds) + 1))
    running = [0] * len(state.scores)
    for number, score in enumerate(state.rounds, start=1):
        for side in score.sides:
            assert side.total == sum(side.categories.values())
            running[side.side] += side.total
        assert score.match_totals == tuple(running)
        ends_here = match_outcome(rules, score.match_totals, number)
        assert (ends_here is not None) == (number == len(state.rounds)), "play on until decided"
    # every round dealt its hands and was scored once; the match ended once, last
    hands = len([e for e in log if isinstance(e, HandDealt)])
    assert hands == len(state.rounds) * {2: 6, 3: 4, 4: 3}[players]
    assert [e.score for e in log if isinstance(e, RoundEnded)] == list(state.rounds)
    assert isinstance(log[-1], MatchEnded)
    assert log[-1].outcome == outcome
    # the seed is the whole story: the same moves give the same states
    assert replay()[1] == hashes
