"""The deck `escopa play` draws: the one the game's preset is played with, decided as the web
table decides it (the same presets' decks and telling fields as `decks.js`)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine import PRESETS
from escopa_client.programs.decks import PLAYED_WITH, TELLING, deck_of, preset_of

DECKS_JS = Path(__file__).resolve().parents[4] / "service" / "http" / "web" / "static" / "decks.js"


def presets() -> dict[str, dict[str, Any]]:
    """The presets as `GET /v1/rules/presets` writes them."""
    written: dict[str, dict[str, Any]] = msgspec.to_builtins(dict(PRESETS))
    return written


@pytest.mark.parametrize(
    ("preset", "deck"), [("escopa", "french"), ("escova", "french"), ("escoba", "spanish")]
)
def test_each_preset_is_drawn_in_the_deck_it_is_played_with(preset: str, deck: str) -> None:
    rules = presets()[preset]
    assert preset_of(rules, presets()) == preset
    assert deck_of(rules, presets()) == deck


def test_a_game_whose_rules_were_changed_is_drawn_as_its_nearest_preset() -> None:
    escoba = presets()["escoba"] | {"target": 3, "players": 4}
    assert deck_of(escoba, presets()) == "spanish"
    escopa = presets()["escopa"] | {"target": 2}
    assert deck_of(escopa, presets()) == "french"


def test_the_decision_is_the_web_tables() -> None:
    source = DECKS_JS.read_text()
    played = re.search(r"const PLAYED_WITH = (\{[^}]*\});", source)
    telling = re.search(r"const TELLING = (\[[^\]]*\]);", source)
    assert played and telling, "decks.js names the presets' decks and the telling fields"
    quoted = re.sub(r"(\w+):", r'"\1":', played.group(1))
    assert json.loads(quoted) == dict(PLAYED_WITH)
    assert tuple(json.loads(telling.group(1))) == TELLING
