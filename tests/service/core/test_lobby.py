"""The lobby: waiting public games, oldest first, page by page, joined by seat number."""

from __future__ import annotations

from litestar.testing import AsyncTestClient

from tests.harness.api import assert_problem, ok
from tests.harness.seats import OPEN, act, create_open, join, tokens

Client = AsyncTestClient  # type: ignore[type-arg]


async def test_the_lobby_lists_public_waiting_games_oldest_first_page_by_page(
    client: Client,
) -> None:
    made = [
        (await create_open(client, ["Ana", OPEN], lobby=True, preset="escoba"))["game_id"]
        for _ in range(3)
    ]
    await create_open(client, ["Ana", OPEN])  # private: not listed
    first = ok(await client.get("/v1/lobby", params={"limit": 2}))
    assert [g["game_id"] for g in first["games"]] == made[:2]
    listed = first["games"][0]
    assert listed["preset"] == "escoba" and listed["open"] == [1] and listed["taken"] == 1
    rest = ok(await client.get("/v1/lobby", params={"limit": 2, "after": first["next_after"]}))
    assert [g["game_id"] for g in rest["games"]] == made[2:] and rest["next_after"] is None


async def test_anyone_may_take_a_lobby_seat_by_number_and_a_full_game_leaves_the_lobby(
    client: Client,
) -> None:
    created = await create_open(client, ["Ana", OPEN, OPEN], lobby=True)
    game_id = created["game_id"]
    assert ok(await join(client, game_id, seat=2, name="Caio"))["view"]["status"] == "waiting"
    listed = ok(await client.get("/v1/lobby"))["games"]
    assert listed[0]["open"] == [1]
    ok(await join(client, game_id, seat=1, name="Bia"))
    assert ok(await client.get("/v1/lobby"))["games"] == []


async def test_a_seat_left_in_a_lobby_game_goes_back_to_the_lobby(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN, OPEN], lobby=True)
    game_id = created["game_id"]
    joined = ok(await join(client, game_id, seat=1, name="Bia"))
    ok(await act(client, game_id, "leave", joined["token"]))
    assert ok(await client.get("/v1/lobby"))["games"][0]["open"] == [1, 2]


async def test_an_aborted_lobby_game_is_no_longer_listed(client: Client) -> None:
    created = await create_open(client, ["Ana", OPEN], lobby=True)
    ok(await act(client, created["game_id"], "abort", tokens(created)[0]))
    assert ok(await client.get("/v1/lobby"))["games"] == []


async def test_a_malformed_lobby_cursor_is_refused(client: Client) -> None:
    assert_problem(await client.get("/v1/lobby", params={"after": "x"}), 400, "request/invalid")
