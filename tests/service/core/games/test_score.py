"""GET /score: every round's per-category breakdown per side, totals and the winner."""

from __future__ import annotations

import random

import pytest

from tests.harness.api import Client, assert_problem, assert_score_sheet, create_game


async def test_a_new_game_has_no_rounds_and_zero_totals(client: Client) -> None:
    game = await create_game(client, players=3)

    sheet = await game.score()

    assert sheet == {
        "game_id": game.id,
        "status": "playing",
        "target": 21,
        "rounds": [],
        "totals": [0, 0, 0],
        "outcome": None,
    }


@pytest.mark.parametrize(("players", "sides"), [(2, 2), (3, 3), (4, 2)])
async def test_a_finished_match_is_scored_round_by_round_and_category_by_category(
    client: Client, players: int, sides: int
) -> None:
    game = await create_game(client, players=players, seed=f"score-{players}", target=6)
    rules = (await game.log())[0]["game"]["rules"]

    finished = await game.play_out(random.Random(players))
    sheet = await game.score()

    assert_score_sheet(sheet, rules["points"], sides)
    assert len(sheet["rounds"]) >= 1
    assert [s["score"] for s in finished["sides"]] == sheet["totals"]
    assert finished["outcome"] == sheet["outcome"]
    if sides == 2 and players == 4:
        assert [s["seats"] for s in sheet["rounds"][0]["sides"]] == [[0, 2], [1, 3]]


async def test_switched_off_categories_are_not_scored(client: Client) -> None:
    points = {"most_cards": 0, "all_sevens": 0, "primeira": 2}
    game = await create_game(client, target=1, points=points)

    await game.play_out()
    sheet = await game.score()

    for side in sheet["rounds"][0]["sides"]:
        assert "most_cards" not in side["categories"]
        assert "all_sevens" not in side["categories"]
        assert "primeira" in side["categories"]
        assert side["primeira"] is None or side["primeira"] > 0


async def test_the_score_of_an_unknown_game_is_not_found(client: Client) -> None:
    response = await client.get("/v1/games/ffffffffffffffffffffffff/score")

    assert_problem(response, 404, "game/not_found")
