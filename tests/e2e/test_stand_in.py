"""A clocked game's stand-in bot thinks off the server's event loop: while it decides on a big
table full of claims, `/healthz` (and every other request) is answered at once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import NamedTuple

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


class Probed(NamedTuple):
    """A timeout seen from outside: its log entry, the view after it, each `/healthz` answer's
    time meanwhile, and the seconds from the deadline to the entry (the stand-in's thinking
    and the sweeper's delay, on this machine under its load now)."""

    entry: Json
    view: Json
    took: list[float]
    window: float

    def held(self) -> bool:
        """Whether a probe waited as long as a stand-in thinking on the loop would hold it:
        half the window, and at least the 0.1 s no healthy loop ever waits."""
        return max(self.took) >= max(0.1, self.window / 2)


async def timeout_pinged(game: Game, health: httpx.AsyncClient, view: Json) -> Probed:
    """The next timeout as `Probed`, `/healthz` asked every 10 ms meanwhile."""
    version = view["version"]
    done = asyncio.Event()
    pinged = asyncio.create_task(pings(health, done))
    await past(view["deadline"], 0.05)
    started = time.perf_counter()
    while not (entries := ok(await game.log_page(after=version))["entries"]):
        await asyncio.sleep(0.05)
    window = time.perf_counter() - started
    await asyncio.sleep(0.2)
    done.set()
    return Probed(entries[0], await game.view(), await pinged, window)


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
            probed = await timeout_pinged(game, health, view)
            assert probed.entry["type"] == "timeout"
            played = probed.entry["move"]
            assert played in {m["id"] for m in legal}, "the stand-in bot played the turn"
            # A stand-in on the loop would hold every probe of every timeout; one slow probe in
            # a window is this machine's scheduler: up to two more timeouts are probed then.
            for _ in range(2):
                if not probed.held() or probed.view["status"] != "playing":
                    break
                probed = await timeout_pinged(game, health, probed.view)
    assert len(probed.took) > 5
    slowest = sorted(probed.took)[-5:]
    assert not probed.held(), f"healthz waited {slowest} s in a {probed.window:.3f} s timeout"
