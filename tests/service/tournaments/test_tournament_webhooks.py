"""A tournament's webhook: its events POSTed signed to a real receiver, as a game's are; its
URL checked by the same SSRF rules; its deliveries listed for whom they belong to."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.core.games.due_work import FIRST_DELIVERY_MS
from service.settings import secret_hash
from tests.harness.api import assert_problem, ok
from tests.harness.tournaments import create_tournament, entrants, tournament
from tests.harness.webhook_receiver import Received, receiving, settled, verify
from tests.service.http.test_webhook_routes import every_stored_byte
from tests.service.ops.workers.test_webhook_deliveries import hook_settings

KEYS = ("tournament-key-one", "tournament-key-two")


@pytest.fixture
async def keyed(redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    """An app with quick webhook retries to loopback that needs API keys to create."""
    settings = hook_settings(redis_url, api_hashes=tuple(secret_hash(k) for k in KEYS))
    async with AsyncTestClient(app=create_app(settings)) as test_client:
        yield test_client


def with_key(number: int = 0) -> dict[str, str]:
    return {"X-API-Key": KEYS[number]}


async def bots_cup(client: Any, **fields: Any) -> dict[str, Any]:
    """A tournament of 2 bots, one round of one board: as few games as the three kinds need
    (its round's start, its table's result, its end)."""
    return await create_tournament(
        client, entrants=entrants(0, 2, "random"), rounds=1, headers=with_key(), **fields
    )


async def until_over(client: Any, tournament_id: str) -> dict[str, Any]:
    for _ in range(1200):
        view = await tournament(client, tournament_id)
        if view["status"] == "finished":
            return view
        await asyncio.sleep(0.05)
    raise AssertionError("the tournament did not end")  # pragma: no cover


def kinds(done: list[Received]) -> list[str]:
    return [r.json()["type"] for r in done]


async def test_a_webhook_receives_the_three_kinds_signed_in_order(
    keyed: Any, redis_url: str
) -> None:
    with receiving() as receiver:
        created = await bots_cup(keyed, webhook={"url": receiver.url})
        tournament_id = created["tournament_id"]
        await until_over(keyed, tournament_id)
        done = await asyncio.to_thread(receiver.wait_for, 3)
        url = f"/v1/tournaments/{tournament_id}/webhook-deliveries"
        listed = await settled(keyed, url, with_key())
    secret = created["webhook"]["secret"]
    assert created["webhook"]["url"] == receiver.url
    assert kinds(done) == ["round.started", "table.result", "tournament.finished"]
    for request in done:
        body = request.json()
        assert verify(secret, request.headers["x-escopa-signature"], request.body)
        assert request.headers["x-escopa-event"] == body["type"]
        assert (
            request.headers["x-escopa-delivery"] == body["id"] == f"{tournament_id}.{body['seq']}"
        )
    assert [d["event"] for d in listed["deliveries"]] == kinds(done)
    assert {d["state"] for d in listed["deliveries"]} == {"delivered"}
    assert listed["url"] == receiver.url
    assert secret.removeprefix("whsec_").encode() not in every_stored_byte(redis_url)


async def test_a_new_tournaments_first_delivery_waits_for_its_answer(keyed: Any) -> None:
    with receiving() as receiver:
        asked = time.time()
        await bots_cup(keyed, webhook={"url": receiver.url})
        answered = time.time()
        (first, *_) = await asyncio.to_thread(receiver.wait_for, 1)
    assert first.json()["type"] == "round.started"
    assert first.at >= asked + FIRST_DELIVERY_MS / 1000
    assert first.at > answered, "the answer with the secret came first"


async def test_an_api_keys_webhook_gets_the_tournaments_it_creates(keyed: Any) -> None:
    with receiving() as receiver:
        named = ok(await keyed.put("/v1/webhook", json={"url": receiver.url}, headers=with_key()))
        created = await bots_cup(keyed)
        await until_over(keyed, created["tournament_id"])
        done = await asyncio.to_thread(receiver.wait_for, 3)
    assert "webhook" not in created, "the key's secret was shown when it named the webhook"
    assert kinds(done) == ["round.started", "table.result", "tournament.finished"]
    assert all(verify(named["secret"], r.headers["x-escopa-signature"], r.body) for r in done)


async def test_deliveries_are_listed_for_the_creating_key_or_an_entrant_only(
    keyed: Any,
) -> None:
    with receiving() as receiver:
        created = await create_tournament(
            keyed,
            entrants=entrants(1, 1),
            rounds=1,
            headers=with_key(),
            webhook={"url": receiver.url},
        )
        url = f"/v1/tournaments/{created['tournament_id']}/webhook-deliveries"
        token = created["entrants"][0]["token"]
        entrant = ok(await keyed.get(url, headers={"Authorization": f"Bearer {token}"}))
        other_key = await keyed.get(url, headers=with_key(1))
        nobody = await keyed.get(url)
        stranger = await keyed.get(url, headers={"Authorization": "Bearer not-a-token"})
        unhooked = await bots_cup(keyed)
        unhooked_url = f"/v1/tournaments/{unhooked['tournament_id']}/webhook-deliveries"
        none = await keyed.get(unhooked_url, headers=with_key())
    assert "url" not in entrant
    assert entrant["deliveries"][0]["event"] == "round.started"
    assert_problem(other_key, 403, "webhook/forbidden")
    assert_problem(nobody, 401, "auth/missing_token")
    assert_problem(stranger, 401, "auth/invalid_token")
    assert_problem(none, 404, "webhook/not_found")


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://example.com/hook", "webhook/url_invalid"),
        ("https://10.0.0.1/hook", "webhook/address_refused"),
        ("https://169.254.169.254/latest/meta-data", "webhook/address_refused"),
        ("https://no-such-host.invalid/hook", "webhook/unresolvable"),
    ],
)
async def test_a_webhook_the_ssrf_rules_refuse_creates_no_tournament(
    keyed: Any, redis_url: str, url: str, code: str
) -> None:
    body = {
        "name": "cup",
        "entrants": entrants(0, 2),
        "rounds": 1,
        "boards": 1,
        "pairing": "swiss",
        "webhook": {"url": url},
    }
    response = await keyed.post("/v1/tournaments", json=body, headers=with_key())
    problem = assert_problem(response, 422, code)
    assert problem["field"] == "webhook.url"
    direct = redis.Redis.from_url(redis_url)
    try:
        assert list(direct.scan_iter(match="{t:*")) == []
    finally:
        direct.close()
