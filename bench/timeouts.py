"""Timeout lateness benchmark: many concurrent clocked games whose players all time out.

A private Redis; `--games` games (default 1,000) with `{"turn_seconds": T, "bank_seconds": 0,
"on_timeout": "first_move"}`, each started with one move and then left alone, so every turn
times out and the clock sweepers play the first legal move for the seat, turn after turn, for
`--seconds`. The sweepers run in `--sweepers` processes of their own (as in `escopa serve`
processes or `escopa bots` workers), each over its own connection. Prints how late each
applied timeout was after its deadline (its entry's time minus the deadline it names: p50,
p95, p99, max) and how many were applied per second.

    .venv/bin/python bench/timeouts.py [--games 1000] [--seconds 10] [--turn 2] [--sweepers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import msgspec  # noqa: E402
from redis.asyncio import Redis  # noqa: E402

from service.core.games.messages import CreateGame, MoveRequest  # noqa: E402
from service.core.house import House  # noqa: E402
from service.ledger.log import ms_of  # noqa: E402
from service.ledger.overrides import RulesOverride  # noqa: E402
from service.ledger.signatures import new_private_text  # noqa: E402
from service.ops.workers.clock_sweeper import ClockSweeper  # noqa: E402
from service.settings import (  # noqa: E402
    ClockSettings,
    KeySettings,
    RedisSettings,
    Settings,
)
from service.store.multiplex import Multiplexed  # noqa: E402
from service.store.redis_gateway import RedisGateway  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from service.store.signing_key_file import key_ring  # noqa: E402
from tests.harness.api import chosen_seed  # noqa: E402

WARM_UP = 4.0
"""Seconds the sweeper processes get to start before the first game."""


def settings_for(url: str, key: str) -> Settings:
    return Settings(
        redis=RedisSettings(url=url),
        keys=KeySettings(signing=(key,)),
        clocks=ClockSettings(first_move_timeout=600),
    )


def games_for(config: Settings) -> tuple[House, Redis]:
    """A process's games over the store the app builds: quick commands pipelined on one
    connection (`service.store.multiplex`)."""
    client = Redis.from_url(config.redis.url, protocol=3)
    fast = Multiplexed(config.redis.url, config.redis.timeout)
    store = RedisGateway(client, fast=fast, timeout=config.redis.timeout)
    return House(store, config, key_ring(config)), client


def sweep(url: str, key: str, seconds: float) -> None:
    """One sweeper process: sweeps for `seconds`, then stops."""

    async def run() -> None:
        games, client = games_for(settings_for(url, key))
        task = asyncio.create_task(ClockSweeper(games.access, games.clocks).run())
        await asyncio.sleep(seconds)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await client.aclose()

    asyncio.run(run())


async def start_games(games: House, count: int, turn: int) -> list[str]:
    """`count` clocked games, each after its first move: the clock runs, nobody plays on."""
    clock = {"turn_seconds": turn, "bank_seconds": 0, "on_timeout": "first_move"}
    rules = msgspec.convert({"clock": clock}, RulesOverride)
    slots = asyncio.Semaphore(64)

    async def one(index: int) -> str:
        async with slots:
            seed = chosen_seed(f"timeouts-{index}")  # one a search of the first deal cannot find
            created = await games.creation.create(
                CreateGame(players=["Ana", "Bia"], rules=rules, seed=seed)
            )
            seat = created.view.turn
            assert seat is not None
            token = created.players[seat].token or ""
            first = (await games.reads.legal_moves(created.game_id, token)).moves[0].id
            request = MoveRequest(move=first, expected_version=1)
            await games.moves.play(created.game_id, token, request, None)
            return created.game_id

    return list(await asyncio.gather(*(one(i) for i in range(count))))


async def lateness(games: House, game_ids: list[str]) -> list[int]:
    """How late (ms) each applied timeout was, read back from every game's stored log."""
    late: list[int] = []
    for game_id in game_ids:
        game = await games.repository.load(game_id)
        assert game is not None
        for entry in await games.games.entries(game_id, game, 0, game.version, True):
            if entry.type == "timeout" and isinstance(entry.deadline, str):
                late.append(ms_of(entry.time) - ms_of(entry.deadline))
    return late


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def main(args: argparse.Namespace) -> None:
    key = new_private_text()
    with tempfile.TemporaryDirectory() as folder, RedisServer(Path(folder)) as redis_server:
        config = settings_for(redis_server.url, key)
        games, client = games_for(config)
        context = multiprocessing.get_context("spawn")
        sweepers = [
            context.Process(target=sweep, args=(redis_server.url, key, WARM_UP + args.seconds))
            for _ in range(args.sweepers)
        ]
        for process in sweepers:
            process.start()
        await asyncio.sleep(WARM_UP)  # the sweepers import and connect first
        began = time.monotonic()
        game_ids = await start_games(games, args.games, args.turn)
        print(f"{args.games} games started in {time.monotonic() - began:.1f} s")
        for process in sweepers:
            process.join()
        late = await lateness(games, game_ids)
        await client.aclose()
    if not late:
        print("no timeout was applied")
        return
    print(
        f"timeouts applied: {len(late)} in {args.seconds:.0f} s "
        f"({len(late) / args.seconds:.0f}/s) by {args.sweepers} sweeper processes"
    )
    print(
        f"lateness after the deadline (ms): p50 {percentile(late, 0.5)}, "
        f"p95 {percentile(late, 0.95)}, p99 {percentile(late, 0.99)}, max {max(late)}, "
        f"mean {statistics.fmean(late):.0f}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--turn", type=int, default=2)
    parser.add_argument("--sweepers", type=int, default=2)
    asyncio.run(main(parser.parse_args()))
