"""The rules overrides are made from the engine's rules, member for member, with its bounds."""

from __future__ import annotations

import msgspec
import pytest

from engine import RulesError
from engine.rules import MAX_POINTS, MAX_TARGET, Points, Rules
from service.ledger.overrides import PointsOverride, RulesOverride
from service.ledger.replay import rules_of


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


@pytest.mark.parametrize(
    ("changes", "detail"),
    [
        ({"target": "ten"}, "rules.target: must be an integer, not a string"),
        (
            {"capture": "sometimes"},
            "rules.capture: 'sometimes' is not allowed; allowed: 'mandatory', 'optional'",
        ),
        (
            {"clock": {"turn_seconds": 1, "bank_seconds": 1}},
            "rules.clock.on_timeout: is required",
        ),
    ],
)
def test_an_override_the_engine_cannot_decode_is_worded_for_the_client(
    changes: dict[str, object], detail: str
) -> None:
    """An override built by hand (not decoded, so never checked) reaches the engine's own
    decoding: msgspec's error comes back as the sentence a problem's detail shows."""
    with pytest.raises(RulesError) as refused:
        rules_of("escopa", RulesOverride(**changes), 2)
    assert str(refused.value) == detail
    assert refused.value.field == detail.partition(":")[0]
