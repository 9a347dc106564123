"""Every unplayable rule set is one 422 `rules/invalid` naming the field, through the API and the
engine alike; the number of players is that of the names (docs/rules.md says so)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.harness.api import Client, assert_problem, create, ok

ZERO_POINTS = dict.fromkeys(engine.Points.__struct_fields__, 0)


@pytest.mark.parametrize(
    ("players", "rules", "field"),
    [
        (2, {"target": 0}, "rules.target"),
        (2, {"target": -3}, "rules.target"),
        (2, {"target": 1001}, "rules.target"),
        (2, {"points": {"escopa": -1}}, "rules.points.escopa"),
        (2, {"points": {"most_cards": 101}}, "rules.points.most_cards"),
        (
            2,
            {"primeira_values": {**engine.rules.PRIMEIRA_VALUES, "7": -2}},
            "rules.primeira_values.7",
        ),
        (3, {"partnerships": True}, "rules.partnerships"),
        (2, {"first_dealer": 3}, "rules.first_dealer"),
        (2, {"points": ZERO_POINTS}, "rules.points"),
        (2, {"players": 3}, "rules.players"),
        (2, {"colour": "red"}, "rules.colour"),
        (2, {"target": "21"}, "rules.target"),
        (2, {"capture": "sometimes"}, "rules.capture"),
        (2, {"tie_at_target": "sudden_death"}, "rules.tie_at_target"),
        (2, {"points": {"all_cards": 101}}, "rules.points.all_cards"),
    ],
)
async def test_an_unplayable_rule_set_is_one_code(
    client: Client, players: int, rules: dict[str, Any], field: str
) -> None:
    body = {"players": ["Ana", "Bia", "Caio", "Duda"][:players], "rules": rules}

    problem = assert_problem(await create(client, body), 422, "rules/invalid")

    assert problem["field"] == field
    assert problem["detail"].startswith(f"{field}: ")


async def test_a_replay_refuses_the_same_rule_sets_with_the_same_code(client: Client) -> None:
    body = {"players": ["Ana", "Bia"], "seed": "s", "rules": {"target": 0}}

    problem = assert_problem(await client.post("/v1/replays", json=body), 422, "rules/invalid")

    assert problem["field"] == "rules.target"


async def test_the_number_of_players_is_that_of_the_names(client: Client) -> None:
    response = await create(client, {"players": ["Ana", "Bia", "Caio"]})

    assert response.status_code == 201, response.text
    assert response.json()["view"]["hand_sizes"] == [3, 3, 3]
    rules = ok(await client.get("/v1/rules/presets"))["escopa"]
    assert "players" in rules, "the presets show it, as docs/rules.md lists it"


async def test_a_rule_set_where_only_one_category_scores_is_playable(client: Client) -> None:
    body = {"players": ["Ana", "Bia"], "rules": {"points": {**ZERO_POINTS, "escopa": 1}}}

    assert (await create(client, body)).status_code == 201


def test_the_engine_refuses_a_rule_set_that_can_never_end() -> None:
    with pytest.raises(engine.RulesError) as refused:
        engine.make_rules("escopa", {"points": ZERO_POINTS})

    assert refused.value.code == "rules/invalid"
    assert refused.value.field == "points"
    assert "never" in refused.value.message
