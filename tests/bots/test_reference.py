"""The bots decide exactly as commit 291b203's did: on every position of a fixed corpus
(`tests/harness/decisions.py`) the expert and the greedy level choose the same move and value
every legal move the same, to the last bit (the records in `reference_decisions.json`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.harness.decisions import SETTINGS, Decision, corpus, record

pytestmark = pytest.mark.slow  # the whole corpus, seconds of CPU: make test, not make check

RECORDED = json.loads((Path(__file__).parent / "reference_decisions.json").read_text())


@pytest.fixture(scope="module")
def positions() -> list[tuple[Decision, str]]:
    found = corpus()
    assert len(found) == len(RECORDED["records"]) == sum(n for _, _, n in SETTINGS.values())
    return list(zip(found, RECORDED["records"], strict=True))


def test_the_reference_is_291b203_s() -> None:
    assert RECORDED["rev"] == "291b203"


@pytest.mark.parametrize("setting", SETTINGS)
def test_every_position_of_a_setting_is_decided_and_valued_as_the_reference_did(
    setting: str, positions: list[tuple[Decision, str]]
) -> None:
    differ = [
        f"position {at}: {found} (291b203: {recorded})"
        for at, (decision, recorded) in enumerate(positions)
        if decision.setting == setting and (found := record(decision)) != recorded
    ]
    assert differ == [], "\n".join(differ[:10])
