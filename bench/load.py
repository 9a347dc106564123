"""Load benchmark: whole games played over HTTP against a real server and a real Redis.

For 1 and 2 worker processes, a fixed number of concurrent clients first hammer the bare
`/healthz` route, then play whole 2-player matches (`POST /moves` only: the engine chooses every
match's moves before the clock starts, so no read requests are mixed in and the load generator,
which shares the machine with the server, spends its CPU on requests). The two phases alternate
for a few rounds so that drift on the shared machine hits both alike. Prints requests per second,
p50/p99 latency and server CPU per request, the ratio moves/bare (the median of the rounds'), and
the bytes Redis holds per finished match. Each worker count runs twice against the same Redis:
with the shared pipelined connection (`service/store/multiplex.py`) and with redis-py's own
pool (`ESCOPA_MULTIPLEX=0`), and the last lines compare the two. With `--loop`, each move is
preceded by a read of the seat's view, as a client's loop runs, and the ratio is of requests.
With `--redis single cluster`, the same runs go against a local 3-master Redis Cluster too
(without replicas, like the single Redis, so that Redis does the same work on the shared cores;
writes acknowledged as on one Redis), and the last lines give the cluster's moves/s as a share
of one Redis'. Every setup is served at once and each round runs them in turn, after a warm-up.

Redis keeps its append-only file (fsync every second) but does not rewrite it during the run
unless `--aof-rewrite` is given: a rewrite forks a child that compacts the file, every few
seconds at this write rate, and on a machine where Redis shares the server's cores that child
takes one from the server. Deployed, Redis has cores of its own.

    .venv/bin/python bench/load.py [--clients 64] [--seconds 5] [--rounds 3] [--workers 1 2]
                                   [--connections multiplexed pool] [--aof-rewrite] [--loop]
                                   [--redis single cluster]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Coroutine
from contextlib import ExitStack
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import redis  # noqa: E402

import engine  # noqa: E402
from service.cli.progress import timed as elapsing  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from tests.harness.api import chosen_seed  # noqa: E402
from tests.harness.cluster import LocalCluster  # noqa: E402
from tests.harness.processes import serve_processes  # noqa: E402


class Connection:
    """A minimal keep-alive HTTP/1.1 client: light enough not to be the bottleneck."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        lines = [f"{method} {path} HTTP/1.1", "Host: bench", f"Content-Length: {len(body)}"]
        if body:
            lines.append("Content-Type: application/json")
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        """Close the connection, so the server does not keep it through the next phase."""
        if self.writer is not None:
            self.writer.close()
            await self.writer.wait_closed()


def line(rate: float, unit: str, latencies: list[float]) -> str:
    """`rate unit  p50 .. ms  p99 .. ms`."""
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    return f"{rate:8,.0f} {unit}  p50 {p50:6.1f} ms  p99 {p99:6.1f} ms"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000


async def bare(port: int, clients: int, seconds: float) -> tuple[float, list[float]]:
    """Requests per second and latencies of GET /healthz."""
    latencies: list[float] = []
    stop = time.perf_counter() + seconds

    async def client() -> None:
        connection = Connection(port)
        while time.perf_counter() < stop:
            started = time.perf_counter()
            status, _ = await connection.request("GET", "/healthz")
            assert status == 200
            latencies.append(time.perf_counter() - started)
        await connection.close()

    began = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return len(latencies) / (time.perf_counter() - began), latencies


RULES = {"first_dealer": 1}
Script = list[tuple[int, bytes]]


def match_script(seed: str) -> Script:
    """A whole match's moves as (seat, request body), chosen by the engine ahead of time."""
    state, _ = engine.start(engine.make_rules("escopa", RULES), chosen_seed(seed))
    rng = random.Random(seed)
    _, steps = engine.play_out(state, lambda s, seat: rng.choice(engine.legal_moves(s, seat)))
    return [
        (step.seat, json.dumps({"move": str(step.move), "expected_version": version}).encode())
        for version, step in enumerate(steps, start=1)
    ]


def scripts(clients: int, per_client: int) -> list[list[tuple[str, Script]]]:
    """Each client's matches, computed before the clock starts so the load generator spends
    its CPU on requests, not on the engine (it shares the machine with the server)."""
    return [
        [(seed, match_script(seed)) for seed in (f"load-{c}-{m}" for m in range(per_client))]
        for c in range(clients)
    ]


async def play_match(
    connection: Connection,
    seed: str,
    script: Script,
    latencies: list[float],
    stop: float,
    loop: bool = False,
) -> str | None:
    """Create a match and play its script with POST /moves (each after a read of the seat's
    view, with `loop`: what a client really runs); its id if it finished in time."""
    body = {"players": ["Ana", "Bia"], "seed": chosen_seed(seed), "rules": RULES}
    status, raw = await connection.request("POST", "/v1/games", json.dumps(body).encode())
    assert status == 201, raw
    created = json.loads(raw)
    game_id, tokens = created["game_id"], [p["token"] for p in created["players"]]
    auth = [{"Authorization": f"Bearer {token}"} for token in tokens]
    path = f"/v1/games/{game_id}/moves"
    for seat, payload in script:
        if time.perf_counter() >= stop:
            return None
        if loop:
            started = time.perf_counter()
            status, raw = await connection.request("GET", f"/v1/games/{game_id}", b"", auth[seat])
            latencies.append(time.perf_counter() - started)
            assert status == 200, raw
        started = time.perf_counter()
        status, raw = await connection.request("POST", path, payload, auth[seat])
        latencies.append(time.perf_counter() - started)
        assert status == 200, raw
    return game_id


async def moves(
    port: int, matches: list[list[tuple[str, Script]]], seconds: float, loop: bool = False
) -> tuple[float, list[float], list[str]]:
    """Requests (moves, and with `loop` view reads) per second and latencies while clients
    play whole matches for `seconds`."""
    latencies: list[float] = []
    finished: list[str] = []
    stop = time.perf_counter() + seconds

    async def client(index: int) -> None:
        connection = Connection(port)
        for seed, script in itertools.cycle(matches[index]):  # each time a new game
            game_id = await play_match(connection, seed, script, latencies, stop, loop)
            if game_id is None:
                break
            finished.append(game_id)
        await connection.close()

    began = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(len(matches))))
    return len(latencies) / (time.perf_counter() - began), latencies, finished


async def one_match(port: int, match: tuple[str, Script]) -> str:
    """A whole match played to its end, untimed: for the bytes of a finished match when none
    finished within the timed phases (a slow or busy machine)."""
    connection = Connection(port)
    try:
        game_id = await play_match(connection, *match, [], float("inf"))
    finally:
        await connection.close()
    assert game_id is not None
    return game_id


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children so far; 0 without /proc."""
    total = 0.0
    for process in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(child) for child in found]


def bytes_per_match(redis_url: str, game_id: str, cluster: bool) -> int:
    client = redis.RedisCluster.from_url(redis_url) if cluster else redis.Redis.from_url(redis_url)
    keys = [f"{{g:{game_id}}}:game", f"{{g:{game_id}}}:log", f"{{g:{game_id}}}:entries"]
    return sum(int(client.memory_usage(key, samples=0) or 0) for key in keys)


def cpu_per_request(seconds: float, requests: int) -> str:
    """The server's CPU time per request, in microseconds (blank where it cannot be read)."""
    return f"server CPU {seconds / requests * 1e6:4.0f} us/req" if seconds and requests else ""


T = TypeVar("T")


def timed(phase: Coroutine[Any, Any, T]) -> T:
    """Run one timed phase with the load generator's own collector off: its pauses would
    count as the server's latency (a full collection of the client took up to 28 ms)."""
    gc.disable()
    try:
        return asyncio.run(phase)
    finally:
        gc.enable()
        gc.collect()


class Phase(NamedTuple):
    """One timed phase: its rate, every latency, the server's CPU seconds and request count."""

    rate: float
    latencies: list[float]
    cpu: float
    requests: int


def summary(phases: list[Phase], unit: str) -> str:
    """The median rate, latency percentiles over every round, and CPU per request."""
    rate = statistics.median(p.rate for p in phases)
    latencies = [x for p in phases for x in p.latencies]
    cpu = cpu_per_request(sum(p.cpu for p in phases), sum(p.requests for p in phases))
    return f"{line(rate, unit, latencies)}  {cpu}"


def one_round(
    pid: int, port: int, args: argparse.Namespace, matches: list[list[tuple[str, Script]]]
) -> tuple[Phase, Phase, list[str]]:
    """A bare phase, then a move phase: each one's figures, and the matches finished."""
    start = cpu_seconds(pid)
    rate, latencies = timed(bare(port, args.clients, args.seconds))
    middle = cpu_seconds(pid)
    move_rate, move_latencies, finished = timed(moves(port, matches, args.seconds, args.loop))
    end = cpu_seconds(pid)
    creates = len(finished) + args.clients
    return (
        Phase(rate, latencies, middle - start, len(latencies)),
        Phase(move_rate, move_latencies, end - middle, len(move_latencies) + creates),
        finished,
    )


def report(
    setup: Setup,
    bares: list[Phase],
    plays: list[Phase],
    games: list[str],
    loop: bool = False,
) -> tuple[float, float]:
    """Print one configuration's figures; its median moves (or, with `loop`, view reads and
    moves) per second and their ratio to the bare route's requests."""
    phase, unit, name = (
        ("GET view + POST /moves", "req/s  ", "loop")
        if loop
        else ("POST /moves  ", "moves/s", "moves")
    )
    ratios = [play.rate / bare.rate for bare, play in zip(bares, plays, strict=True)]
    print(f"workers {setup.workers}, {setup.connection}, {setup.kind} Redis:")
    for number, (bare_phase, play, ratio) in enumerate(zip(bares, plays, ratios, strict=True)):
        p99 = percentile(play.latencies, 0.99)
        print(
            f"  round {number + 1}: {bare_phase.rate:8,.0f} req/s  {play.rate:8,.0f} {unit}"
            f" (p99 {p99:4.1f} ms)  ratio {ratio:.0%}"
        )
    print(f"  GET /healthz  {summary(bares, 'req/s  ')}")
    print(f"  {phase} {summary(plays, unit)}  ({len(games)} matches)")
    shown = ", ".join(f"{r:.0%}" for r in ratios)
    print(f"  ratio {name}/bare: {statistics.median(ratios):.0%} (median of rounds: {shown})")
    return statistics.median(p.rate for p in plays), statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=5.0, help="per phase")
    parser.add_argument("--rounds", type=int, default=3, help="bare and move phases in turn")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--matches", type=int, default=3, help="scripts per client, reused")
    parser.add_argument(
        "--connections", nargs="+", default=list(CONNECTIONS), choices=list(CONNECTIONS)
    )
    parser.add_argument(
        "--aof-rewrite", action="store_true", help="let Redis rewrite its append-only file"
    )
    parser.add_argument(
        "--loop", action="store_true", help="read the seat's view before each move, as clients do"
    )
    parser.add_argument("--redis", nargs="+", default=["single"], choices=["single", "cluster"])
    args = parser.parse_args()
    matches = scripts(args.clients, args.matches)
    gc.freeze()  # the scripts live to the end: no collection of the client visits them
    print(
        f"load benchmark: {args.clients} clients, {args.rounds} rounds of {args.seconds:.0f} s "
        f"per phase, python {sys.version.split()[0]}, {os.cpu_count()} cores, Redis AOF "
        f"fsync every second, rewrites {'on' if args.aof_rewrite else 'off'}"
    )
    with tempfile.TemporaryDirectory(prefix="escopa-load-") as temporary:  # AOF: ~0.6 GB
        run(args, matches, Path(temporary))


CONNECTIONS = {"multiplexed": "1", "pool": "0"}  # ESCOPA_MULTIPLEX


class Setup(NamedTuple):
    """One server under test: its Redis kind, worker processes and connection kind."""

    kind: str
    workers: int
    connection: str


class Measured(NamedTuple):
    """A setup's rounds so far."""

    bares: list[Phase]
    plays: list[Phase]
    games: list[str]


Rates = dict[Setup, tuple[float, float]]


def run(args: argparse.Namespace, matches: list[list[tuple[str, Script]]], folder: Path) -> None:
    """Every setup served at once (files in `folder`); each round runs every setup in turn,
    so drift on the shared machine hits them alike."""
    rewrite = () if args.aof_rewrite else ("--auto-aof-rewrite-percentage", "0")
    with ExitStack() as stack:
        urls = {}
        if "single" in args.redis:
            urls["single"] = stack.enter_context(
                RedisServer(folder / "redis", None, "everysec", *rewrite)
            ).url
        if "cluster" in args.redis:
            cluster = LocalCluster(folder / "cluster", replicas=False)
            urls["cluster"] = stack.enter_context(cluster).url
        setups = [Setup(k, w, c) for k in urls for w in args.workers for c in args.connections]
        ports = {s: serve(stack, urls[s.kind], s, folder) for s in setups}
        measured = {s: Measured([], [], []) for s in setups}
        for setup in setups:  # scripts loaded, connections opened, caches filled
            timed(moves(ports[setup][1], matches, 1.0))
        for number in range(args.rounds):
            with elapsing(2 * args.seconds * len(setups), f"round {number + 1} of {args.rounds}"):
                for setup in setups:
                    bare_phase, play, finished = one_round(*ports[setup], args, matches)
                    measured[setup].bares.append(bare_phase)
                    measured[setup].plays.append(play)
                    measured[setup].games.extend(finished)
        rates: Rates = {}
        for setup in setups:
            rates[setup] = report(setup, *measured[setup], args.loop)
            games = measured[setup].games
            port = ports[setup][1]
            finished = games or [asyncio.run(one_match(port, matches[0][0]))]
            sizes = [
                bytes_per_match(urls[setup.kind], g, setup.kind == "cluster") for g in finished[:20]
            ]
            print(f"  Redis bytes per finished 2-player match: {statistics.mean(sizes):,.0f}")
    compare(args, rates)


def serve(stack: ExitStack, url: str, setup: Setup, folder: Path) -> tuple[int, int]:
    """Start `escopa serve` for a setup (stopped when `stack` closes): its pid and port."""
    options = ("--workers", str(setup.workers), "--log-level", "warning")
    env = {
        "ESCOPA_RATE_LIMIT": "0",
        "ESCOPA_CREATE_RATE_LIMIT": "0",
        "ESCOPA_MULTIPLEX": CONNECTIONS[setup.connection],
        "ESCOPA_REDIS_CLUSTER": "1" if setup.kind == "cluster" else "0",
        "ESCOPA_WAIT_REPLICAS": "0",
    }
    logs = folder / "-".join(map(str, setup))
    logs.mkdir()
    [api] = stack.enter_context(serve_processes(url, logs, 1, *options, **env))
    return api.process.pid, int(api.base.rsplit(":", 1)[1])


def compare(args: argparse.Namespace, rates: Rates) -> None:
    """The last lines: multiplexed against pool, and the cluster against one Redis."""
    for kind in args.redis:
        for workers in args.workers:
            shared = rates.get(Setup(kind, workers, "multiplexed"))
            pool = rates.get(Setup(kind, workers, "pool"))
            if shared and pool:
                ratios = f"moves/bare {shared[1]:.0%} vs {pool[1]:.0%}"
                print(
                    f"workers {workers}, {kind} Redis: multiplexed vs pool: "
                    f"moves/s x{shared[0] / pool[0]:.2f}, {ratios}"
                )
    for workers in args.workers:
        for connection in args.connections:
            single = rates.get(Setup("single", workers, connection))
            cluster = rates.get(Setup("cluster", workers, connection))
            if single and cluster:
                share = f"({cluster[0] / single[0]:.0%})"
                print(
                    f"workers {workers}, {connection}: cluster vs one Redis: moves/s "
                    f"{cluster[0]:,.0f} vs {single[0]:,.0f} {share}"
                )


if __name__ == "__main__":
    main()
