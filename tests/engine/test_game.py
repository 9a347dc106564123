"""Game flow: start, deals, turns, escopas, missed-capture claims, errors, honor mode."""

from __future__ import annotations

import pytest

from engine import (
    Claim,
    Deal,
    EngineError,
    IllegalMove,
    InvalidMove,
    Move,
    Play,
    State,
    apply,
    legal_moves,
)
from engine.events import (
    Claimed,
    FirstDealerDrawn,
    HandDealt,
    LastCardsTaken,
    Played,
    RoundEnded,
    TableBonus,
)
from engine.playout import play_out
from engine.state import Claimable
from tests.engine.helpers import DECK, arrange, first_legal, game, value

# --- starting and dealing ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_started_game_has_dealt_three_cards_each_and_four_to_the_table(players: int) -> None:
    state, _ = game("escopa", "flow", players=players, first_dealer=0, initial_table_bonus="none")
    assert state.status == "playing"
    assert (state.round, state.hand) == (1, 1)
    assert [len(h) for h in state.hands] == [3] * players
    assert len(state.table) == 4
    assert len(state.stock) == 40 - 3 * players - 4
    assert state.turn == 1
    assert state.scores == (0,) * (2 if players == 4 else players)


def test_a_fixed_first_dealer_skips_the_draw() -> None:
    state, events = game("escopa", "flow", first_dealer=0)
    assert not any(isinstance(e, FirstDealerDrawn) for e in events)
    assert isinstance(events[0], HandDealt)
    assert state.dealer == 0


def round_one_deals(players: int, rotation: str, first_dealer: int = 0) -> list[HandDealt]:
    state, events = game(
        "escopa",
        "flow",
        players=players,
        dealer_rotation=rotation,
        first_dealer=first_dealer,
        target=1000,
    )
    dealt = [e for e in events if isinstance(e, HandDealt)]
    _, steps = play_out(state, first_legal, until=lambda s: s.round != 1)
    dealt.extend(e for step in steps for e in step.events if isinstance(e, HandDealt))
    return dealt


@pytest.mark.parametrize(("players", "hands"), [(2, 6), (3, 4), (4, 3)])
def test_a_round_deals_its_hands_until_the_deck_is_used_and_announces_the_last(
    players: int, hands: int
) -> None:
    dealt = round_one_deals(players, "round")
    this_round = [d for d in dealt if d.round == 1]
    assert [d.hand for d in this_round] == list(range(1, hands + 1))
    assert [d.last for d in this_round] == [False] * (hands - 1) + [True]
    assert [d.stock for d in this_round] == [36 - 3 * players * h for h in range(1, hands + 1)]
    assert dealt[-1].round == 2 and dealt[-1].hand == 1, "the next round starts on its own"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_with_hand_rotation_every_hand_has_the_next_dealer(players: int) -> None:
    dealt = round_one_deals(players, "hand", first_dealer=1)
    dealers = [d.dealer for d in dealt if d.round == 1]
    assert dealers == [(1 + h) % players for h in range(len(dealers))]
    assert dealt[-1].dealer == 2 % players, "round 2 opens with the seat after round 1's opener"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_with_round_rotation_one_dealer_deals_the_whole_round(players: int) -> None:
    dealt = round_one_deals(players, "round", first_dealer=1)
    assert {d.dealer for d in dealt if d.round == 1} == {1}
    assert dealt[-1].dealer == 2 % players


def test_the_seat_after_the_dealer_plays_first_in_every_hand() -> None:
    first, events = game("escopa", "flow", players=3, first_dealer=2, dealer_rotation="hand")
    _, steps = play_out(first, first_legal, until=lambda s: s.round != 1)
    checked = 0
    for state, caused in [(first, events), *((s.state, s.events) for s in steps)]:
        dealt = [e for e in caused if isinstance(e, HandDealt)]
        if dealt and state.round == 1 == dealt[-1].round:
            assert state.dealer == dealt[-1].dealer
            assert state.turn == (dealt[-1].dealer + 1) % 3
            checked += 1
    assert checked == 4


def test_play_goes_round_the_table_in_increasing_seat_order() -> None:
    state, _ = game("escopa", "flow", players=4, first_dealer=1)
    _, steps = play_out(state, first_legal, max_moves=8)
    seats = [step.seat for step in steps]
    assert seats == [2, 3, 0, 1, 2, 3, 0, 1]


def test_without_auto_deal_any_seat_asks_for_each_due_deal_and_nothing_else_happens() -> None:
    state, events = game("escopa", "flow", auto_deal=False, first_dealer=0)
    assert state.status == "dealing"
    assert not any(isinstance(e, HandDealt) for e in events)
    with pytest.raises(IllegalMove) as caught:
        apply(state, 1, Play(DECK[0]))
    assert caught.value.code == "move/deal_pending"
    state, events = apply(state, 0, Deal())
    assert state.status == "playing"
    assert isinstance(events[0], HandDealt)
    assert events[0].hand == 1
    state, _ = play_out(state, first_legal, until=lambda s: s.status != "playing")
    assert state.status == "dealing", "the hand is played out: the next deal is due"
    assert state.hand == 1
    assert not any(state.hands)
    assert state.turn is None
    with pytest.raises(IllegalMove) as caught:
        apply(state, 0, Claim(("AC", "KC")))
    assert caught.value.code == "move/deal_pending"
    state, events = apply(state, 0, Deal())  # hand 2 is seat 1's deal: seat 0 may ask too
    assert state.status == "playing"
    assert state.hand == 2
    assert state.dealer == 1
    assert isinstance(events[0], HandDealt)


def test_dealing_while_a_hand_is_being_played_is_refused() -> None:
    for auto in (True, False):
        state, _ = game("escopa", "flow", auto_deal=auto)
        if state.status == "dealing":
            state, _ = apply(state, 0, Deal())
        with pytest.raises(IllegalMove) as caught:
            apply(state, 0, Deal())
        assert caught.value.code == "move/nothing_to_deal"


# --- arranged positions --------------------------------------------------------------------


def position(
    hands: list[tuple[str, ...]], table: tuple[str, ...], preset: str = "escopa", **overrides
) -> State:
    state, _ = game(preset, "flow", players=len(hands), first_dealer=len(hands) - 1, **overrides)
    return arrange(state, hands=hands, table=table)


def test_a_capture_that_empties_the_table_is_an_escopa() -> None:
    state = position([("5C", "6C", "7C"), ("AS", "2S", "3S")], ("KD",))
    after, events = apply(state, 0, Play("5C", ("KD",)))
    assert events == [Played(seat=0, card="5C", capture=("KD",), escopa=True)]
    assert after.escopas == (1, 0)


def test_a_capture_that_leaves_cards_on_the_table_is_not_an_escopa() -> None:
    state = position([("5C", "6C", "7C"), ("AS", "2S", "3S")], ("KD", "AH"))
    after, events = apply(state, 0, Play("5C", ("KD",)))
    assert events[0].escopa is False
    assert after.escopas == (0, 0)
    assert after.table == ("AH",)


def test_a_discard_goes_face_up_to_the_table_and_passes_the_turn() -> None:
    state = position([("5C", "6C", "7C"), ("AS", "2S", "3S")], ("KD", "AH"))
    after, events = apply(state, 0, Play("6C"))
    assert after.table == ("KD", "AH", "6C")
    assert after.hands[0] == ("5C", "7C")
    assert after.turn == 1
    assert events == [Played(seat=0, card="6C", capture=(), escopa=False)]


# --- missed captures -----------------------------------------------------------------------

# 5C + KD = 15 on this table. Once 5C is discarded (table KD AH QH 5C), seat 1's 3S captures
# nothing (it needs 12) and its 4S takes KD+AH without touching the 5C.
MISSED = [("5C", "6C", "7C"), ("3S", "4S", "JS")]
MISSED_TABLE = ("KD", "AH", "QH")


def test_a_discard_that_could_have_captured_lets_the_next_seat_claim() -> None:
    state = position(MISSED, MISSED_TABLE)
    after, _ = apply(state, 0, Play("5C"))
    assert after.claim == Claimable(seat=1, card="5C")
    moves = legal_moves(after)
    assert moves[0] == Claim(("5C", "KD"))
    assert [m for m in moves if isinstance(m, Claim)] == [Claim(("5C", "KD"))]


def test_a_claim_takes_the_cards_and_the_claimant_then_plays_normally() -> None:
    state, _ = apply(position(MISSED, MISSED_TABLE), 0, Play("5C"))
    after, events = apply(state, 1, Claim(("5C", "KD")))
    assert events == [Claimed(seat=1, cards=("5C", "KD"))]
    assert set(after.captured[1]) == {"5C", "KD"}
    assert after.table == ("AH", "QH")
    assert after.last_capturer == 1
    assert after.claim is None
    assert after.turn == 1, "the claimant still plays its card"
    assert after.hands[1] == ("3S", "4S", "JS")
    assert legal_moves(after) and all(isinstance(m, Play) for m in legal_moves(after))
    with pytest.raises(IllegalMove) as caught:
        apply(after, 1, Claim(("5C", "KD")))
    assert caught.value.code == "move/no_claim", "a claim is taken once"


def test_a_claim_that_empties_the_table_is_never_an_escopa() -> None:
    state, _ = apply(position(MISSED, ("KD",)), 0, Play("5C"))
    after, _ = apply(state, 1, Claim(("5C", "KD")))
    assert after.table == ()
    assert after.escopas == (0, 0)
    assert after.last is not None
    assert after.last.escopa is False


@pytest.mark.parametrize("move", [Play("3S"), Play("4S", ("KD", "AH"))])
def test_the_claim_expires_once_the_claimant_plays_instead(move: Play) -> None:
    state, _ = apply(position(MISSED, MISSED_TABLE), 0, Play("5C"))
    after, _ = apply(state, 1, move)
    assert after.claim is None
    assert after.turn == 0
    with pytest.raises(IllegalMove) as caught:
        apply(after, 0, Claim(("5C", "KD")))
    assert caught.value.code == "move/no_claim"


def test_with_three_players_the_claim_is_only_the_next_seat_s_and_expires_after_it() -> None:
    hands = [("5C", "6C", "7C"), ("AS", "2S", "3S"), ("4S", "5S", "6S")]
    state, _ = apply(position(hands, ("KD", "JH")), 0, Play("5C"))
    assert state.claim == Claimable(seat=1, card="5C")
    state, _ = apply(state, 1, Play("3S"))  # 3S needs 12 from KD JH 5C: no capture, no claim
    assert state.claim is None
    assert not any(isinstance(m, Claim) and "5C" in m.cards for m in legal_moves(state))
    with pytest.raises(IllegalMove) as caught:
        apply(state, 2, Claim(("5C", "KD")))
    assert caught.value.code == "move/no_claim"


def test_the_discarder_never_claims_its_own_card() -> None:
    state, _ = apply(position(MISSED, MISSED_TABLE), 0, Play("5C"))
    assert legal_moves(state, 0) == []
    with pytest.raises(IllegalMove) as caught:
        apply(state, 0, Claim(("5C", "KD")))
    assert caught.value.code == "move/not_your_turn"
    state, _ = apply(state, 1, Play("3S"))
    assert state.turn == 0
    assert not any(isinstance(m, Claim) for m in legal_moves(state))


def test_a_discard_that_could_not_capture_gives_no_claim() -> None:
    state = position([("6C", "7C", "QC"), ("AS", "2S", "3S")], ("KD",))
    after, _ = apply(state, 0, Play("QC"))
    assert after.claim is None
    assert not any(isinstance(m, Claim) for m in legal_moves(after))


@pytest.mark.parametrize("preset", ["escoba", "escova"])
def test_where_a_missed_capture_stays_there_is_no_claim(preset: str) -> None:
    state = position(MISSED, MISSED_TABLE, preset=preset)
    after, _ = apply(state, 0, Play("5C"))
    assert after.claim is None
    assert not any(isinstance(m, Claim) for m in legal_moves(after))
    with pytest.raises(IllegalMove) as caught:
        apply(after, 1, Claim(("5C", "KD")))
    assert caught.value.code == "move/no_claim"
    assert after.table == (*MISSED_TABLE, "5C"), "the card stays on the table"


@pytest.mark.parametrize(
    ("claim", "code"),
    [
        (Claim(("AH", "6C")), "move/card_not_on_table"),
        (Claim(("AH", "QH", "6C")), "move/card_not_on_table"),
        (Claim(("KD", "AH")), "move/claim_invalid"),  # without the discarded 5C
        (Claim(("5C", "AH", "QH")), "move/claim_invalid"),  # 5 + 1 + 8 = 14
        (Claim(("5C", "KD", "AH")), "move/claim_invalid"),  # 16
    ],
)
def test_a_wrong_claim_is_refused_with_a_stable_code(claim: Claim, code: str) -> None:
    state, _ = apply(position(MISSED, MISSED_TABLE), 0, Play("5C"))
    with pytest.raises(IllegalMove) as caught:
        apply(state, 1, claim)
    assert caught.value.code == code


def test_claiming_when_nothing_was_missed_is_refused() -> None:
    state = position(MISSED, MISSED_TABLE)
    with pytest.raises(IllegalMove) as caught:
        apply(state, 0, Claim(("KD", "5C")))
    assert caught.value.code == "move/no_claim"


# --- errors --------------------------------------------------------------------------------


def errors_position(**overrides) -> State:
    return position([("5C", "6C", "7C"), ("AS", "2S", "3S")], ("KD", "AH", "QH"), **overrides)


@pytest.mark.parametrize(
    ("seat", "move", "code", "named"),
    [
        (1, Play("AS"), "move/not_your_turn", "seat 0"),
        (0, Play("AS"), "move/card_not_in_hand", "AS"),
        (0, Play("4H"), "move/card_not_in_hand", "4H"),
        (0, Play("5C", ("KH",)), "move/card_not_on_table", "KH"),
        (0, Play("6C", ("KD",)), "move/capture_not_15", "6C"),
        (0, Play("7C", ("KD",)), "move/capture_not_15", "17"),
        (0, Claim(("5C", "KD")), "move/no_claim", "claim"),
        (2, Play("5C"), "move/unknown_seat", "seat 2"),
        (-1, Play("5C"), "move/unknown_seat", "seat -1"),
    ],
)
def test_an_illegal_move_is_refused_with_a_stable_code_and_a_precise_message(
    seat: int, move: Move, code: str, named: str
) -> None:
    state = errors_position()
    with pytest.raises(IllegalMove) as caught:
        apply(state, seat, move)
    assert caught.value.code == code
    assert named in str(caught.value)
    assert isinstance(caught.value, EngineError)
    assert not isinstance(caught.value, InvalidMove)


def test_a_card_not_on_table_message_shows_the_table() -> None:
    with pytest.raises(IllegalMove, match="KD AH QH"):
        apply(errors_position(), 0, Play("5C", ("KH",)))


def test_a_refused_move_leaves_the_state_unchanged() -> None:
    state = errors_position()
    before = state
    with pytest.raises(IllegalMove):
        apply(state, 0, Play("6C", ("KD",)))
    assert state == before


def test_a_mandatory_capture_refuses_a_discard_of_a_capturing_card() -> None:
    with pytest.raises(IllegalMove) as caught:
        apply(errors_position(capture="mandatory"), 0, Play("5C"))
    assert caught.value.code == "move/capture_required"


def finished_game() -> State:
    state, _ = game("escova", "finished", target=5)
    state, _ = play_out(state, first_legal)
    assert state.status == "finished"
    return state


@pytest.mark.parametrize("move", [Play("AC"), Deal(), Claim(("AC", "KC"))])
def test_every_move_after_the_match_is_over_is_refused(move: Move) -> None:
    state = finished_game()
    assert state.outcome is not None
    for seat in range(2):
        with pytest.raises(IllegalMove) as caught:
            apply(state, seat, move)
        assert caught.value.code == "move/game_over"


# --- the end of a round --------------------------------------------------------------------


def test_the_last_cards_go_to_the_side_that_captured_last() -> None:
    state, events = game("escopa", "flow", first_dealer=1, target=1000)
    state, steps = play_out(state, first_legal, until=lambda s: s.round != 1)
    log = [*events, *(e for step in steps for e in step.events)]
    captured_last = None  # 2 players: side = seat
    for event in log:
        if (isinstance(event, Played) and event.capture) or isinstance(event, Claimed):
            captured_last = event.seat
        if isinstance(event, TableBonus):
            captured_last = event.seat
        if isinstance(event, LastCardsTaken):
            break
    last = next(e for e in log if isinstance(e, LastCardsTaken))
    score = next(e for e in log if isinstance(e, RoundEnded)).score
    assert captured_last is not None
    assert last.side == captured_last
    assert last.cards, "the table never ends empty"
    assert sum(s.cards for s in score.sides) == 40
    assert score.last_cards == last.cards
    assert score.last_capturer == captured_last


def test_when_nobody_captures_the_cards_stay_on_the_table_and_nobody_takes_them() -> None:
    state, _ = game("escopa", "flow", initial_table_bonus="none", target=1000)
    state, steps = play_out(  # always discard
        state, lambda s, seat: Play(s.hands[seat][0]), until=lambda s: s.round != 1
    )
    log = [e for step in steps for e in step.events]
    last = next(e for e in log if isinstance(e, LastCardsTaken))
    assert last.side is None
    assert sorted(last.cards) == sorted(DECK), "every card was discarded to the table"
    score = next(e for e in log if isinstance(e, RoundEnded)).score
    assert score.last_capturer is None
    assert [s.cards for s in score.sides] == [0, 0]
    assert [s.categories["most_cards"] for s in score.sides] == [0, 0]
    assert [s.categories["escopa"] for s in score.sides] == [0, 0]
    assert len(state.table) == 4, "round 2 opens with a fresh table"


# --- honor mode ----------------------------------------------------------------------------

HONOR_PILES = [
    # side 0: the four sevens and six low clubs (10 cards)
    ("7C", "7D", "7H", "7S", "AC", "2C", "3C", "4C", "5C", "6C"),
    # side 1: the rest but the four cards still in play (26 cards, 9 diamonds, no seven)
    (
        *("QC", "JC", "KC", "AD", "2D", "3D", "4D", "5D", "6D", "QD", "JD", "KD"),
        *("AH", "2H", "3H", "4H", "5H", "6H", "QH", "JH", "KH", "3S", "4S", "5S", "6S", "KS"),
    ),
]


def honor_last_hand(validation: str = "honor") -> State:
    """The last hand of a round: seat 0 holds QS, seat 1 JS, the table is AS 2S."""
    state, _ = game("escopa", "honor", first_dealer=1, validation=validation)
    return arrange(
        state,
        hands=[("QS",), ("JS",)],
        table=("AS", "2S"),
        captured=HONOR_PILES,
        escopas=(0, 1),
        scores=(10, 12),
        hand=6,
    )


def test_strict_validation_refuses_a_capture_that_is_not_15() -> None:
    with pytest.raises(IllegalMove) as caught:
        apply(honor_last_hand("strict"), 0, Play("QS", ("AS", "2S")))
    assert caught.value.code == "move/capture_not_15"


def test_honor_mode_accepts_a_wrong_capture_and_marks_it_wrong() -> None:
    state = honor_last_hand()
    assert not state.stock
    after, events = apply(state, 0, Play("QS", ("AS", "2S")))  # 8 + 1 + 2 = 11
    assert events == [Played(seat=0, card="QS", capture=("AS", "2S"), escopa=True, wrong=True)]
    assert after.wrong == (1, 0)
    assert set(after.captured[0]) >= {"QS", "AS", "2S"}


def test_honor_mode_still_refuses_cards_that_are_not_there() -> None:
    with pytest.raises(IllegalMove) as caught:
        apply(honor_last_hand(), 0, Play("QS", ("AS", "3H")))
    assert caught.value.code == "move/card_not_on_table"
    with pytest.raises(IllegalMove) as caught:
        apply(honor_last_hand(), 0, Play("JS", ("AS",)))
    assert caught.value.code == "move/card_not_in_hand"


def test_the_final_check_voids_the_wrong_side_and_takes_4_plus_the_others_points() -> None:
    state, _ = apply(honor_last_hand(), 0, Play("QS", ("AS", "2S")))
    state, events = apply(state, 1, Play("JS"))
    last = next(e for e in events if isinstance(e, LastCardsTaken))
    assert last == LastCardsTaken(side=0, cards=("JS",))
    assert value(last.cards) % 15 == 9, "not 10 mod 15: the final check finds the error"
    score = next(e for e in events if isinstance(e, RoundEnded)).score
    side0, side1 = score.sides
    # by hand (escopa points): side 0 has 14 cards, 1 diamond (7D), 4 sevens and 1 escopa:
    # 1 + 1 (7D) + 1 (most sevens) + 3 (all sevens) = 6, void. Side 1 has 26 cards, 9
    # diamonds and 1 escopa: 1 + 1 (most cards) + 1 (most diamonds) = 3.
    assert (side0.cards, side1.cards) == (14, 26)
    assert side0.categories == {
        "escopa": 1, "most_cards": 0, "most_diamonds": 0, "all_diamonds": 0,
        "seven_of_diamonds": 1, "most_sevens": 1, "all_sevens": 3, "opponents_under_10": 0,
    }  # fmt: skip
    assert sum(side1.categories.values()) == 3
    assert side0.void is True
    assert side0.wrong_captures == 1
    assert side0.penalty == 4 + 3
    assert side0.total == -7
    assert (side1.void, side1.penalty, side1.total) == (False, 0, 3)
    assert score.match_totals == (10 - 7, 12 + 3)
    assert state.scores == (3, 15)
    assert state.round == 2, "no side reached 21: the next round is dealt"
    assert state.wrong == (0, 0)
