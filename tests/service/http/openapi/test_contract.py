"""Fast contract feedback: schemathesis over the ASGI app (the live-server run is in tests/e2e).

schemathesis starts the app's lifespan once, when it loads the schema at import, so this module
runs its own real redis-server from import time on.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from service.app import create_app
from service.store.redis_server import RedisServer
from tests.harness import fuzz_hooks
from tests.harness.settings import app_settings

_folder = Path(tempfile.mkdtemp(prefix="escopa-contract-"))
_redis = RedisServer(_folder).start()


@atexit.register
def _remove_redis() -> None:
    """Stop the module's redis-server and remove its folder: a run leaves nothing behind."""
    _redis.stop()
    shutil.rmtree(_folder, ignore_errors=True)


schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(app_settings(_redis.url)))


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_honours_its_contract(case: schemathesis.Case) -> None:
    fuzz_hooks.as_the_api_allows(case)  # the in-process run calls no `before_call` hook
    case.call_and_validate()
