"""Stream tickets: a browser's `EventSource` follows a game as a seat without its token in a URL."""

from __future__ import annotations

import redis

from service.store import redis_keys
from tests.harness.api import Client, assert_problem, create_game, ok, sha256_hex


async def test_a_ticket_is_kept_only_as_its_hash_and_expires(
    client: Client, redis_url: str
) -> None:
    game = await create_game(client)
    issued = ok(await client.post(f"{game.url}/stream-tickets", headers=game.auth(1)), 201)
    assert issued["expires_in"] == 300
    store = redis.Redis.from_url(redis_url)
    key = redis_keys.stream_ticket(game.id, sha256_hex(issued["ticket"]))
    assert store.get(key) == f"1:{sha256_hex(game.tokens[1])}".encode(), "the seat and its holder"
    assert 0 < store.pttl(key) <= 300_000
    everything = b"".join(store.dump(k) or b"" for k in store.keys("*")) + b"".join(store.keys("*"))
    assert issued["ticket"].encode() not in everything


async def test_each_ticket_is_new(client: Client) -> None:
    game = await create_game(client)
    url = f"{game.url}/stream-tickets"
    tickets = {ok(await client.post(url, headers=game.auth(0)), 201)["ticket"] for _ in range(3)}
    assert len(tickets) == 3


async def test_only_a_seats_token_gets_a_ticket(client: Client) -> None:
    game = await create_game(client)
    url = f"{game.url}/stream-tickets"
    assert_problem(await client.post(url), 401, "auth/missing_token")
    other = await create_game(client, seed="other")
    assert_problem(await client.post(url, headers=other.auth(0)), 401, "auth/invalid_token")
    unknown = "/v1/games/0123456789abcdef01234567/stream-tickets"
    assert_problem(await client.post(unknown, headers=game.auth(0)), 404, "game/not_found")


async def test_a_ticket_follows_only_its_game_and_never_acts(client: Client) -> None:
    game = await create_game(client)
    other = await create_game(client, seed="other")
    ticket = ok(await client.post(f"{game.url}/stream-tickets", headers=game.auth(0)), 201)[
        "ticket"
    ]
    refused = await client.get(f"{other.url}/events", params={"ticket": ticket})
    assert_problem(refused, 401, "auth/invalid_ticket")
    as_token = {"Authorization": f"Bearer {ticket}"}
    body = {"expected_version": 1, "move": "deal"}
    moved = await client.post(f"{game.url}/moves", json=body, headers=as_token)
    assert_problem(moved, 401, "auth/invalid_token")
    assert_problem(await client.get(game.url, headers=as_token), 401, "auth/invalid_token")


async def test_a_ticket_and_a_token_together_or_a_malformed_ticket_are_refused(
    client: Client,
) -> None:
    game = await create_game(client)
    ticket = ok(await client.post(f"{game.url}/stream-tickets", headers=game.auth(0)), 201)[
        "ticket"
    ]
    both = await client.get(f"{game.url}/events", params={"ticket": ticket}, headers=game.auth(0))
    assert_problem(both, 401, "auth/ambiguous")
    unknown = await client.get(f"{game.url}/events", params={"ticket": "A" * 32})
    assert_problem(unknown, 401, "auth/invalid_ticket")
    short = await client.get(f"{game.url}/events", params={"ticket": "short"})
    assert_problem(short, 400, "request/invalid")
