"""Soak: simulated players finish whole games against two API processes sharing one Redis.

Starts a private `redis-server` (append-only file in a temporary folder) and two
`escopa serve --redis-url` processes on free loopback ports, with API keys and rate limits on.
Then `--players` simulated players (asyncio + httpx) play `--games` whole 2-player matches,
`--players / 2` at a time: the two seats of a game talk to different processes. A player polls
its game's view (with `If-None-Match`, so mostly 304s) until its seat is to act, lists its legal
moves, and posts one of them with the listed `expected_version` and an `Idempotency-Key`.

At the end it audits every game (`GET /v1/games/{id}/audit`) and reports games finished, moves,
requests, errors (any status but 200, 201 and 304, or a dropped connection: must be 0),
latency percentiles per operation, and audit failures (must be 0). Exit status 1 otherwise.

    .venv/bin/python bench/soak.py [--players 32] [--games 32] [--preset escopa] [--target 11]

The defaults finish in about a minute on two cores (a match to 11 points is some 150 moves).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import httpx  # noqa: E402

from service.cli.progress import Advance, progress  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from tests.harness.processes import serve_processes  # noqa: E402

OK_STATUSES = {200, 201, 304}
POLL = (0.01, 0.04)  # seconds between two polls of a waiting player's view


@dataclass
class Stats:
    """Latencies per operation, errors, moves and finished games."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    finished: int = 0

    async def call(
        self, client: httpx.AsyncClient, operation: str, method: str, url: str, **kwargs: Any
    ) -> httpx.Response | None:
        """The request, timed; None (and an error counted) unless it answered 200/201/304."""
        started = time.perf_counter()
        try:
            response = await client.request(method, url, **kwargs)
        except httpx.TransportError as error:
            self.errors[f"{operation}: {type(error).__name__}"] += 1
            return None
        self.latencies[operation].append(time.perf_counter() - started)
        if response.status_code not in OK_STATUSES:
            code = response.json().get("code", "") if response.content else ""
            self.errors[f"{operation}: {response.status_code} {code}"] += 1
            return None
        return response


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000 if ordered else 0.0


def spread(values: list[float]) -> str:
    """`p50 ... p99 ...` in milliseconds."""
    return f"p50 {percentile(values, 0.5):6.1f}  p99 {percentile(values, 0.99):6.1f}"


async def seat_player(
    stats: Stats, api: httpx.AsyncClient, game_id: str, seat: int, token: str, rng: random.Random
) -> None:
    """Play one seat until the match is over."""
    url = f"/v1/games/{game_id}"
    auth = {"Authorization": f"Bearer {token}"}
    etag = ""
    view: dict[str, Any] = {}
    while True:
        headers = {**auth, "If-None-Match": etag} if etag else auth
        response = await stats.call(api, "GET view", "GET", url, headers=headers)
        if response is None:
            raise RuntimeError(f"game {game_id}: the view failed")
        if response.status_code == 200:
            view, etag = response.json(), response.headers["etag"]
        if view["status"] == "finished":
            return
        if view["turn"] != seat:
            await asyncio.sleep(rng.uniform(*POLL))
            continue
        legal = await stats.call(api, "GET legal-moves", "GET", f"{url}/legal-moves", headers=auth)
        if legal is None:
            raise RuntimeError(f"game {game_id}: the legal moves failed")
        listed = legal.json()
        body = {"expected_version": listed["version"], "move": rng.choice(listed["moves"])["id"]}
        key = {"Idempotency-Key": f"{game_id}-{listed['version']}"}
        moved = await stats.call(
            api, "POST moves", "POST", f"{url}/moves", json=body, headers={**auth, **key}
        )
        if moved is None:
            raise RuntimeError(f"game {game_id}: the move failed")
        stats.moves += 1
        view, etag = moved.json()["view"], f'"{moved.json()["version"]}"'


async def game(
    stats: Stats,
    apis: list[httpx.AsyncClient],
    number: int,
    args: argparse.Namespace,
    api_key: str,
) -> str | None:
    """Create a game, play both seats (each through its own process) to the end; its id."""
    body: dict[str, Any] = {"players": ["Ana", "Bia"], "preset": args.preset}
    if args.target:
        body["rules"] = {"target": args.target}
    created = await stats.call(
        apis[number % 2],
        "POST games",
        "POST",
        "/v1/games",
        json=body,
        headers={"X-API-Key": api_key},
    )
    if created is None:
        return None
    data = created.json()
    rng = random.Random(f"{args.seed}-{number}")
    await asyncio.gather(
        *(
            seat_player(stats, apis[(number + seat) % 2], data["game_id"], seat, p["token"], rng)
            for seat, p in enumerate(data["players"])
        )
    )
    stats.finished += 1
    return str(data["game_id"])


async def soak(args: argparse.Namespace, bases: list[str], api_key: str) -> int:
    stats = Stats()
    limits = httpx.Limits(max_connections=args.players, max_keepalive_connections=args.players)
    apis = [httpx.AsyncClient(base_url=b, timeout=30, limits=limits) for b in bases]
    started = time.perf_counter()
    at_once = asyncio.Semaphore(max(1, args.players // 2))

    async def one(number: int, advance: Advance) -> str | None:
        async with at_once:
            try:
                return await game(stats, apis, number, args, api_key)
            except RuntimeError:
                return None
            finally:
                advance(1)

    with progress(args.games, "games", "games") as advance:
        ids = [i for i in await asyncio.gather(*(one(n, advance) for n in range(args.games))) if i]
    played = time.perf_counter() - started
    audits = [
        await stats.call(apis[n % 2], "GET audit", "GET", f"/v1/games/{gid}/audit")
        for n, gid in enumerate(ids)
    ]
    clean = sum(1 for a in audits if a is not None and a.json()["ok"])
    for client in apis:
        await client.aclose()

    requests = sum(len(v) for v in stats.latencies.values()) + sum(stats.errors.values())
    everything = [x for v in stats.latencies.values() for x in v]
    print(f"games finished   {stats.finished}/{args.games}  ({played:.1f} s of play)")
    print(f"moves            {stats.moves:,}  ({stats.moves / played:,.0f}/s)")
    print(f"requests         {requests:,}  ({requests / played:,.0f}/s)")
    print(f"errors           {sum(stats.errors.values())}  {dict(stats.errors) or ''}")
    print(f"latency (ms)     {spread(everything)}  all requests")
    for name in sorted(stats.latencies):
        print(f"  {name:<17}{spread(stats.latencies[name])}  ({len(stats.latencies[name]):,})")
    print(f"audits           {clean} clean, {len(ids) - clean} failed")
    failed = stats.errors or clean != len(ids) or stats.finished != args.games
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=32, help="concurrent simulated players")
    parser.add_argument("--games", type=int, default=32, help="whole games to finish")
    parser.add_argument("--preset", default="escopa", choices=["escopa", "escoba", "escova"])
    parser.add_argument("--target", type=int, default=11, help="points to win (0: the preset's)")
    parser.add_argument("--seed", default="soak", help="seeds the players' choices")
    parser.add_argument(
        "--rate-limit", default="1000000/60", help="ESCOPA_RATE_LIMIT and its creation limit"
    )
    parser.add_argument("--fsync", default="everysec", choices=["always", "everysec", "no"])
    args = parser.parse_args()

    api_key = secrets.token_urlsafe(24)
    with tempfile.TemporaryDirectory(prefix="escopa-soak-") as folder:
        data = Path(folder)
        redis = RedisServer(data / "redis", fsync=args.fsync).start()
        env = {"ESCOPA_API_KEYS": api_key, "ESCOPA_RATE_LIMIT": args.rate_limit}
        env["ESCOPA_CREATE_RATE_LIMIT"] = args.rate_limit
        try:
            options = ("--log-format", "text", "--log-level", "warning")
            with serve_processes(redis.url, data, 2, *options, **env) as servers:
                print(
                    f"soak: {args.games} games of 2 players ({args.preset}"
                    f"{f', target {args.target}' if args.target else ''}), {args.players} "
                    f"players at once, 2 API processes, Redis appendfsync {args.fsync}, API keys "
                    f"on, ESCOPA_RATE_LIMIT={args.rate_limit}"
                )
                return asyncio.run(soak(args, [served.base for served in servers], api_key))
        finally:
            redis.stop()


if __name__ == "__main__":
    sys.exit(main())
