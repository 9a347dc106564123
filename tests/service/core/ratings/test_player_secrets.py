"""Who holds a player id: on a server without API keys, a game, a join or a tournament names an
id only with its secret, so nobody moves the rating of an id it does not hold (issue 53: 30
resignations "as the victim" took its ordinal from 13.23 to 0.98 and renamed it); an id with a
history from before secrets is held by nobody until the operator gives its secret; a lost
secret is replaced by the operator; secrets are kept only as hashes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.app import create_app
from service.cli.ratings import renew_secret
from service.settings import KeySettings, secret_hash
from service.store import redis_keys
from tests.harness.api import assert_problem, ok
from tests.harness.ratings import named, rated_game, secret_of
from tests.harness.seats import OPEN, act, bearer
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS

KEY = "player-secrets-key-0123456789"
CUP = {"name": "cup", "rounds": 1, "boards": 1, "pairing": "swiss"}


async def ordinal(client: Any, player_id: str) -> float:
    return float(
        ok(await client.get(f"/v1/players/{player_id}"))["ratings"]["escopa-2p"]["ordinal"]
    )


async def attempts(client: Any, victim: str, secret: str | None) -> list[Any]:
    """Every way a request names the victim's id (with `secret`, or none): a rated game, a
    join of a lobby game, a rated tournament's entrant."""
    seat = {"name": "I cheat", "player_id": victim}
    if secret is not None:
        seat["player_secret"] = secret
    mine = await named(client, "Eve", "u-eve")
    answers = [await client.post("/v1/games", json={"players": [seat, mine], "rated": True})]
    waiting = ok(await client.post("/v1/games", json={"players": [mine, OPEN], "lobby": True}), 201)
    join = {**seat, "seat": 1, "name": "Bia"}
    answers.append(await client.post(f"/v1/games/{waiting['game_id']}/join", json=join))
    tour = {**CUP, "rated": True, "entrants": [seat, mine]}
    answers.append(await client.post("/v1/tournaments", json=tour))
    return answers


async def test_nobody_names_an_id_it_does_not_hold_so_its_rating_and_name_stay(
    client: Any,
) -> None:
    await rated_game(client, "u-victim", "u-other")
    before = await ordinal(client, "u-victim")
    refusals = {
        None: "player/secret_required",
        "ps_" + "A" * 43: "player/secret_invalid",
    }
    for secret, code in refusals.items():
        for answer in await attempts(client, "u-victim", secret):
            problem = assert_problem(answer, 403, code)
            assert problem["field"] in ("players", "player_id", "entrants[0]")
            assert "u-victim" in problem["detail"]
    assert await ordinal(client, "u-victim") == before
    board = ok(await client.get("/v1/leaderboards/escopa-2p", params={"provisional": "true"}))
    assert {e["player_id"]: e["name"] for e in board["entries"]}["u-victim"] == "Ana"
    games = ok(await client.get("/v1/players/u-victim/games"))["games"]
    assert len(games) == 1


async def test_the_holder_names_its_id_in_games_joins_and_tournaments(client: Any) -> None:
    secret = await secret_of(client, "u-1")
    for answer in await attempts(client, "u-1", secret):
        assert answer.status_code in (200, 201), answer.text


async def test_an_id_is_held_once_and_a_bots_never(client: Any) -> None:
    made = ok(await client.post("/v1/players", json={"player_id": "u-1"}), 201)
    assert made["player_id"] == "u-1" and made["player_secret"].startswith("ps_")
    again = await client.post("/v1/players", json={"player_id": "u-1"})
    assert "u-1" in assert_problem(again, 409, "player/taken")["detail"]
    bot = await client.post("/v1/players", json={"player_id": "bot:greedy"})
    assert_problem(bot, 422, "player/reserved_id")


async def test_a_registered_id_is_a_player_before_its_first_game(client: Any) -> None:
    assert_problem(await client.get("/v1/players/u-2"), 404, "player/not_found")
    ok(await client.post("/v1/players", json={"player_id": "u-2"}), 201)
    assert ok(await client.get("/v1/players/u-2")) == {"player_id": "u-2", "ratings": {}}
    assert ok(await client.get("/v1/players/u-2/games"))["games"] == []


async def test_an_unregistered_id_is_named_by_nobody(client: Any) -> None:
    for answer in await attempts(client, "u-new", "ps_" + "B" * 43):
        assert_problem(answer, 403, "player/not_registered")


async def test_a_secret_goes_with_a_player_id(client: Any) -> None:
    secret = await secret_of(client, "u-1")
    lone = {"name": "Ana", "player_secret": secret}
    game = await client.post("/v1/games", json={"players": [lone, "Bia"]})
    assert_problem(game, 400, "request/invalid")
    bot = {"name": "Rita", "bot": "greedy", "player_secret": secret}
    assert_problem(
        await client.post("/v1/games", json={"players": ["Ana", bot]}), 400, "request/invalid"
    )
    waiting = ok(
        await client.post("/v1/games", json={"players": ["Ana", OPEN], "lobby": True}), 201
    )
    join = await client.post(
        f"/v1/games/{waiting['game_id']}/join",
        json={"name": "Bia", "seat": 1, "player_secret": secret},
    )
    assert assert_problem(join, 422, "request/secret_without_player_id")["field"] == "player_secret"
    tour = {**CUP, "entrants": [lone, {"name": "Rita", "bot": "greedy"}]}
    assert_problem(
        await client.post("/v1/tournaments", json=tour), 422, "tournament/invalid_entrant"
    )


async def test_an_id_with_a_history_from_before_secrets_is_given_its_secret_by_the_operator(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await rated_game(client, "u-old", "u-other")
    redis = Redis.from_url(redis_url)
    await redis.delete(redis_keys.player_secret("-", "u-old"))  # as before the upgrade: no secret
    first = await client.post("/v1/players", json={"player_id": "u-old"})
    assert "operator" in assert_problem(first, 409, "player/history")["detail"]
    for answer in await attempts(client, "u-old", None):
        assert_problem(answer, 403, "player/secret_required")
    assert await renew_secret(app_settings(redis_url), "u-old") == 0
    printed = capsys.readouterr().out
    secret = printed.split("secret ", 1)[1].split()[0]
    assert await redis.get(redis_keys.player_secret("-", "u-old")) == secret_hash(secret).encode()
    await redis.aclose()
    seat = await named(client, "Bia", "u-new")
    old = {"name": "Ana", "player_id": "u-old", "player_secret": secret}
    created = await client.post("/v1/games", json={"players": [old, seat], "rated": True})
    assert created.status_code == 201, created.text
    games = ok(await client.get("/v1/players/u-old/games"))["games"]
    assert len(games) == 1  # its history is its own, and goes on


async def test_a_lost_secret_is_replaced_by_the_operator_and_the_old_one_stops_working(
    client: Any, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lost = await secret_of(client, "u-1")
    assert await renew_secret(app_settings(redis_url), "u-1") == 0
    renewed = capsys.readouterr().out.split("secret ", 1)[1].split()[0]
    other = await named(client, "Bia", "u-2")
    for secret, status in ((lost, 403), (renewed, 201)):
        seat = {"name": "Ana", "player_id": "u-1", "player_secret": secret}
        answer = await client.post("/v1/games", json={"players": [seat, other]})
        assert answer.status_code == status, answer.text
    assert await renew_secret(app_settings(redis_url), "bot:greedy") == 1


async def test_secrets_are_kept_only_as_hashes(client: Any, redis_url: str) -> None:
    secret = await secret_of(client, "u-1")
    await rated_game(client, "u-1", "u-2")
    redis = Redis.from_url(redis_url)
    dumped = b""
    async for key in redis.scan_iter():
        dumped += key + (await redis.dump(key) or b"")
    await redis.aclose()
    assert secret.encode() not in dumped
    assert secret_hash(secret).encode() in dumped


@pytest.fixture
async def keyed(redis_url: str) -> AsyncIterator[Any]:
    keys_ = KeySettings(signing=SIGNING_KEYS, api_hashes=(secret_hash(KEY),))
    async with AsyncTestClient(app=create_app(app_settings(redis_url, keys=keys_))) as client:
        yield client


async def test_on_a_server_with_api_keys_the_key_vouches_and_no_secret_is_used(
    keyed: Any, redis_url: str
) -> None:
    headers = {"X-API-Key": KEY}
    register = await keyed.post("/v1/players", json={"player_id": "u-1"}, headers=headers)
    assert_problem(register, 422, "player/secret_not_used")
    await rated_game(keyed, "u-1", "u-2", KEY)
    seat = {"name": "Ana", "player_id": "u-3", "player_secret": "ps_" + "C" * 43}
    body = {"players": [seat, "Bia"]}
    refused = await keyed.post("/v1/games", json=body, headers=headers)
    assert_problem(refused, 422, "player/secret_not_used")
    keys_ = KeySettings(signing=SIGNING_KEYS, api_hashes=(secret_hash(KEY),))
    assert await renew_secret(app_settings(redis_url, keys=keys_), "u-1") == 1


async def test_a_seat_token_never_stands_for_a_player_secret(client: Any) -> None:
    game = await rated_game(client, "u-1", "u-2")
    token = game["players"][0]["token"]
    seat = {"name": "Ana", "player_id": "u-1", "player_secret": f"ps_{token}"}
    refused = await client.post("/v1/games", json={"players": [seat, "Bia"]}, headers=bearer(token))
    assert_problem(refused, 403, "player/secret_invalid")
    assert (await act(client, game["game_id"], "resign", token)).status_code == 409
