"""The deck `escopa play` draws, the web table's decision (`service/http/web/static/decks.js`,
the rule documented in docs/web.md): French suits for `escopa` and `escova` as played in
Brazil, Spanish naipes for `escoba`, a game whose rules were changed drawn as its nearest
preset; `--deck` picks the other one. Pure functions of the game's rules and the presets'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal

Deck = Literal["french", "spanish"]
DECKS: Final[tuple[Deck, ...]] = ("french", "spanish")
PLAYED_WITH: Final[Mapping[str, Deck]] = {
    "escopa": "french",
    "escova": "french",
    "escoba": "spanish",
}
"""The deck each preset is played with (a preset not named here: French)."""
TELLING: Final = ("target", "dealer_rotation", "missed_capture", "signals", "initial_table_bonus")
"""The fields that tell the presets apart (the rest: the players, the clock, who deals first)."""


def preset_of(rules: Mapping[str, Any], presets: Mapping[str, Mapping[str, Any]]) -> str:
    """The preset a game's rules (as the API writes them) are, or the nearest: the most telling
    fields and points alike, the first preset on a tie; a changed target is still its game."""
    points: Mapping[str, int] = rules.get("points", {})
    best, most = "escopa", -1
    for name, named in presets.items():
        theirs: Mapping[str, int] = named.get("points", {})
        alike = sum(rules.get(field) == named.get(field) for field in TELLING)
        alike += sum(points.get(category, 0) == value for category, value in theirs.items())
        if alike > most:
            best, most = name, alike
    return best


def deck_of(rules: Mapping[str, Any], presets: Mapping[str, Mapping[str, Any]]) -> Deck:
    """The deck a game with these rules is drawn in: its (nearest) preset's."""
    return PLAYED_WITH.get(preset_of(rules, presets), "french")
