"""Webhook deliveries end to end: the real app and its worker POST to a real receiver on
loopback, which checks the signatures, the order per game and the retries."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import KeySettings, Settings, WebhookSettings
from tests.harness.api import Game, chosen_seed, create, ok
from tests.harness.clocks import applied, clock
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS
from tests.harness.webhook_receiver import Receiver, receiving, settled, verify

Json = dict[str, Any]


HOOKS = WebhookSettings(allow=("127.0.0.1",), backoff=0.05, timeout=2.0, attempts=4)


def hook_settings(redis_url: str, api_hashes: tuple[str, ...] = (), **hooks: Any) -> Settings:
    """The app with quick webhook retries to loopback; `hooks` change `HOOKS`' fields."""
    keys = KeySettings(signing=SIGNING_KEYS, api_hashes=api_hashes)
    webhooks = msgspec.structs.replace(HOOKS, **hooks)
    return app_settings(redis_url, keys=keys, webhooks=webhooks)


@pytest.fixture
async def client(redis_url: str) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    app = create_app(hook_settings(redis_url))
    async with AsyncTestClient(app=app) as test_client:
        yield test_client


async def hooked_game(
    client: Any, url: str, seed: str = "escopa", **rules: Any
) -> tuple[Game, str]:
    body: Json = {"players": ["Ana", "Bia"], "seed": chosen_seed(seed), "webhook": {"url": url}}
    if rules:
        body["rules"] = rules
    created = ok(await create(client, body), 201)
    tokens = [p["token"] for p in created["players"]]
    return Game(client, created["game_id"], tokens, created), created["webhook"]["secret"]


async def play(game: Game, moves: int) -> None:
    for _ in range(moves):
        view = await game.view()
        legal = await game.legal(view["turn"])
        ok(
            await game.post_move(
                view["turn"], {"move": legal[0]["id"], "expected_version": view["version"]}
            )
        )


async def wait_for(receiver: Receiver, count: int) -> list[Any]:
    return await asyncio.to_thread(receiver.wait_for, count)


async def test_every_event_is_signed_with_the_secret_shown_once_and_comes_in_order(
    client: Any,
) -> None:
    with receiving() as receiver:
        game, secret = await hooked_game(client, receiver.url)
        await play(game, 3)
        done = await wait_for(receiver, 5)
    assert [r.json()["type"] for r in done] == ["game.started", "turn", "turn", "turn", "turn"]
    assert [r.json()["seq"] for r in done] == [1, 1, 2, 3, 4]
    for request in done:
        assert verify(secret, request.headers["x-escopa-signature"], request.body)
        assert not verify(secret + "x", request.headers["x-escopa-signature"], request.body)
        assert request.headers["x-escopa-delivery"] == request.json()["id"]
        assert request.json()["game_id"] == game.id
    turns = [r.json() for r in done[1:]]
    assert [t["version"] for t in turns] == [1, 2, 3, 4]
    assert all(t["deadline"] is None for t in turns)  # no clock in this game
    assert secret.startswith("whsec_")
    assert secret not in str(await game.view(0))


async def test_a_failing_receiver_gets_each_delivery_again_until_it_answers_in_order(
    client: Any,
) -> None:
    with receiving(fail_first=2, status=503) as receiver:
        game, _ = await hooked_game(client, receiver.url)
        await play(game, 2)
        done = await wait_for(receiver, 4)
        everything = list(receiver.received)
    ids = [r.delivery for r in done]
    assert ids == sorted(ids, key=lambda i: tuple(int(p) for p in i.split(".")[1:]))
    for delivery in ids:
        statuses = [r.status for r in everything if r.delivery == delivery]
        assert statuses == [503, 503, 204]
    order = [r.delivery for r in everything]  # none tried before the one before is done
    for earlier, later in itertools.pairwise(ids):
        assert max(i for i, d in enumerate(order) if d == earlier) < order.index(later)
    listed = await settled(client, f"{game.url}/webhook-deliveries", game.auth(1))
    assert [d["id"] for d in listed["deliveries"]] == ids
    assert all(d["state"] == "delivered" and d["attempts"] == 3 for d in listed["deliveries"])
    assert all(d["last_status"] == 204 for d in listed["deliveries"])


async def test_a_delivery_stops_after_its_attempts_and_is_listed_as_failed(
    client: Any,
) -> None:
    with receiving(fail_first=100, status=500) as receiver:
        game, _ = await hooked_game(client, receiver.url)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            listed = ok(await client.get(f"{game.url}/webhook-deliveries", headers=game.auth(0)))
            if all(d["state"] == "failed" for d in listed["deliveries"]):
                break
            await asyncio.sleep(0.1)
        attempts = len(receiver.received)
    assert [d["event"] for d in listed["deliveries"]] == ["game.started", "turn"]
    for delivery in listed["deliveries"]:
        assert delivery["state"] == "failed"
        assert delivery["attempts"] == 4
        assert delivery["last_status"] == 500
    assert attempts == 8  # 4 each, then no more
    await asyncio.sleep(0.5)
    assert len(receiver.received) == 8


async def test_a_finished_game_sends_its_outcome_and_scores(client: Any) -> None:
    with receiving() as receiver:
        game, _ = await hooked_game(client, receiver.url)
        resigned = await client.post(f"{game.url}/resign", headers=game.auth(0))
        ok(resigned)
        done = await wait_for(receiver, 3)
    finished = done[-1].json()
    assert finished["type"] == "game.finished"
    assert finished["outcome"]["result"] == "resigned"
    assert finished["scores"] == [0, 0]
    assert done[-1].headers["x-escopa-event"] == "game.finished"


async def test_a_redirect_is_not_followed(client: Any) -> None:
    with receiving() as target, receiving(redirect="") as redirecting:
        redirecting.redirect = target.url
        game, _ = await hooked_game(client, redirecting.url)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len(redirecting.received) < 2:
            await asyncio.sleep(0.05)
        listed = ok(await client.get(f"{game.url}/webhook-deliveries", headers=game.auth(0)))
        assert target.received == []
    assert listed["deliveries"][0]["last_status"] == 302
    assert listed["deliveries"][0]["state"] in {"pending", "failed"}


async def test_a_rematch_keeps_the_webhook_and_its_secret(client: Any) -> None:
    with receiving() as receiver:
        game, secret = await hooked_game(client, receiver.url)
        ok(await client.post(f"{game.url}/resign", headers=game.auth(0)))
        rematch = ok(await client.post(f"{game.url}/rematch", headers=game.auth(1)))
        done = await wait_for(receiver, 5)
    again = [r for r in done if r.json()["game_id"] == rematch["game_id"]]
    assert [r.json()["type"] for r in again] == ["game.started", "turn"]
    assert all(verify(secret, r.headers["x-escopa-signature"], r.body) for r in again)


async def test_a_clocked_game_sends_each_turn_with_its_deadline_then_the_timeout(
    client: Any,
) -> None:
    with receiving() as receiver:
        game, _ = await hooked_game(client, receiver.url, clock=clock("forfeit"))
        await play(game, 1)
        view = await game.view()
        assert (await applied(game, view))["status"] == "finished"
        done = await wait_for(receiver, 5)
    kinds = [r.json()["type"] for r in done]
    assert kinds == ["game.started", "turn", "turn", "timeout", "game.finished"]
    assert done[2].json()["deadline"] == view["deadline"]
    assert done[3].json()["seat"] == view["turn"]
    assert done[4].json()["outcome"]["result"] == "timeout"
