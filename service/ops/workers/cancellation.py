"""Cancellation the Redis client may hide: it can turn a cancellation in the middle of a read
into a connection error, which a worker's retry loop would otherwise swallow."""

from __future__ import annotations

import asyncio


def cancelled() -> None:
    """Raise `CancelledError` if the current task is being cancelled."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
