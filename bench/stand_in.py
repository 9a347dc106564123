"""`/healthz` while a clocked game's stand-in bot decides on a 16-card table full of claims.

One `escopa serve` process over a private Redis. A 3-player clocked game (`on_timeout: bot`,
2 s turns) is discarded to a 16-card table (`tests/e2e/test_stand_in.py`'s deal and
discards), then left to time out; meanwhile `/healthz` is asked again and again on its own
connection. Prints, per run, the probes' p50 and max and how long after the deadline the
timeout entry was there.

    .venv/bin/python bench/stand_in.py [--runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import httpx  # noqa: E402

from service.store.redis_server import RedisServer  # noqa: E402
from tests.e2e.test_stand_in import SEED, discard_to, pings  # noqa: E402
from tests.harness.api import create_game, ok  # noqa: E402
from tests.harness.clocks import clock, past  # noqa: E402
from tests.harness.processes import serve_processes  # noqa: E402


async def run(base: str) -> str:
    """One game timed out while `/healthz` is probed: the figures of the run."""
    async with (
        httpx.AsyncClient(base_url=base, timeout=60) as client,
        httpx.AsyncClient(base_url=base, timeout=60) as health,
    ):
        game = await create_game(client, 3, seed=SEED, clock=clock("bot", turn=2))
        view = await discard_to(game, 16)
        await health.get("/healthz")
        done = asyncio.Event()
        pinged = asyncio.create_task(pings(health, done))
        await past(view["deadline"], 0.0)
        start = time.perf_counter()
        while not ok(await game.log_page(after=view["version"]))["entries"]:
            await asyncio.sleep(0.02)
        applied = time.perf_counter() - start
        await asyncio.sleep(0.2)
        done.set()
        ms = sorted(1000 * t for t in await pinged)
    return (
        f"healthz p50 {statistics.median(ms):5.1f} ms  max {ms[-1]:6.1f} ms ({len(ms)} probes); "
        f"timeout entry {1000 * applied:4.0f} ms after the deadline"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        RedisServer(Path(folder)) as redis,
        serve_processes(redis.url, Path(folder), 1) as served,
    ):
        for _ in range(args.runs):
            print(asyncio.run(run(served[0].base)))


if __name__ == "__main__":
    main()
