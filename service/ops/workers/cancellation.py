"""Cancellation in the workers: what the Redis client may hide (it can turn a cancellation in
the middle of a read into a connection error, which a retry loop would otherwise swallow), and
the abandoning of work in flight."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from contextlib import suppress


def cancelled() -> None:
    """Raise `CancelledError` if the current task is being cancelled."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


async def abandon(tasks: Iterable[asyncio.Task[None]]) -> None:
    """Cancel `tasks` and wait until each has ended."""
    tasks = list(tasks)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with suppress(asyncio.CancelledError):
            await task
