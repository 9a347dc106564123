"""Which captures a card makes, and the legal moves in their fixed, documented order.

The documented order (engine.game.legal_moves): claims first; then, for each card of the hand in
canonical order, its captures ordered by the captured cards' deck order, then its discard.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Claim, Deal, IllegalMove, Move, Play, apply, legal_moves
from engine.captures import can_capture, captures
from tests.engine.helpers import (
    DECK,
    VALUE,
    arrange,
    brute_captures,
    canonical,
    deck_order_key,
    game,
    value,
)


def expected_moves(
    hand: tuple[str, ...], table: tuple[str, ...], mandatory: bool = False
) -> list[Move]:
    """The legal plays built by brute force in the documented order."""
    options = [(card, brute_captures(table, VALUE[card])) for card in canonical(hand)]
    discard = not mandatory or not any(found for _, found in options)
    moves: list[Move] = []
    for card, found in options:
        moves.extend(Play(card, capture) for capture in found)
        if discard:
            moves.append(Play(card))
    return moves


def position(hand: tuple[str, ...], table: tuple[str, ...], **overrides):
    """Seat 0 to play `hand` over `table`; seat 1 holds three other cards."""
    state, _ = game("escopa", "captures", first_dealer=1, **overrides)
    rest = [c for c in DECK if c not in hand and c not in table]
    return arrange(state, hands=[hand, tuple(rest[:3])], table=table)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=0, max_size=12, unique=True),
    st.integers(min_value=1, max_value=10),
)
def test_captures_are_exactly_the_table_subsets_summing_to_15(table: list[str], v: int) -> None:
    found = captures(tuple(table), v)
    assert found == brute_captures(table, v)
    assert can_capture(tuple(table), v) == bool(found)
    for capture in found:
        assert value(capture) + v == 15
        assert capture == canonical(capture)


def test_nothing_is_captured_from_an_empty_table() -> None:
    assert captures((), 5) == []
    assert not can_capture((), 5)


def test_a_card_alone_cannot_capture_an_equal_card_unless_they_make_15() -> None:
    assert captures(("5C",), 5) == []
    assert captures(("5C",), 10) == [("5C",)]
    assert captures(("KC",), 5) == [("KC",)]


def test_legal_moves_list_each_hand_card_s_captures_then_its_discard() -> None:
    hand = ("5C", "7D", "KS")
    table = ("AH", "3C", "4S", "QH", "KD")
    state = position(hand, table)
    # by hand: 5C needs 10: KD only (3C+AH+4S = 8, QH+AH = 9, 3C+QH = 11);
    # 7D needs 8: 3C+AH+4S (deck indices 2, 20, 33) before QH (27); KS needs 5: AH+4S.
    assert legal_moves(state) == [
        Play("5C", ("KD",)),
        Play("5C"),
        Play("7D", ("3C", "AH", "4S")),
        Play("7D", ("QH",)),
        Play("7D"),
        Play("KS", ("AH", "4S")),
        Play("KS"),
    ]
    assert legal_moves(state) == expected_moves(hand, table)


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK), st.integers(min_value=0, max_value=14), st.booleans())
def test_legal_moves_match_brute_force_in_the_documented_order(
    deck: list[str], size: int, mandatory: bool
) -> None:
    hand, table = canonical(deck[:3]), tuple(deck[3 : 3 + size])
    state = position(hand, table, capture="mandatory" if mandatory else "optional")
    moves = legal_moves(state)
    assert moves == expected_moves(hand, table, mandatory)
    assert len(set(moves)) == len(moves)


def test_a_mandatory_capture_lists_no_discard_while_any_card_captures() -> None:
    hand = ("5C", "7D", "KS")
    table = ("AH", "QH")  # 7D takes QH; 5C (needs 10) and KS (needs 5) capture nothing
    state = position(hand, table, capture="mandatory")
    assert legal_moves(state) == [Play("7D", ("QH",))]


def test_a_mandatory_capture_refuses_discarding_the_card_that_captures() -> None:
    state = position(("5C", "7D", "KS"), ("AH", "QH"), capture="mandatory")
    with pytest.raises(IllegalMove) as caught:
        apply(state, 0, Play("7D"))
    assert caught.value.code == "move/capture_required"


@pytest.mark.parametrize("card", ["5C", "KS"])
def test_a_mandatory_capture_refuses_any_discard_while_a_capture_exists(card: str) -> None:
    # docs/rules.md: "mandatory" refuses any discard while a capture exists, even of a card that
    # itself captures nothing; legal_moves() offers only 7D+QH here.
    state = position(("5C", "7D", "KS"), ("AH", "QH"), capture="mandatory")
    assert Play(card) not in legal_moves(state)
    with pytest.raises(IllegalMove) as caught:
        apply(state, 0, Play(card))
    assert caught.value.code == "move/capture_required"


def test_a_mandatory_capture_allows_discards_when_nothing_captures() -> None:
    hand = ("5C", "7D", "KS")
    table = ("JC", "JH")  # 5+9, 7+9, 10+9 and 9+9 plus any card never make 15
    state = position(hand, table, capture="mandatory")
    assert legal_moves(state) == [Play("5C"), Play("7D"), Play("KS")]
    after, _ = apply(state, 0, Play("KS"))
    assert after.table == ("JC", "JH", "KS")


SMALL_CARDS = tuple(rank + suit for rank in "A234" for suit in "CDHS")


@pytest.mark.parametrize("size", [12, 14, 16])
def test_a_big_table_of_small_cards_is_enumerated_like_brute_force(size: int) -> None:
    table = SMALL_CARDS[:size]
    hand = ("5C", "7D", "KS")
    state = position(hand, table)
    moves = legal_moves(state)
    assert moves == expected_moves(hand, table)
    # a sanity count by hand for the 12-card table of aces, twos and threes (four of each):
    # KS needs 5 = 3+2 (4*4) + 3+A+A (4*6) + 2+2+A (6*4) + 2+A+A+A (4*4) = 16+24+24+16 = 80.
    if size == 12:
        assert sum(1 for m in moves if isinstance(m, Play) and m.card == "KS" and m.capture) == 80


def test_a_big_table_capture_applies_and_takes_exactly_those_cards() -> None:
    table = SMALL_CARDS  # 16 cards: four each of A, 2, 3, 4 (sum 40)
    state = position(("5C", "7D", "KS"), table)
    move = Play("5C", canonical(("4C", "4D", "2H")))
    assert move in legal_moves(state)
    after, events = apply(state, 0, move)
    assert set(after.table) == set(table) - {"4C", "4D", "2H"}
    assert set(after.captured[0]) == {"5C", "4C", "4D", "2H"}
    assert events[0].escopa is False


def test_claims_come_first_and_are_every_set_with_the_discard_summing_to_15() -> None:
    # Seat 0 discards 5C although 5C + KD would make 15: seat 1 may claim.
    state = position(("5C", "7D", "KS"), ("KD", "AH", "4S", "QC"))
    state, _ = apply(state, 0, Play("5C"))
    table = state.table
    moves = legal_moves(state)
    claims = [m for m in moves if isinstance(m, Claim)]
    assert moves[: len(claims)] == claims, "claims come first"
    expected = sorted(
        (
            canonical(combo)
            for size in range(2, len(table) + 1)
            for combo in itertools.combinations(table, size)
            if "5C" in combo and value(combo) == 15
        ),
        key=deck_order_key,
    )
    # by hand: 5C+KD, 5C+AH+4S+... (5+1+4=10, needs 5 more: none) -> also 5C+QC+... 13 no.
    assert [c.cards for c in claims] == expected == [("5C", "KD")]
    assert all(isinstance(m, Play) for m in moves[len(claims) :])


def test_during_a_due_deal_the_only_legal_move_is_to_deal() -> None:
    state, _ = game("escopa", "captures", auto_deal=False)
    assert state.status == "dealing"
    assert legal_moves(state) == [Deal()]
    for seat in range(2):
        assert legal_moves(state, seat) == [Deal()]
    assert legal_moves(state, 5) == []


def test_a_seat_that_is_not_to_act_has_no_legal_moves() -> None:
    state = position(("5C", "7D", "KS"), ("KD", "AH"))
    assert legal_moves(state, 1) == []
    assert legal_moves(state, 0) == legal_moves(state)
