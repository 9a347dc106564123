"""Rated games for the ratings tests: two player ids, one resigns."""

from __future__ import annotations

from typing import Any


async def rated_game(client: Any, a: str, b: str, key: str | None = None) -> dict[str, Any]:
    """A rated 2-seat game between player ids `a` and `b`; seat 1 resigns, so `a` wins."""
    headers = {"X-API-Key": key} if key else {}
    body = {"players": [{"name": "Ana", "player_id": a}, {"name": "Bia", "player_id": b}],
            "rated": True}  # fmt: skip
    created = await client.post("/v1/games", json=body, headers=headers)
    assert created.status_code == 201, created.text
    game = created.json()
    token = game["players"][1]["token"]
    resigned = await client.post(
        f"/v1/games/{game['game_id']}/resign", headers={"Authorization": f"Bearer {token}"}
    )
    assert resigned.status_code == 200, resigned.text
    return dict(game)
