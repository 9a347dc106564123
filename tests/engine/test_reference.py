"""The engine plays exactly as commit 291b203's did: the same legal moves in the same order, the
same states, events and errors, over seeded random games of every setting
(`tests/harness/reference_games.py`; the digests recorded from 291b203 in
`reference_games.json`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.harness.reference_games import GAMES_PER_SETTING, SETTINGS, game_digest

pytestmark = pytest.mark.slow  # the whole corpus, seconds of CPU: make test, not make check

RECORDED = json.loads((Path(__file__).parent / "reference_games.json").read_text())


def test_the_reference_covers_every_setting_s_games() -> None:
    assert RECORDED["rev"] == "291b203"
    assert len(RECORDED["games"]) == len(SETTINGS) * GAMES_PER_SETTING


@pytest.mark.parametrize("setting", SETTINGS)
def test_every_game_of_a_setting_lists_and_applies_moves_as_the_reference_did(
    setting: str,
) -> None:
    preset, overrides = SETTINGS[setting]
    differ = [
        number
        for number in range(GAMES_PER_SETTING)
        if game_digest(preset, overrides, f"{setting}-{number}")
        != RECORDED["games"][f"{setting}/{number}"]
    ]
    assert differ == [], f"{setting}: games {differ} differ from 291b203's"
