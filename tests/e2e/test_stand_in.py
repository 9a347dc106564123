"""A clocked game's stand-in bot thinks off the server's event loop: while it decides on a big
table full of claims, `/healthz` (and every other request) is answered at once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx

from engine.cards import VALUE
from tests.harness.api import Game, Json, create_game, ok
from tests.harness.clocks import clock, past
from tests.harness.processes import serve_processes

SEED = "stand-in-26"
"""A 3-player deal whose discards below leave a 16-card table and hundreds of claims (the
greedy level took about a second on it when it ran on the event loop)."""


def missed_capture(moves: list[Json]) -> str:
    """The lowest discard of a card that could have captured (it leaves a claim), else the
    lowest discard."""
    capturers = {m["card"] for m in moves if m["kind"] == "play" and m["capture"]}
    discards = [m for m in moves if m["kind"] == "play" and not m["capture"]]
    missing = [m for m in discards if m["card"] in capturers] or discards
    chosen: str = min(missing, key=lambda m: VALUE[m["card"]])["id"]
    return chosen


async def discard_to(game: Game, size: int) -> Json:
    """Every seat discards in turn until the table holds `size` cards; the view then."""
    view = await game.view()
    while len(view["table"]) < size:
        seat = view["turn"]
        moves = await game.legal(seat)
        view = ok(await game.move(seat, move=missed_capture(moves)))["view"]
    return view


async def pings(client: httpx.AsyncClient, until: asyncio.Event) -> list[float]:
    """The time of each `/healthz` answer, one after another, until `until` is set."""
    took = []
    while not until.is_set():
        start = time.perf_counter()
        assert (await client.get("/healthz")).status_code == 200
        took.append(time.perf_counter() - start)
        await asyncio.sleep(0.01)
    return took


async def timeout_pinged(
    game: Game, health: httpx.AsyncClient, view: Json
) -> tuple[Json, Json, list[float]]:
    """The next timeout's entry and the view after it, and `/healthz`'s times meanwhile."""
    version = view["version"]
    done = asyncio.Event()
    pinged = asyncio.create_task(pings(health, done))
    await past(view["deadline"], 0.05)
    while not (entries := ok(await game.log_page(after=version))["entries"]):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)
    done.set()
    return entries[0], await game.view(), await pinged


async def test_a_clocked_game_timing_out_on_a_16_card_table_leaves_healthz_answering_at_once(
    redis_url: str, tmp_path: Path
) -> None:
    with serve_processes(redis_url, tmp_path, 1) as served:
        async with (
            httpx.AsyncClient(base_url=served[0].base, timeout=30) as client,
            httpx.AsyncClient(base_url=served[0].base, timeout=30) as health,
        ):
            game = await create_game(client, 3, seed=SEED, clock=clock("bot", turn=2))
            view = await discard_to(game, 16)
            legal = await game.legal(view["turn"])
            assert len(legal) > 300 and any(m["kind"] == "claim" for m in legal)
            await health.get("/healthz")  # a connection open before the timeout
            entry, view, took = await timeout_pinged(game, health, view)
            assert entry["type"] == "timeout"
            assert entry["move"] in {m["id"] for m in legal}, "the stand-in bot played the turn"
            # A stand-in on the loop would hold every probe of every timeout; one slow probe in
            # a window is this machine's scheduler: up to two more timeouts are probed then.
            for _ in range(2):
                if max(took) < 0.1 or view["status"] != "playing":
                    break
                _, view, took = await timeout_pinged(game, health, view)
    assert len(took) > 5
    assert max(took) < 0.1, f"healthz waited {max(took):.3f} s: {sorted(took)[-5:]}"
