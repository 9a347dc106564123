"""Redis unreachable, frozen (it accepts connections but never answers) or gone (nothing
listens): every API route answers 503 with `Retry-After` and a problem body, never a 500 and
never later than `Settings.redis.timeout` allows; `/readyz` says 503; `/healthz` stays 200;
once Redis is back the service answers again by itself, with nothing lost.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
import pytest

from service.settings import LimitSettings, Rate, RedisSettings
from service.store.redis_server import RedisServer
from tests.harness.api import Client, Game, assert_problem, create_game, ok, serve_apps
from tests.harness.faults import ready, restart, stopped
from tests.harness.settings import app_settings

TIMEOUT = 0.5
BOUND = TIMEOUT + 0.75  # one Redis call times out, plus the time to answer on a busy CI box


def calls(api: Client, game: Game, limited: bool) -> list[Callable[[], Awaitable[httpx.Response]]]:
    """A request to every kind of route: reads, a move, a creation, the log, an audit (and,
    when the rate limiter asks Redis first, to one that needs no Redis otherwise)."""
    return [
        lambda: api.get(game.url),
        lambda: api.get(game.url, headers=game.auth(0)),
        lambda: api.get(f"{game.url}/legal-moves", headers=game.auth(0)),
        lambda: api.post(
            f"{game.url}/moves", json={"expected_version": 1, "move": "deal"}, headers=game.auth(0)
        ),
        lambda: api.post("/v1/games", json={"players": ["Ana", "Bia"]}),
        lambda: api.post("/v1/commitments"),
        lambda: api.get(f"{game.url}/log"),
        lambda: api.get(f"{game.url}/score"),
        lambda: api.get(f"{game.url}/audit"),
        *([lambda: api.get("/v1/rules/presets")] if limited else []),
    ]


async def assert_unavailable(api: Client, game: Game, limited: bool) -> None:
    """All at once: each a 503 problem with Retry-After, within the bound."""

    async def timed(call: Callable[[], Awaitable[httpx.Response]]) -> tuple[httpx.Response, float]:
        started = time.monotonic()
        response = await call()
        return response, time.monotonic() - started

    answers = await asyncio.gather(*(timed(call) for call in calls(api, game, limited)))
    for response, seconds in answers:
        assert_problem(response, 503, "service/unavailable")
        assert response.headers["retry-after"] == "1"
        assert seconds < BOUND, f"{response.request.url} took {seconds:.2f} s"
    started = time.monotonic()
    assert await ready(api) == 503
    assert time.monotonic() - started < BOUND
    assert ok(await api.get("/healthz")) == {"status": "ok"}


async def assert_recovered(api: Client, game: Game, version: int) -> None:
    """Ready again by itself; the game is where it was and takes the next move."""
    async with asyncio.timeout(10):
        while await ready(api) != 200:
            await asyncio.sleep(0.05)
    view = await game.view()
    assert view["version"] == version
    seat = view["turn"]
    move = (await game.legal(seat))[0]["id"]
    assert ok(await game.move(seat, move=move))["version"] == version + 1


@pytest.mark.parametrize("limited", [True, False], ids=["rate-limited", "unlimited"])
@pytest.mark.parametrize("outage", ["frozen", "gone"])
async def test_an_unreachable_redis_is_a_fast_503_and_the_service_recovers_by_itself(
    tmp_path: Path, outage: str, limited: bool
) -> None:
    redis = RedisServer(tmp_path / "redis", fsync="always").start()
    try:
        rate = {} if limited else {"limits": LimitSettings(requests=Rate(0, 60.0))}
        store = RedisSettings(url=redis.url, timeout=TIMEOUT)
        settings = app_settings(redis.url, redis=store, **rate)
        async with asyncio.timeout(60), serve_apps(redis.url, 1, settings=settings) as (api,):
            game = await create_game(api, players=2)
            if outage == "frozen":
                with stopped(redis):
                    await assert_unavailable(api, game, limited)
                    await assert_unavailable(api, game, limited)  # broken pooled connections
            else:
                redis.stop(kill=True)
                await assert_unavailable(api, game, limited)
                redis = restart(redis)
            await assert_recovered(api, game, 1)
    finally:
        redis.stop()
