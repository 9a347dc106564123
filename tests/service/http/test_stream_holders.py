"""Stream tickets and open event streams belong to the seat's holder: when she leaves, her
tickets are refused and her open streams end, so the next holder's hand is never shown to her;
a ticket's lifetime bounds the stream it opened. Real servers, so that streams run alongside."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from service.settings import StreamSettings
from tests.harness.api import Client, Json, assert_problem, ok, serve_apps
from tests.harness.seats import OPEN, act, bearer, create_open, join, tokens
from tests.harness.settings import app_settings
from tests.harness.sse import Message, follow


async def seated_in_lobby(client: Client) -> tuple[str, str, str]:
    """A lobby game of Ana and two open seats, Bia takes one: (game id, Ana's token, Bia's)."""
    created = await create_open(client, ["Ana", OPEN, OPEN], lobby=True)
    game_id = created["game_id"]
    bia = ok(await join(client, game_id, seat=1, name="Bia"))["token"]
    return game_id, tokens(created)[0], bia


@dataclass
class Lobby:
    """Two servers over one Redis and a lobby game of Ana's in which Bia holds seat 1."""

    one: Client
    two: Client
    game_id: str
    ana: str
    bia: str


@pytest.fixture
async def lobby(redis_url: str) -> AsyncIterator[Lobby]:
    async with serve_apps(redis_url, 2) as (one, two):
        yield Lobby(one, two, *await seated_in_lobby(one))


async def ticket(client: Client, game_id: str, token: str) -> str:
    issued: Json = ok(
        await client.post(f"/v1/games/{game_id}/stream-tickets", headers=bearer(token)), 201
    )
    return str(issued["ticket"])


async def leave_for_cai(client: Client, game_id: str, bia: str) -> None:
    """Bia leaves (her token is refused from then on), Cai takes her seat and Duda the last one:
    the game deals."""
    ok(await act(client, game_id, "leave", bia))
    assert_problem(
        await client.get(f"/v1/games/{game_id}", headers=bearer(bia)), 401, "auth/invalid_token"
    )
    ok(await join(client, game_id, seat=1, name="Cai"))
    ok(await join(client, game_id, seat=2, name="Duda"))


async def refused_ticket(client: Client, game_id: str, kept: str) -> None:
    """`GET /events` with the ticket is refused 401 `auth/invalid_ticket` (no stream opens)."""
    url = f"/v1/games/{game_id}/events"
    async with client.stream("GET", url, params={"ticket": kept}, timeout=5) as response:
        assert response.status_code != 200, "the ticket opened a stream"
        await response.aread()
        assert_problem(response, 401, "auth/invalid_ticket")


def types(messages: list[Message]) -> list[str]:
    return [m.entry()["type"] for m in messages if m.data is not None]


async def seen_by_bia(lobby: Lobby, **how: Any) -> list[str]:
    """The types of the entries a stream opened on server two shows (to its end) while Bia
    leaves and Cai and Duda take the seats through server one."""
    async with follow(lobby.two, lobby.game_id, **how) as stream:
        await asyncio.sleep(0.2)
        await leave_for_cai(lobby.one, lobby.game_id, lobby.bia)
        return types(await stream.rest(timeout=5))


async def test_a_ticket_taken_before_its_holder_left_opens_no_stream(lobby: Lobby) -> None:
    kept = await ticket(lobby.one, lobby.game_id, lobby.bia)
    await leave_for_cai(lobby.one, lobby.game_id, lobby.bia)
    await refused_ticket(lobby.two, lobby.game_id, kept)


async def test_a_ticket_of_a_seat_left_open_opens_no_stream_before_anyone_takes_it(
    lobby: Lobby,
) -> None:
    kept = await ticket(lobby.one, lobby.game_id, lobby.bia)
    ok(await act(lobby.one, lobby.game_id, "leave", lobby.bia))
    await refused_ticket(lobby.two, lobby.game_id, kept)


async def test_a_stream_opened_with_the_holders_token_ends_when_she_leaves(lobby: Lobby) -> None:
    async with follow(lobby.two, lobby.game_id, lobby.ana, after=2) as creator:
        assert await seen_by_bia(lobby, token=lobby.bia, after=2) == ["left"], "nothing after"
        seen = await creator.entries(3)
    assert [e["type"] for e in seen] == ["left", "joined", "joined"], "Ana's stream goes on"
    assert "dealt" in [event["type"] for event in seen[-1]["events"]]


async def test_a_stream_opened_with_a_ticket_ends_when_its_holder_leaves(lobby: Lobby) -> None:
    kept = await ticket(lobby.one, lobby.game_id, lobby.bia)
    assert await seen_by_bia(lobby, after=2, ticket=kept) == ["left"]


async def test_a_stream_resumed_past_the_head_still_ends_with_its_holders_leaving(
    lobby: Lobby,
) -> None:
    seen = await seen_by_bia(lobby, token=lobby.bia, last_event_id=4)  # seq 4: Cai's join
    assert seen == ["left"], "the stream started at the head, not past it"


async def test_a_holder_who_comes_back_has_a_new_token_and_her_old_ticket_stays_refused(
    lobby: Lobby,
) -> None:
    one, game_id = lobby.one, lobby.game_id
    old = await ticket(one, game_id, lobby.bia)
    ok(await act(one, game_id, "leave", lobby.bia))
    again = ok(await join(one, game_id, seat=1, name="Bia"))["token"]
    await refused_ticket(one, game_id, old)
    async with follow(one, game_id, ticket=await ticket(one, game_id, again)) as back:
        assert (await back.entry())["type"] == "created"


async def test_a_tickets_lifetime_bounds_the_stream_it_opened(redis_url: str) -> None:
    settings = app_settings(redis_url, streams=StreamSettings(ticket_ttl=1))
    async with serve_apps(redis_url, 1, settings=settings) as (one,):
        game_id, ana, _ = await seated_in_lobby(one)
        kept = await ticket(one, game_id, ana)
        started = time.monotonic()
        async with follow(one, game_id, after=2, ticket=kept) as browser:
            assert await browser.rest(timeout=5) == []
        assert time.monotonic() - started < 3, "the stream ended when its ticket did"
        await refused_ticket(one, game_id, kept)
