"""The settings of the apps the tests start: on the test's Redis, signing with the tests' keys."""

from __future__ import annotations

from typing import Any

import msgspec

from service.settings import KeySettings, RedisSettings, Settings
from tests.harness.signing import SIGNING_KEYS


def app_settings(redis_url: str, **groups: Any) -> Settings:
    """Settings on `redis_url` signing with the tests' keys; each of `groups` replaces a whole
    group (`http=HttpSettings(fast_moves=False)`; a `redis` group names its own URL)."""
    base = Settings(redis=RedisSettings(url=redis_url), keys=KeySettings(signing=SIGNING_KEYS))
    return msgspec.structs.replace(base, **groups)
