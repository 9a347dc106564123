"""Transport benchmark: each hand-written transport part against the framework's or library's way.

Each part is measured against what it replaces, in turn, in the same run (ratios are what
compare on a shared machine), and then shown doing what the framework's way does not:

- Redis, in this process on uvloop, 64 coroutines running a COMMIT-like script (`EVALSHA`:
  bump a version, write a state, append to a stream) on a private Redis: `multiplex` against
  redis-py's pool (the app's own client); `writes` against redis-py's `execute_command` for a
  lone script (`ESCOPA_MULTIPLEX=0`) and against redis-py's pipeline for a script and its
  `WAIT 1` (a replica attached). Calls per second and this process's CPU per call; then a
  connection dropped while `WAIT` waits, through redis-py's pipeline and through `writes`.
- ASGI, in this process, no sockets: CPU per request of a move body through Litestar with and
  without the strict-body hook (`strict`), of `GET` with and without `HeadAsGet` (`head`), and
  of keep-alive requests through uvicorn's httptools protocol with and without the receive
  deadline (`receive_deadline`): the parts' own cost, below the noise of the HTTP figures.
- HTTP: six uvicorn servers of the app (one worker each, over one private Redis, configured
  as `escopa serve` configures uvicorn), each with one part swapped for the framework's way:
  `shipped` (every part), `declared` (`ESCOPA_FAST_MOVES=0`: moves through the declared
  Litestar handler), `lax` (that, and no strict-body hook), `get-only` (no `HeadAsGet`),
  `uvicorn` (uvicorn's own protocol), and `twin`, a second shipped (the noise between two
  processes of one server). 64 keep-alive clients hammer `GET /healthz` on shipped, get-only,
  uvicorn and twin in turn, then play whole matches (`POST /moves`, as `bench/load.py`) on
  shipped, declared, lax and twin in turn, for a few rounds. Requests per second, p50/p99
  latency, server CPU per request, the median of the rounds' ratios; then bodies the schema
  forbids, `HEAD`, and a request trickled a byte at a time, sent to both ways.

    .venv/bin/python bench/transports.py [--clients 64] [--seconds 1.5] [--rounds 4]
                                         [--redis-seconds 0.75] [--requests 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import json
import os
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Final, NamedTuple, cast

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import httpx  # noqa: E402
import uvicorn  # noqa: E402
import uvloop  # noqa: E402
from litestar import Litestar, get, post  # noqa: E402
from litestar.types import ASGIApp, Message, Receive, ReceiveMessage, Scope, Send  # noqa: E402
from redis.asyncio import Redis  # noqa: E402
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol  # noqa: E402
from uvicorn.server import ServerState  # noqa: E402

from bench.load import (  # noqa: E402
    Phase,
    Script,
    bare,
    cpu_seconds,
    match_script,
    moves,
    scripts,
    summary,
    timed,
)
from service.cli.progress import timed as elapsing  # noqa: E402
from service.core.games.messages import MoveRequest  # noqa: E402
from service.http.head import HeadAsGet  # noqa: E402
from service.http.problems import HANDLERS  # noqa: E402
from service.http.receive_deadline import ReceiveDeadline  # noqa: E402
from service.http.strict import strict_body  # noqa: E402
from service.settings import KeySettings, RedisSettings, Settings  # noqa: E402
from service.store.multiplex import Multiplexed  # noqa: E402
from service.store.redis_server import RedisServer, free_port  # noqa: E402
from service.store.writes import Borrowing, OutcomeUnknown, Writes  # noqa: E402
from tests.harness.api import chosen_seed  # noqa: E402
from tests.harness.faults import kill_when_waiting  # noqa: E402
from tests.harness.processes import Served, stop, wait_ready  # noqa: E402
from tests.harness.signing import SIGNING_KEY  # noqa: E402

COMMIT: Final = """
local version = redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('HSET', KEYS[1], 'state', ARGV[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', 100, '*', 'entry', ARGV[2])
return version
"""
"""A COMMIT-like script: a game's version bumped, its state written, its log appended."""
STATE: Final = b"s" * 300
ENTRY: Final = b"e" * 200
RECEIVE_TIMEOUT: Final = 1.0
"""`ESCOPA_RECEIVE_TIMEOUT` of the servers: short, so the trickled request shows it."""
TRICKLE_FOR: Final = 3.0
"""How long a trickled request goes on before giving up on the server closing it."""
VARIANTS: Final = {
    "shipped": {},
    "declared": {"ESCOPA_FAST_MOVES": "0"},
    "lax": {"ESCOPA_FAST_MOVES": "0"},
    "get-only": {},
    "uvicorn": {},
    "twin": {},
}
"""Each server's environment beyond the common one; the rest of a variant is in `serve`. The
twin is a second shipped server: what differs between the two is the noise of the machine."""


# --- Redis: hand-written clients against redis-py, in this process ---


Call = Callable[[int], Awaitable[Any]]


class Rate(NamedTuple):
    """One timed run of calls: calls per second and this process's CPU per call (us)."""

    calls: float
    cpu_us: float


async def calls(call: Call, coroutines: int, seconds: float) -> Rate:
    """`coroutines` loops calling `call(their index)` for `seconds`."""
    count = 0
    stop_at = time.perf_counter() + seconds

    async def loop(index: int) -> None:
        nonlocal count
        while time.perf_counter() < stop_at:
            await call(index)
            count += 1

    cpu, began = time.process_time(), time.perf_counter()
    await asyncio.gather(*(loop(i) for i in range(coroutines)))
    elapsed = time.perf_counter() - began
    return Rate(count / elapsed, (time.process_time() - cpu) / count * 1e6)


def commit_call(sha: str, index: int) -> tuple[bytes | str | int, ...]:
    """The script's call for coroutine `index`: its own game's keys, one hash tag."""
    return ("EVALSHA", sha, 2, f"{{g:t{index}}}:game", f"{{g:t{index}}}:log", STATE, ENTRY)


def app_client(url: str) -> Redis:
    """redis-py's client as the app makes it (`service.store.connections.connect`)."""
    from service.store.connections import connect

    client = connect(RedisSettings(url=url))
    assert isinstance(client, Redis)
    return client


async def redis_pair(
    url: str, ours: Callable[[str, Redis], Call], theirs: Callable[[str, Redis], Call], args: Any
) -> tuple[list[Rate], list[Rate]]:
    """Our way and redis-py's in turn, `args.rounds` times each."""
    client = app_client(url)
    sha = await client.script_load(COMMIT)
    mine, library = ours(sha, client), theirs(sha, client)
    await calls(mine, args.coroutines, 0.2)  # connections made, caches warm
    await calls(library, args.coroutines, 0.2)
    ours_rates: list[Rate] = []
    theirs_rates: list[Rate] = []
    for _ in range(args.rounds):
        ours_rates.append(await calls(mine, args.coroutines, args.redis_seconds))
        theirs_rates.append(await calls(library, args.coroutines, args.redis_seconds))
    await client.aclose()
    return ours_rates, theirs_rates


def multiplexed_call(fast: Multiplexed) -> Callable[[str, Redis], Call]:
    def make(sha: str, _: Redis) -> Call:
        return lambda index: fast.pipeline([commit_call(sha, index)])

    return make


def pooled_call(sha: str, client: Redis) -> Call:
    return lambda index: client.execute_command(*commit_call(sha, index))


def writes_call(wait: bool) -> Callable[[str, Redis], Call]:
    def make(sha: str, client: Redis) -> Call:
        writes = Writes(client, 2.0, Borrowing(100, 2.0))

        async def call(index: int) -> None:
            commands = [commit_call(sha, index), *([("WAIT", 1, 500)] if wait else [])]
            replies = await writes.send(f"{{g:t{index}}}:game", commands, 0.5)
            assert not wait or replies[1] == 1, replies

        return call

    return make


def pipeline_call(sha: str, client: Redis) -> Call:
    async def call(index: int) -> None:
        pipe = client.pipeline(transaction=False)
        pipe.execute_command(*commit_call(sha, index))
        pipe.execute_command("WAIT", 1, 500)
        replies = await pipe.execute()
        assert replies[1] == 1, replies

    return call


def rate_line(name: str, rates: list[Rate]) -> str:
    calls_ = [r.calls for r in rates]
    cpu = [r.cpu_us for r in rates]
    return (
        f"  {name:34} {min(calls_):8,.0f}-{max(calls_):,.0f} calls/s  "
        f"client CPU {min(cpu):4.1f}-{max(cpu):.1f} us/call"
    )


def compare_rates(ours: list[Rate], theirs: list[Rate]) -> str:
    ratio = statistics.median(o.calls / t.calls for o, t in zip(ours, theirs, strict=True))
    cpu = statistics.median(o.cpu_us for o in ours) - statistics.median(t.cpu_us for t in theirs)
    return f"  => x{ratio:.2f} the calls/s, {cpu:+.1f} us of client CPU per call"


async def redis_figures(folder: Path, args: argparse.Namespace) -> None:
    """`multiplex` and `writes` against redis-py, on a master (with a replica for `WAIT`)."""
    print(
        f"Redis: {args.coroutines} coroutines, a COMMIT-like EVALSHA, "
        f"{args.rounds} rounds of {args.redis_seconds:g} s"
    )
    with RedisServer(folder / "master") as master:
        fast = Multiplexed(master.url, 2.0)
        ours, theirs = await redis_pair(master.url, multiplexed_call(fast), pooled_call, args)
        await fast.aclose()
        print("multiplex: one pipelined connection against redis-py's pool")
        print(rate_line("multiplex", ours))
        print(rate_line("redis-py pool (hiredis)", theirs))
        print(compare_rates(ours, theirs))
        ours, theirs = await redis_pair(master.url, writes_call(False), pooled_call, args)
        print("writes: a lone script (ESCOPA_MULTIPLEX=0) against redis-py's execute_command")
        print(rate_line("writes", ours))
        print(rate_line("redis-py execute_command", theirs))
        print(compare_rates(ours, theirs))
        pipelined, sent_once = await broken_wait(master.url)
        print("writes: the connection dropped while WAIT waits (no replica: it waits 1 s)")
        print(f"  redis-py pipeline: {pipelined}; writes: {sent_once}")
        with replica_of(master, folder / "replica"):
            ours, theirs = await redis_pair(master.url, writes_call(True), pipeline_call, args)
        print("writes: script + WAIT 1 (a replica) against redis-py's pipeline")
        print(rate_line("writes", ours))
        print(rate_line("redis-py pipeline", theirs))
        print(compare_rates(ours, theirs))


async def broken_wait(url: str) -> tuple[str, str]:
    """A script and its `WAIT` whose connection Redis drops while WAIT waits, through redis-py's
    pipeline and through `writes`: what each answered and how often the script ran."""
    client = app_client(url)
    sha = await client.script_load(COMMIT)
    found: list[str] = []
    for name in ("pipeline", "writes"):
        call = commit_call(sha, 10_000 + len(found))
        if name == "pipeline":
            pipe = client.pipeline(transaction=False)
            pipe.execute_command(*call)
            pipe.execute_command("WAIT", 1, 1000)
            sent: Awaitable[Any] = pipe.execute()
        else:
            writes = Writes(client, 2.0, Borrowing(100, 2.0))
            sent = writes.send(str(call[3]), [call, ("WAIT", 1, 1000)], 1.0)
        task = asyncio.ensure_future(sent)
        await kill_when_waiting(url)
        try:
            answer = f"answered {await task}"
        except OutcomeUnknown as error:
            answer = f"raised {type(error).__name__}"
        runs = int(await client.hget(str(call[3]), "version") or 0)
        found.append(f"{answer}, the script ran {runs} time{'s' if runs != 1 else ''}")
    await client.aclose()
    return found[0], found[1]


@contextmanager
def replica_of(master: RedisServer, folder: Path) -> Iterator[RedisServer]:
    """A replica of `master`, linked and in sync on entry."""
    with RedisServer(folder, None, "everysec", "--replicaof", "127.0.0.1", str(master.port)) as r:
        import redis

        client = redis.Redis(port=r.port)
        deadline = time.monotonic() + 30
        while client.info("replication").get("master_link_status") != "up":
            assert time.monotonic() < deadline, "the replica did not catch up"
            time.sleep(0.05)
        client.close()
        yield r


# --- ASGI, in this process: the per-request cost of strict, head and receive_deadline ---


@post("/moves", status_code=200, sync_to_thread=False)
def take_move(data: MoveRequest) -> dict[str, int]:
    """A handler with a move's body and nothing else: Litestar's decoding is the work."""
    return {"version": data.expected_version}


@get("/healthz", sync_to_thread=False)
def answer_ok() -> dict[str, str]:
    return {"status": "ok"}


def litestar_app(strict: bool, head: bool) -> Litestar:
    """The two routes, with the strict-body hook and `HeadAsGet` as asked."""
    app = Litestar(
        [take_move, answer_ok],
        before_request=strict_body if strict else None,
        exception_handlers=HANDLERS,
        logging_config=None,
    )
    if head:
        app.asgi_handler = HeadAsGet(app.asgi_handler)
    return app


def asgi_scope(method: str, path: str, body: bytes) -> dict[str, Any]:
    headers = [(b"host", b"bench"), (b"content-length", str(len(body)).encode())]
    headers += [(b"content-type", b"application/json")] if body else []
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "scheme": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 2),
        "state": {},
    }


async def asgi_cost(app: ASGIApp, method: str, path: str, body: bytes, count: int) -> float:
    """CPU per request (us) of `count` requests called straight into `app`, all answered 200."""
    statuses: set[int] = set()

    async def receive() -> ReceiveMessage:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            statuses.add(message["status"])

    scope = asgi_scope(method, path, body)
    began = time.process_time()
    for _ in range(count):
        await app(cast("Scope", dict(scope)), receive, send)
    took = time.process_time() - began
    assert statuses == {200}, statuses
    return took / count * 1e6


REQUEST: Final = b"GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n"


class NullTransport(asyncio.Transport):
    """A connection that takes every answer and drops it."""

    def __init__(self) -> None:
        super().__init__()
        self.closing = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 1), "sockname": ("127.0.0.1", 2)}.get(name, default)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        pass

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def plain_asgi(scope: Scope, receive: Receive, send: Send) -> None:
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
    )
    await send({"type": "http.response.body", "body": b"ok", "more_body": False})


async def protocol_cost(protocol_class: type[HttpToolsProtocol], count: int) -> float:
    """CPU per request (us) of `count` keep-alive requests parsed and answered by the protocol
    (a bare ASGI app behind it, no socket)."""
    config = uvicorn.Config(plain_asgi, lifespan="off", log_level="warning", access_log=False)
    config.load()
    protocol = protocol_class(config=config, server_state=ServerState(), app_state={})
    protocol.connection_made(NullTransport())
    began = time.process_time()
    for _ in range(count):
        protocol.data_received(REQUEST)
        while protocol.cycle is None or not protocol.cycle.response_complete:
            await asyncio.sleep(0)
    took = time.process_time() - began
    protocol.connection_lost(None)
    return took / count * 1e6


async def asgi_figures(rounds: int, count: int) -> None:
    """Each part's CPU per request against the framework's way, `rounds` times in turn."""
    lax, strict, head = (
        litestar_app(*kind) for kind in ((False, False), (True, False), (False, True))
    )
    body = json.dumps({"move": "5H+QD+2S", "expected_version": 3}).encode()
    costs: dict[str, list[float]] = {}
    runs: dict[str, Callable[[], Awaitable[float]]] = {
        "move, Litestar's decoding": lambda: asgi_cost(lax, "POST", "/moves", body, count),
        "move, strict hook": lambda: asgi_cost(strict, "POST", "/moves", body, count),
        "GET, Litestar": lambda: asgi_cost(lax, "GET", "/healthz", b"", count),
        "GET, HeadAsGet": lambda: asgi_cost(head, "GET", "/healthz", b"", count),
        "HEAD, HeadAsGet": lambda: asgi_cost(head, "HEAD", "/healthz", b"", count),
        "uvicorn's httptools protocol": lambda: protocol_cost(HttpToolsProtocol, 2 * count),
        "ReceiveDeadline": lambda: protocol_cost(ReceiveDeadline, 2 * count),
    }
    for _ in range(rounds):
        for name, run in runs.items():
            costs.setdefault(name, []).append(await run())
    median = {name: statistics.median(values) for name, values in costs.items()}
    print(f"ASGI, in this process: CPU per request, median of {rounds} rounds")
    for part, ours, theirs in (
        ("strict", "move, strict hook", "move, Litestar's decoding"),
        ("head", "GET, HeadAsGet", "GET, Litestar"),
        ("receive_deadline", "ReceiveDeadline", "uvicorn's httptools protocol"),
    ):
        print(
            f"  {part:16} {theirs} {median[theirs]:5.1f} us, {ours} {median[ours]:5.1f} us:"
            f" {median[ours] - median[theirs]:+.1f} us"
        )
    print(f"  {'':16} HEAD, HeadAsGet {median['HEAD, HeadAsGet']:5.1f} us (a GET, body dropped)")


# --- HTTP: the app's servers, each with one part swapped for the framework's way ---


def serve(variant: str, port: int) -> None:
    """Run the app as `escopa serve` runs it (uvicorn, one worker), as `variant` says."""
    import service.app

    if variant == "lax":
        setattr(service.app, "strict_body", None)  # noqa: B010 - Litestar's decoding alone
    if variant == "get-only":
        setattr(service.app, "HeadAsGet", lambda app: app)  # noqa: B010 - Litestar's 405
    config = uvicorn.Config(
        functools.partial(service.app.create_app, Settings.from_env()),
        factory=True,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        http="httptools" if variant == "uvicorn" else ReceiveDeadline,
    )
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # as `escopa serve`: exit cleanly
    uvicorn.Server(config).run()


def start(variant: str, redis_url: str, folder: Path) -> Served:
    """A server of `variant` (this file run with `--serve`), not yet ready."""
    port = free_port()
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "ESCOPA_SIGNING_KEY": SIGNING_KEY,
        "ESCOPA_RATE_LIMIT": "0",
        "ESCOPA_CREATE_RATE_LIMIT": "0",
        "ESCOPA_RECEIVE_TIMEOUT": str(RECEIVE_TIMEOUT),
        "PYTHONHASHSEED": "0",  # the same hashing in every server
        **VARIANTS[variant],
    }
    command = [sys.executable, __file__, "--serve", variant, "--port", str(port)]
    log = folder / f"{variant}.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=env, stdout=sink, stderr=sink)
    return Served(f"http://127.0.0.1:{port}", process, log)


@contextmanager
def servers(redis_url: str, folder: Path) -> Iterator[dict[str, Served]]:
    """Every variant's server, started together, ready on entry."""
    with ExitStack() as stack:
        started = {name: start(name, redis_url, folder) for name in VARIANTS}
        for served in started.values():
            stack.callback(stop, served)
        for served in started.values():
            wait_ready(served.base, served.process)
        yield started


def port_of(served: Served) -> int:
    return int(served.base.rsplit(":", 1)[1])


Measure = Callable[[Served], Phase]


def in_turn(names: list[str], measure: Measure, found: dict[str, Served], rounds: int, label: str
            ) -> dict[str, list[Phase]]:  # fmt: skip
    """Each variant's phase in turn, `rounds` times, the order rotated every round."""
    phases: dict[str, list[Phase]] = {name: [] for name in names}
    for number in range(rounds):
        order = names[number % len(names) :] + names[: number % len(names)]
        for name in order:
            phases[name].append(measure(found[name]))
        print(
            f"  {label} round {number + 1}: "
            + "  ".join(f"{name} {phases[name][-1].rate:,.0f}/s" for name in names)
        )
    return phases


def move_phase(matches: list[list[tuple[str, Script]]], seconds: float) -> Measure:
    def measure(served: Served) -> Phase:
        pid = served.process.pid
        began = cpu_seconds(pid)
        with elapsing(seconds, "moves"):
            rate, latencies, finished = timed(moves(port_of(served), matches, seconds))
        creates = len(finished) + len(matches)
        return Phase(rate, latencies, cpu_seconds(pid) - began, len(latencies) + creates)

    return measure


def bare_phase(clients: int, seconds: float) -> Measure:
    def measure(served: Served) -> Phase:
        pid = served.process.pid
        began = cpu_seconds(pid)
        with elapsing(seconds, "GET /healthz"):
            rate, latencies = timed(bare(port_of(served), clients, seconds))
        return Phase(rate, latencies, cpu_seconds(pid) - began, len(latencies))

    return measure


def versus(phases: dict[str, list[Phase]], ours: str, theirs: str, part: str) -> str:
    """The median of the rounds' rate ratios and the difference in server CPU per request."""
    ratios = [o.rate / t.rate for o, t in zip(phases[ours], phases[theirs], strict=True)]
    shown = ", ".join(f"x{r:.2f}" for r in ratios)
    cpu = [
        sum(p.cpu for p in phases[n]) / sum(p.requests for p in phases[n]) * 1e6
        for n in (ours, theirs)
    ]
    ratio = statistics.median(ratios)
    return (f"  => {part}: {ours} against {theirs}: x{ratio:.2f} the requests/s "
            f"(rounds: {shown}), {cpu[0] - cpu[1]:+.0f} us server CPU/request")  # fmt: skip


# --- what each part changes in behaviour ---


def lax_bodies(base: str) -> list[int]:
    """The statuses of three bodies the OpenAPI schema forbids, on a fresh game each: a version
    as a string, a move sent as `text/plain`, and a rules option as a string."""
    statuses: list[int] = []
    with httpx.Client(base_url=base, timeout=10) as client:
        for kind in ("string version", "text/plain", "string option"):
            seed = chosen_seed(f"lax-{kind}")
            body: dict[str, Any] = {"players": ["Ana", "Bia"], "seed": seed}
            if kind == "string option":
                body["rules"] = {"target": "21"}
                statuses.append(client.post("/v1/games", json=body).status_code)
                continue
            created = client.post("/v1/games", json={**body, "rules": {"first_dealer": 1}})
            assert created.status_code == 201, created.text
            game = created.json()
            seat, payload = match_script(f"lax-{kind}")[0]
            move = json.loads(payload)
            headers = {"Authorization": f"Bearer {game['players'][seat]['token']}"}
            if kind == "string version":
                move["expected_version"] = str(move["expected_version"])
            headers["Content-Type"] = "text/plain" if kind == "text/plain" else "application/json"
            url = f"/v1/games/{game['game_id']}/moves"
            statuses.append(client.post(url, content=json.dumps(move), headers=headers).status_code)
    return statuses


def head_answers(base: str) -> str:
    """`HEAD /healthz`: its status and length, as GET's."""
    answer = httpx.head(f"{base}/healthz", timeout=10)
    return f"{answer.status_code} (content-length {answer.headers.get('content-length', '-')})"


def get_routes() -> int:
    """How many of the app's routes answer GET (so HEAD, through `HeadAsGet`)."""
    from litestar.routes import HTTPRoute

    from service.app import create_app

    app = create_app(
        Settings(
            redis=RedisSettings(url="redis://127.0.0.1:1/0"),
            keys=KeySettings(signing=(SIGNING_KEY,)),
        )
    )
    return sum(isinstance(r, HTTPRoute) and "GET" in r.methods for r in app.routes)


def trickled(base: str) -> str:
    """A request's head sent a byte every 0.1 s: when the server closed, and its answer."""
    host, port = base.removeprefix("http://").split(":")
    data = b"POST /v1/games HTTP/1.1\r\nHost: bench\r\nX-Slow: " + b"a" * 1000
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        for byte in data:
            if time.monotonic() - started > TRICKLE_FOR:
                return f"still open after {TRICKLE_FOR:g} s"
            try:
                conn.sendall(bytes([byte]))
            except OSError:
                break
            if select.select([conn], [], [], 0.1)[0]:  # an answer, or the end of the connection
                break
        took = time.monotonic() - started
        reply = conn.recv(65536)
    status = reply.split(b"\r\n", 1)[0].decode("latin-1") or "nothing"
    return f"closed after {took:.1f} s, answered {status}"


GETTING: Final = ["shipped", "get-only", "uvicorn", "twin"]
PLAYING: Final = ["shipped", "declared", "lax", "twin"]


def http_figures(folder: Path, args: argparse.Namespace) -> None:
    """The servers' phases in turn, their figures, then what each part changes in behaviour."""
    matches = scripts(args.clients, 2)
    gc.freeze()  # the scripts live to the end: no collection of the client visits them
    rewrite = ("--auto-aof-rewrite-percentage", "0")
    with (
        RedisServer(folder / "http", None, "everysec", *rewrite) as redis_server,
        servers(redis_server.url, folder) as found,
    ):
        print(
            f"HTTP: {args.clients} clients, one uvicorn worker per server, "
            f"{args.rounds} rounds of {args.seconds:g} s"
        )
        for served in found.values():  # untimed: first requests, caches, the engine's imports
            timed(moves(port_of(served), matches, args.warm_up))
            timed(bare(port_of(served), args.clients, args.warm_up / 2))
        # GET first, while every server has served the same requests (a server that played
        # more matches holds more in memory, and its collections cost more)
        bared = in_turn(
            GETTING, bare_phase(args.clients, args.seconds), found, args.rounds, "GET /healthz"
        )
        played = in_turn(PLAYING, move_phase(matches, args.seconds), found, args.rounds, "moves")
        http_report(bared, played)
        behaviour(found)


def http_report(bared: dict[str, list[Phase]], played: dict[str, list[Phase]]) -> None:
    print("GET /healthz:")
    for name in GETTING:
        print(f"  {name:9} {summary(bared[name], 'req/s  ')}")
    print(versus(bared, "shipped", "get-only", "head"))
    print(versus(bared, "shipped", "uvicorn", "receive_deadline"))
    print(versus(bared, "shipped", "twin", "the same server twice, the noise"))
    print("POST /moves:")
    for name in PLAYING:
        print(f"  {name:9} {summary(played[name], 'moves/s')}")
    print(versus(played, "shipped", "declared", "fast_moves"))
    print(versus(played, "declared", "lax", "strict"))
    print(versus(played, "shipped", "twin", "the same server twice, the noise"))


def behaviour(found: dict[str, Served]) -> None:
    strict, lax = lax_bodies(found["declared"].base), lax_bodies(found["lax"].base)
    print("lax bodies (a string version, a move as text/plain, a string option):")
    print(f"  strict hook: {strict}; Litestar's own decoding: {lax}")
    shipped, litestar = (head_answers(found[name].base) for name in ("shipped", "get-only"))
    print(
        f"HEAD /healthz ({get_routes()} routes answer GET): shipped {shipped}; "
        f"Litestar's own: {litestar}"
    )
    with ThreadPoolExecutor(2) as pool:
        shipped, plain = pool.map(trickled, [found["shipped"].base, found["uvicorn"].base])
    print(f"a request trickled a byte every 0.1 s, ESCOPA_RECEIVE_TIMEOUT={RECEIVE_TIMEOUT:g}:")
    print(f"  shipped: {shipped}; uvicorn's own protocol: {plain}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--coroutines", type=int, default=64, help="of the Redis runs")
    parser.add_argument("--seconds", type=float, default=1.5, help="per HTTP phase")
    parser.add_argument("--redis-seconds", type=float, default=0.75, help="per Redis phase")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--requests", type=int, default=10_000, help="per in-process run")
    parser.add_argument("--warm-up", type=float, default=1.0, help="untimed, per server")
    parser.add_argument("--serve", choices=list(VARIANTS), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.port)
        return
    print(f"transports benchmark: python {sys.version.split()[0]}, {os.cpu_count()} cores")
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="escopa-transports-") as temporary:
        uvloop.run(redis_figures(Path(temporary), args))
        uvloop.run(asgi_figures(args.rounds, args.requests))
        http_figures(Path(temporary), args)
    print(f"({time.monotonic() - began:.0f} s)")


if __name__ == "__main__":
    main()
