"""Helpers of the archive tests: an app with an archive, a finished game, the reads a client
makes of it (to compare before and after Redis let it go), and its Redis keys."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import msgspec
import redis.asyncio as aioredis
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.core.archive.archiving import Archiving
from service.ledger.stored_game import Body
from service.runtime import archiving as archiving_alone
from service.store.archive.record import ArchivedGame
from tests.harness.api import Game, create_game, ok
from tests.harness.archives import archived_settings
from tests.harness.seats import act
from tests.harness.sse import follow

Client = AsyncTestClient  # type: ignore[type-arg]


@asynccontextmanager
async def archive_app(
    redis_url: str, archive_url: str, finished: int = 3600, worker: bool = False
) -> AsyncIterator[Client]:
    """A test client of an app whose finished games go to the archive at `archive_url` (by
    its own archive worker when `worker`)."""
    app = create_app(archived_settings(redis_url, archive_url, finished, worker))
    async with AsyncTestClient(app=app) as client:
        yield client


@asynccontextmanager
async def archiving(
    redis_url: str, archive_url: str, finished: int = 3600
) -> AsyncIterator[Archiving]:
    """Archiving on the test's loop, as `escopa archive` runs it, for a test to run by hand."""
    async with archiving_alone(archived_settings(redis_url, archive_url, finished)) as work:
        yield work


async def resigned_game(client: Client) -> Game:
    """A 2-player game that seat 0 resigned."""
    game = await create_game(client)
    ok(await act(client, game.id, "resign", game.tokens[0]))
    return game


async def archived_game(redis_url: str, archive_url: str) -> Game:
    """A resigned game, archived (Redis holds it still, for its finished lifetime)."""
    async with archive_app(redis_url, archive_url) as client:
        game = await resigned_game(client)
    async with archiving(redis_url, archive_url) as work:
        assert await work.archive_game(game.id) == "archived"
    return game


async def forge_later_version(work: Archiving, game_id: str) -> None:
    """Replace the archived game by a later version that is not the game (one record more,
    a copy of its last): the archive keeps it, and its audit fails."""
    kept = await work.archive.get(game_id)
    assert kept is not None
    body = kept.body
    records = (*body.records, body.records[-1])
    forged = Body(body.version + 1, body.head, body.signature, records, body.meta)
    later = msgspec.structs.replace(kept.summary, version=forged.version)
    assert await work.archive.put(ArchivedGame(summary=later, body=forged))


async def reads(client: Client, game: Game) -> dict[str, Any]:
    """Everything a client reads of a finished game: view (and its ETag), score, log pages,
    export (its bytes), audit and its event stream from the start."""
    game = game.on(client)
    view = await game.get(0)
    found: dict[str, Any] = {"view": view.json(), "etag": view.headers["etag"]}
    found["spectator"] = (await game.get(None)).json()
    found["score"] = ok(await client.get(f"/v1/games/{game.id}/score"))
    found["log"] = await game.log(0)
    found["page"] = ok(await client.get(f"/v1/games/{game.id}/log?after=1&limit=2"))
    export = await client.get(f"/v1/games/{game.id}/export")
    found["export"] = ok(export) and export.content
    found["audit"] = ok(await client.get(f"/v1/games/{game.id}/audit"))
    async with follow(client, game.id, game.tokens[1], after=0) as events:
        found["events"] = [m.entry() for m in await events.rest() if m.data is not None]
    return found


async def keys_held(redis_url: str, game_id: str) -> list[str]:
    """The keys Redis holds of the game (every one shares its hash tag)."""
    client = aioredis.Redis.from_url(redis_url)
    try:
        return sorted(k.decode() for k in await client.keys(f"{{g:{game_id}}}*"))
    finally:
        await client.aclose()


async def drop_from_redis(redis_url: str, game_id: str) -> None:
    """Drop the game's keys, as their lifetime running out would."""
    client = aioredis.Redis.from_url(redis_url)
    try:
        for key in await client.keys(f"{{g:{game_id}}}*"):
            await client.delete(key)
    finally:
        await client.aclose()


async def gone_from_redis(redis_url: str, game_id: str, seconds: float = 15.0) -> float:
    """Seconds until Redis holds no key of the game."""
    start = time.monotonic()
    while await keys_held(redis_url, game_id):
        assert time.monotonic() - start < seconds, "the game's keys stayed in Redis"
        await asyncio.sleep(0.1)
    return time.monotonic() - start
