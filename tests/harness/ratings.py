"""Rated games for the ratings tests: player ids held with their secrets (on a server without
API keys, a request names an id only with its secret), and a rated game where one resigns
after the moves that make it no early resignation (the abuse watch counts those)."""

from __future__ import annotations

from typing import Any, Final
from weakref import WeakKeyDictionary

from service.settings import RatingSettings

PLAYED_FIRST: Final = RatingSettings().watch_early_moves
"""The moves a rated game of these tests plays before its resignation: no early one."""

_held: WeakKeyDictionary[Any, dict[str, str]] = WeakKeyDictionary()
"""Each client's player secrets, by player id (registered on first use)."""


async def secret_of(client: Any, player_id: str) -> str:
    """The secret of a player id on the client's server, registered the first time."""
    held = _held.setdefault(client, {})
    if player_id not in held:
        made = await client.post("/v1/players", json={"player_id": player_id})
        assert made.status_code == 201, made.text
        held[player_id] = made.json()["player_secret"]
    return held[player_id]


async def named(
    client: Any, name: str, player_id: str, key: str | None = None, **more: Any
) -> dict[str, Any]:
    """A seat or entrant naming a player id: with its secret, unless an API key vouches."""
    entry = {"name": name, "player_id": player_id, **more}
    if key is None:
        entry["player_secret"] = await secret_of(client, player_id)
    return entry


async def rated_game(
    client: Any, a: str, b: str, key: str | None = None, moves: int = PLAYED_FIRST
) -> dict[str, Any]:
    """A rated 2-seat game between player ids `a` and `b`: `moves` moves (each seat's first
    legal one), then seat 1 resigns, so `a` wins."""
    headers = {"X-API-Key": key} if key else {}
    seats = [await named(client, "Ana", a, key), await named(client, "Bia", b, key)]
    body = {"players": seats, "rated": True}
    created = await client.post("/v1/games", json=body, headers=headers)
    assert created.status_code == 201, created.text
    game = created.json()
    tokens = [seat["token"] for seat in game["players"]]
    await play_first_moves(client, game["game_id"], tokens, moves)
    resigned = await client.post(
        f"/v1/games/{game['game_id']}/resign", headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert resigned.status_code == 200, resigned.text
    return dict(game)


async def play_first_moves(client: Any, game_id: str, tokens: list[str], moves: int) -> None:
    """Play `moves` moves of a game, each the first legal move of the seat to act."""
    url = f"/v1/games/{game_id}"
    for _ in range(moves):
        view = (await client.get(url)).json()
        auth = {"Authorization": f"Bearer {tokens[view['turn']]}"}
        legal = (await client.get(f"{url}/legal-moves", headers=auth)).json()
        move = {"move": legal["moves"][0]["id"], "expected_version": legal["version"]}
        answer = await client.post(f"{url}/moves", json=move, headers=auth)
        assert answer.status_code == 200, answer.text
