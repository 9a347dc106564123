"""Clocked games for the tests: short clocks, and waiting until a deadline has passed."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from service.settings import ClockSettings, Settings
from tests.harness.api import Client, Game, create_game, ok
from tests.harness.settings import app_settings

Json = dict[str, Any]


def clock_settings(redis_url: str, sweep: bool = False, **groups: Any) -> Settings:
    """The service with no sweeper (unless asked) and a first move due within 2 s: with none,
    no timeout is applied but by a write."""
    clocks = ClockSettings(first_move_timeout=2.0, sweep=sweep)
    return app_settings(redis_url, clocks=clocks, **groups)


def clock(on_timeout: str, turn: int = 1, bank: int = 0, **more: int) -> Json:
    return {"turn_seconds": turn, "bank_seconds": bank, "on_timeout": on_timeout, **more}


async def started(client: Client, on_timeout: str, **more: Any) -> tuple[Game, Json]:
    """A clocked game after its first move (so the clock runs), and the view after it."""
    game = await create_game(client, clock=clock(on_timeout, **more))
    view = await game.view()
    moves = await game.legal(view["turn"])
    return game, ok(await game.move(view["turn"], move=moves[0]["id"]))["view"]


def ms(text: str) -> int:
    """A log or view time in milliseconds since the epoch."""
    at = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return int(at.astimezone(UTC).timestamp() * 1000)


async def past(deadline: str, extra: float = 0.1) -> None:
    """Sleep until `deadline` (a view's) has passed by `extra` seconds."""
    left = ms(deadline) / 1000 - datetime.now(UTC).timestamp() + extra
    await asyncio.sleep(max(0.0, left))


async def applied(game: Game, view: Json, seat: int | None = None) -> Json:
    """The game's view (as `seat` sees it) once the timeout due at `view`'s deadline has been
    applied by a sweeper: its version moved past `view`'s (30 s bound a hang)."""
    await past(view["deadline"])
    for _ in range(600):
        after = await game.view(seat)
        if after["version"] > view["version"]:
            return after
        await asyncio.sleep(0.05)
    raise AssertionError("no sweeper applied the timeout")
