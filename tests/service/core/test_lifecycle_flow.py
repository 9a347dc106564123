"""A whole life through the API alone: found in the lobby, joined, played out, audited, and
played again from both seats."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from tests.harness.api import Game, ok
from tests.harness.seats import OPEN, act, create_open, join, tokens

Client = AsyncTestClient  # type: ignore[type-arg]


async def test_from_the_lobby_through_a_whole_match_to_its_rematch(client: Client) -> None:
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
