"""Bodies are decoded strictly, exactly as the OpenAPI schema describes them."""

from __future__ import annotations

import pytest

from tests.harness.api import Client, assert_problem, create_game


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"auto_deal": 0}, "rules.auto_deal"),
        ({"target": "21"}, "rules.target"),
        ({"target": 21.5}, "rules.target"),
        ({"signals": "true"}, "rules.signals"),
    ],
)
async def test_a_value_of_the_wrong_json_type_is_refused_with_its_field(
    client: Client, rules: dict[str, object], field: str
) -> None:
    response = await client.post("/v1/games", json={"players": ["Ana", "Bia"], "rules": rules})

    problem = assert_problem(response, 400, "request/invalid")
    assert problem["field"] == field


async def test_an_integral_float_is_the_integer_json_schema_says_it_is(client: Client) -> None:
    response = await client.post(
        "/v1/games", json={"players": ["Ana", "Bia"], "rules": {"target": 31.0}}
    )

    assert response.status_code == 201
    assert response.json()["view"]["players"][1]["name"] == "Bia"


async def test_a_body_that_is_not_json_is_refused(client: Client) -> None:
    response = await client.post(
        "/v1/games", content=b"{players", headers={"Content-Type": "application/json"}
    )

    assert_problem(response, 400, "request/invalid")


async def test_a_move_text_with_a_trailing_newline_is_no_move(client: Client) -> None:
    game = await create_game(client)
    seat = (await game.view())["turn"]
    moves = [m["id"] for m in await game.legal(seat)]
    response = await game.post_move(seat, {"expected_version": 1, "move": f"{moves[0]}\n"})

    assert_problem(response, 422, "move/unknown_card")
