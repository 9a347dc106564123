"""Provably fair seeds: POST /v1/commitments, then POST /v1/games naming the commitment once."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
import redis
from litestar.testing import AsyncTestClient

import engine
from engine.shuffle import shuffled_deck
from service.app import create_app
from service.ledger.audit import audit_export
from service.settings import RedisSettings
from service.store import redis_keys
from service.store.commitment_store import CommitmentStore
from service.store.redis_gateway import RedisGateway
from tests.harness.api import (
    NAMES,
    Client,
    assert_problem,
    card_leaves,
    create,
    ok,
    serve_apps,
    sha256_hex,
)
from tests.harness.audits import committed_game, export_bytes, new_commitment
from tests.harness.settings import app_settings

HEX64 = re.compile(r"^[0-9a-f]{64}$")


async def test_a_commitment_is_an_id_and_the_sha256_of_a_secret_seed(
    client: Client, redis_url: str
) -> None:
    body = await new_commitment(client)

    assert set(body) == {"commitment_id", "seed_commitment", "expires_in"}
    assert re.fullmatch("[0-9a-f]{24}", body["commitment_id"])
    assert HEX64.match(body["seed_commitment"])
    assert body["expires_in"] == 24 * 3600
    store = redis.Redis.from_url(redis_url)
    key = redis_keys.commitment(body["commitment_id"])
    assert key == f"{{c:{body['commitment_id']}}}:commitment"
    seed = store.hget(key, "seed")
    assert seed is not None
    assert HEX64.match(seed.decode())
    assert sha256_hex(seed) == body["seed_commitment"]
    assert 0 < store.pttl(key) <= 24 * 3600 * 1000
    store.close()


async def test_every_commitment_is_to_a_different_seed(client: Client) -> None:
    bodies = [await new_commitment(client) for _ in range(5)]

    assert len({b["commitment_id"] for b in bodies}) == 5
    assert len({b["seed_commitment"] for b in bodies}) == 5


async def test_a_game_from_a_commitment_shuffles_with_server_seed_colon_client_seed(
    client: Client, redis_url: str
) -> None:
    store = redis.Redis.from_url(redis_url)
    commitment = await new_commitment(client)
    server_seed = store.hget(redis_keys.commitment(commitment["commitment_id"]), "seed")
    assert server_seed is not None
    body = {
        "players": ["Ana", "Bia"],
        "commitment_id": commitment["commitment_id"],
        "client_seed": "my lucky 7D",
    }

    created = ok(await create(client, body), 201)

    assert created["seed_commitment"] == commitment["seed_commitment"]
    assert created["commitment_id"] == commitment["commitment_id"]
    assert created["client_seed"] == "my lucky 7D"
    assert created["view"]["seed_commitment"] == commitment["seed_commitment"]
    key = f"{server_seed.decode()}:my lucky 7D"
    expected, _ = engine.start(engine.make_rules("escopa", {"players": 2}), key)
    assert created["view"]["table"] == list(expected.table)
    assert store.hget(redis_keys.commitment(commitment["commitment_id"]), "seed") is None
    store.close()


async def test_the_server_seed_is_secret_until_the_game_ends_then_revealed_and_audited(
    client: Client,
) -> None:
    game, commitment = await committed_game(client, 2, "escova", target=3)
    running = await game.log()
    assert running[0]["game"]["seed"] is None
    assert running[0]["game"]["seed_commitment"] == commitment["seed_commitment"]
    assert running[0]["game"]["client_seed"] == "lucky client"
    assert running[0]["game"]["commitment_id"] == commitment["commitment_id"]
    assert (await game.view())["seed"] is None

    finished = await game.play_out(random.Random(5))

    entries = await game.log()
    seed = entries[0]["game"]["seed"]
    assert HEX64.match(seed)
    assert hashlib.sha256(seed.encode()).hexdigest() == commitment["seed_commitment"]
    assert finished["seed"] == f"{seed}:lucky client"
    report = audit_export(await export_bytes(game))
    assert report.ok, report.failure
    first_round = shuffled_deck(f"{seed}:lucky client".encode(), 1)
    dealt = next(e for e in entries[0]["events"] if e["type"] == "dealt")
    assert sorted(c for hand in dealt["hands"] for c in hand) == sorted(first_round[:6])


async def test_a_commitment_without_a_client_seed_shuffles_with_the_server_seed(
    client: Client,
) -> None:
    game, _ = await committed_game(client, 2, "escova", client_seed=None, target=3)
    await game.play_out(random.Random(6))

    entries = await game.log()

    info = entries[0]["game"]
    assert info["client_seed"] is None
    assert (await game.view())["seed"] == info["seed"]
    assert audit_export(await export_bytes(game)).ok


async def test_a_commitment_used_twice_is_refused(client: Client) -> None:
    commitment = await new_commitment(client)
    body = {"players": ["Ana", "Bia"], "commitment_id": commitment["commitment_id"]}
    ok(await create(client, body), 201)

    again = await create(client, {**body, "client_seed": "another"})

    problem = assert_problem(again, 409, "commitment/used")
    assert commitment["commitment_id"] in problem["detail"]


async def test_a_commitment_raced_by_two_creates_is_used_by_exactly_one(redis_url: str) -> None:
    async with serve_apps(redis_url, 2) as (first, second):
        commitment = await new_commitment(first)
        body = {"players": ["Ana", "Bia"], "commitment_id": commitment["commitment_id"]}
        answers = await asyncio.gather(
            *(c.post("/v1/games", json=body) for c in (first, second) for _ in range(4))
        )

    statuses = sorted(a.status_code for a in answers)
    assert statuses == [201] + [409] * 7
    for answer in answers:
        if answer.status_code == 409:
            assert answer.json()["code"] == "commitment/used"


async def test_an_unknown_commitment_is_not_found(client: Client) -> None:
    body = {"players": ["Ana", "Bia"], "commitment_id": "0123456789abcdef01234567"}

    response = await create(client, body)

    assert_problem(response, 404, "commitment/not_found")


async def test_an_expired_commitment_is_not_found(client: Client, redis_url: str) -> None:
    commitment = await new_commitment(client)
    store = redis.Redis.from_url(redis_url)
    store.pexpire(redis_keys.commitment(commitment["commitment_id"]), 1)
    await asyncio.sleep(0.05)
    store.close()

    response = await create(
        client, {"players": ["Ana", "Bia"], "commitment_id": commitment["commitment_id"]}
    )

    assert_problem(response, 404, "commitment/not_found")


async def test_a_seed_with_a_commitment_is_refused_and_the_commitment_kept(
    client: Client,
) -> None:
    commitment = await new_commitment(client)
    body = {"players": ["Ana", "Bia"], "seed": "mine", "commitment_id": commitment["commitment_id"]}

    response = await create(client, body)

    problem = assert_problem(response, 422, "request/ambiguous_seed")
    assert problem["field"] == "seed"
    del body["seed"]
    ok(await create(client, body), 201)


async def test_a_client_seed_without_a_commitment_is_refused(client: Client) -> None:
    body = {"players": ["Ana", "Bia"], "client_seed": "mine"}

    response = await create(client, body)

    problem = assert_problem(response, 422, "request/client_seed_without_commitment")
    assert problem["field"] == "client_seed"


async def test_unplayable_rules_do_not_use_up_the_commitment(client: Client) -> None:
    commitment = await new_commitment(client)
    body = {
        "players": list(NAMES[:3]),
        "commitment_id": commitment["commitment_id"],
        "rules": {"partnerships": True},
    }

    assert_problem(await create(client, body), 422, "rules/invalid")

    del body["rules"]
    ok(await create(client, body), 201)


@pytest.mark.parametrize(
    "body",
    [
        {"commitment_id": "NOT-AN-ID"},
        {"commitment_id": "0123"},
        {"client_seed": ""},
        {"client_seed": "a\nb"},
        {"client_seed": "x" * 201},
    ],
)
async def test_malformed_commitment_fields_are_bad_requests(
    client: Client, body: dict[str, str]
) -> None:
    response = await create(client, {"players": ["Ana", "Bia"], **body})

    assert_problem(response, 400, "request/invalid")


async def test_a_running_committed_games_log_never_shows_the_server_seed(
    client: Client, redis_url: str
) -> None:
    store = redis.Redis.from_url(redis_url)
    commitment = await new_commitment(client)
    server_seed = store.hget(redis_keys.commitment(commitment["commitment_id"]), "seed")
    assert server_seed is not None
    store.close()
    body = {"players": ["Ana", "Bia"], "commitment_id": commitment["commitment_id"]}
    created = ok(await create(client, body), 201)

    shown = json.dumps(created) + (await client.get(f"/v1/games/{created['game_id']}/log")).text

    assert server_seed.decode() not in shown
    assert not list(card_leaves(created["view"]["hand"]))


@asynccontextmanager
async def unconfirmed(redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    """An app that wants one replica to confirm each write, on a Redis that has none."""
    waits = RedisSettings(url=redis_url, wait_replicas=1, wait_timeout_ms=50)
    settings = app_settings(redis_url, redis=waits)
    async with AsyncTestClient(app=create_app(settings)) as waiting:
        yield waiting


async def from_a_new_commitment(client: Client) -> dict[str, object]:
    """A game's creation body naming a fresh commitment."""
    return {
        "players": ["Ana", "Bia"],
        "commitment_id": (await new_commitment(client))["commitment_id"],
    }


async def refused_as_used_up(client: Client, body: dict[str, object]) -> None:
    """Creating the game from the commitment is unconfirmed, and the 503 says it is used up."""
    refused = assert_problem(await create(client, body), 503, "store/not_replicated")
    assert "ask POST /v1/commitments for a new one" in refused["detail"]


async def test_commitment_writes_wait_for_replicas_like_every_write(
    client: Client, redis_url: str
) -> None:
    # One replica wanted, none attached: no write can be acknowledged. A commitment consumed on a
    # master that then fails before its replica has it would be usable twice; so creating and
    # consuming commitments wait like moves do, and an unacknowledged consume is never reused.
    body = await from_a_new_commitment(client)
    async with unconfirmed(redis_url) as waiting:
        assert_problem(await waiting.post("/v1/commitments"), 503, "store/not_replicated")
        await refused_as_used_up(waiting, body)
    assert_problem(await create(client, body), 409, "commitment/used")


async def test_a_game_whose_own_write_is_unconfirmed_says_whether_a_commitment_went_with_it(
    client: Client, redis_url: str
) -> None:
    # The commitment's key and the game's keys may sit on different shards: the consume can be
    # confirmed while the game's write is not. The commitment is then used up, and the 503 says so.
    body = await from_a_new_commitment(client)
    async with unconfirmed(redis_url) as waiting:
        house = waiting.app.state.house
        house.creation.commitments = CommitmentStore(RedisGateway(house.gateway.client))  # at once
        await refused_as_used_up(waiting, body)
        plain = await create(waiting, {"players": ["Ana", "Bia"]})
        detail = assert_problem(plain, 503, "store/not_replicated")["detail"]
        assert "a new game is created" in detail
    assert_problem(await create(client, body), 409, "commitment/used")
