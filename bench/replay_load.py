"""Replays against another game's moves: how much `POST /v1/replays` from one client slows a
game played by someone else, with and without the replay limit.

One `escopa serve` process with its private Redis, started for each setting of
`ESCOPA_REPLAY_RATE_LIMIT` given. A flooding client posts a replay of 2000 moves (the most one
may hold) `--rate` times a second; meanwhile a person plays another game, one move at a time.
Prints that game's move latency (p50, p95) alone and under the flood, and how the flood's
replays were answered (200 or 429).

    .venv/bin/python bench/replay_load.py [--rate 9] [--seconds 10] [--limits 0 20000/60]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import httpx  # noqa: E402

import engine  # noqa: E402
from service.ledger.replay import MAX_REPLAY_MOVES  # noqa: E402
from tests.harness.processes import serve_private  # noqa: E402

SEED = "replay-load"


def replay_body() -> dict[str, Any]:
    """The most moves a replay may hold (a long 2-player match's first 2000), as
    `POST /v1/replays` takes them."""
    rules = {"target": 150}
    state, _ = engine.start(engine.make_rules("escopa", {"players": 2, **rules}), SEED)
    rng = random.Random(SEED)
    state, steps = engine.play_out(state, lambda s, seat: rng.choice(engine.legal_moves(s, seat)))
    moves = [{"seat": step.seat, "move": str(step.move)} for step in steps][:MAX_REPLAY_MOVES]
    return {"players": ["Ana", "Bia"], "seed": SEED, "rules": rules, "moves": moves}


async def moves(client: httpx.AsyncClient, seconds: float) -> list[float]:
    """Play a 2-player game's first legal moves for `seconds`: each move's latency."""
    took: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        created = (await client.post("/v1/games", json={"players": ["Ana", "Bia"]})).json()
        game, tokens = created["game_id"], [p["token"] for p in created["players"]]
        view = (
            created["view"] if "view" in created else (await client.get(f"/v1/games/{game}")).json()
        )
        while view["status"] == "playing" and time.monotonic() < deadline:
            auth = {"Authorization": f"Bearer {tokens[view['turn']]}"}
            legal = (await client.get(f"/v1/games/{game}/legal-moves", headers=auth)).json()
            body = {"expected_version": view["version"], "move": legal["moves"][0]["id"]}
            start = time.perf_counter()
            answer = await client.post(f"/v1/games/{game}/moves", json=body, headers=auth)
            took.append(time.perf_counter() - start)
            view = answer.json()["view"]
    return took


async def flood(
    client: httpx.AsyncClient, body: dict[str, Any], rate: float, until: float
) -> Counter[int]:
    """Post the replay `rate` times a second until `until`: the answers' status codes."""
    answers: Counter[int] = Counter()

    async def one() -> None:
        answers[(await client.post("/v1/replays", json=body)).status_code] += 1

    tasks = []
    while time.monotonic() < until:
        tasks.append(asyncio.create_task(one()))
        await asyncio.sleep(1 / rate)
    await asyncio.gather(*tasks)
    return answers


def summary(took: list[float]) -> str:
    ms = sorted(1000 * t for t in took)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"p50 {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms  ({len(ms)} moves)"


async def measure(base: str, body: dict[str, Any], args: argparse.Namespace) -> None:
    async with (
        httpx.AsyncClient(base_url=base, timeout=60) as player,
        httpx.AsyncClient(base_url=base, timeout=60) as flooder,
    ):
        print(f"  alone:       {summary(await moves(player, args.seconds))}")
        until = time.monotonic() + args.seconds
        flooding = asyncio.create_task(flood(flooder, body, args.rate, until))
        took = await moves(player, args.seconds)
        answers = await flooding
        print(f"  under flood: {summary(took)}; replays answered {dict(answers)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=9.0, help="replays a second")
    parser.add_argument("--seconds", type=float, default=10.0, help="per phase")
    parser.add_argument("--limits", nargs="+", default=["0", "20000/60"])
    args = parser.parse_args()
    body = replay_body()
    print(f"replay of {len(body['moves'])} moves, {args.rate}/s from one client")
    for limit in args.limits:
        print(f"ESCOPA_REPLAY_RATE_LIMIT={limit}")
        with tempfile.TemporaryDirectory() as folder:
            env = {"ESCOPA_REPLAY_RATE_LIMIT": limit, "ESCOPA_CREATE_RATE_LIMIT": "0"}
            with serve_private(Path(folder), **env) as served:
                asyncio.run(measure(served.base, body, args))


if __name__ == "__main__":
    main()
