"""GET /v1/keys and the receipts of every write to the log: each acknowledged new head, signed by
the service, verifies with the published key (checked with `cryptography` directly, on the
bytes docs/audit.md defines); a rotated ring signs with its first key and still verifies the
receipts of the old one."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import KeySettings, RedisSettings, Settings
from tests.harness.api import Client, Game, Json, create_game, ok
from tests.harness.audits import export_bytes, finished_game
from tests.harness.settings import app_settings
from tests.harness.signing import (
    OTHER_KEY,
    SIGNING_KEY,
    holds,
    key_id,
    public_text,
    published,
    signed_bytes,
)


@asynccontextmanager
async def app_with(redis_url: str, *keys: str) -> AsyncIterator[Client]:
    """A client of an app whose ring is `keys` (the first signs)."""
    app = create_app(app_settings(redis_url, keys=KeySettings(signing=keys)))
    async with AsyncTestClient(app=app) as client:
        yield client


async def keys_of(client: Client) -> Json:
    return ok(await client.get("/v1/keys"))


def assert_receipt(receipt: Json, keys: Json, game: Game, seq: int, head: str) -> None:
    """A receipt of this game's head at `seq`, whose signature holds with a published key."""
    assert set(receipt) == {"game_id", "seq", "hash", "key_id", "signature"}
    assert (receipt["game_id"], receipt["seq"], receipt["hash"]) == (game.id, seq, head)
    message = signed_bytes(game.id, seq, head)
    assert holds(keys, receipt["key_id"], receipt["signature"], message), receipt


# --- GET /v1/keys -----------------------------------------------------------------------------


async def test_the_keys_are_published_with_their_ids(client: Client) -> None:
    keys = await keys_of(client)

    assert keys == published(SIGNING_KEY)
    (key,) = keys["keys"]
    assert key == {
        "id": key_id(SIGNING_KEY),
        "algorithm": "Ed25519",
        "public_key": public_text(SIGNING_KEY),
    }
    assert len(key["id"]) == 16


async def test_every_key_of_a_ring_is_published_the_signing_one_first(redis_url: str) -> None:
    async with app_with(redis_url, OTHER_KEY, SIGNING_KEY) as client:
        keys = await keys_of(client)

    assert [k["id"] for k in keys["keys"]] == [key_id(OTHER_KEY), key_id(SIGNING_KEY)]


def test_an_app_without_a_signing_key_refuses_to_be_made() -> None:
    with pytest.raises(ValueError, match="no signing key"):
        create_app(Settings(redis=RedisSettings(url="redis://127.0.0.1:1/0")))


def test_an_app_with_a_malformed_signing_key_names_it() -> None:
    with pytest.raises(ValueError, match="signing key 2: a key is 43 base64url"):
        keys = KeySettings(signing=(SIGNING_KEY, "x"))
        create_app(app_settings("redis://127.0.0.1:1/0", keys=keys))


# --- receipts ---------------------------------------------------------------------------------


async def test_creating_a_game_answers_a_receipt_of_its_first_entry(client: Client) -> None:
    game = await create_game(client)
    log = await game.log()

    assert_receipt(game.created["receipt"], await keys_of(client), game, 1, log[0]["hash"])
    assert game.created["receipt"]["key_id"] == key_id(SIGNING_KEY)


async def test_every_move_answers_a_receipt_of_the_new_head(client: Client) -> None:
    game = await create_game(client)
    keys = await keys_of(client)
    rng = random.Random(7)

    for _ in range(12):
        view = await game.view()
        seat = view["turn"]
        chosen = rng.choice(await game.legal(seat))
        result = ok(
            await game.post_move(seat, {"expected_version": view["version"], "move": chosen["id"]})
        )
        assert_receipt(result["receipt"], keys, game, result["version"], result["entry"]["hash"])

    log = await game.log()
    assert result["receipt"]["hash"] == log[-1]["hash"]


async def test_a_deal_answers_a_receipt(client: Client) -> None:
    game = await create_game(client, auto_deal=False, first_dealer=1)

    result = ok(await game.deal(1))

    assert result["move"] == "deal"
    log = await game.log()
    assert_receipt(result["receipt"], await keys_of(client), game, 2, log[1]["hash"])


async def test_a_signal_adds_no_head_so_it_answers_no_receipt(client: Client) -> None:
    game = await create_game(client, players=4)
    head = (await game.log())[-1]["hash"]

    result = ok(await game.signal(1, "guindis"))

    assert "receipt" not in result
    assert (await game.log())[-1]["hash"] == head


async def test_a_retried_move_answers_the_same_receipt(client: Client) -> None:
    game = await create_game(client)
    view = await game.view()
    move = (await game.legal(view["turn"]))[0]["id"]
    body = {"expected_version": view["version"], "move": move}

    first = ok(await game.post_move(view["turn"], body, key="retry-1"))
    again = ok(await game.post_move(view["turn"], body, key="retry-1"))

    assert again["receipt"] == first["receipt"]


async def test_a_receipt_does_not_hold_for_another_head_or_game(client: Client) -> None:
    game = await create_game(client)
    other = await create_game(client)
    receipt: Json = game.created["receipt"]
    keys = await keys_of(client)
    head = receipt["hash"]

    for message in (
        signed_bytes(game.id, 2, head),
        signed_bytes(other.id, 1, head),
        signed_bytes(game.id, 1, other.created["receipt"]["hash"]),
    ):
        assert not holds(keys, receipt["key_id"], receipt["signature"], message)


# --- rotation ---------------------------------------------------------------------------------


async def test_after_rotation_the_new_key_signs_and_the_old_receipts_still_verify(
    redis_url: str,
) -> None:
    async with app_with(redis_url, SIGNING_KEY) as old:
        game = await create_game(old)
        before: Json = game.created["receipt"]
    async with app_with(redis_url, OTHER_KEY, SIGNING_KEY) as rotated:
        keys = await keys_of(rotated)
        view = await game.on(rotated).view()
        move = (await game.on(rotated).legal(view["turn"]))[0]["id"]
        body: dict[str, Any] = {"expected_version": view["version"], "move": move}
        after = ok(await game.on(rotated).post_move(view["turn"], body))["receipt"]

    assert before["key_id"] == key_id(SIGNING_KEY)
    assert after["key_id"] == key_id(OTHER_KEY)
    assert_receipt(before, keys, game, 1, before["hash"])
    assert_receipt(after, keys, game, 2, after["hash"])
    assert not holds(
        published(SIGNING_KEY),
        after["key_id"],
        after["signature"],
        signed_bytes(game.id, 2, after["hash"]),
    )


async def test_an_export_made_before_rotation_is_signed_by_the_old_key(redis_url: str) -> None:
    async with app_with(redis_url, SIGNING_KEY) as old:
        game = await finished_game(old, 2, "escova", seed="rotate", target=3)
        before = await export_bytes(game)
    async with app_with(redis_url, OTHER_KEY, SIGNING_KEY) as rotated:
        after = await export_bytes(game.on(rotated))

    assert b'"key_id":"' + key_id(SIGNING_KEY).encode() in before
    assert b'"key_id":"' + key_id(OTHER_KEY).encode() in after
