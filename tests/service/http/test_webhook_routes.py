"""The webhook routes and options over HTTP: the create option's refusals, the secret shown
once and never stored, who may read a game's deliveries, and an API key's own webhook."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import redis
from litestar.testing import AsyncTestClient

from service.app import create_app
from tests.harness.api import assert_problem, create, ok
from tests.harness.webhook_receiver import receiving, settled, verify
from tests.service.ops.workers.test_webhook_deliveries import hook_settings

KEYS = ("key-one", "key-two")


@pytest.fixture
async def keyed(redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    """An app that needs API keys to create games."""
    settings = hook_settings(redis_url, api_hashes=tuple(_hash(k) for k in KEYS))
    async with AsyncTestClient(app=create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
async def client(redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    async with AsyncTestClient(app=create_app(hook_settings(redis_url))) as test_client:
        yield test_client


def _hash(key: str) -> str:
    from service.settings import secret_hash

    return secret_hash(key)


def game_keys(redis_url: str) -> list[bytes]:
    client = redis.Redis.from_url(redis_url)
    try:
        return list(client.scan_iter(match="{g:*"))
    finally:
        client.close()


def every_stored_byte(redis_url: str) -> bytes:
    """Every key and value in Redis, as bytes (DUMP of each key)."""
    client = redis.Redis.from_url(redis_url)
    try:
        dumped = [key + (client.dump(key) or b"") for key in client.scan_iter()]
        return b"".join(dumped)
    finally:
        client.close()


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://example.com/hook", "webhook/url_invalid"),
        ("https://10.0.0.1/hook", "webhook/address_refused"),
        ("https://169.254.169.254/latest/meta-data", "webhook/address_refused"),
        ("https://[fe80::1]/hook", "webhook/address_refused"),
        ("https://[2002:a00:1::1]/hook", "webhook/address_refused"),
        ("https://[fec0::1]/hook", "webhook/address_refused"),
        ("https://no-such-host.invalid/hook", "webhook/unresolvable"),
    ],
)
async def test_a_webhook_the_ssrf_rules_refuse_creates_no_game(
    client: Any, redis_url: str, url: str, code: str
) -> None:
    body = {"players": ["Ana", "Bia"], "webhook": {"url": url}}
    problem = assert_problem(await create(client, body), 422, code)
    assert problem["field"] == "webhook.url"
    assert game_keys(redis_url) == []


async def test_a_webhook_with_unknown_members_is_refused(client: Any) -> None:
    body = {"players": ["Ana", "Bia"], "webhook": {"url": "https://1.1.1.1/", "secret": "x"}}
    assert_problem(await create(client, body), 400, "request/invalid")


async def test_the_secret_is_shown_once_and_never_stored(client: Any, redis_url: str) -> None:
    with receiving() as receiver:
        body = {"players": ["Ana", "Bia"], "webhook": {"url": receiver.url}}
        created = ok(await create(client, body), 201)
        await asyncio.to_thread(receiver.wait_for, 2)
        game_url = f"/v1/games/{created['game_id']}"
        token = created["players"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        seen = [
            (await client.get(game_url, headers=auth)).text,
            (await client.get(f"{game_url}/webhook-deliveries", headers=auth)).text,
            (await client.get(f"{game_url}/log")).text,
        ]
    secret = created["webhook"]["secret"]
    assert created["webhook"]["url"] == receiver.url
    assert all(secret not in text for text in seen)
    assert secret.encode() not in every_stored_byte(redis_url)
    assert secret.removeprefix("whsec_").encode() not in every_stored_byte(redis_url)
    assert verify(
        secret, receiver.received[0].headers["x-escopa-signature"], receiver.received[0].body
    )


async def test_a_game_without_a_webhook_has_no_deliveries_to_list(client: Any) -> None:
    created = ok(await create(client, {"players": ["Ana", "Bia"]}), 201)
    assert "webhook" not in created
    auth = {"Authorization": f"Bearer {created['players'][0]['token']}"}
    url = f"/v1/games/{created['game_id']}/webhook-deliveries"
    assert_problem(await client.get(url, headers=auth), 404, "webhook/not_found")
    assert_problem(
        await client.get("/v1/games/nosuchgame/webhook-deliveries", headers=auth),
        404,
        "game/not_found",
    )


async def test_the_deliveries_need_a_seat_token_of_the_game_and_never_show_it_the_url(
    client: Any,
) -> None:
    with receiving() as receiver:
        body = {"players": ["Ana", "Bia"], "webhook": {"url": receiver.url}}
        created = ok(await create(client, body), 201)
        other = ok(await create(client, {"players": ["Caio", "Duda"]}), 201)
        url = f"/v1/games/{created['game_id']}/webhook-deliveries"
        assert_problem(await client.get(url), 401, "auth/missing_token")
        foreign = {"Authorization": f"Bearer {other['players'][0]['token']}"}
        assert_problem(await client.get(url, headers=foreign), 401, "auth/invalid_token")
        for seat in (0, 1):
            auth = {"Authorization": f"Bearer {created['players'][seat]['token']}"}
            listed = ok(await client.get(url, headers=auth))
            assert "url" not in listed
            assert receiver.url not in str(listed)
            assert [d["event"] for d in listed["deliveries"]] == ["game.started", "turn"]


async def test_an_api_key_names_a_webhook_for_its_games_and_reads_their_deliveries(
    keyed: Any,
) -> None:
    assert_problem(
        await keyed.put("/v1/webhook", json={"url": "https://1.1.1.1/"}),
        401,
        "auth/api_key_required",
    )
    with receiving() as receiver:
        named = ok(
            await keyed.put(
                "/v1/webhook", json={"url": receiver.url}, headers={"X-API-Key": KEYS[0]}
            )
        )
        secret = named["secret"]
        body = {"players": ["Ana", "Bia"]}
        created = ok(await keyed.post("/v1/games", json=body, headers={"X-API-Key": KEYS[0]}), 201)
        assert "webhook" not in created  # its secret was shown when the key named it
        unhooked = ok(await keyed.post("/v1/games", json=body, headers={"X-API-Key": KEYS[1]}), 201)
        done = await asyncio.to_thread(receiver.wait_for, 2)
        url = f"/v1/games/{created['game_id']}/webhook-deliveries"
        listed = await settled(keyed, url, {"X-API-Key": KEYS[0]})
        seat = {"Authorization": f"Bearer {created['players'][1]['token']}"}
        assert "url" not in ok(await keyed.get(url, headers=seat))
        assert_problem(
            await keyed.get(url, headers={"X-API-Key": KEYS[1]}), 403, "webhook/forbidden"
        )
        other = f"/v1/games/{unhooked['game_id']}/webhook-deliveries"
        assert_problem(
            await keyed.get(other, headers={"X-API-Key": KEYS[1]}), 403, "webhook/forbidden"
        )
        assert keyed_ok(await keyed.delete("/v1/webhook", headers={"X-API-Key": KEYS[0]}))
        later = ok(await keyed.post("/v1/games", json=body, headers={"X-API-Key": KEYS[0]}), 201)
        await asyncio.sleep(0.5)
    assert {r.json()["game_id"] for r in done} == {created["game_id"]}
    assert all(verify(secret, r.headers["x-escopa-signature"], r.body) for r in done)
    assert [d["state"] for d in listed["deliveries"]] == ["delivered", "delivered"]
    assert listed["url"] == receiver.url, "the API key that named the webhook sees its URL"
    assert later["game_id"] not in {r.json()["game_id"] for r in receiver.received}


def keyed_ok(response: Any) -> bool:
    return bool(response.status_code == 204)


def test_every_webhook_problem_code_and_setting_is_documented() -> None:
    root = Path(__file__).resolve().parents[3]
    readme = (root / "docs" / "api.md").read_text() + (root / "docs" / "settings.md").read_text()
    sources = "".join(p.read_text() for p in (root / "service/core/webhooks").glob("webhook*.py"))
    codes = set(re.findall(r'"(webhook/[a-z_]+)"', sources))
    assert {"webhook/url_invalid", "webhook/address_refused", "webhook/forbidden"} <= codes
    assert not [code for code in sorted(codes) if f"`{code}`" not in readme]
    settings = (root / "service/settings.py").read_text()
    names = set(re.findall(r'"(ESCOPA_WEBHOOK\w*)"', settings))
    assert len(names) == 5
    assert not [name for name in sorted(names) if f"`{name}`" not in readme]
