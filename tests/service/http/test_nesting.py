"""Deeply nested JSON is a 400 at any depth, on every route that takes a body, never a 500."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import HttpSettings
from tests.harness.api import Client, assert_problem, create_game
from tests.harness.settings import app_settings

DEPTHS = (10, 900, 1000, 5000)


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


@pytest.fixture(params=[True, False], ids=["fast-moves", "no-fast-moves"])
async def any_client(redis_url: str, request: pytest.FixtureRequest) -> AsyncIterator[Client]:
    """A client of the app with the moves' fast lane on, then off."""
    app = create_app(app_settings(redis_url, http=HttpSettings(fast_moves=request.param)))
    async with AsyncTestClient(app=app) as test_client:
        yield test_client


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("route", ["/moves", "/deal", "/signals"])
async def test_a_deeply_nested_body_to_a_game_route_is_a_400(
    any_client: Client, route: str, depth: int
) -> None:
    game = await create_game(any_client, players=4)
    response = await any_client.post(
        f"{game.url}{route}",
        content=nested(depth),
        headers={"Content-Type": "application/json", **game.auth(0)},
    )

    assert_problem(response, 400, "request/invalid")


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("route", ["/v1/games", "/v1/replays"])
async def test_a_deeply_nested_body_to_a_creating_route_is_a_400(
    client: Client, route: str, depth: int
) -> None:
    response = await client.post(
        route, content=nested(depth), headers={"Content-Type": "application/json"}
    )

    assert_problem(response, 400, "request/invalid")


@pytest.mark.parametrize("depth", DEPTHS)
async def test_a_deeply_nested_member_is_a_400_too(client: Client, depth: int) -> None:
    body = b'{"players": ["Ana", "Bia"], "rules": ' + nested(depth) + b"}"
    response = await client.post(
        "/v1/games", content=body, headers={"Content-Type": "application/json"}
    )

    assert response.status_code in (400, 422)
    assert response.json()["code"] in ("request/invalid", "rules/invalid")
