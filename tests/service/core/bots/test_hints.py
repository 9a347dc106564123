"""Hints: the move a bot would play for a person's seat, with its value of every legal move."""

from __future__ import annotations

from httpx import Response
from litestar.testing import AsyncTestClient

import engine
from service.app import create_app
from service.settings import LimitSettings, Rate
from tests.harness.api import Client, Game, assert_problem, create_game, find_seed, ok
from tests.harness.settings import app_settings


async def hint(game: Game, seat: int | None, level: str | None = None) -> Response:
    params = {"level": level} if level is not None else {}
    return await game.client.get(f"{game.url}/hint", params=params, headers=game.auth(seat))


async def test_a_hint_values_every_legal_move_and_names_the_best(client: Client) -> None:
    game = await create_game(client, 2, first_dealer=1)
    legal = [m["id"] for m in await game.legal(0)]
    for level in ("random", "greedy", "expert"):
        answer = ok(await hint(game, 0, level))
        assert (answer["seat"], answer["level"], answer["version"]) == (0, level, 1)
        assert [m["move"]["id"] for m in answer["moves"]] == legal
        best = max(answer["moves"], key=lambda m: m["value"])
        assert answer["move"] == best["move"]
    assert ok(await hint(game, 0))["level"] == "expert"
    assert await game.version() == 1, "a hint plays nothing"


async def test_a_greedy_hint_prefers_a_capture_to_every_discard(client: Client) -> None:
    def can_capture(state: engine.State) -> bool:
        moves = engine.legal_moves(state, 0)
        return state.turn == 0 and any(isinstance(m, engine.Play) and m.capture for m in moves)

    seed, _ = find_seed(can_capture, first_dealer=1)
    game = await create_game(client, 2, seed=seed, first_dealer=1)
    answer = ok(await hint(game, 0, "greedy"))
    assert answer["move"]["capture"], answer["move"]
    best = max(m["value"] for m in answer["moves"])
    discards = [m["value"] for m in answer["moves"] if not m["move"]["capture"]]
    assert all(value < best for value in discards)


async def test_a_hint_is_for_the_seat_that_must_act(client: Client) -> None:
    game = await create_game(client, 2, first_dealer=1)
    assert_problem(await hint(game, 1), 409, "hint/not_your_turn")
    assert_problem(await hint(game, None), 401, "auth/missing_token")
    wrong = await game.client.get(f"{game.url}/hint", headers={"Authorization": "Bearer nope"})
    assert_problem(wrong, 401, "auth/invalid_token")
    assert_problem(await hint(game, 0, "wizard"), 400, "request/invalid")
    missing = await game.client.get("/v1/games/nosuchgame/hint", headers=game.auth(0))
    assert_problem(missing, 404, "game/not_found")


async def test_hints_have_their_own_rate_limit(redis_url: str) -> None:
    app = create_app(app_settings(redis_url, limits=LimitSettings(hints=Rate(2, 60.0))))
    async with AsyncTestClient(app=app) as client:
        game = await create_game(client, 2, first_dealer=1)
        for _ in range(2):
            ok(await hint(game, 0, "random"))
        limited = assert_problem(await hint(game, 0, "random"), 429, "rate/limited")
        assert limited["detail"]
        assert (await game.view(0))["version"] == 1  # other requests are not limited


async def test_a_hint_refused_for_its_token_or_turn_spends_none_of_the_limit(
    redis_url: str,
) -> None:
    app = create_app(app_settings(redis_url, limits=LimitSettings(hints=Rate(1, 60.0))))
    async with AsyncTestClient(app=app) as client:
        game = await create_game(client, 2, first_dealer=1)
        url = f"{game.url}/hint"
        for _ in range(3):
            assert_problem(await game.client.get(url), 401, "auth/missing_token")
            assert_problem(await hint(game, 1, "random"), 409, "hint/not_your_turn")
        ok(await hint(game, 0, "random"))  # the one hint allowed is still there
        assert_problem(await game.client.get(url), 401, "auth/missing_token")
        assert_problem(await hint(game, 0, "random"), 429, "rate/limited")
