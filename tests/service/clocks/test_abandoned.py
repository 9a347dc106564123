"""Bots never play on alone: a person who plays one move and leaves a game against bots (the
stand-in bot playing their turns) loses it on the hand's third timeout in a row, applied by
the sweeper, and the game audits; a game of boards (a tournament's table) plays on."""

from __future__ import annotations

import asyncio

from litestar.testing import AsyncTestClient

from service.app import create_app
from tests.harness.api import Client, ok
from tests.harness.bots import bot
from tests.harness.clocks import clock, clock_settings

Json = dict[str, object]


async def left_after_one_move(client: Client, **rules: object) -> tuple[str, int]:
    """A game of a person against two expert bots, the person's first move played, then none."""
    players = ["Ana", bot("Rita", "expert"), bot("Gil", "expert")]
    body = {"players": players, "rules": {"clock": clock("bot", turn=1), "target": 1000, **rules}}
    created = ok(await client.post("/v1/games", json=body), 201)
    game_id, token = created["game_id"], created["players"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(200):
        legal = ok(await client.get(f"/v1/games/{game_id}/legal-moves", headers=auth))
        if legal["moves"] and (await client.get(f"/v1/games/{game_id}")).json()["turn"] == 0:
            move = {"move": legal["moves"][0]["id"], "expected_version": legal["version"]}
            ok(await client.post(f"/v1/games/{game_id}/moves", json=move, headers=auth))
            return game_id, 0
        await asyncio.sleep(0.05)
    raise AssertionError("the person's turn never came")


async def finished(client: Client, game_id: str, seconds: float) -> Json:
    for _ in range(int(seconds * 10)):
        view = ok(await client.get(f"/v1/games/{game_id}"))
        if view["status"] == "finished":
            return dict(view)
        await asyncio.sleep(0.1)
    raise AssertionError(f"the game still runs after {seconds} s")


async def test_a_person_who_leaves_a_game_of_bots_loses_it_within_one_hand(
    redis_url: str,
) -> None:
    app = create_app(clock_settings(redis_url, sweep=True))
    async with AsyncTestClient(app=app) as client:
        game_id, seat = await left_after_one_move(client)
        view = await finished(client, game_id, 30)
        log = ok(await client.get(f"/v1/games/{game_id}/log?after=0&limit=200"))["entries"]
        audit = ok(await client.get(f"/v1/games/{game_id}/audit"))
    outcome = view["outcome"]
    assert isinstance(outcome, dict)
    assert outcome["result"] == "timeout" and outcome["timed_out"] == [seat]
    own = max(n for n, e in enumerate(log) if e["type"] == "move" and e.get("seat") == seat)
    timeouts = [e for e in log[own:] if e["type"] == "timeout"]  # a loaded run may miss one first
    assert len(timeouts) == 3, "the third miss in a row after the person's move ends it: one hand"
    assert [e["move"] == "forfeit" for e in timeouts] == [False, False, True]
    assert audit["ok"] is True
