"""The service's own routes: rules presets, liveness, readiness, and unknown routes."""

from __future__ import annotations

from collections.abc import AsyncIterator

import msgspec
import pytest
from litestar.testing import AsyncTestClient

import engine
from service.app import create_app
from service.settings import Settings
from service.store.redis_server import free_port
from tests.harness.api import Client, assert_problem, ok
from tests.harness.signing import SIGNING_KEYS


@pytest.fixture
async def unreachable() -> AsyncIterator[Client]:
    """A client of an app whose Redis does not answer (nothing listens on its port)."""
    settings = Settings(
        signing_keys=SIGNING_KEYS, redis_url=f"redis://127.0.0.1:{free_port()}/0", redis_timeout=0.5
    )
    async with AsyncTestClient(app=create_app(settings)) as test_client:
        yield test_client


async def test_the_presets_are_the_three_named_rule_sets(client: Client) -> None:
    presets = ok(await client.get("/v1/rules/presets"))

    assert set(presets) == {"escopa", "escoba", "escova"}
    assert presets == msgspec.to_builtins(engine.PRESETS)
    assert presets["escova"]["target"] == 31
    assert presets["escopa"]["missed_capture"] == "claimable"
    assert presets["escoba"]["missed_capture"] == "stays"


async def test_healthz_answers_ok(client: Client) -> None:
    assert ok(await client.get("/healthz")) == {"status": "ok"}


async def test_readyz_answers_ok_when_redis_is_reachable(client: Client) -> None:
    assert ok(await client.get("/readyz")) == {"status": "ok"}


async def test_readyz_answers_503_when_redis_is_unreachable(unreachable: Client) -> None:
    response = await unreachable.get("/readyz")

    assert response.status_code == 503
    assert response.json() == {"status": "unavailable"}
    assert response.headers["retry-after"] == "1"


async def test_a_game_route_is_unavailable_when_redis_is_unreachable(unreachable: Client) -> None:
    response = await unreachable.post("/v1/games", json={"players": ["a", "b"]})

    assert_problem(response, 503, "service/unavailable")
    assert response.headers["retry-after"] == "1"
    assert ok(await unreachable.get("/healthz")) == {"status": "ok"}


async def test_an_unknown_route_is_a_not_found_problem(client: Client) -> None:
    assert_problem(await client.get("/v1/nothing-here"), 404, "route/not_found")


async def test_a_wrong_method_is_a_method_not_allowed_problem(client: Client) -> None:
    response = await client.delete("/v1/rules/presets")

    assert_problem(response, 405, "route/method_not_allowed")
