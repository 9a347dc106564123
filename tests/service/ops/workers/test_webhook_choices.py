"""What a subscription asks for: only the event types it names are delivered and listed (the
others leave gaps in the deliveries' `seq`s), and a new game's first delivery waits until its
creation's answer, which holds the secret, has reached the client. The app and its worker over
the real Redis, a real receiver on loopback."""

from __future__ import annotations

import time

from litestar.testing import AsyncTestClient

from service.app import create_app
from service.core.games.due_work import FIRST_DELIVERY_MS
from tests.harness.api import assert_problem, ok
from tests.harness.seats import act
from tests.harness.webhook_receiver import receiving
from tests.service.ops.workers.test_webhook_deliveries import hook_settings, wait_for


async def test_a_subscription_gets_only_the_event_types_it_names(redis_url: str) -> None:
    with receiving() as receiver:
        settings = hook_settings(redis_url, allow=("127.0.0.1",))
        async with AsyncTestClient(app=create_app(settings)) as client:
            hook = {"url": receiver.url, "events": ["game.finished"]}
            created = ok(
                await client.post("/v1/games", json={"players": ["Ana", "Bia"], "webhook": hook}),
                201,
            )
            assert created["webhook"]["events"] == ["game.finished"]
            game_id, token = created["game_id"], created["players"][0]["token"]
            ok(await act(client, game_id, "resign", token))
            (delivered,) = await wait_for(receiver, 1)
            listed = ok(
                await client.get(
                    f"/v1/games/{game_id}/webhook-deliveries",
                    headers={"Authorization": f"Bearer {token}"},
                )
            )
    assert delivered.json()["type"] == "game.finished"
    assert [d["event"] for d in listed["deliveries"]] == ["game.finished"]
    assert listed["deliveries"][0]["seq"] == 2, "the first entry's events were left out: a gap"


async def test_an_unknown_event_type_is_refused(redis_url: str) -> None:
    async with AsyncTestClient(app=create_app(hook_settings(redis_url))) as client:
        hook = {"url": "https://example.com/hook", "events": ["move"]}
        response = await client.post("/v1/games", json={"players": ["Ana", "Bia"], "webhook": hook})
    assert_problem(response, 400, "request/invalid")


async def test_a_new_games_first_delivery_waits_for_its_answer(redis_url: str) -> None:
    with receiving() as receiver:
        settings = hook_settings(redis_url, allow=("127.0.0.1",))
        async with AsyncTestClient(app=create_app(settings)) as client:
            body = {"players": ["Ana", "Bia"], "webhook": {"url": receiver.url}}
            asked = time.time()
            ok(await client.post("/v1/games", json=body), 201)
            answered = time.time()
            (first, *_) = await wait_for(receiver, 1)
    assert first.at >= asked + FIRST_DELIVERY_MS / 1000
    assert first.at > answered, "the answer with the secret came first"
