"""Rematches: one per game, the same for every seat that asks, each with its own new token."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from tests.harness.api import DEFAULT_SEED, assert_problem, create_game, engine_start, ok
from tests.harness.seats import act, bearer, create_open, tokens

Client = AsyncTestClient  # type: ignore[type-arg]


async def test_every_seat_that_asks_gets_the_same_rematch_with_its_own_new_token(
    client: Client,
) -> None:
    game = await create_game(client)
    ok(await act(client, game.id, "resign", game.tokens[0]))
    first = ok(await act(client, game.id, "rematch", game.tokens[0]))
    second = ok(await act(client, game.id, "rematch", game.tokens[1]))
    again = ok(await act(client, game.id, "rematch", game.tokens[0]))
    assert first["game_id"] == second["game_id"] == again["game_id"] != game.id
    assert first["rematch_of"] == game.id
    assert first["token"] == again["token"] != second["token"]
    assert first["token"] not in game.tokens and second["token"] not in game.tokens
    new = first["game_id"]
    seat1 = ok(await client.get(f"/v1/games/{new}", headers=bearer(second["token"])))
    assert seat1["seat"] == 1 and len(seat1["hand"]) == 3
    assert_problem(
        await client.get(f"/v1/games/{new}", headers=bearer(game.tokens[0])),
        401,
        "auth/invalid_token",
    )


async def test_the_finished_games_view_and_log_name_the_rematch(client: Client) -> None:
    game = await create_game(client)
    ok(await act(client, game.id, "resign", game.tokens[1]))
    new = ok(await act(client, game.id, "rematch", game.tokens[1]))["game_id"]
    assert (await game.view())["rematch"] == new
    last = (await game.log())[-1]
    assert last["type"] == "rematch" and last["rematch"] == new and last["seat"] == 1
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True


async def test_a_rematch_keeps_the_rules_and_seats_and_moves_the_first_deal_on(
    client: Client,
) -> None:
    game = await create_game(client, players=3, target=11)
    old_first = engine_start(DEFAULT_SEED, 3, target=11).first_dealer
    ok(await act(client, game.id, "abort", game.tokens[2]))
    new = ok(await act(client, game.id, "rematch", game.tokens[2]))
    view = new["view"]
    assert view["rules"]["target"] == 11
    assert view["rules"]["first_dealer"] == (old_first + 1) % 3
    assert [p["name"] for p in view["players"]] == ["Ana", "Bia", "Caio"]
    assert view["seed"] is None and view["status"] == "playing"


async def test_bots_stay_bots_in_a_rematch(client: Client) -> None:
    created = ok(
        await client.post(
            "/v1/games", json={"players": ["Ana", {"name": "Rita", "bot": "random"}]}
        ),
        201,
    )
    game_id, token = created["game_id"], tokens(created)[0]
    ok(await act(client, game_id, "resign", token))
    view = ok(await act(client, game_id, "rematch", token))["view"]
    assert [p["bot"] for p in view["players"]] == [None, "random"]


async def test_no_rematch_before_the_match_is_over(client: Client) -> None:
    game = await create_game(client)
    assert_problem(await act(client, game.id, "rematch", game.tokens[0]), 409, "game/not_finished")


async def test_a_game_aborted_while_waiting_has_no_rematch(client: Client) -> None:
    created = await create_open(client, ["Ana", {"open": True}])
    game_id, token = created["game_id"], tokens(created)[0]
    ok(await act(client, game_id, "abort", token))
    assert_problem(await act(client, game_id, "rematch", token), 409, "rematch/seats_open")
