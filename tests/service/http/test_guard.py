"""The guard's limits: `Retry-After` within the window, and the lower limit on creations."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.core.rate_limits import RateLimiter
from service.settings import (
    KeySettings,
    LimitSettings,
    Rate,
    Settings,
    requests_per_window,
    secret_hash,
)
from tests.harness.api import Client, assert_problem, ok, serve_apps
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS
from tests.service.http.test_security import KEY, from_address

GAME = {"players": ["Ana", "Bia"]}


@asynccontextmanager
async def app_client(redis_url: str, **groups: Any) -> AsyncIterator[Client]:
    app = create_app(app_settings(redis_url, **groups))
    async with AsyncTestClient(app=app) as test_client:
        yield test_client


@given(
    limit=st.integers(1, 10_000),
    window=st.floats(1, 86_400),
    current=st.integers(1, 1_000_000),
    previous=st.integers(0, 1_000_000),
    elapsed=st.floats(0, 1, exclude_max=True),
)
def test_the_wait_never_exceeds_the_window(
    limit: int, window: float, current: int, previous: int, elapsed: float
) -> None:
    wait = RateLimiter(limit, window).wait(current, previous, elapsed)

    assert 0 <= wait <= window


async def test_retry_after_stays_within_the_window_however_far_over_the_limit(
    redis_url: str,
) -> None:
    async with app_client(redis_url, limits=LimitSettings(requests=Rate(5, 60.0))) as client:
        answers = [await client.get("/v1/rules/presets") for _ in range(200)]

    waits = [int(a.headers["retry-after"]) for a in answers if a.status_code == 429]
    assert len(waits) == 195
    assert max(waits) <= 60
    assert min(waits) >= 1


async def test_creating_games_has_its_own_lower_limit(redis_url: str) -> None:
    async with app_client(redis_url, limits=LimitSettings(creations=Rate(3, 60.0))) as client:
        created = [(await client.post("/v1/games", json=GAME)).status_code for _ in range(3)]
        refused = await client.post("/v1/games", json=GAME)
        commitment = await client.post("/v1/commitments")

        assert created == [201] * 3
        problem = assert_problem(refused, 429, "rate/limited")
        assert "creations" in problem["detail"]
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert_problem(commitment, 429, "rate/limited")
        # Everything else stays under the general limit.
        ok(await client.get("/v1/rules/presets"))
        body = {"players": ["Ana", "Bia"], "seed": "s", "moves": []}
        ok(await client.post("/v1/replays", json=body))


async def test_the_creation_limit_counts_per_address_and_per_api_key(redis_url: str) -> None:
    settings = app_settings(
        redis_url,
        limits=LimitSettings(creations=Rate(2, 60.0)),
        keys=KeySettings(signing=SIGNING_KEYS, api_hashes=(secret_hash(KEY),)),
    )
    async with serve_apps(redis_url, 1, settings=settings) as servers:
        base = str(servers[0].base_url)
        async with (
            from_address(base, "127.0.0.2", KEY) as keyed_a,
            from_address(base, "127.0.0.3", KEY) as keyed_b,
            from_address(base, "127.0.0.4", KEY) as keyed_c,
        ):
            first = (await keyed_a.post("/v1/games", json=GAME)).status_code
            second = (await keyed_b.post("/v1/games", json=GAME)).status_code
            # A third address, the same key: the key's own creation counter is spent.
            third = await keyed_c.post("/v1/games", json=GAME)

    assert (first, second) == (201, 201)
    assert_problem(third, 429, "rate/limited")


def test_the_creation_limit_setting_reads_requests_per_seconds() -> None:
    default = (120, 60.0)

    assert requests_per_window("30/60", "ESCOPA_CREATE_RATE_LIMIT", default) == (30, 60.0)
    assert requests_per_window(None, "ESCOPA_CREATE_RATE_LIMIT", default) == default
    assert requests_per_window("0", "ESCOPA_CREATE_RATE_LIMIT", default)[0] == 0
    for bad in ("-1/60", "10/0", "ten/60"):
        with pytest.raises(ValueError, match="ESCOPA_CREATE_RATE_LIMIT"):
            requests_per_window(bad, "ESCOPA_CREATE_RATE_LIMIT", default)


def test_the_default_creation_limit_is_lower_than_the_general_one() -> None:
    settings = Settings()

    assert settings.limits.creations.limit / settings.limits.creations.window > 0
    assert settings.limits.creations.limit / settings.limits.creations.window <= 2
    assert settings.limits.creations.limit < settings.limits.requests.limit


def quickstart() -> str:
    """The README up to its first section after the quickstart."""
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    return readme.split("\n## API")[0]


async def test_the_readme_says_near_the_quickstart_how_to_lift_the_limits(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = re.search(
        r"`((?:ESCOPA_\w+=\S+ )*ESCOPA_RATE_LIMIT=\S+ (?:ESCOPA_\w+=\S+ )*)make run`", quickstart()
    )
    assert found is not None, "the quickstart shows how to run without rate limits"
    for assignment in found.group(1).split():
        name, _, value = assignment.partition("=")
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("REDIS_URL", redis_url)
    settings = msgspec.structs.replace(Settings.from_env(), keys=KeySettings(signing=SIGNING_KEYS))

    async with AsyncTestClient(app=create_app(settings)) as client:
        statuses = {(await client.post("/v1/games", json=GAME)).status_code for _ in range(130)}

    assert statuses == {201}
