"""The 40-card deck: card codes, values, suits and display names."""

from __future__ import annotations

from typing import Final, Literal

Suit = Literal["C", "D", "H", "S"]
Language = Literal["pt", "es", "en"]

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "Q", "J", "K")
SUITS: Final[tuple[Suit, ...]] = ("C", "D", "H", "S")

DECK: Final[tuple[str, ...]] = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""Every card code in canonical order: index 0 is `AC`, index 39 is `KS`."""

INDEX: Final[dict[str, int]] = {card: i for i, card in enumerate(DECK)}
VALUE: Final[dict[str, int]] = {card: RANKS.index(card[0]) + 1 for card in DECK}

SEVEN_OF_DIAMONDS: Final = "7D"
CAPTURE_SUM: Final = 15

SUIT_NAMES: Final[dict[Suit, dict[Language, str]]] = {
    "C": {"pt": "paus", "es": "bastos", "en": "clubs"},
    "D": {"pt": "ouros", "es": "oros", "en": "diamonds"},
    "H": {"pt": "copas", "es": "copas", "en": "hearts"},
    "S": {"pt": "espadas", "es": "espadas", "en": "spades"},
}
RANK_NAMES: Final[dict[Language, tuple[str, ...]]] = {
    "pt": ("ás", "dois", "três", "quatro", "cinco", "seis", "sete", "dama", "valete", "rei"),
    "es": ("as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey"),
    "en": ("ace", "two", "three", "four", "five", "six", "seven", "queen", "jack", "king"),
}
_OF: Final[dict[Language, str]] = {"pt": "de", "es": "de", "en": "of"}


def is_card(code: str) -> bool:
    """Whether `code` is one of the 40 card codes."""
    return code in INDEX


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Cards in canonical deck order, the order every listing of cards uses."""
    return tuple(sorted(cards, key=INDEX.__getitem__))


def card_name(card: str, language: Language = "en") -> str:
    """A card's display name, e.g. `seven of diamonds` or `sete de ouros`."""
    rank = RANK_NAMES[language][RANKS.index(card[0])]
    suit = SUIT_NAMES[card[1]][language]  # type: ignore[index]
    return f"{rank} {_OF[language]} {suit}"
