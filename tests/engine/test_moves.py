"""Moves as values: text forms that round-trip, normalisation, malformed moves."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    Claim,
    Deal,
    EngineError,
    IllegalMove,
    InvalidMove,
    Move,
    Play,
    apply,
    move_text,
    parse_move,
)
from engine.moves import MAX_MOVE_TEXT, claim, normalize, play
from tests.engine.helpers import DECK, INDEX, arrange, game


def test_a_discard_is_written_as_its_card() -> None:
    assert str(Play("5H")) == "5H"
    assert parse_move("5H") == Play("5H")
    assert Play("5H").capture == ()


def test_a_capture_is_written_card_first_then_the_captured_cards() -> None:
    move = parse_move("5H+QD+2S")
    assert move == Play("5H", ("QD", "2S"))
    assert str(move) == "5H+QD+2S"


def test_a_claim_and_a_deal_have_their_own_text_forms() -> None:
    assert parse_move("claim:5S+QD") == Claim(("QD", "5S"))
    assert str(Claim(("QD", "5S"))) == "claim:QD+5S"
    assert parse_move("deal") == Deal()
    assert str(Deal()) == "deal"


def test_the_captured_cards_are_normalised_to_canonical_order() -> None:
    # canonical order: clubs, diamonds, hearts, spades; A 2 3 4 5 6 7 Q J K within a suit.
    assert parse_move("5H+2S+QD") == parse_move("5H+QD+2S") == Play("5H", ("QD", "2S"))
    assert play("KC", ["3H", "2C"]) == Play("KC", ("2C", "3H"))
    assert claim(["6S", "AC", "QH"]) == Claim(("AC", "QH", "6S"))
    assert normalize(Play("KC", ("3H", "2C"))) == Play("KC", ("2C", "3H"))


def test_normalising_keeps_the_played_card_apart_from_the_captured_ones() -> None:
    # the played card sorts before the captured ones, yet stays the played card.
    assert play("KS", ["AC"]) == Play("KS", ("AC",))
    assert str(play("KS", ["AC"])) == "KS+AC"


def test_move_text_is_the_text_form() -> None:
    for move in (Play("7D"), Play("7D", ("AC", "7C")), Claim(("AC", "KC", "4H")), Deal()):
        assert move_text(move) == str(move)


def moves() -> st.SearchStrategy[Move]:
    """Well-formed moves in their canonical form."""
    cards = st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True)
    plays = cards.map(lambda cs: play(cs[0], cs[1:]))
    claims = cards.filter(lambda cs: len(cs) >= 2).map(claim)
    return st.one_of(plays, claims, st.just(Deal()))


@given(moves())
def test_every_move_s_text_parses_back_to_the_move(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert normalize(move) == move


@given(moves())
def test_every_move_round_trips_through_tagged_json(move: Move) -> None:
    encoded = msgspec.json.encode(move)
    assert msgspec.json.decode(encoded, type=Move) == move


@given(moves())
def test_a_move_s_repr_can_be_pasted_back(move: Move) -> None:
    assert eval(repr(move), {"Play": Play, "Claim": Claim, "Deal": Deal}) == move


@given(st.lists(st.sampled_from(DECK), min_size=2, max_size=8, unique=True), st.randoms())
def test_the_order_captured_cards_are_named_in_does_not_matter(cards: list[str], rng) -> None:
    shuffled = cards[1:]
    rng.shuffle(shuffled)
    text = "+".join([cards[0], *shuffled])
    move = parse_move(text)
    assert isinstance(move, Play)
    assert move.card == cards[0]
    assert [INDEX[c] for c in move.capture] == sorted(INDEX[c] for c in cards[1:])


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "move/malformed"),
        ("5H" * (MAX_MOVE_TEXT // 2) + "+", "move/malformed"),
        ("claim:", "move/malformed"),
        ("claim:5H", "move/malformed"),
        ("ZZ", "move/unknown_card"),
        ("5h", "move/unknown_card"),
        ("8D", "move/unknown_card"),
        ("10D", "move/unknown_card"),
        ("5H+", "move/unknown_card"),
        ("5H++QD", "move/unknown_card"),
        (" 5H", "move/unknown_card"),
        ("Deal", "move/unknown_card"),
        ("claim:5H+XX", "move/unknown_card"),
        ("5H+5H", "move/duplicate_card"),
        ("5H+QD+QD", "move/duplicate_card"),
        ("claim:5H+QD+5H", "move/duplicate_card"),
    ],
)
def test_malformed_text_raises_invalid_move_with_a_stable_code(text: str, code: str) -> None:
    with pytest.raises(InvalidMove) as caught:
        parse_move(text)
    assert caught.value.code == code
    assert not isinstance(caught.value, IllegalMove)
    assert isinstance(caught.value, EngineError)
    assert isinstance(caught.value, ValueError)


def test_an_invalid_move_message_names_the_offending_card() -> None:
    with pytest.raises(InvalidMove, match="'XX'"):
        parse_move("5H+XX")


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (Play("XX"), "move/unknown_card"),
        (Play("5H", ("5H",)), "move/duplicate_card"),
        (Play("5H", ("QD", "QD")), "move/duplicate_card"),
        (Claim(("5H",)), "move/malformed"),
        (Claim(("5H", "1D")), "move/unknown_card"),
    ],
)
def test_apply_refuses_malformed_moves_before_looking_at_the_state(move: Move, code: str) -> None:
    state, _ = game("escopa", "moves", first_dealer=1)
    with pytest.raises(InvalidMove) as caught:
        apply(state, 1, move)  # also the wrong seat: malformed is reported first
    assert caught.value.code == code


def test_apply_normalises_a_capture_named_in_any_order() -> None:
    state = arrange(
        game("escopa", "moves", first_dealer=1)[0],
        hands=[("5H", "6C", "7C"), ("AD", "2D", "3D")],
        table=("QD", "2S", "KC"),
    )
    ordered, _ = apply(state, 0, Play("5H", ("QD", "2S")))
    reversed_, events = apply(state, 0, Play("5H", ("2S", "QD")))
    assert ordered == reversed_
    assert events[0].capture == ("QD", "2S")
    assert ordered.last is not None
    assert ordered.last.move == "5H+QD+2S"
