"""Tournaments through the API: create one, play its people's turns until it ends, export it."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgspec

from service.core.house import House
from service.core.tournaments.tournament_messages import CreateTournament
from tests.harness.api import Client, Game, Json, ok
from tests.harness.ratings import named


def entrants(people: int, bots: int, level: str = "greedy") -> list[Json]:
    """People named `person N`, then bots named `bot N` at `level`."""
    found: list[Json] = [{"name": f"person {i}"} for i in range(people)]
    return found + [{"name": f"bot {i}", "bot": level} for i in range(bots)]


async def two_people(house: House) -> tuple[str, tuple[str, ...], str]:
    """A one-round tournament of two people, one board, made through the house: its id, its
    game (one table), and the first person's token."""
    tournament_id, games, tokens = await people_at_tables(house, 2)
    return tournament_id, games, tokens[0]


async def people_at_tables(house: House, people: int) -> tuple[str, tuple[str, ...], list[str]]:
    """A one-round tournament of `people` people (even), one board, made through the house:
    its id, each table's game, and the token of an entrant at each."""
    body = {"name": "people", "entrants": [{"name": f"person {i}"} for i in range(people)],
            "rounds": 1, "boards": 1, "pairing": "swiss"}  # fmt: skip
    created = await house.tournaments.create(msgspec.convert(body, CreateTournament), None)
    view = await house.tournaments.view(created.tournament_id)
    tables = view.rounds[0].tables
    tokens = [created.entrants[table.a].token for table in tables]
    assert all(isinstance(token, str) for token in tokens)
    games = tuple(game for table in tables for game in table.game_ids)
    return created.tournament_id, games, [str(token) for token in tokens]


async def create_tournament(
    client: Client, headers: dict[str, str] | None = None, **fields: Any
) -> Json:
    """A tournament created over HTTP (with `headers`): two rounds of one board by Swiss
    pairing unless told."""
    body: Json = {"name": "test cup", "rounds": 2, "boards": 1, "pairing": "swiss", **fields}
    return ok(await client.post("/v1/tournaments", json=body, headers=headers or {}), 201)


async def tournament(client: Client, tournament_id: str) -> Json:
    return ok(await client.get(f"/v1/tournaments/{tournament_id}"))


async def play_to_the_end(
    client: Client, created: Json, rng: random.Random, max_steps: int = 20_000
) -> Json:
    """Play every person's turn (a random legal move) in the running round's games, each read
    as its person's seat (a running round's games are sealed to anyone else), until the
    tournament is over; bots are the service's to play. The tournament at its end."""
    tokens = {e["entrant"]: e["token"] for e in created["entrants"] if "token" in e}
    tournament_id = created["tournament_id"]
    for _ in range(max_steps):
        view = await tournament(client, tournament_id)
        if view["status"] == "finished":
            return view
        played = False
        for table in view["rounds"][-1]["tables"]:
            pairs = zip(table.get("game_ids", []), table.get("seats", []), strict=True)
            for game_id, seats in pairs:
                played |= await _person_turn(client, game_id, seats, tokens, rng)
        if not played:
            await asyncio.sleep(0.05)
    raise AssertionError("the tournament did not end")  # pragma: no cover


async def _person_turn(
    client: Client, game_id: str, seats: list[int], tokens: dict[int, str], rng: random.Random
) -> bool:
    """Play the game's move if it is a person's turn; whether one was played."""
    people = [seat for seat, entrant in enumerate(seats) if entrant in tokens]
    if not people:
        return False
    game = Game(client, game_id, [tokens.get(e, "") for e in seats], {})
    view = await game.view(people[0])
    turn = view["turn"]
    if view["status"] != "playing" or turn is None or seats[turn] not in tokens:
        return False
    moves = await game.legal(turn)
    body = {"expected_version": view["version"], "move": rng.choice(moves)["id"]}
    response = await game.post_move(turn, body)
    return response.status_code == 200


async def table_left_at_once(client: Client, leaver: str, other: str) -> Json:
    """A rated tournament of one table of two boards between player ids `leaver` and
    `other`, whose game `leaver` resigns before any move; the tournament at its end."""
    entrants = [await named(client, "Ana", leaver), await named(client, "Bia", other)]
    created = await create_tournament(client, entrants=entrants, rounds=1, boards=2, rated=True)
    [table] = (await tournament(client, created["tournament_id"]))["rounds"][0]["tables"]
    token = created["entrants"][0]["token"]
    resign = f"/v1/games/{table['game_ids'][0]}/resign"
    ok(await client.post(resign, headers={"Authorization": f"Bearer {token}"}))
    for _ in range(600):  # the tournament worker scores the round
        final = await tournament(client, created["tournament_id"])
        if final["status"] == "finished":
            return final
        await asyncio.sleep(0.05)
    raise AssertionError("the tournament did not end")
