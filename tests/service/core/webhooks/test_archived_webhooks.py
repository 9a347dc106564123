"""A game's webhook deliveries are archived with it once none is left to make, and listed the
same from the archive once Redis let the game go."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import WebhookSettings
from service.store.archive.opening import sqlite_url
from tests.harness.api import Game, chosen_seed, create, ok
from tests.harness.archives import archived_settings
from tests.harness.archiving import archiving, drop_from_redis
from tests.harness.seats import act
from tests.harness.webhook_receiver import receiving

HOOKS = WebhookSettings(allow=("127.0.0.1",), backoff=0.05, timeout=2.0, attempts=2)


@pytest.fixture
def archive_url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "archive.sqlite3")


async def test_the_deliveries_list_is_the_same_from_the_archive(
    redis_url: str, archive_url: str
) -> None:
    app = create_app(archived_settings(redis_url, archive_url, webhooks=HOOKS))
    with receiving() as receiver:
        async with AsyncTestClient(app=app) as client:
            body = {"players": ["Ana", "Bia"], "seed": chosen_seed("escopa")}
            created = ok(await create(client, {**body, "webhook": {"url": receiver.url}}), 201)
            game = Game(
                client, created["game_id"], [p["token"] for p in created["players"]], created
            )
            ok(await act(client, game.id, "resign", game.tokens[0]))
            listed = f"/v1/games/{game.id}/webhook-deliveries"
            auth = {"Authorization": f"Bearer {game.tokens[1]}"}
            async with archiving(redis_url, archive_url) as work:
                for _ in range(100):  # archived once the webhook worker made every delivery
                    if await work.archive_game(game.id) == "archived":
                        break
                    await asyncio.sleep(0.05)
            before = ok(await client.get(listed, headers=auth))
            await drop_from_redis(redis_url, game.id)
            after = ok(await client.get(listed, headers=auth))
    assert after == before
    assert [d["state"] for d in after["deliveries"]] == ["delivered"] * len(after["deliveries"])
    assert len(after["deliveries"]) >= 2
