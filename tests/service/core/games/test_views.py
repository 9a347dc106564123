"""GET /v1/games/{id}: each seat sees its own hand and nothing hidden; ETags; auth; isolation."""

from __future__ import annotations

import pytest

from tests.harness.api import (
    Client,
    assert_problem,
    card_leaves,
    chosen_seed,
    create_game,
    engine_start,
    sha256_hex,
)

SEED = "Guindis 7D"


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_seat_sees_exactly_its_own_hand(client: Client, players: int) -> None:
    game = await create_game(client, players=players, seed=SEED, first_dealer=0)
    state = engine_start(SEED, players, first_dealer=0)

    for seat in range(players):
        view = await game.view(seat)
        assert view["seat"] == seat
        assert tuple(view["hand"]) == state.hands[seat]
        assert tuple(view["table"]) == state.table


async def test_a_spectator_sees_the_table_but_no_hand(client: Client) -> None:
    game = await create_game(client, players=3, seed=SEED, first_dealer=0)
    state = engine_start(SEED, 3, first_dealer=0)

    view = await game.view()

    assert view["seat"] is None
    assert view["hand"] == []
    assert tuple(view["table"]) == state.table
    assert not set(card_leaves(view)) & {c for hand in state.hands for c in hand}


async def test_hand_sizes_and_stock_size_follow_the_play(client: Client) -> None:
    game = await create_game(client, players=2, seed=SEED, first_dealer=0)
    before = await game.view()
    assert before["hand_sizes"] == [3, 3]
    assert before["stock_size"] == 40 - 6 - 4

    discard = (await game.legal(1))[-1]["id"]
    after = (await game.move(1, move=discard)).json()["view"]

    assert after["hand_sizes"] == [3, 2]
    assert after["stock_size"] == before["stock_size"]


@pytest.mark.parametrize("players", [2, 4])
async def test_a_seat_view_never_contains_another_seats_cards(client: Client, players: int) -> None:
    game = await create_game(client, players=players, seed=SEED, first_dealer=0)
    state = engine_start(SEED, players, first_dealer=0)

    for reader in range(players):
        shown = set(card_leaves(await game.view(reader)))
        assert set(state.hands[reader]) <= shown
        for other in range(players):
            if other != reader:
                leaked = shown & set(state.hands[other])
                assert not leaked - set(state.table), f"seat {reader} sees {leaked}"


async def test_the_seed_is_hidden_while_the_game_runs_and_revealed_once_it_is_over(
    client: Client,
) -> None:
    seed = chosen_seed("reveal me")
    game = await create_game(client, seed=seed, target=1)
    assert (await game.view())["seed"] is None
    assert (await game.view(0))["seed"] is None

    finished = await game.play_out()

    assert finished["status"] == "finished"
    assert finished["seed"] == seed
    assert (await game.view(1))["seed"] == seed


async def test_a_server_seed_is_revealed_at_the_end_and_matches_its_commitment(
    client: Client,
) -> None:
    game = await create_game(client, seed=None, target=1)

    seed = (await game.play_out())["seed"]

    assert seed is not None
    assert len(seed) == 64
    assert sha256_hex(seed) == game.created["seed_commitment"]
    assert (await game.log())[0]["game"]["seed"] == seed


async def test_the_etag_is_the_quoted_version(client: Client) -> None:
    game = await create_game(client)
    assert (await game.get()).headers["etag"] == '"1"'

    await game.move(0, move=(await game.legal(0))[0]["id"])

    response = await game.get(0)
    assert response.headers["etag"] == '"2"'
    assert response.json()["version"] == 2


async def test_if_none_match_with_the_current_etag_gives_304_without_a_body(
    client: Client,
) -> None:
    game = await create_game(client)

    response = await game.get(0, **{"If-None-Match": '"1"'})

    assert response.status_code == 304
    assert response.content == b""
    assert response.headers["etag"] == '"1"'


async def test_if_none_match_with_a_stale_etag_gives_the_view(client: Client) -> None:
    game = await create_game(client)
    await game.move(0, move=(await game.legal(0))[0]["id"])

    response = await game.get(0, **{"If-None-Match": '"0", "1"'})

    assert response.status_code == 200
    assert response.json()["version"] == 2


@pytest.mark.parametrize("header", ['W/"1"', "*"])
async def test_if_none_match_uses_the_weak_comparison_and_honours_a_star(
    client: Client, header: str
) -> None:
    # RFC 9110 13.1.2: If-None-Match compares entity tags weakly, and "*" matches any
    # current representation; a GET then answers 304.
    game = await create_game(client)

    response = await game.get(0, **{"If-None-Match": header})

    assert response.status_code == 304


async def test_an_unknown_token_is_refused_as_invalid(client: Client) -> None:
    game = await create_game(client)

    response = await client.get(game.url, headers={"Authorization": "Bearer not-a-seat"})

    assert_problem(response, 401, "auth/invalid_token")


@pytest.mark.parametrize("header", ["Basic dXNlcjpwYXNz", "Bearer", "Bearer    ", "sometoken"])
async def test_a_malformed_authorization_header_is_refused(client: Client, header: str) -> None:
    game = await create_game(client)

    response = await client.get(game.url, headers={"Authorization": header})

    assert_problem(response, 401, "auth/malformed")


async def test_an_unknown_game_is_not_found(client: Client) -> None:
    response = await client.get("/v1/games/0123456789abcdef01234567")

    assert_problem(response, 404, "game/not_found")


async def test_a_token_of_one_game_is_refused_by_another(client: Client) -> None:
    first = await create_game(client)
    second = await create_game(client)
    foreign = first.auth(0)

    assert_problem(await client.get(second.url, headers=foreign), 401, "auth/invalid_token")
    moves = await client.get(f"{second.url}/legal-moves", headers=foreign)
    assert_problem(moves, 401, "auth/invalid_token")
    body = {"expected_version": 1, "move": (await second.legal(0))[0]["id"]}
    played = await client.post(f"{second.url}/moves", json=body, headers=foreign)
    assert_problem(played, 401, "auth/invalid_token")
    assert await second.version() == 1


async def test_a_seat_cannot_move_when_it_is_another_seats_turn(client: Client) -> None:
    game = await create_game(client, seed=SEED, first_dealer=1)
    state = engine_start(SEED, 2, first_dealer=1)
    assert state.turn == 0
    before = await game.snapshot()

    # Seat 1's token, seat 0's card: refused as seat 1 out of turn, never played as seat 0.
    response = await game.move(1, card=state.hands[0][0])

    assert_problem(response, 409, "move/not_your_turn")
    assert await game.snapshot() == before
    assert tuple((await game.view(0))["hand"]) == state.hands[0]


async def test_a_card_is_checked_against_the_token_seats_own_hand(client: Client) -> None:
    game = await create_game(client, seed=SEED, first_dealer=1)
    state = engine_start(SEED, 2, first_dealer=1)
    before = await game.snapshot()

    # Seat 0's turn and token, seat 1's card.
    response = await game.move(0, card=state.hands[1][0])

    assert_problem(response, 422, "move/card_not_in_hand")
    assert await game.snapshot() == before
    assert tuple((await game.view(1))["hand"]) == state.hands[1]


async def test_the_view_says_which_rules_are_in_force(client: Client) -> None:
    game = await create_game(client, players=4, preset="escoba", seed=SEED, target=11)
    (created, *_) = await game.log()

    for reader in (None, 0, 3):
        rules = (await game.view(reader))["rules"]
        assert rules == created["game"]["rules"]
        assert rules["target"] == 11
        assert rules["players"] == 4
    assert game.created["view"]["rules"] == created["game"]["rules"]
