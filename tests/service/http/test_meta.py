"""The service's own routes: rules presets, liveness, readiness, and unknown routes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
from litestar.testing import AsyncTestClient

import engine
from service.app import create_app
from service.settings import RedisSettings
from service.store.redis_server import free_port
from tests.harness.api import Client, assert_problem, create_game, ok
from tests.harness.settings import app_settings


@pytest.fixture
async def unreachable() -> AsyncIterator[Client]:
    """A client of an app whose Redis does not answer (nothing listens on its port)."""
    nowhere = RedisSettings(url=f"redis://127.0.0.1:{free_port()}/0", timeout=0.5)
    settings = app_settings(nowhere.url, redis=nowhere)
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


async def test_the_root_is_a_small_landing_answer_pointing_to_the_docs_and_the_api(
    client: Client,
) -> None:
    landing = ok(await client.get("/"))

    assert landing["api"] == "/v1"
    assert landing["openapi"] == "/openapi.json"
    assert landing["docs"] == "/schema"
    for path in (landing["openapi"], landing["docs"], "/v1/rules/presets"):
        assert (await client.get(path)).status_code == 200, path


@pytest.mark.parametrize("path", ["/", "/healthz", "/v1/rules/presets", "/openapi.json", "GAME"])
async def test_head_is_answered_where_get_is_with_its_headers_and_no_body(
    client: Client, path: str
) -> None:
    if path == "GAME":
        path = (await create_game(client)).url
    got = await client.get(path)

    head = await client.head(path)

    assert head.status_code == got.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers.get("etag") == got.headers.get("etag")


async def test_head_of_a_post_only_route_is_405_naming_the_methods(client: Client) -> None:
    response = await client.head("/v1/commitments")

    assert response.status_code == 405
    assert "POST" in response.headers["allow"]


async def test_the_metrics_content_type_says_its_charset_once(client: Client) -> None:
    content_type = (await client.get("/metrics")).headers["content-type"]

    assert content_type.count("charset") == 1
    assert content_type.startswith("text/plain; version=")


def test_the_api_page_lists_the_route_problems() -> None:
    readme = (Path(__file__).resolve().parents[3] / "docs" / "api.md").read_text()

    assert "`route/not_found` (404)" in readme
    assert "`route/method_not_allowed` (405)" in readme
