"""POST /deal with auto_deal off: a deal is due, any seat deals, nothing else happens until then."""

from __future__ import annotations

import pytest

import engine
from tests.harness.api import Client, Game, assert_problem, create_game, engine_start, ok

SEED = "escopa"
MANUAL = {"auto_deal": False, "first_dealer": 1}


async def manual_game(client: Client, players: int = 2) -> Game:
    return await create_game(client, players=players, seed=SEED, **MANUAL)


async def test_without_auto_deal_a_new_game_waits_for_its_deal(client: Client) -> None:
    game = await manual_game(client)
    view = game.created["view"]

    assert view["status"] == "dealing"
    assert view["turn"] is None
    assert view["hand_sizes"] == [0, 0]
    assert view["table"] == []
    for seat in range(2):
        assert [m["id"] for m in await game.legal(seat)] == ["deal"]


@pytest.mark.parametrize("seat", [0, 1, 2])
async def test_any_seated_player_may_deal(client: Client, seat: int) -> None:
    game = await manual_game(client, players=3)
    state, _ = engine.apply(engine_start(SEED, 3, **MANUAL), seat, engine.Deal())

    result = ok(await game.deal(seat))

    assert result["version"] == 2
    assert result["move"] == "deal"
    assert result["entry"]["type"] == "deal"
    assert result["entry"]["seat"] == seat
    view = result["view"]
    assert view["status"] == "playing"
    assert view["turn"] == state.turn
    assert tuple(view["hand"]) == state.hands[seat]
    assert tuple(view["table"]) == state.table
    assert view["hand_sizes"] == [3, 3, 3]


async def test_a_deal_may_also_be_posted_as_the_deal_move(client: Client) -> None:
    game = await manual_game(client)

    result = ok(await game.move(0, move="deal"))

    assert result["entry"]["type"] == "deal"
    assert result["view"]["status"] == "playing"


async def test_a_deal_needs_a_seats_token(client: Client) -> None:
    game = await manual_game(client)

    response = await client.post(f"{game.url}/deal")

    assert_problem(response, 401, "auth/missing_token")
    assert (await game.view())["status"] == "dealing"


async def test_dealing_when_no_deal_is_due_is_a_conflict(client: Client) -> None:
    game = await manual_game(client)
    ok(await game.deal(0))

    assert_problem(await game.deal(1), 409, "move/nothing_to_deal")
    assert_problem(await game.move(1, move="deal"), 409, "move/nothing_to_deal")
    assert await game.version() == 2


async def test_dealing_an_auto_dealt_game_is_a_conflict(client: Client) -> None:
    game = await create_game(client)

    assert_problem(await game.deal(0), 409, "move/nothing_to_deal")


async def test_moves_are_refused_while_a_deal_is_due(client: Client) -> None:
    game = await manual_game(client)
    before = await game.snapshot()
    dealt = engine.apply(engine_start(SEED, 2, **MANUAL), 0, engine.Deal())[0]

    response = await game.move(0, card=dealt.hands[0][0])

    assert_problem(response, 409, "move/deal_pending")
    assert await game.snapshot() == before


async def test_a_deal_at_a_version_the_game_is_not_at_is_a_conflict(client: Client) -> None:
    game = await manual_game(client, players=4)

    response = await game.deal(0, {"expected_version": 2})

    assert_problem(response, 409, "game/version_conflict")
    assert (await game.view())["status"] == "dealing"


async def test_each_later_hand_waits_for_its_deal(client: Client) -> None:
    game = await manual_game(client)
    ok(await game.deal(0))
    for _ in range(6):  # two players play out the hand's three cards each
        turn = (await game.view())["turn"]
        ok(await game.move(turn, move=(await game.legal(turn))[0]["id"]))

    view = await game.view()
    assert view["status"] == "dealing"
    assert view["turn"] is None
    assert view["hand_sizes"] == [0, 0]
    assert_problem(await game.move(0, card="7D"), 409, "move/deal_pending")

    dealt = ok(await game.deal(1))["view"]
    assert dealt["status"] == "playing"
    assert dealt["hand_number"] == 2
    assert dealt["hand_sizes"] == [3, 3]
