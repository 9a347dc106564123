"""Every level plays every variant to the end with legal moves only."""

from __future__ import annotations

import subprocess
import sys
from typing import get_args

import pytest

import engine
from bots import LEVELS, level
from bots.levels import BotLevel
from bots.table import play_match
from engine import Deal
from engine.events import Played

VARIANTS = [
    ("escopa", {"players": 2}),
    ("escoba", {"players": 2}),
    ("escova", {"players": 2}),
    ("escopa", {"players": 3}),
    ("escopa", {"players": 4}),
    ("escopa", {"players": 4, "partnerships": False}),
    ("escopa", {"players": 2, "validation": "honor"}),
    ("escopa", {"players": 2, "capture": "mandatory"}),
    ("escoba", {"players": 4, "capture": "mandatory", "auto_deal": False}),
    ("escopa", {"players": 3, "auto_deal": False, "points": {"primeira": 3}}),
]


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
@pytest.mark.parametrize("name", list(LEVELS))
def test_a_table_of_one_level_plays_each_variant_to_the_end(
    name: str, preset: str, overrides: dict[str, object]
) -> None:
    rules = engine.make_rules(preset, {**overrides, "target": 5})
    state, opening = engine.start(rules, f"levels-{name}-{preset}")
    bots = [level(name)] * rules.players
    final, steps = play_match(state, bots, [400] * rules.players, opening)
    assert final.status == "finished"
    assert final.outcome is not None
    deals = [step for step in steps if isinstance(step.move, Deal)]
    assert bool(deals) == (not rules.auto_deal), "bots ask for the deal when it is their duty"
    wrong = [e for step in steps for e in step.events if isinstance(e, Played) and e.wrong]
    assert wrong == [], "no bot makes a wrong capture on purpose"


def test_an_unknown_level_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'master'; known: random, greedy"):
        level("master")


def test_the_level_names_the_api_takes_are_the_levels() -> None:
    assert get_args(BotLevel) == tuple(LEVELS)


def test_the_bots_import_nothing_from_the_service() -> None:
    code = (
        "import sys, bots, bots.table; "
        "print(sorted(m for m in sys.modules if m.startswith('service')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
