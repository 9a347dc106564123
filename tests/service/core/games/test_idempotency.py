"""Idempotency-Key: a retried request gets the first answer and is applied once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from tests.harness.api import Client, assert_problem, create_game, ok, serve_apps


@pytest.fixture
async def servers(redis_url: str) -> AsyncIterator[list[Client]]:
    async with serve_apps(redis_url, 2) as clients:
        yield clients


async def test_a_retried_move_returns_the_identical_answer_and_applies_once(
    client: Client,
) -> None:
    game = await create_game(client)
    body = {"expected_version": 1, "move": (await game.legal(0))[0]["id"]}

    first = await game.post_move(0, body, key="move-1")
    retried = await game.post_move(0, body, key="move-1")

    assert first.status_code == retried.status_code == 200
    assert retried.content == first.content
    assert await game.version() == 2
    assert [e["type"] for e in await game.log()] == ["created", "move"]


async def test_a_retry_after_later_moves_still_gets_the_first_answer(client: Client) -> None:
    game = await create_game(client)
    body = {"expected_version": 1, "move": (await game.legal(0))[0]["id"]}
    first = ok(await game.post_move(0, body, key="late-retry"))
    ok(await game.move(1, move=(await game.legal(1))[0]["id"]))

    retried = ok(await game.post_move(0, body, key="late-retry"))

    assert retried == first
    assert await game.version() == 3


async def test_the_same_key_with_a_different_body_is_refused(client: Client) -> None:
    game = await create_game(client)
    first, second = (await game.legal(0))[:2]
    ok(await game.post_move(0, {"expected_version": 1, "move": first["id"]}, key="k"))

    response = await game.post_move(0, {"expected_version": 2, "move": second["id"]}, key="k")

    assert_problem(response, 422, "request/idempotency_key_reused")
    assert await game.version() == 2


async def test_an_idempotency_key_belongs_to_one_seat(client: Client) -> None:
    game = await create_game(client)
    ok(
        await game.post_move(
            0, {"expected_version": 1, "move": (await game.legal(0))[0]["id"]}, "k"
        )
    )

    second = ok(
        await game.post_move(
            1, {"expected_version": 2, "move": (await game.legal(1))[0]["id"]}, "k"
        )
    )

    assert second["version"] == 3
    assert second["entry"]["seat"] == 1


async def test_a_refused_request_does_not_use_up_its_key(client: Client) -> None:
    game = await create_game(client)
    move = (await game.legal(0))[0]["id"]
    stale = await game.post_move(0, {"expected_version": 9, "move": move}, key="again")
    assert_problem(stale, 409, "game/version_conflict")

    result = ok(await game.post_move(0, {"expected_version": 1, "move": move}, key="again"))

    assert result["version"] == 2


async def test_concurrent_retries_with_one_key_apply_the_move_once(
    servers: list[Client],
) -> None:
    game = await create_game(servers[0])
    body = {"expected_version": 1, "move": (await game.legal(0))[0]["id"]}
    url, headers = f"{game.url}/moves", game.auth(0) | {"Idempotency-Key": "burst"}

    responses = await asyncio.gather(
        *(servers[i % 2].post(url, json=body, headers=headers) for i in range(20))
    )

    assert {r.status_code for r in responses} == {200}
    assert len({r.content for r in responses}) == 1
    assert await game.version() == 2


@pytest.mark.parametrize("key", ["has space", "x" * 65, "semi;colon"])
async def test_a_malformed_idempotency_key_is_a_bad_request(client: Client, key: str) -> None:
    game = await create_game(client)
    body = {"expected_version": 1, "move": (await game.legal(0))[0]["id"]}

    assert_problem(await game.post_move(0, body, key=key), 400, "request/invalid")
    assert await game.version() == 1


async def test_a_retried_deal_returns_the_first_answer(client: Client) -> None:
    # A client that lost the answer to POST /deal retries with the same key and body.
    game = await create_game(client, auto_deal=False)

    first = await game.deal(1, key="deal-1")
    retried = await game.deal(1, key="deal-1")

    assert first.status_code == 200, first.text
    assert retried.status_code == 200, retried.text
    assert retried.content == first.content
    assert await game.version() == 2


async def test_a_retried_deal_with_its_expected_version_returns_the_first_answer(
    client: Client,
) -> None:
    game = await create_game(client, auto_deal=False)

    first = await game.deal(0, {"expected_version": 1}, key="deal-v1")
    retried = await game.deal(0, {"expected_version": 1}, key="deal-v1")

    assert first.status_code == 200, first.text
    assert retried.status_code == 200, retried.text
    assert retried.content == first.content


async def test_a_key_used_for_one_deal_is_refused_for_a_deal_at_another_version(
    client: Client,
) -> None:
    # Found by the contract fuzzing: the documented example key sent with two different deals.
    game = await create_game(client, auto_deal=False)
    assert (await game.deal(0, {"expected_version": 1}, key="move-7-a1b2")).status_code == 200

    again = await game.deal(0, {"expected_version": 2}, key="move-7-a1b2")

    assert_problem(again, 422, "request/idempotency_key_reused")
    assert await game.version() == 2
