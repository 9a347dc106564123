"""House rules of the Escoba family (RULES.md "House rules"): each position played or scored
under the traditional setting and under the house rule, to show what the option changes."""

from __future__ import annotations

import json

import msgspec
import pytest

from engine import Play, State, apply, canonical_json, make_rules
from engine.events import HandDealt, LastCardsTaken, MatchEnded, Played, RoundEnded, TableBonus
from engine.scoring import Outcome, match_outcome, primeira_total, score_round
from engine.shuffle import shuffle_key, shuffled_deck
from tests.engine.helpers import DECK, actor, arrange, game, seed_with_opening_table

DEFAULT = make_rules().primeira_values


def discard_to_the_end_of_the_round(state: State) -> tuple[LastCardsTaken, list[object]]:
    """Every seat discards its first card until the round ends: its last cards and its log."""
    log: list[object] = []
    while state.round == 1:
        seat = actor(state)
        state, events = apply(state, seat, Play(state.hands[seat][0]))
        log.extend(events)
    return next(e for e in log if isinstance(e, LastCardsTaken)), log


# --- who takes the initial-table bonus --------------------------------------------------------


@pytest.mark.parametrize(("taker", "offset"), [("dealer", 0), ("mano", 1)])
@pytest.mark.parametrize("dealer", [0, 1])
def test_the_opening_table_bonus_goes_to_the_dealer_or_to_the_first_player(
    taker: str, offset: int, dealer: int
) -> None:
    seed = seed_with_opening_table("A653")  # sums to 15: one escopa
    table = shuffled_deck(shuffle_key(seed), 1)[6:10]
    state, events = game("escopa", seed, first_dealer=dealer, initial_bonus_taker=taker)
    seat = (dealer + offset) % 2
    assert [e for e in events if isinstance(e, TableBonus)] == [
        TableBonus(seat=seat, cards=table, escopas=1)
    ]
    assert state.escopas[seat] == 1 and state.escopas[1 - seat] == 0
    assert set(state.captured[seat]) == set(table)
    assert state.last_capturer == seat, "the taker is the last capturer"
    assert state.turn == (dealer + 1) % 2, "the first player still opens the empty table"


def test_the_first_player_s_partnership_takes_the_bonus_with_four_players() -> None:
    seed = seed_with_opening_table("K5J6", players=4)
    state, events = game("escopa", seed, players=4, first_dealer=3, initial_bonus_taker="mano")
    assert [e.seat for e in events if isinstance(e, TableBonus)] == [0]
    assert state.escopas == (2, 0), "seat 0 plays for side 0, the dealer (seat 3) for side 1"
    assert state.last_capturer == 0


def test_the_first_player_who_took_the_bonus_takes_the_last_cards_when_nobody_captures() -> None:
    seed = seed_with_opening_table("A653")
    for taker, side in (("dealer", 0), ("mano", 1)):
        state, _ = game("escopa", seed, first_dealer=0, initial_bonus_taker=taker, target=1000)
        last = discard_to_the_end_of_the_round(state)[0]
        assert last.side == side


# --- which opening tables give the bonus ------------------------------------------------------


@pytest.mark.parametrize(
    ("ranks", "pairs", "fifteen"), [("A653", 1, 1), ("K5J6", 2, 0)], ids=["15", "30"]
)
def test_only_a_table_of_exactly_15_gives_the_bonus_under_fifteen(
    ranks: str, pairs: int, fifteen: int
) -> None:
    seed = seed_with_opening_table(ranks)
    for bonus, escopas in (("pairs", pairs), ("fifteen", fifteen), ("none", 0)):
        state, events = game("escopa", seed, first_dealer=0, initial_table_bonus=bonus)
        taken = [e.escopas for e in events if isinstance(e, TableBonus)]
        assert taken == ([escopas] if escopas else []), bonus
        assert state.escopas == (escopas, 0), bonus
        assert len(state.table) == (0 if escopas else 4), bonus


# --- the cards left on the table when nobody captured ----------------------------------------


@pytest.mark.parametrize("rotation", ["hand", "round"])
@pytest.mark.parametrize(
    ("leftover", "players"), [(r, p) for r in ("nobody", "dealer", "mano") for p in (2, 3)]
)
def test_when_nobody_captured_the_last_cards_go_to_the_side_the_option_names(
    leftover: str, players: int, rotation: str
) -> None:
    state, _ = game(
        "escoba",
        "flow",
        players=players,
        first_dealer=0,
        initial_table_bonus="none",
        dealer_rotation=rotation,
        leftover_cards=leftover,
        target=1000,
        points={"all_cards": 2},
    )
    last, log = discard_to_the_end_of_the_round(state)
    dealer = [e for e in log if isinstance(e, HandDealt) and e.round == 1][-1].dealer
    played = [e for e in log if isinstance(e, Played)]
    assert played[-1].seat == dealer, "the last hand's dealer plays the round's last card"
    expected = {"nobody": None, "dealer": dealer, "mano": (dealer + 1) % players}[leftover]
    assert last.side == expected
    assert sorted(last.cards) == sorted(DECK)
    score = next(e for e in log if isinstance(e, RoundEnded)).score
    assert score.last_capturer is None
    cards = [0] * players
    if expected is not None:
        cards[expected] = 40
    assert [s.cards for s in score.sides] == cards
    for side in score.sides:
        taker = side.side == expected
        assert side.categories["most_cards"] == int(taker)
        assert side.categories["all_cards"] == 2 * taker
        assert side.categories["seven_of_diamonds"] == int(taker)


def test_the_last_capturer_takes_the_last_cards_whatever_the_option() -> None:
    for leftover in ("nobody", "dealer", "mano"):
        state, events = apply(last_hand(leftover_cards=leftover), 0, Play("7S", ("QS",)))
        state, events = apply(state, 1, Play("KS"))
        assert LastCardsTaken(side=0, cards=("KS",)) in events, leftover


# --- a tie at or above the target -------------------------------------------------------------

# side 0: every diamond; the last hand then gives it 7S+QS (an escopa) and the last card KS
ALL_DIAMONDS = tuple(c for c in DECK if c[1] == "D")
THE_REST = tuple(c for c in DECK if c[1] != "D" and c not in {"7S", "QS", "KS"})


def last_hand(**rules: object) -> State:
    """The last hand of a round: seat 0 holds 7S, seat 1 KS, the table is QS.

    Played out (7S takes QS, an escopa; KS is left and goes to side 0) side 0 scores, by hand,
    escopa 1 + most diamonds 1 + all diamonds 2 + seven of diamonds 1 = 5 (sevens tie 2-2) and
    side 1 most cards 1 (27 against 13).
    """
    state, _ = game("escopa", "tie", first_dealer=1, initial_table_bonus="none", **rules)
    return arrange(
        state,
        hands=[("7S",), ("KS",)],
        table=("QS",),
        captured=[ALL_DIAMONDS, THE_REST],
        escopas=(0, 0),
        scores=(16, 20),
        hand=6,
    )


def finish_last_hand(state: State) -> tuple[State, list[object]]:
    state, first = apply(state, 0, Play("7S", ("QS",)))
    state, second = apply(state, 1, Play("KS"))
    return state, [*first, *second]


def test_a_tie_at_the_target_plays_on_by_default() -> None:
    state, events = finish_last_hand(last_hand())
    (score,) = state.rounds
    assert [s.total for s in score.sides] == [5, 1]
    assert state.scores == (21, 21)
    assert state.outcome is None
    assert not any(isinstance(e, MatchEnded) for e in events)
    assert (state.status, state.round) == ("playing", 2)


@pytest.mark.parametrize(("rule", "seats"), [("draw", ()), ("shared", (0, 1))])
def test_a_tie_at_the_target_ends_the_match_drawn_or_shared(
    rule: str, seats: tuple[int, ...]
) -> None:
    state, events = finish_last_hand(last_hand(tie_at_target=rule))
    assert state.scores == (21, 21)
    outcome = Outcome(winner=None, seats=seats, totals=(21, 21), rounds=1, result=rule, tied=(0, 1))
    assert state.outcome == outcome
    assert events[-1] == MatchEnded(outcome=outcome)
    assert state.status == "finished"


@pytest.mark.parametrize("rule", ["play_on", "draw", "shared"])
def test_a_single_highest_side_wins_under_every_tie_rule(rule: str) -> None:
    position = msgspec.structs.replace(last_hand(tie_at_target=rule), scores=(17, 20))
    state, _ = finish_last_hand(position)
    assert state.outcome == Outcome(winner=0, seats=(0,), totals=(22, 21), rounds=1)


@pytest.mark.parametrize(
    ("totals", "players", "draw", "shared"),
    [
        ((22, 22), 2, (0, 1), (0, 1)),
        ((25, 10, 25), 3, (0, 2), (0, 2)),
        ((25, 25, 25), 3, (0, 1, 2), (0, 1, 2)),
        ((30, 30), 4, (0, 1), (0, 1, 2, 3)),  # partnerships: both seats of each side win
    ],
)
def test_every_side_tied_at_the_top_draws_or_shares_the_victory(
    totals: tuple[int, ...], players: int, draw: tuple[int, ...], shared: tuple[int, ...]
) -> None:
    def outcome(rule: str) -> Outcome | None:
        rules = make_rules("escopa", {"players": players, "tie_at_target": rule})
        return match_outcome(rules, totals, 3)

    assert outcome("play_on") is None
    drawn, won = outcome("draw"), outcome("shared")
    assert drawn == Outcome(
        winner=None, seats=(), totals=totals, rounds=3, result="draw", tied=draw
    )
    assert won == Outcome(
        winner=None, seats=shared, totals=totals, rounds=3, result="shared", tied=draw
    )


@pytest.mark.parametrize("rule", ["draw", "shared"])
def test_a_tie_below_the_target_or_below_the_leader_never_ends_the_match(rule: str) -> None:
    rules = make_rules("escopa", {"players": 3, "tie_at_target": rule})
    assert match_outcome(rules, (20, 20, 3), 2) is None
    assert match_outcome(rules, (21, 21, 22), 2) == Outcome(
        winner=2, seats=(2,), totals=(21, 21, 22), rounds=2
    )


# --- primeira (setenta) without figures -------------------------------------------------------

# hearts only through figures (KH, QH); the other suits through their sevens
FIGURE_HEARTS = ("7C", "7D", "7S", "KH", "QH")
LOW_EVERY_SUIT = ("2C", "2D", "2H", "2S")


def test_a_figure_holds_its_suit_unless_the_primeira_ignores_figures() -> None:
    assert primeira_total(FIGURE_HEARTS, DEFAULT) == 11 * 3 + 0
    assert primeira_total(FIGURE_HEARTS, DEFAULT, "ignore") is None
    assert primeira_total((*FIGURE_HEARTS, "AH"), DEFAULT, "ignore") == 11 * 3 + 6
    assert primeira_total(LOW_EVERY_SUIT, DEFAULT, "ignore") == 8


def test_figures_worth_points_still_count_for_nothing_when_ignored() -> None:
    italian = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12,
               "Q": 10, "J": 10, "K": 10}  # fmt: skip
    assert primeira_total(FIGURE_HEARTS, italian) == 21 * 3 + 10
    assert primeira_total(FIGURE_HEARTS, italian, "ignore") is None


# side 0 holds the best clubs, diamonds and spades but hearts only through the figures
HIGH_BUT_FIGURE_HEARTS = ("AC", "6C", "7C", "AD", "6D", "7D", "QH", "JH", "KH", "AS", "6S", "7S")


@pytest.mark.parametrize(
    ("figures", "primeiras", "winner"),
    [
        ("count", (11 + 11 + 0 + 11, 5 + 5 + 11 + 5), 0),
        ("ignore", (None, 5 + 5 + 11 + 5), 1),
    ],
)
def test_the_same_round_s_primeira_goes_to_the_figures_or_to_the_side_without_them(
    figures: str, primeiras: tuple[int | None, int], winner: int
) -> None:
    side0 = HIGH_BUT_FIGURE_HEARTS
    side1 = tuple(c for c in DECK if c not in side0)  # every heart below the figures
    rules = make_rules("escopa", {"points": {"primeira": 2}, "primeira_figures": figures})
    score = score_round(rules, 1, [side0, side1], [0, 0], [0, 0], [0, 0])
    assert tuple(s.primeira for s in score.sides) == primeiras
    assert [s.categories["primeira"] for s in score.sides] == [2 * (winner == 0), 2 * winner]


# --- a bonus for capturing every card ---------------------------------------------------------


@pytest.mark.parametrize(("points", "bonus"), [(0, None), (2, 2), (5, 5)])
def test_a_side_with_all_forty_cards_scores_the_all_cards_bonus_besides_most_cards(
    points: int, bonus: int | None
) -> None:
    rules = make_rules("escoba", {"points": {"all_cards": points}})
    score = score_round(rules, 1, [DECK, ()], [0, 0], [0, 0], [0, 0])
    s0, s1 = score.sides
    assert s0.categories.get("all_cards") == bonus
    assert s0.categories["most_cards"] == 1
    assert s1.categories.get("all_cards") == (0 if points else None)
    assert s0.total == 1 + 1 + 1 + 1 + 1 + (bonus or 0), "cards, diamonds, 7D, sevens, all 7s"


def test_thirty_nine_cards_are_not_all_the_cards() -> None:
    rules = make_rules("escoba", {"points": {"all_cards": 2}})
    score = score_round(rules, 1, [DECK[:-1], DECK[-1:]], [0, 0], [0, 0], [0, 0])
    assert [s.categories["all_cards"] for s in score.sides] == [0, 0]


def test_a_won_outcome_is_encoded_as_before_the_tie_rules_existed() -> None:
    # finished games logged earlier keep their state hashes
    outcome = Outcome(winner=1, seats=(1, 3), totals=(12, 23), rounds=2)
    assert canonical_json(outcome) == b'{"rounds":2,"seats":[1,3],"totals":[12,23],"winner":1}'
    drawn = Outcome(winner=None, seats=(), totals=(21, 21), rounds=2, result="draw", tied=(0, 1))
    assert json.loads(canonical_json(drawn))["result"] == "draw"
