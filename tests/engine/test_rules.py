"""Rules as data: presets (docs/rules.md "Scoring a round" table), overrides, refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine import PRESETS, EngineError, Rules, RulesError, canonical_json, make_rules, start
from engine.rules import hands_per_round, partnered, seats_of, side_count, side_of

CATEGORY_TABLE = {
    # category: (escopa, escoba, escova), straight from the table in docs/rules.md
    "escopa": (1, 1, 1),
    "most_cards": (1, 1, 1),
    "all_cards": (0, 0, 0),
    "most_diamonds": (1, 1, 1),
    "all_diamonds": (2, 0, 2),
    "seven_of_diamonds": (1, 1, 1),
    "most_sevens": (1, 1, 0),
    "all_sevens": (3, 1, 0),
    "opponents_under_10": (2, 0, 0),
    "primeira": (0, 0, 0),
}
PRESET_NAMES = ("escopa", "escoba", "escova")
PRIMEIRA = {"7": 11, "6": 8, "A": 6, "2": 2, "3": 3, "4": 4, "5": 5, "Q": 0, "J": 0, "K": 0}
ITALIAN = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "Q": 10, "J": 10, "K": 10}


@pytest.mark.parametrize("column", range(3))
def test_each_preset_scores_the_categories_of_the_rules_table(column: int) -> None:
    rules = make_rules(PRESET_NAMES[column])
    for category, points in CATEGORY_TABLE.items():
        assert getattr(rules.points, category) == points[column], category
    assert set(type(rules.points).__struct_fields__) == set(CATEGORY_TABLE)


@pytest.mark.parametrize(
    ("preset", "target", "rotation", "missed"),
    [
        ("escopa", 21, "hand", "claimable"),
        ("escoba", 21, "round", "stays"),
        ("escova", 31, "round", "stays"),
    ],
)
def test_each_preset_has_its_target_rotation_and_missed_capture_rule(
    preset: str, target: int, rotation: str, missed: str
) -> None:
    rules = make_rules(preset)
    assert rules.target == target
    assert rules.dealer_rotation == rotation
    assert rules.missed_capture == missed
    assert PRESETS[preset] == rules


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_shares_the_documented_defaults(preset: str) -> None:
    rules = make_rules(preset)
    assert rules.players == 2
    assert rules.first_dealer == "draw"
    assert rules.initial_table_bonus == "pairs"
    assert rules.capture == "optional"
    assert rules.validation == "strict"
    assert rules.auto_deal is True
    assert rules.primeira_values == PRIMEIRA


def test_signals_are_on_in_escopa_and_off_in_escoba_and_escova() -> None:
    assert make_rules("escopa").signals is True
    assert make_rules("escoba").signals is False
    assert make_rules("escova").signals is False


def test_the_default_preset_is_escopa() -> None:
    assert make_rules() == make_rules("escopa") == PRESETS["escopa"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_plays_the_traditional_house_rules(preset: str) -> None:
    rules = make_rules(preset)
    assert rules.initial_bonus_taker == "dealer"
    assert rules.tie_at_target == "play_on"
    assert rules.leftover_cards == "nobody"
    assert rules.primeira_figures == "count"
    assert rules.points.all_cards == 0


HOUSE_RULES = {
    "initial_bonus_taker": "mano",
    "initial_table_bonus": "fifteen",
    "tie_at_target": "shared",
    "leftover_cards": "dealer",
    "primeira_figures": "ignore",
}


def test_the_house_rules_can_be_overridden() -> None:
    rules = make_rules("escoba", {**HOUSE_RULES, "points": {"all_cards": 2}})
    assert {name: getattr(rules, name) for name in HOUSE_RULES} == HOUSE_RULES
    assert rules.points.all_cards == 2
    assert rules.points.most_cards == 1, "escoba's own value kept"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_house_rules_at_their_defaults_are_left_out_of_the_encoding(preset: str) -> None:
    # the same bytes as before the house rules existed, so logged games keep their hashes
    encoded = json.loads(canonical_json(make_rules(preset)))
    assert not set(encoded) & {*HOUSE_RULES, "all_cards"} - {"initial_table_bonus"}
    assert "all_cards" not in encoded["points"]
    assert msgspec.json.decode(canonical_json(make_rules(preset)), type=Rules) == PRESETS[preset]


def test_a_house_rule_away_from_its_default_is_encoded_and_decodes_back() -> None:
    rules = make_rules("escopa", {**HOUSE_RULES, "points": {"all_cards": 2}})
    encoded = json.loads(canonical_json(rules))
    assert {name: encoded[name] for name in HOUSE_RULES} == HOUSE_RULES
    assert encoded["points"]["all_cards"] == 2
    assert msgspec.json.decode(canonical_json(rules), type=Rules) == rules


def test_any_option_can_be_overridden() -> None:
    rules = make_rules(
        "escoba",
        {
            "players": 4,
            "target": 31,
            "first_dealer": 2,
            "dealer_rotation": "hand",
            "initial_table_bonus": "none",
            "capture": "mandatory",
            "missed_capture": "claimable",
            "validation": "honor",
            "signals": True,
            "auto_deal": False,
        },
    )
    assert (rules.players, rules.target, rules.first_dealer) == (4, 31, 2)
    assert rules.dealer_rotation == "hand"
    assert rules.initial_table_bonus == "none"
    assert rules.capture == "mandatory"
    assert rules.missed_capture == "claimable"
    assert rules.validation == "honor"
    assert rules.signals is True
    assert rules.auto_deal is False
    assert rules.points == PRESETS["escoba"].points, "points untouched"


def test_overriding_some_points_keeps_the_preset_s_other_points() -> None:
    rules = make_rules("escova", {"points": {"primeira": 2, "most_sevens": 1}})
    assert rules.points.primeira == 2
    assert rules.points.most_sevens == 1
    assert rules.points.all_diamonds == 2, "escova's own value kept"
    assert rules.points.all_sevens == 0, "escova's own value kept"


def test_an_override_does_not_change_the_preset() -> None:
    make_rules("escopa", {"points": {"escopa": 5}, "target": 31})
    assert PRESETS["escopa"].points.escopa == 1
    assert PRESETS["escopa"].target == 21


def test_the_italian_primeira_values_are_a_valid_override() -> None:
    rules = make_rules("escopa", {"primeira_values": ITALIAN, "points": {"primeira": 2}})
    assert rules.primeira_values == ITALIAN
    assert rules.points.primeira == 2


def test_four_players_play_in_partnerships_zero_two_against_one_three_by_default() -> None:
    rules = make_rules("escopa", {"players": 4})
    assert partnered(rules)
    assert side_count(rules) == 2
    assert [side_of(rules, seat) for seat in range(4)] == [0, 1, 0, 1]
    assert seats_of(rules, 0) == (0, 2)
    assert seats_of(rules, 1) == (1, 3)


def test_four_players_may_play_each_for_themselves() -> None:
    rules = make_rules("escopa", {"players": 4, "partnerships": False})
    assert not partnered(rules)
    assert side_count(rules) == 4
    assert [side_of(rules, seat) for seat in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_are_each_a_side(players: int) -> None:
    rules = make_rules("escopa", {"players": players})
    assert side_count(rules) == players
    assert [seats_of(rules, side) for side in range(players)] == [(s,) for s in range(players)]


@pytest.mark.parametrize(("players", "hands"), [(2, 6), (3, 4), (4, 3)])
def test_the_number_of_hands_per_round_uses_up_the_deck(players: int, hands: int) -> None:
    assert hands_per_round(make_rules("escopa", {"players": players})) == hands
    assert 4 + hands * 3 * players == 40


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"players": 3, "partnerships": True}, "partnerships"),
        ({"players": 2, "partnerships": True}, "partnerships"),
        ({"points": {"escopa": -1}}, "points.escopa"),
        ({"points": {"most_sevens": -3}}, "points.most_sevens"),
        ({"points": {"jokers": 1}}, "points.jokers"),
        ({"bogus": True}, "bogus"),
        ({"target": 0}, "target"),
        ({"first_dealer": 2}, "first_dealer"),
        ({"first_dealer": "lowest"}, "first_dealer"),
        ({"dealer_rotation": "trick"}, "dealer_rotation"),
        ({"capture": "sometimes"}, "capture"),
        ({"validation": "lax"}, "validation"),
        ({"primeira_values": {**PRIMEIRA, "K": -1}}, "primeira_values.K"),
        ({"primeira_values": {r: v for r, v in PRIMEIRA.items() if r != "K"}}, "primeira_values"),
        ({"primeira_values": {**PRIMEIRA, "8": 0}}, "primeira_values"),
        ({"players": "two"}, "players"),
        ({"initial_bonus_taker": "eldest"}, "initial_bonus_taker"),
        ({"initial_table_bonus": "thirty"}, "initial_table_bonus"),
        ({"tie_at_target": "sudden_death"}, "tie_at_target"),
        ({"leftover_cards": "last_capturer"}, "leftover_cards"),
        ({"primeira_figures": False}, "primeira_figures"),
        ({"points": {"all_cards": -2}}, "points.all_cards"),
        ({"points": {"all_cards": 101}}, "points.all_cards"),
        ({"boards": 51}, "boards"),
        ({"boards": -1}, "boards"),
        ({"first_board": 2}, "first_board"),
        ({"boards": 2, "first_board": 0}, "first_board"),
    ],
)
def test_an_unplayable_combination_is_refused_with_the_field_name(
    overrides: dict[str, Any], field: str
) -> None:
    with pytest.raises(RulesError) as caught:
        make_rules("escopa", overrides)
    assert caught.value.field == field
    assert caught.value.code == "rules/invalid"
    assert str(caught.value).startswith(f"{field}:")
    assert isinstance(caught.value, EngineError)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("overrides", "field", "said"),
    [
        ({"target": "ten"}, "target", "Expected `int`, got `str`"),
        ({"points": {"jokers": 1}}, "points.jokers", "unknown field `jokers`"),
        ({"clock": {"turn_seconds": 1, "bank_seconds": 1}}, "clock.on_timeout", "`on_timeout`"),
    ],
)
def test_an_option_of_the_wrong_type_is_refused_with_msgspecs_own_error(
    overrides: dict[str, Any], field: str, said: str
) -> None:
    with pytest.raises(RulesError) as caught:
        make_rules("escopa", overrides)
    assert caught.value.field == field
    assert said in caught.value.reason
    assert isinstance(caught.value.invalid, msgspec.ValidationError)


def test_an_unplayable_combination_keeps_no_msgspec_error() -> None:
    with pytest.raises(RulesError) as caught:
        make_rules("escopa", {"players": 3, "partnerships": True})
    assert caught.value.invalid is None


def test_an_unknown_preset_is_refused_naming_the_preset_field() -> None:
    with pytest.raises(RulesError) as caught:
        make_rules("scopa")
    assert caught.value.field == "preset"
    assert caught.value.code == "rules/unknown_preset"
    assert "scopa" in str(caught.value)


def test_start_refuses_rules_built_by_hand_that_cannot_be_played() -> None:
    with pytest.raises(RulesError) as caught:
        start(msgspec.structs.replace(PRESETS["escopa"], players=5), "seed")
    assert caught.value.field == "players"


def test_every_option_has_a_row_in_the_options_table_of_the_rules_page() -> None:
    page = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    summary = page.split("## Options summary", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("`")[1] for line in summary.splitlines() if line.startswith("| `")}
    assert set(Rules.__struct_fields__) <= rows
    house = summary.split("### House rules", 1)[1]
    for option in (*HOUSE_RULES, "all_cards"):
        assert f"`{option}" in house or f"`points.{option}" in house, option
