"""Fast contract feedback: schemathesis over the ASGI app (the live-server run is in tests/e2e).

The schema comes from a fixture, so each operation's examples are drawn when the test runs, on
the one worker that runs it, each operation a subtest. Drawn at collection (`parametrize` on a
loaded schema) they took about 30 s of CPU in every pytest-xdist worker. The app runs on a
redis-server of this module's own: its background work never meets another test's keys.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.schemas import OpenApiSchema

from service.app import create_app
from service.store.redis_server import RedisServer
from tests.harness import fuzz_hooks
from tests.harness.settings import app_settings


@pytest.fixture(scope="module")
def contract_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenApiSchema]:
    """The app's OpenAPI document, loaded over ASGI from an app on a redis-server of its own."""
    with RedisServer(tmp_path_factory.mktemp("contract-redis")) as redis:
        yield schemathesis.openapi.from_asgi("/openapi.json", create_app(app_settings(redis.url)))


schema = schemathesis.pytest.from_fixture("contract_schema")


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_honours_its_contract(case: schemathesis.Case) -> None:
    fuzz_hooks.as_the_api_allows(case)  # the in-process run calls no `before_call` hook
    case.call_and_validate()
