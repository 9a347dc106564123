"""Helpers for the tests of a game's life outside its moves: open seats, joins, ends, rematch.

Everything goes through the real app over HTTP (the litestar test client or real servers).
"""

from __future__ import annotations

from typing import Any

from httpx import Response

from tests.harness.api import Client, Game, Json, ok

OPEN: Json = {"open": True}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def create_open(client: Client, players: list[Any], **body: Any) -> Json:
    """A game created with these players (names, bots, `OPEN`), answered as created."""
    return ok(await client.post("/v1/games", json={"players": players, **body}), 201)


def invites(created: Json) -> dict[int, str]:
    """The open seats' invites of a create answer, by seat."""
    return {p["seat"]: p["invite"] for p in created["players"] if "invite" in p}


def tokens(created: Json) -> dict[int, str]:
    return {p["seat"]: p["token"] for p in created["players"] if "token" in p}


async def join(client: Client, game_id: str, **body: Any) -> Response:
    return await client.post(f"/v1/games/{game_id}/join", json=body)


async def act(client: Client, game_id: str, action: str, token: str) -> Response:
    """POST `leave`, `resign`, `abort` or `rematch` with a seat's token."""
    return await client.post(f"/v1/games/{game_id}/{action}", headers=bearer(token))


async def full_game(client: Client, players: int = 2, **body: Any) -> Game:
    """A game created with one person and open seats, every open seat joined by invite."""
    created = await create_open(client, ["Ana", *[OPEN] * (players - 1)], **body)
    game_id = created["game_id"]
    seated = tokens(created)
    names = ["Bia", "Caio", "Duda"]
    for seat, code in invites(created).items():
        seated[seat] = ok(await join(client, game_id, invite=code, name=names[seat - 1]))["token"]
    return Game(client, game_id, [seated[s] for s in range(players)], created)


async def whole_life(client: Client) -> None:
    """From the lobby through a whole match, its audit and its rematch, played out too."""
    created = await create_open(client, ["Ana", OPEN], lobby=True, rules={"target": 1})
    found = ok(await client.get("/v1/lobby"))["games"][0]
    assert found["game_id"] == created["game_id"] and found["open"] == [1]
    joined = ok(await join(client, found["game_id"], seat=1, name="Bia"))
    game = Game(client, found["game_id"], [tokens(created)[0], joined["token"]], created)
    final = await game.play_out()
    assert final["status"] == "finished" and "result" not in final["outcome"]  # won
    assert ok(await client.get(f"{game.url}/audit"))["ok"] is True
    first = ok(await act(client, game.id, "rematch", game.tokens[1]))
    second = ok(await act(client, game.id, "rematch", game.tokens[0]))
    assert first["game_id"] == second["game_id"] == (await game.view())["rematch"]
    again = Game(client, first["game_id"], [second["token"], first["token"]], created)
    assert (await again.play_out())["status"] == "finished"
    assert ok(await client.get(f"{again.url}/audit"))["ok"] is True
