"""The rules overrides are made from the engine's rules, member for member, with its bounds."""

from __future__ import annotations

import msgspec
import pytest

from engine.rules import MAX_POINTS, MAX_TARGET, Points, Rules
from service.ledger.overrides import PointsOverride, RulesOverride


def test_every_option_of_the_rules_but_players_can_be_overridden() -> None:
    assert set(RulesOverride.__struct_fields__) == set(Rules.__struct_fields__) - {"players"}


def test_every_category_of_points_can_be_overridden() -> None:
    assert PointsOverride.__struct_fields__ == Points.__struct_fields__


@pytest.mark.parametrize(
    ("body", "holds"),
    [
        ({"target": MAX_TARGET}, True),
        ({"target": MAX_TARGET + 1}, False),
        ({"points": {"escopa": MAX_POINTS}}, True),
        ({"points": {"escopa": MAX_POINTS + 1}}, False),
    ],
)
def test_the_override_bounds_are_the_engines(body: dict[str, object], holds: bool) -> None:
    try:
        msgspec.convert(body, RulesOverride)
    except msgspec.ValidationError:
        assert not holds
    else:
        assert holds
