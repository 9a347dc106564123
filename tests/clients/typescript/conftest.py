"""`served`: `escopa serve` as a real process with its own Redis, as the end-to-end tests use it."""

from __future__ import annotations

from tests.e2e.conftest import served

__all__ = ["served"]
