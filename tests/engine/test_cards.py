"""The 40-card deck: codes, canonical order, values (docs/rules.md, "Cards")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import (
    CAPTURE_SUM,
    DECK,
    INDEX,
    SEVEN_OF_DIAMONDS,
    VALUE,
    card_name,
    is_card,
    sort_cards,
)


def test_the_deck_has_forty_distinct_cards_ten_ranks_in_four_suits() -> None:
    assert len(DECK) == 40
    assert len(set(DECK)) == 40
    assert {c[0] for c in DECK} == set("A234567QJK")
    assert {c[1] for c in DECK} == set("CDHS")
    assert all(len(c) == 2 for c in DECK)


def test_the_canonical_order_runs_clubs_diamonds_hearts_spades_ace_to_king() -> None:
    assert DECK[0] == "AC"
    assert DECK[39] == "KS"
    assert DECK[:10] == ("AC", "2C", "3C", "4C", "5C", "6C", "7C", "QC", "JC", "KC")
    assert [DECK[i][1] for i in (0, 10, 20, 30)] == ["C", "D", "H", "S"]
    assert DECK[16] == "7D"
    assert all(INDEX[card] == i for i, card in enumerate(DECK))


def test_card_values_are_face_values_with_queen_8_jack_9_king_10() -> None:
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "Q": 8, "J": 9, "K": 10}
    for card in DECK:
        assert VALUE[card] == expected[card[0]], card


def test_the_deck_sums_to_220_which_is_10_mod_15() -> None:
    assert sum(VALUE.values()) == 220
    assert 220 % CAPTURE_SUM == 10


def test_the_seven_of_diamonds_is_the_guindis() -> None:
    assert SEVEN_OF_DIAMONDS == "7D"
    assert card_name("7D", "en") == "seven of diamonds"
    assert card_name("7D", "pt") == "sete de ouros"
    assert card_name("7D", "es") == "siete de oros"


def test_card_names_follow_the_spanish_deck_for_figures() -> None:
    assert card_name("QC", "es") == "sota de bastos"
    assert card_name("JH", "es") == "caballo de copas"
    assert card_name("KS", "pt") == "rei de espadas"
    assert card_name("AD", "en") == "ace of diamonds"


def test_only_the_forty_codes_are_cards() -> None:
    assert all(is_card(c) for c in DECK)
    for text in ("", "7", "7d", "8D", "10D", "KX", "D7", " 7D", "7D "):
        assert not is_card(text), text


@given(st.permutations(DECK))
def test_sorting_any_cards_gives_the_canonical_order(cards: list[str]) -> None:
    subset = cards[: len(cards) // 2 + 1]
    ordered = sort_cards(subset)
    assert set(ordered) == set(subset)
    assert [INDEX[c] for c in ordered] == sorted(INDEX[c] for c in subset)
