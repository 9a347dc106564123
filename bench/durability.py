"""Durability benchmark: what a move costs when its write must be on disk before it is
acknowledged (`ESCOPA_WAIT_AOF`, `WAITAOF`), beside today's acknowledgement (before the fsync
that `appendfsync everysec` makes once a second).

One run, one private Redis per mode, the same load in each: `--clients` players, each playing
whole two-seat games through the service's use cases (`House`: the app's code without HTTP)
for `--seconds`. Prints per mode moves/s, the move's latency (p50, p99), and CPU per move of
this process and of Redis (`INFO cpu`).

    .venv/bin/python bench/durability.py [--clients 32] [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from redis.asyncio import Redis  # noqa: E402

from service.core.games.messages import CreateGame, MoveRequest  # noqa: E402
from service.core.house import House  # noqa: E402
from service.ledger.signatures import new_private_text  # noqa: E402
from service.settings import KeySettings, RedisSettings, Settings  # noqa: E402
from service.store.multiplex import Multiplexed  # noqa: E402
from service.store.redis_gateway import RedisGateway  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from service.store.signing_key_file import key_ring  # noqa: E402

WAIT_TIMEOUT_MS = 2000
"""Long enough for `everysec`'s next fsync: a move is measured, never refused."""


class Mode(NamedTuple):
    """How Redis fsyncs its append-only file, and whether a write waits for it."""

    name: str
    fsync: str
    wait_aof: bool


MODES = (
    Mode("everysec, acknowledged at once (default)", "everysec", False),
    Mode("everysec + WAITAOF", "everysec", True),
    Mode("always, acknowledged at once", "always", False),
    Mode("always + WAITAOF", "always", True),
)


class Measured(NamedTuple):
    moves: int
    seconds: float
    latencies: list[float]
    cpu: float
    redis_cpu: float


async def redis_cpu(client: Redis) -> float:
    """Redis's CPU seconds so far (user and system, main thread and others)."""
    info = await client.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


async def player(house: House, until: float, latencies: list[float]) -> None:
    """Play two-seat games one after another until `until`, timing each move."""
    while time.monotonic() < until:
        created = await house.creation.create(CreateGame(players=["Ana", "Bia"]))
        game_id, view = created.game_id, created.view
        tokens = [p.token or "" for p in created.players]
        version = created.version
        while view.status == "playing" and view.turn is not None and time.monotonic() < until:
            token = tokens[view.turn]
            move = (await house.reads.legal_moves(game_id, token)).moves[0].id
            started = time.perf_counter()
            result = await house.moves.play(
                game_id, token, MoveRequest(move=move, expected_version=version), None
            )
            latencies.append(time.perf_counter() - started)
            view, version = result.view, result.version


async def measure(mode: Mode, clients: int, seconds: float, folder: Path) -> Measured:
    """One mode on a Redis of its own."""
    with RedisServer(folder / mode.fsync / str(mode.wait_aof), None, mode.fsync) as server:
        key = new_private_text()
        config = Settings(redis=RedisSettings(url=server.url), keys=KeySettings(signing=(key,)))
        client = Redis.from_url(server.url, protocol=3)
        fast = Multiplexed(server.url, 2.0)
        store = RedisGateway(client, 0, WAIT_TIMEOUT_MS, fast, 2.0, mode.wait_aof)
        await store.check_durable()
        house = House(store, config, key_ring(config))
        latencies: list[float] = []
        cpu, redis_before, began = time.process_time(), await redis_cpu(client), time.monotonic()
        until = began + seconds
        await asyncio.gather(*(player(house, until, latencies) for _ in range(clients)))
        took = time.monotonic() - began
        measured = Measured(
            len(latencies),
            took,
            latencies,
            time.process_time() - cpu,
            await redis_cpu(client) - redis_before,
        )
        await client.aclose()
        await fast.aclose()
        return measured


def report(mode: Mode, measured: Measured) -> str:
    moves = max(measured.moves, 1)
    cuts = statistics.quantiles(measured.latencies, n=100) if measured.moves > 1 else [0.0] * 99
    return (
        f"| {mode.name} | {measured.moves / measured.seconds:,.0f} | {cuts[49] * 1000:.1f} "
        f"| {cuts[98] * 1000:.1f} | {measured.cpu / moves * 1e6:,.0f} "
        f"| {measured.redis_cpu / moves * 1e6:,.0f} |"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32, help="players at once")
    parser.add_argument("--seconds", type=float, default=5.0, help="per mode")
    args = parser.parse_args()
    print(f"{args.clients} players, {args.seconds:g} s per mode, WAITAOF timeout 2000 ms")
    print("| mode | moves/s | p50 ms | p99 ms | service CPU us/move | Redis CPU us/move |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for mode in MODES:
            measured = await measure(mode, args.clients, args.seconds, Path(folder))
            print(report(mode, measured), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
