"""Webhook delivery benchmark: how soon after a move is acknowledged its `turn` event reaches
the game's receiver, with many games at once.

One `escopa serve` process (its webhook worker on, its bots off) over a private Redis, and a
receiver on loopback (a threaded HTTP server answering 204). Each of `--games` loops creates a
2-player game with a webhook and plays random legal moves for `--seconds`. Prints the time
from a move's 200 to the arrival of the `turn` event of its version (p50, p95, p99, max) and
the deliveries per second the worker made.

    .venv/bin/python bench/webhooks.py [--games 1 16 64] [--seconds 10]

With `--hanging N`, it measures instead how long a fast receiver's first delivery takes while
N games' receivers (on another loopback host, 127.0.0.1) never answer: the game is created on
a receiver at 127.0.0.2 once the worker is busy with the hanging ones, with the default
`ESCOPA_WEBHOOK_TIMEOUT` (10 s).

    .venv/bin/python bench/webhooks.py --hanging 64
"""

from __future__ import annotations

import argparse
import asyncio
import random
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
from tests.harness.processes import serve_processes  # noqa: E402
from tests.harness.webhook_receiver import Receiver, receiving  # noqa: E402

ENV = {
    "ESCOPA_BOTS": "0",
    "ESCOPA_RATE_LIMIT": "0",
    "ESCOPA_CREATE_RATE_LIMIT": "0",
    "ESCOPA_WEBHOOK_ALLOW": "127.0.0.1,127.0.0.2",
}


async def game_loop(
    client: httpx.AsyncClient, url: str, until: float, acked: dict[tuple[str, int], float]
) -> None:
    """Create a game with a webhook and play random legal moves until `until`."""
    rng = random.Random()
    body = {"players": ["Ana", "Bia"], "webhook": {"url": url}}
    created = (await client.post("/v1/games", json=body)).json()
    game_id, tokens = created["game_id"], [p["token"] for p in created["players"]]
    view = created["view"]
    while time.monotonic() < until and view["status"] != "finished":
        auth = {"Authorization": f"Bearer {tokens[view['turn']]}"}
        if view["status"] == "dealing":
            answer = await client.post(f"/v1/games/{game_id}/deal", headers=auth, json=None)
        else:
            legal = (await client.get(f"/v1/games/{game_id}/legal-moves", headers=auth)).json()
            move = rng.choice(legal["moves"])["id"]
            body = {"move": move, "expected_version": legal["version"]}
            answer = await client.post(f"/v1/games/{game_id}/moves", json=body, headers=auth)
        result = answer.json()
        view = result["view"]
        if view["status"] != "finished":  # the last move's event is game.finished, no turn
            acked[(game_id, result["version"])] = time.time()


def arrivals(receiver: Receiver) -> dict[tuple[str, int], float]:
    """When each `turn` event came in, by game and version."""
    found = {}
    for request in receiver.delivered():
        event = request.json()
        if event["type"] == "turn":
            found[(event["game_id"], event["version"])] = request.at
    return found


async def phase(base: str, receiver: Receiver, games: int, seconds: float) -> None:
    acked: dict[tuple[str, int], float] = {}
    before = len(receiver.delivered())
    start = time.monotonic()
    limits = httpx.Limits(max_connections=games + 4)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        until = start + seconds
        await asyncio.gather(*(game_loop(client, receiver.url, until, acked) for _ in range(games)))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not set(acked) <= set(arrivals(receiver)):
        await asyncio.sleep(0.01)
    came = arrivals(receiver)
    lags = sorted(1000 * (came[key] - at) for key, at in acked.items() if key in came)
    delivered = len(receiver.delivered()) - before
    elapsed = time.monotonic() - start
    cuts = statistics.quantiles(lags, n=100) if len(lags) > 1 else lags * 99
    print(
        f"{games:4d} games  {len(lags):6,d} turns  move->turn event p50 {cuts[49]:6.1f} ms  "
        f"p95 {cuts[94]:6.1f} ms  p99 {cuts[98]:6.1f} ms  max {lags[-1]:6.1f} ms  "
        f"{delivered / elapsed:7.1f} deliveries/s  missing {len(acked) - len(lags)}"
    )


def hanging(base: str, games: int) -> None:
    """The first delivery of a fast receiver's game while `games` games' receivers hang."""
    with (
        receiving(hang=600.0, hang_all=True) as slow,
        receiving(host="127.0.0.2") as fast,
        httpx.Client(base_url=base, timeout=30) as client,
    ):
        for _ in range(games):
            body = {"players": ["Ana", "Bia"], "webhook": {"url": slow.url}}
            assert client.post("/v1/games", json=body).status_code == 201
        while not slow.received:  # the worker is busy with the hanging receivers
            time.sleep(0.01)
        body = {"players": ["Ana", "Bia"], "webhook": {"url": fast.url}}
        assert client.post("/v1/games", json=body).status_code == 201
        created = time.time()
        first = fast.wait_for(1, timeout=120)[0]
    print(
        f"{games} games on a hanging receiver: a fast receiver's first delivery after "
        f"{first.at - created:.2f} s ({len(slow.received)} attempts to the hanging one meanwhile)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 16, 64])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--hanging", type=int, default=0, help="games on a receiver that hangs")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        RedisServer(Path(folder) / "redis") as redis,
        receiving() as receiver,
        serve_processes(redis.url, Path(folder), 1, **ENV) as [api],
    ):
        if args.hanging:
            hanging(api.base, args.hanging)
            return
        for games in args.games:
            asyncio.run(phase(api.base, receiver, games, args.seconds))


if __name__ == "__main__":
    main()
