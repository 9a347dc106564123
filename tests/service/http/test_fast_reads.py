"""The read route's fast lane answers exactly as the declared handler does: the same status,
headers and body from an app with the lane and one without it, on the same game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from litestar import Request
from litestar.testing import AsyncTestClient

import service.app as app_module
from service.app import create_app
from service.http.fast_reads import common_read
from service.http.strict import strict_body
from service.settings import HttpSettings
from tests.harness.api import Client, Game, create_game, ok
from tests.harness.settings import app_settings


@pytest.fixture
async def pair(redis_url: str) -> AsyncIterator[tuple[Client, Client]]:
    """Clients of an app with the fast lane and of one without, on the same Redis."""
    fast = create_app(app_settings(redis_url))
    plain = create_app(app_settings(redis_url, http=HttpSettings(fast_moves=False)))
    async with AsyncTestClient(app=fast) as a, AsyncTestClient(app=plain) as b:
        yield a, b


def headers_of(response: httpx.Response) -> list[tuple[str, str]]:
    return sorted((k, v) for k, v in response.headers.items() if k != "x-request-id")


async def alike(pair: tuple[Client, Client], path: str, headers: dict[str, str]) -> httpx.Response:
    """Read the same path through both apps; they must answer alike, byte for byte."""
    answers = [await client.get(path, headers=headers) for client in pair]
    first, second = answers
    assert first.status_code == second.status_code, (first.text, second.text)
    assert headers_of(first) == headers_of(second)
    assert first.content == second.content
    return first


async def test_every_seats_view_and_a_spectators_are_the_same_on_both_paths(
    pair: tuple[Client, Client],
) -> None:
    game = await create_game(pair[0], players=3)
    for seat in (0, 1, 2, None):
        answer = await alike(pair, game.url, game.auth(seat))
        assert answer.status_code == 200 and answer.json()["version"] == 1
        hand = answer.json()["hand"]
        assert (hand == []) if seat is None else len(hand) == 3


async def test_a_current_tag_gets_the_same_304_and_a_stale_one_the_same_view(
    pair: tuple[Client, Client],
) -> None:
    game = await create_game(pair[0])
    tag = ok(await pair[0].get(game.url, headers=game.auth(0))).get("version")
    current = (await pair[0].get(game.url)).headers["etag"]
    assert current == f'"{tag}"'
    assert (await alike(pair, game.url, {"If-None-Match": current})).status_code == 304
    assert (await alike(pair, game.url, {"If-None-Match": f'W/"0", {current}'})).status_code == 304
    assert (await alike(pair, game.url, {"If-None-Match": '"0"'})).status_code == 200


async def test_refused_reads_get_the_same_problem_on_both_paths(
    pair: tuple[Client, Client],
) -> None:
    game = await create_game(pair[0])
    cases = [
        ("/v1/games/no-such-game", {}, 404),
        (game.url, {"Authorization": "Bearer not-a-seat"}, 401),
        (game.url, {"Authorization": "Basic abc"}, 401),
        (game.url, {"Authorization": "Bearer " + "x" * 5000}, 400),
        (game.url, {"If-None-Match": "x" * 101}, 400),
    ]
    for path, headers, status in cases:
        assert (await alike(pair, path, headers)).status_code == status, (path, headers)


async def test_common_reads_skip_the_declared_handler_and_the_rest_reach_it(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    handled: list[str] = []

    async def declared(request: Request[Any, Any, Any]) -> None:
        """The declared handler's `before_request` hook, counting the reads that reach it."""
        if request.method == "GET" and request.url.path.count("/") == 3:
            handled.append(request.url.query or "plain")
        await strict_body(request)

    monkeypatch.setattr(app_module, "strict_body", declared)
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as client:
        game: Game = await create_game(client)
        ok(await client.get(game.url, headers=game.auth(0)))
        ok(await client.get(f"{game.url}?detail=1", headers=game.auth(0)))
    assert handled == ["detail=1"]


def test_only_a_read_with_sane_headers_and_no_query_takes_the_fast_lane() -> None:
    def scope(query: bytes = b"", *headers: tuple[bytes, bytes]) -> Any:
        return {"path_params": {"game_id": "g" * 24}, "query_string": query, "headers": headers}

    auth = (b"authorization", b"Bearer t")
    assert common_read(scope(b"", auth)) == ("g" * 24, "Bearer t", None)
    assert common_read(scope(b"a=1", auth)) is None
    assert common_read(scope(b"", auth, auth)) is None
    assert common_read(scope(b"", (b"if-none-match", b"x" * 101))) is None
