"""The lobby: waiting public games, oldest first, page by page, joined by seat number; a crash
between a game's write and the index's never leaves a waiting game out."""

from __future__ import annotations

import asyncio

import pytest
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.core.games.messages import CreateGame, PlayerEntry
from service.core.house import House
from service.core.lifecycle.lobby import UNWRITTEN_KEPT_MS
from service.errors import ServiceError
from service.ledger.log import iso, now_ms
from service.ledger.signatures import KeyRing
from service.store import scripts
from service.store.redis_gateway import RedisGateway
from service.store.seat_store import SeatStore
from tests.harness.api import assert_problem, ok
from tests.harness.faults import kill_when_waiting
from tests.harness.seats import OPEN, act, create_open, join, tokens
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS

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


async def test_a_lobby_game_whose_creator_crashed_right_after_its_write_is_still_listed(
    redis_url: str, client: Client
) -> None:
    # The write's WAIT is cut off, as a crash would: the game is stored, and its creator goes
    # no further (nothing after the write runs).
    redis = Redis.from_url(redis_url)
    store = RedisGateway(redis, wait_replicas=1, wait_timeout_ms=5000)
    house = House(store, app_settings(redis_url), KeyRing.of(SIGNING_KEYS))
    try:
        await redis.script_load(scripts.CREATE.source)  # so the script runs before its WAIT
        request = CreateGame(players=["Ana", PlayerEntry(open=True)], lobby=True)
        creating = asyncio.ensure_future(house.creation.create(request))
        await kill_when_waiting(redis_url)
        with pytest.raises(ServiceError, match="broke before the write was confirmed"):
            await creating
        [stored] = await redis.keys("{g:*}:game")
    finally:
        await redis.aclose()
    listed = ok(await client.get("/v1/lobby"))["games"]
    assert [f"{{g:{game['game_id']}}}:game".encode() for game in listed] == [stored]
    assert listed[0]["open"] == [1]


async def test_an_entry_whose_game_was_never_written_is_kept_a_minute_unshown_then_dropped(
    redis_url: str, client: Client
) -> None:
    redis = Redis.from_url(redis_url)
    index = SeatStore(RedisGateway(redis))
    try:
        await index.list_lobby("fresh", iso(now_ms()))
        await index.list_lobby("stale", iso(now_ms() - UNWRITTEN_KEPT_MS - 1000))
        assert ok(await client.get("/v1/lobby"))["games"] == []
        members = await index.lobby_page(None, 10)
    finally:
        await redis.aclose()
    assert [member.rpartition(":")[2] for member in members] == ["fresh"]


async def test_a_lobby_cursor_with_a_line_break_after_it_is_refused(client: Client) -> None:
    for _ in range(2):
        await create_open(client, ["Ana", OPEN], lobby=True)
    cursor = ok(await client.get("/v1/lobby", params={"limit": 1}))["next_after"]
    assert ok(await client.get("/v1/lobby", params={"after": cursor}))["games"]
    refused = await client.get("/v1/lobby", params={"after": cursor + "\n"})
    assert assert_problem(refused, 400, "request/invalid")["field"] == "after"
