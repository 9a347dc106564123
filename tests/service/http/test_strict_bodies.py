"""Bodies are decoded strictly, exactly as the OpenAPI schema describes them."""

from __future__ import annotations

import json

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import HttpSettings
from tests.harness.api import Client, assert_problem, create_game, ok
from tests.harness.seats import OPEN, join
from tests.harness.settings import app_settings


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"auto_deal": 0}, "rules.auto_deal"),
        ({"target": "21"}, "rules.target"),
        ({"target": 21.5}, "rules.target"),
        ({"signals": "true"}, "rules.signals"),
    ],
)
async def test_an_option_of_the_wrong_json_type_is_refused_with_its_field(
    client: Client, rules: dict[str, object], field: str
) -> None:
    response = await client.post("/v1/games", json={"players": ["Ana", "Bia"], "rules": rules})

    problem = assert_problem(response, 422, "rules/invalid")
    assert problem["field"] == field


async def test_an_integral_number_is_an_integer_as_in_json_schema(client: Client) -> None:
    created = await client.post(
        "/v1/games", json={"players": ["Ana", "Bia"], "rules": {"target": 31.0, "clock": None}}
    )
    assert ok(created, 201)["view"]["rules"]["target"] == 31

    moves = [{"seat": 1.0, "move": "abort"}]  # seat 1 may abort before its first move
    replayed = await client.post(
        "/v1/replays", json={"players": ["Ana", "Bia"], "seed": "s", "moves": moves}
    )
    assert ok(replayed)["status"] == "finished"
    lobby = ok(await client.post("/v1/games", json={"players": ["Ana", OPEN], "lobby": True}), 201)
    joined = await join(client, lobby["game_id"], seat=1e0, name="Bia")
    assert ok(joined)["seat"] == 1


@pytest.mark.parametrize("number", [1.5, 1e-9, "1", True], ids=["half", "tiny", "text", "bool"])
async def test_a_number_that_is_no_integer_is_still_refused(client: Client, number: object) -> None:
    lobby = ok(await client.post("/v1/games", json={"players": ["Ana", OPEN], "lobby": True}), 201)

    refused = await join(client, lobby["game_id"], seat=number, name="Bia")

    assert assert_problem(refused, 400, "request/invalid")["field"] == "seat"


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


NOT_JSON = [
    None,
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json; charset=utf-16",
    "application/json; charset=latin-1",
]


@pytest.mark.parametrize("content_type", NOT_JSON)
@pytest.mark.parametrize("fast", [True, False], ids=["fast-moves", "no-fast-moves"])
async def test_a_move_that_is_not_sent_as_json_is_a_415(
    redis_url: str, content_type: str | None, fast: bool
) -> None:
    app = create_app(app_settings(redis_url, http=HttpSettings(fast_moves=fast)))
    async with AsyncTestClient(app=app) as client:
        game = await create_game(client)
        seat = (await game.view())["turn"]
        move = (await game.legal(seat))[0]["id"]
        body = json.dumps({"expected_version": 1, "move": move}).encode()
        headers = game.auth(seat) | ({"Content-Type": content_type} if content_type else {})

        response = await client.post(f"{game.url}/moves", content=body, headers=headers)

        assert_problem(response, 415, "request/unsupported_media_type")
        assert "application/json" in response.json()["detail"]
        assert await game.version() == 1


@pytest.mark.parametrize("content_type", NOT_JSON)
@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("/v1/games", {"players": ["Ana", "Bia"]}),
        ("/v1/replays", {"players": ["Ana", "Bia"], "seed": "s"}),
    ],
)
async def test_a_body_that_is_not_sent_as_json_is_a_415(
    client: Client, content_type: str | None, route: str, body: dict[str, object]
) -> None:
    headers = {"Content-Type": content_type} if content_type else {}

    response = await client.post(route, content=json.dumps(body).encode(), headers=headers)

    assert_problem(response, 415, "request/unsupported_media_type")


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=UTF-8"])
async def test_json_in_utf_8_is_accepted(client: Client, content_type: str) -> None:
    body = json.dumps({"players": ["Ana", "Bia"]}).encode()

    response = await client.post("/v1/games", content=body, headers={"Content-Type": content_type})

    assert response.status_code == 201, response.text


@pytest.mark.parametrize("fast", [True, False], ids=["fast-moves", "no-fast-moves"])
async def test_an_integral_version_is_taken_and_a_fraction_refused(
    redis_url: str, fast: bool
) -> None:
    app = create_app(app_settings(redis_url, http=HttpSettings(fast_moves=fast)))
    async with AsyncTestClient(app=app) as client:
        game = await create_game(client)
        seat = (await game.view())["turn"]
        move = (await game.legal(seat))[0]["id"]

        response = await game.post_move(seat, {"expected_version": 1.5, "move": move})

        problem = assert_problem(response, 400, "request/invalid")
        assert problem["field"] == "expected_version"
        assert await game.version() == 1
        played = await game.post_move(seat, {"expected_version": 1.0, "move": move})
        assert ok(played)["version"] == 2


@pytest.mark.parametrize(
    "body", [b"{}", b"[]", b"null", b"[" * 8000 + b"]" * 8000, b'{"seed": "mine"}']
)
async def test_a_commitment_takes_no_body(client: Client, body: bytes) -> None:
    response = await client.post(
        "/v1/commitments", content=body, headers={"Content-Type": "application/json"}
    )

    assert_problem(response, 400, "request/invalid")


async def test_a_commitment_without_a_body_is_made(client: Client) -> None:
    assert (await client.post("/v1/commitments")).status_code == 201
