"""Seeded shuffle v1 (docs/rules.md "Seeded shuffle, v1", docs/shuffle.md): vectors, draw, deal."""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import play_out, shuffle
from engine.events import FirstDealerDrawn, HandDealt
from engine.shuffle import (
    FIRST_DEALER_ROUND,
    commitment,
    draw_first_dealer,
    new_server_seed,
    shuffle_key,
    shuffled_deck,
    uniform,
    words,
)
from tests.engine.helpers import DECK, VALUE, first_legal, game

VECTORS = [
    (
        "escopa",
        1,
        "3C QH 6D 4S 7D AC 3S 4C KD KC JS 5H 2H KH AS QC JD JH 6C 7H "
        "QD 5S 3D KS 2S 4H 5D 5C AH 6H 7C 7S QS 2C AD 3H 4D 2D JC 6S",
    ),
    (
        "escopa",
        2,
        "JS KH 3H AC 5S JH 2D 4H 2H QH KD QS KS 4C 2S JC 5H 5C 6H 3C "
        "7H 5D JD AS QD 7C 2C 4D 7S 6C 3D 7D 4S 3S QC AD KC 6S 6D AH",
    ),
    (
        "Guindis 7D",
        1,
        "AC 6H JH KD 6C AH 5C QH 7S 6D KS 4C 6S QD 4H 7H 7C 5S JS 4D "
        "QS 2S 3C 3S 2D 3H AD KH QC 7D KC 3D 5D 2H AS JC 4S 5H 2C JD",
    ),
    (
        "ação",
        3,
        "5S 3H 7S KS AS 4H 3D 2D AD 3C 2C 7H JH JD 7D 2H QD 5D AC 5C "
        "QC AH QS KH JC 6C 7C KD 6S 2S 4S JS 6D 3S QH 6H 4C KC 4D 5H",
    ),
]

DOC = Path(__file__).resolve().parents[2] / "docs" / "shuffle.md"


def reference() -> dict[str, Any]:
    """The reference implementation printed in docs/shuffle.md, executed as written."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 1, "docs/shuffle.md has exactly one Python reference block"
    namespace: dict[str, Any] = {"__name__": "shuffle_reference"}
    exec(compile(blocks[0], str(DOC), "exec"), namespace)
    return namespace


REFERENCE = reference()


@pytest.mark.parametrize(("seed", "round_no", "deck"), VECTORS)
def test_the_shuffle_reproduces_the_rules_test_vectors(seed: str, round_no: int, deck: str) -> None:
    assert shuffled_deck(shuffle_key(seed), round_no) == tuple(deck.split())


@pytest.mark.parametrize(("seed", "round_no", "deck"), VECTORS)
def test_the_reference_implementation_in_docs_reproduces_the_vectors(
    seed: str, round_no: int, deck: str
) -> None:
    assert REFERENCE["shuffled_deck"](REFERENCE["key"](seed), round_no) == deck.split()


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=30), st.integers(min_value=0, max_value=200))
def test_the_engine_agrees_with_the_documented_reference_for_any_key(
    seed: str, round_no: int
) -> None:
    key = shuffle_key(seed)
    assert list(shuffled_deck(key, round_no)) == REFERENCE["shuffled_deck"](key, round_no)


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=20), st.integers(min_value=2, max_value=4))
def test_the_engine_first_dealer_agrees_with_the_documented_reference(
    seed: str, players: int
) -> None:
    dealer, _ = draw_first_dealer(shuffle_key(seed), players)
    assert dealer == REFERENCE["first_dealer"](shuffle_key(seed), players)


@pytest.mark.parametrize("round_no", [0, 1, 7])
def test_every_shuffled_deck_is_a_permutation_of_the_forty_cards(round_no: int) -> None:
    deck = shuffled_deck(shuffle_key("escopa"), round_no)
    assert sorted(deck) == sorted(DECK)
    assert len(deck) == 40


def test_rounds_have_different_decks_and_the_same_round_is_reproducible() -> None:
    key = shuffle_key("escopa")
    assert shuffled_deck(key, 1) != shuffled_deck(key, 2)
    assert shuffled_deck(key, 1) == shuffled_deck(shuffle_key("escopa"), 1)


def test_the_key_is_the_utf8_seed_or_server_seed_colon_client_seed() -> None:
    assert shuffle_key("ação") == b"a\xc3\xa7\xc3\xa3o"
    assert shuffle_key("abc", "xyz") == b"abc:xyz"
    assert shuffled_deck(shuffle_key("abc", "xyz"), 1) == shuffled_deck(shuffle_key("abc:xyz"), 1)


def test_the_word_stream_is_hmac_sha256_blocks_cut_into_big_endian_words() -> None:
    key = b"escopa"
    stream = words(key, 3)
    got = [next(stream) for _ in range(16)]
    for block in range(2):
        message = f"escopa-shuffle-v1:3:{block}".encode("ascii")
        digest = hmac.new(key, message, hashlib.sha256).digest()
        expected = [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]
        assert got[8 * block : 8 * block + 8] == expected


def test_uniform_rejects_words_at_or_above_the_limit() -> None:
    # n = 3: floor(2^32 / 3) * 3 = 4294967295, so 0xffffffff is rejected and the next word used.
    assert uniform(iter([0xFFFFFFFF, 7]), 3) == 1
    assert uniform(iter([0xFFFFFFFE, 7]), 3) == 0xFFFFFFFE % 3 == 2
    # n = 40: 2^32 mod 40 = 16, limit = 2^32 - 16.
    assert uniform(iter([2**32 - 16, 2**32 - 1, 2**32 - 17]), 40) == (2**32 - 17) % 40
    stream = iter([0xFFFFFFFF, 5, 6])
    assert uniform(stream, 3) == 2
    assert next(stream) == 6, "a rejected word is consumed, the accepted one too, no more"


def test_the_deck_draws_past_rejected_words_as_the_word_stream_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Real blocks rarely hold a word to reject: here every block opens with three words at the
    # top of the range, which most draws reject, so the deck needs more than its five blocks.
    real = shuffle._block

    def rejecting(key: bytes, round_no: int, block: int) -> tuple[int, ...]:
        return (0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, *real(key, round_no, block)[3:])

    monkeypatch.setattr(shuffle, "_block", rejecting)
    key = shuffle_key("rejections")
    stream = words(key, 2)
    expected = list(DECK)
    for i in range(len(expected) - 1, 0, -1):
        j = uniform(stream, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled_deck(key, 2) == tuple(expected)


def test_the_first_draw_uses_round_zero() -> None:
    assert FIRST_DEALER_ROUND == 0
    top = shuffled_deck(shuffle_key("escopa"), 0)[:8]
    assert top == ("JH", "QH", "7H", "AC", "KD", "KC", "6C", "4H")


@pytest.mark.parametrize(
    ("seed", "players", "dealer"), [("escopa", 2, 1), ("escopa", 4, 3), ("Guindis 7D", 3, 2)]
)
def test_the_first_dealer_vectors(seed: str, players: int, dealer: int) -> None:
    assert draw_first_dealer(shuffle_key(seed), players)[0] == dealer


def test_the_first_draw_deals_one_card_per_seat_in_seat_order() -> None:
    # round 0 of "escopa" starts JH QH 7H AC: values 9, 8, 7, 1.
    assert draw_first_dealer(shuffle_key("escopa"), 2) == (1, ((0, "JH"), (1, "QH")))
    dealer, draws = draw_first_dealer(shuffle_key("escopa"), 4)
    assert draws == ((0, "JH"), (1, "QH"), (2, "7H"), (3, "AC"))
    assert dealer == 3


def tied_draw_seed(players: int) -> str:
    """A seed whose first draw ties for the lowest card (found with the reference shuffle)."""
    for n in range(2000):
        seed = f"tie-{players}-{n}"
        top = REFERENCE["shuffled_deck"](REFERENCE["key"](seed), 0)[:players]
        values = [VALUE[c] for c in top]
        if values.count(min(values)) > 1:
            return seed
    raise AssertionError("no tied draw found")  # pragma: no cover


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_tie_for_the_lowest_card_makes_only_the_tied_seats_draw_again(players: int) -> None:
    seed = tied_draw_seed(players)
    deck = shuffled_deck(shuffle_key(seed), 0)
    dealer, draws = draw_first_dealer(shuffle_key(seed), players)
    # Replay the draws by hand from the deck: first everyone, then only the tied seats.
    drawing, position, expected = list(range(players)), 0, []
    while True:
        cards = [(seat, deck[position + i]) for i, seat in enumerate(drawing)]
        position += len(cards)
        expected.extend(cards)
        low = min(VALUE[c] for _, c in cards)
        drawing = [s for s, c in cards if VALUE[c] == low]
        if len(drawing) == 1:
            break
    assert len(draws) > players, "the tie forced a second draw"
    assert draws == tuple(expected)
    assert dealer == drawing[0]
    assert [card for _, card in draws] == list(deck[: len(draws)])


def test_start_records_the_draw_and_the_drawn_dealer_deals() -> None:
    state, events = game("escopa", "escopa", players=4)
    assert events[0] == FirstDealerDrawn(
        draws=((0, "JH"), (1, "QH"), (2, "7H"), (3, "AC")), dealer=3
    )
    assert state.dealer == 3
    assert state.turn == 0


def test_a_server_seed_is_64_lowercase_hex_and_its_commitment_is_its_sha256() -> None:
    seed = new_server_seed()
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    assert new_server_seed() != seed
    assert commitment(seed) == hashlib.sha256(seed.encode("utf-8")).hexdigest()
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


# --- the deal vector ---------------------------------------------------------------------

HAND_1 = {0: {"3C", "6D", "7D"}, 1: {"QH", "4S", "AC"}}
TABLE_1 = ("3S", "4C", "KD", "KC")


@pytest.mark.parametrize("first_dealer", [1, "draw"])
@pytest.mark.parametrize("rotation", ["round", "hand"])
def test_the_first_hand_of_the_deal_vector(first_dealer: int | str, rotation: str) -> None:
    state, events = game("escopa", "escopa", first_dealer=first_dealer, dealer_rotation=rotation)
    assert state.dealer == 1
    assert state.turn == 0, "the seat after the dealer plays first"
    assert {seat: set(hand) for seat, hand in enumerate(state.hands)} == HAND_1
    assert state.table == TABLE_1
    assert len(state.stock) == 40 - 6 - 4
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert len(dealt) == 1
    assert dealt[0].table == TABLE_1
    assert dealt[0].dealer == 1
    assert dealt[0].hand == 1
    assert dealt[0].round == 1


def play_out_hand(state: Any) -> tuple[Any, list[Any]]:
    """Play the current hand to its end with the first legal moves; return the last events."""
    hand = state.hand
    state, steps = play_out(
        state, first_legal, until=lambda s: s.hand != hand or s.status != "playing"
    )
    return state, steps[-1].events if steps else []


@pytest.mark.parametrize(
    ("rotation", "dealer", "expected"),
    [
        ("round", 1, {0: {"JS", "2H", "AS"}, 1: {"5H", "KH", "QC"}}),
        ("hand", 0, {1: {"JS", "2H", "AS"}, 0: {"5H", "KH", "QC"}}),
    ],
)
def test_the_second_hand_of_the_deal_vector(
    rotation: str, dealer: int, expected: dict[int, set[str]]
) -> None:
    state, _ = game("escopa", "escopa", first_dealer=1, dealer_rotation=rotation)
    state, events = play_out_hand(state)
    assert state.hand == 2
    assert state.dealer == dealer
    assert state.turn == (dealer + 1) % 2
    assert {seat: set(hand) for seat, hand in enumerate(state.hands)} == expected
    assert len(state.stock) == 40 - 10 - 6
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert len(dealt) == 1
    assert dealt[0].table == (), "only a round's first hand deals a table"


@pytest.mark.parametrize("rotation", ["round", "hand"])
def test_round_two_is_dealt_from_the_round_two_deck_by_the_next_seat(rotation: str) -> None:
    state, _ = game("escopa", "escopa", first_dealer=1, dealer_rotation=rotation, target=1000)
    state, _ = play_out(state, first_legal, until=lambda s: s.round != 1)
    # round 2 deck: JS KH 3H AC 5S JH | 2D 4H 2H QH ...; seat 0 deals, seat 1 receives first.
    assert state.dealer == 0
    assert state.turn == 1
    assert {seat: set(hand) for seat, hand in enumerate(state.hands)} == {
        1: {"JS", "3H", "5S"},
        0: {"KH", "AC", "JH"},
    }
    assert state.table == ("2D", "4H", "2H", "QH")
