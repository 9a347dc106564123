"""A tournament no one can cheat: no entrant's token opens two seats of a board; a running
round shows no card, seed or result of its boards to a spectator or another entrant, and its
own seats no seed nor the deals they were not shown; every game a tournament opens counts
against the creation limit; leaving loses; names are checked as players' are; an entrant
learns where it plays from its token alone."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from engine.duplicate import CAP
from service.app import create_app
from service.settings import LimitSettings, Rate, TournamentSettings
from tests.harness.api import Client, Game, assert_problem, ok
from tests.harness.settings import app_settings
from tests.harness.tournaments import create_tournament, entrants, play_to_the_end, tournament

Json = dict[str, Any]


async def four_people(client: Client, **fields: Any) -> Json:
    """A one-round tournament of four people (two tables: matchpoints), as created."""
    return await create_tournament(client, entrants=entrants(4, 0), rounds=1, **fields)


def tokens_of(created: Json) -> dict[int, str]:
    return {e["entrant"]: e["token"] for e in created["entrants"] if "token" in e}


async def tables_of(client: Client, created: Json) -> list[Json]:
    view = await tournament(client, created["tournament_id"])
    return [t for t in view["rounds"][-1]["tables"] if "b" in t]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_no_entrants_token_opens_two_seats_of_a_board_nor_another_tables_game(
    client: Client,
) -> None:
    created = await four_people(client)
    tokens = tokens_of(created)
    tables = await tables_of(client, created)
    for table in tables:
        (game_id,) = table["game_ids"]
        for seat, entrant in enumerate(table["seats"][0]):
            view = ok(await client.get(f"/v1/games/{game_id}", headers=auth(tokens[entrant])))
            assert view["hand"] and view["tournament"] == created["tournament_id"]
            moves = await client.get(
                f"/v1/games/{game_id}/legal-moves", headers=auth(tokens[entrant])
            )
            assert moves.status_code == 200 and moves.json()["seat"] == seat
        stranger = next(e for e in tokens if e not in table["seats"][0])
        refused = await client.get(f"/v1/games/{game_id}", headers=auth(tokens[stranger]))
        assert refused.status_code in (401, 409), "another table's entrant sees nothing of it"


@pytest.mark.parametrize("path", ["", "/log?after=0", "/score", "/export", "/audit", "/events"])
async def test_a_running_rounds_games_show_a_spectator_nothing(client: Client, path: str) -> None:
    created = await four_people(client)
    (game_id,) = (await tables_of(client, created))[0]["game_ids"]
    refused = await client.get(f"/v1/games/{game_id}{path}")
    assert refused.status_code == 409
    assert refused.json()["code"] in ("tournament/sealed", "game/not_finished")
    view = await tournament(client, created["tournament_id"])
    assert "seed" not in view
    assert all("results" not in t and "points" not in t for t in view["rounds"][0]["tables"])


async def test_a_seat_whose_game_ended_sees_no_seed_nor_an_unseen_hand_until_the_round_ends(
    client: Client,
) -> None:
    created = await four_people(client)
    tokens = tokens_of(created)
    first, second = await tables_of(client, created)
    (game_id,) = first["game_ids"]
    resigner = first["seats"][0][0]
    ok(await client.post(f"/v1/games/{game_id}/resign", headers=auth(tokens[resigner])))

    view = ok(await client.get(f"/v1/games/{game_id}", headers=auth(tokens[resigner])))
    assert view["status"] == "finished" and view.get("seed") is None
    log = ok(await client.get(f"/v1/games/{game_id}/log?after=0", headers=auth(tokens[resigner])))
    dealt = next(e for e in log["entries"][0]["events"] if e["type"] == "dealt")
    assert dealt["hands"][1] == [], "the opponent's hand stays hidden while the round runs"
    exported = await client.get(f"/v1/games/{game_id}/export", headers=auth(tokens[resigner]))
    assert_problem(exported, 409, "tournament/sealed")

    (other_game,) = second["game_ids"]
    for entrant in second["seats"][0]:
        ok(await client.post(f"/v1/games/{other_game}/resign", headers=auth(tokens[entrant])))
        break
    await finished(client, created["tournament_id"])
    opened = ok(await client.get(f"/v1/games/{game_id}"))
    assert opened["seed"], "the round is over: everything opens"
    ok(await client.get(f"/v1/games/{game_id}/export"))


async def finished(client: Client, tournament_id: str) -> Json:
    for _ in range(300):
        view = await tournament(client, tournament_id)
        if view["status"] == "finished":
            return view
        await asyncio.sleep(0.05)
    raise AssertionError("the tournament did not finish")


async def test_resigning_every_board_loses_the_table_and_an_abort_is_refused(
    client: Client,
) -> None:
    created = await four_people(client, boards=2)
    tokens = tokens_of(created)
    first, second = await tables_of(client, created)
    (game_id,) = first["game_ids"]
    leaver, stayer = first["seats"][0]
    aborted = await client.post(f"/v1/games/{game_id}/abort", headers=auth(tokens[leaver]))
    assert_problem(aborted, 409, "tournament/no_abort")
    ok(await client.post(f"/v1/games/{game_id}/resign", headers=auth(tokens[leaver])))
    (other,) = second["game_ids"]
    ok(await client.post(f"/v1/games/{other}/resign", headers=auth(tokens[second["seats"][0][1]])))

    final = await finished(client, created["tournament_id"])
    scored = final["rounds"][0]["tables"][0]
    assert scored["left"] == leaver
    totals = {s["entrant"]: s["total"] for s in final["standings"]}
    assert final["scoring"] == "imps"
    worst = -CAP - 2  # the worst margin less the datum: the other table's +8 over 1 + 3
    assert totals[leaver] == 2 * worst and totals[stayer] == -2 * worst, "on both boards"
    assert final["standings"][-1]["entrant"] in (leaver, second["seats"][0][1])


@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("cup\u0000", "name"),
        ("cup\nnight", "name"),
        ("cup\u202e", "name"),
        ("\u200b\u200b", "name"),
        ("   ", "name"),
    ],
)
async def test_a_tournament_name_that_cannot_be_shown_is_refused(
    client: Client, name: str, field: str
) -> None:
    response = await client.post(
        "/v1/tournaments",
        json={
            "name": name,
            "entrants": entrants(2, 0),
            "rounds": 1,
            "boards": 1,
            "pairing": "swiss",
        },
    )
    problem = response.json()
    assert response.status_code == 422 and problem["field"] == field, problem


async def test_an_entrants_bad_or_lookalike_name_is_refused_naming_the_entrant(
    client: Client,
) -> None:
    body = {"name": "cup", "rounds": 1, "boards": 1, "pairing": "swiss"}
    bad = [{"name": "Ana"}, {"name": "Bia\u2028"}]  # refused by the players' name pattern
    response = await client.post("/v1/tournaments", json={**body, "entrants": bad})
    assert response.status_code == 400 and response.json()["field"].startswith("entrants[1]")
    twins = [{"name": "Ana"}, {"name": "ANA"}]
    response = await client.post("/v1/tournaments", json={**body, "entrants": twins})
    assert response.status_code == 422 and response.json()["field"] == "entrants[1]"


@pytest.fixture
async def limited(redis_url: str) -> AsyncIterator[Client]:
    """An app whose creation limit is 10 a minute, and 2 tournaments of bots alone an hour."""
    settings = app_settings(
        redis_url,
        limits=LimitSettings(creations=Rate(10, 60.0)),
        tournaments=TournamentSettings(bots_only=Rate(2, 3600.0)),
    )
    async with AsyncTestClient(app=create_app(settings)) as client:
        yield client


async def test_a_tournament_counts_every_game_it_will_open_against_the_creation_limit(
    limited: Client,
) -> None:
    body = {"name": "cup", "boards": 1, "pairing": "swiss"}
    never = {**body, "entrants": entrants(8, 0), "rounds": 3}  # 3 rounds x 4 tables = 12 games
    assert_problem(
        await limited.post("/v1/tournaments", json=never), 422, "tournament/too_many_games"
    )
    fits = {**body, "entrants": entrants(4, 0), "rounds": 3}  # 6 games
    ok(await limited.post("/v1/tournaments", json=fits), 201)
    over = await limited.post("/v1/tournaments", json=fits)
    assert_problem(over, 429, "rate/limited")
    assert int(over.headers["retry-after"]) > 0
    game = await limited.post("/v1/games", json={"players": ["Ana", "Bia"]})
    assert game.status_code in (201, 429), "games share what the tournament left"


async def test_tournaments_of_bots_alone_have_a_small_limit_of_their_own(limited: Client) -> None:
    body = {"name": "cup", "entrants": entrants(0, 2), "rounds": 1, "boards": 1, "pairing": "swiss"}
    for _ in range(2):
        ok(await limited.post("/v1/tournaments", json=body), 201)
    assert_problem(await limited.post("/v1/tournaments", json=body), 429, "rate/limited")
    people = {**body, "entrants": entrants(2, 0)}
    ok(await limited.post("/v1/tournaments", json=people), 201)


async def test_more_entrants_than_the_server_takes_are_refused_by_its_field(
    redis_url: str,
) -> None:
    settings = app_settings(redis_url, tournaments=TournamentSettings(max_entrants=4))
    async with AsyncTestClient(app=create_app(settings)) as client:
        body = {"name": "cup", "entrants": entrants(5, 0), "rounds": 1, "boards": 1}
        response = await client.post("/v1/tournaments", json={**body, "pairing": "swiss"})
    problem = assert_problem(response, 422, "tournament/too_large")
    assert problem["field"] == "entrants" and "ESCOPA_TOURNAMENT_MAX_ENTRANTS" in problem["detail"]


async def test_an_entrant_learns_its_table_and_its_standing_from_its_token(client: Client) -> None:
    created = await create_tournament(client, entrants=entrants(2, 1), rounds=2)
    tokens = tokens_of(created)
    path = f"/v1/tournaments/{created['tournament_id']}/table"
    assert_problem(await client.get(path), 401, "auth/missing_token")
    seen = [ok(await client.get(path, headers=auth(t))) for t in tokens.values()]
    assert {s["status"] for s in seen} <= {"playing", "bye"}
    for shown in seen:
        if shown["status"] == "playing":
            game = Game(client, shown["game_id"], [], {})
            view = ok(
                await client.get(f"/v1/games/{game.id}", headers=auth(tokens[shown["entrant"]]))
            )
            assert view["players"][shown["seat"]]["name"] == f"person {shown['entrant']}"
    final = await play_to_the_end(client, created, random.Random(4))
    done = ok(await client.get(path, headers=auth(tokens[0])))
    assert done["status"] == "finished" and done["round"] == 2
    ranked = {s["entrant"]: s["rank"] for s in final["standings"]}
    assert done["rank"] == ranked[0]
