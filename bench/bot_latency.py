"""Bot latency benchmark: many concurrent games of a person against a bot, over real HTTP.

One `escopa serve` process (which runs its bot worker, one thinking process, the default
budget unless `--budget`) over a private Redis. For each count of concurrent games, every game
loop creates a 2-player match against a bot, follows its events (Server-Sent Events, as the
person), and plays random legal moves, each after thinking for `--think` seconds on average
(uniformly 0.5 to 1.5 times that; 0: at once, which saturates the worker). Prints the time from
a person's move acknowledged to the bot's reply arriving on the events stream (p50, p95, max),
the bot moves per second the one worker played, and the matches per second that sustains (bot
moves per second over the mean bot moves of a finished match).

    .venv/bin/python bench/bot_latency.py [--games 1 8 32] [--seconds 20] [--level expert]
                                          [--think 1.0] [--budget N] [--target N] [--processes 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import httpx  # noqa: E402

import engine  # noqa: E402
from service.cli.progress import timed  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from tests.harness.processes import serve_processes  # noqa: E402
from tests.harness.sse import follow  # noqa: E402


@dataclass
class Phase:
    """What the game loops of one phase measured."""

    replies: list[float] = field(default_factory=list)
    bot_moves: int = 0
    finished: list[int] = field(default_factory=list)
    """The bot moves of each match that finished."""


async def match(
    client: httpx.AsyncClient, rng: random.Random, args: argparse.Namespace, phase: Phase,
    deadline: float,
) -> None:  # fmt: skip
    """One match against a bot, followed on its events, until it ends or time is up."""
    seed = f"bench-{rng.getrandbits(128):032x}"  # a chosen seed needs 32 characters or more
    overrides: dict[str, Any] = {"target": args.target} if args.target else {}
    body = {"players": ["Ana", {"name": "Rita", "bot": args.level}], "seed": seed}
    if overrides:
        body["rules"] = overrides
    created = (await client.post("/v1/games", json=body)).raise_for_status().json()
    game_id, token = created["game_id"], created["players"][0]["token"]
    state, _ = engine.start(engine.make_rules("escopa", {"players": 2, **overrides}), seed)
    auth = {"Authorization": f"Bearer {token}"}
    version, bot_moves, posted = 1, 0, False
    acked: float | None = None
    async with follow(client, game_id, token) as events:
        await events.entry(timeout=60)  # the `created` entry
        while (seat := engine.current_seat(state)) is not None:
            if seat == 0 and not posted:
                if time.monotonic() > deadline:
                    return
                if args.think:
                    await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
                move = rng.choice(engine.legal_moves(state, 0))
                answer = {"expected_version": version, "move": str(move)}
                route = "deal" if isinstance(move, engine.Deal) else "moves"
                await post(client, f"/v1/games/{game_id}/{route}", answer, auth)
                acked, posted = time.perf_counter(), True
            entry = await events.entry(timeout=60)
            version = entry["seq"]
            state, _ = engine.apply(state, entry["seat"], engine.parse_move(entry["move"]))
            if entry["seat"] == 0:
                posted = False
            elif acked is not None:
                phase.replies.append(time.perf_counter() - acked)
                acked = None
            if entry["seat"] == 1:
                bot_moves += 1
                phase.bot_moves += 1
    phase.finished.append(bot_moves)


async def post(client: httpx.AsyncClient, url: str, body: Any, auth: dict[str, str]) -> None:
    (await client.post(url, json=body, headers=auth)).raise_for_status()


async def loop(base: str, seed: int, args: argparse.Namespace, phase: Phase, end: float) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while time.monotonic() < end:
            await match(client, rng, args, phase, end)


async def run_phase(base: str, games: int, args: argparse.Namespace) -> tuple[Phase, float]:
    phase = Phase()
    start = time.monotonic()
    end = start + args.seconds
    await asyncio.gather(*(loop(base, games * 1000 + i, args, phase, end) for i in range(games)))
    return phase, time.monotonic() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--level", default="expert", choices=["random", "greedy", "expert"])
    parser.add_argument("--budget", type=int, default=None, help="default: the service's")
    parser.add_argument("--target", type=int, default=None, help="default: the preset's")
    parser.add_argument("--processes", type=int, default=1, help="the worker's thinking ones")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean seconds a move")
    args = parser.parse_args()
    env = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0", "ESCOPA_LOG_LEVEL": "warning"}
    env["ESCOPA_BOT_PROCESSES"] = str(args.processes)
    if args.budget is not None:
        env["ESCOPA_BOT_BUDGET"] = str(args.budget)
    with (
        tempfile.TemporaryDirectory() as folder,
        RedisServer(Path(folder) / "redis") as redis,
        serve_processes(redis.url, Path(folder), 1, **env) as [served],
    ):
        print(f"{args.level} bot, 1 serve process with its worker ({args.processes} thinking)")
        print(f"people think {args.think:g} s a move on average")
        print("games  replies   p50 ms   p95 ms   max ms  bot moves/s  matches/s")
        for games in args.games:
            with timed(args.seconds, f"{games} games"):
                phase, elapsed = asyncio.run(run_phase(served.base, games, args))
            replies = sorted(phase.replies) or [0.0]
            p95 = replies[min(len(replies) - 1, int(0.95 * len(replies)))]
            rate = phase.bot_moves / elapsed
            per_match = statistics.mean(phase.finished) if phase.finished else 0
            matches = f"{rate / per_match:9.3f}" if per_match else "        -"
            print(
                f"{games:5d}  {len(phase.replies):7d}  {ms(statistics.median(replies))}  "
                f"{ms(p95)}  {ms(replies[-1])}  {rate:11.1f}  {matches}"
            )


if __name__ == "__main__":
    main()
