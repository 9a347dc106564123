"""Storage benchmark: what a 2-player escopa match costs in Redis, beside the moves' throughput.

Through the real API, against a private redis-server with its append-only file on (fsync every
second, no rewrites during the run), a few clients play N random matches (the engine chooses
every move before the clock starts, as in `bench/load.py`). In the same run it prints:

- Redis memory of a finished match and of a match at mid-game (`MEMORY USAGE` of every key
  of the game, summed): min, median and max over the matches;
- append-only file bytes per move (the file's growth over the play, creations included,
  divided by the moves);
- Redis commands per move: those the service sends during one more match, counted by
  `MONITOR` (not a script's own commands), and `EVALSHA` calls over the play; a cached game's
  move is one script in one round trip;
- moves per second while the clients play;
- read timings (median and p90): a log page, a view and an export of a finished match, a
  seat's view and last log page at mid-game, and an event (SSE) of a move at mid-game;
- the archive (`bench/archive_scale.py`): the time to archive a match (checked), its body's
  size, Redis' memory of it once archived and its lifetime ran out, then per store (SQLite,
  and PostgreSQL when installed) the bytes per match and a player's history page p50 / p99
  with `--archived` matches archived.

    .venv/bin/python bench/storage.py [--matches 12] [--clients 4] [--archived 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import redis.asyncio as aioredis  # noqa: E402

from bench.archive_scale import archive_rows  # noqa: E402
from bench.load import RULES, Connection, Script, match_script  # noqa: E402
from service.cli.progress import Advance, progress  # noqa: E402
from service.store.archive.opening import sqlite_url  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from tests.harness.api import chosen_seed  # noqa: E402
from tests.harness.processes import serve_processes  # noqa: E402


class Played(NamedTuple):
    """A match played through the API: its id, seat headers, moves, and its size at mid-game."""

    game_id: str
    auth: list[dict[str, str]]
    moves: int
    mid_bytes: int


async def game_bytes(client: aioredis.Redis, game_id: str, but: str = "") -> int:
    """`MEMORY USAGE` of every key of the game (every key in its hash tag), summed; without
    the key named `{g:<id>}:<but>`, when given."""
    total = 0
    async for key in client.scan_iter(match=f"{{g:{game_id}}}:*", count=1000):
        if not but or key.decode() != f"{{g:{game_id}}}:{but}":
            total += int(await client.memory_usage(key, samples=0) or 0)
    return total


async def create(connection: Connection, seed: str) -> tuple[str, list[dict[str, str]]]:
    body = {"players": ["Ana", "Bia"], "seed": chosen_seed(seed), "rules": RULES}
    status, raw = await connection.request("POST", "/v1/games", json.dumps(body).encode())
    assert status == 201, raw
    created = json.loads(raw)
    tokens = [p["token"] for p in created["players"]]
    return created["game_id"], [{"Authorization": f"Bearer {token}"} for token in tokens]


async def play(
    connection: Connection,
    client: aioredis.Redis,
    seed: str,
    script: Script,
    stop_at: int,
    probe: bool = True,
) -> Played:
    """Create a match and play `stop_at` moves of its script (its size measured half way)."""
    game_id, auth = await create(connection, seed)
    path = f"/v1/games/{game_id}/moves"
    mid = 0
    for index, (seat, payload) in enumerate(script[:stop_at]):
        if probe and index == len(script) // 2:
            mid = await game_bytes(client, game_id)
        status, raw = await connection.request("POST", path, payload, auth[seat])
        assert status == 200, raw
    return Played(game_id, auth, stop_at, mid)


async def info(client: aioredis.Redis) -> tuple[int, int]:
    """The append-only file's size and the EVALSHA calls so far."""
    persistence = await client.info("persistence")
    commands = await client.info("commandstats")
    evalsha = int(commands.get("cmdstat_evalsha", {}).get("calls", 0))
    return int(persistence["aof_current_size"]), evalsha


async def monitored(port: int, url: str, seed: str) -> float:
    """The commands the service sends Redis per move of one more match, counted by MONITOR
    (which shows a script's own commands apart, as `lua`); the match's creation included."""
    watcher = aioredis.Redis.from_url(url)
    client = aioredis.Redis.from_url(url)
    sent = 0
    async with watcher.monitor() as monitor:

        async def count() -> None:
            nonlocal sent
            async for command in monitor.listen():
                sent += command["client_type"] != "lua"

        counting = asyncio.ensure_future(count())
        await asyncio.sleep(0.2)
        script = match_script(seed)
        connection = Connection(port)
        await play(connection, client, seed, script, len(script), probe=False)
        await connection.close()
        await asyncio.sleep(0.2)  # the last lines of the monitor's output
        counting.cancel()
    await client.aclose()
    await watcher.aclose()
    return sent / len(script)


async def play_all(
    port: int, client: aioredis.Redis, scripts: list[tuple[str, Script]], clients: int
) -> tuple[list[Played], float]:
    """Every match played to its end by `clients` concurrent clients; and the seconds taken."""
    queue = list(scripts)
    played: list[Played] = []

    async def worker(advance: Advance) -> None:
        connection = Connection(port)
        while queue:
            seed, script = queue.pop()
            played.append(await play(connection, client, seed, script, len(script)))
            advance(1)
        await connection.close()

    began = time.perf_counter()
    with progress(len(scripts), "matches", "matches") as advance:
        await asyncio.gather(*(worker(advance) for _ in range(clients)))
    return played, time.perf_counter() - began


async def timings(connection: Connection, path: str, auth: dict[str, str], repeat: int) -> Timing:
    """The median and p90 of `repeat` timed reads of `path`, in milliseconds."""
    seconds: list[float] = []
    for _ in range(repeat):
        started = time.perf_counter()
        status, raw = await connection.request("GET", path, headers=auth)
        seconds.append(time.perf_counter() - started)
        assert status == 200, raw
    return quantiles(seconds)


Timing = tuple[float, float]


def quantiles(seconds: list[float]) -> Timing:
    """The median and p90 of some durations, in milliseconds."""
    ordered = sorted(seconds)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.9)] * 1000


async def event_after(port: int, path: str, auth: dict[str, str], move: Awaitable[None]) -> float:
    """Seconds from sending a move to its event on a stream opened before it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"GET {path} HTTP/1.1", "Host: bench", *(f"{k}: {v}" for k, v in auth.items())]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await reader.readuntil(b"retry:")  # the opening comment: the stream is open
    started = time.perf_counter()
    await move
    await reader.readuntil(b"data:")
    elapsed = time.perf_counter() - started
    writer.close()
    return elapsed


async def post(connection: Connection, path: str, payload: bytes, auth: dict[str, str]) -> None:
    status, raw = await connection.request("POST", path, payload, auth)
    assert status == 200, raw


READS = (
    "log page (50 entries), finished",
    "view, finished",
    "export, finished",
    "log page (last 50), seat, mid-game",
    "view, seat, mid-game",
    "event of a move (SSE), mid-game",
)


async def reads(
    port: int, client: aioredis.Redis, finished: list[Played], repeat: int
) -> dict[str, Timing]:
    """Read timings on finished matches and on new matches played to mid-game."""
    connection = Connection(port)
    found: dict[str, list[Timing]] = {name: [] for name in READS}
    for index, game in enumerate(finished[:4]):
        base = f"/v1/games/{game.game_id}"
        found[READS[0]].append(await timings(connection, f"{base}/log?limit=50", {}, repeat))
        found[READS[1]].append(await timings(connection, base, {}, repeat))
        found[READS[2]].append(await timings(connection, f"{base}/export", {}, repeat))
        script = match_script(f"storage-mid-{index}")
        half = len(script) // 2
        mid = await play(connection, client, f"storage-mid-{index}", script, half)
        base = f"/v1/games/{mid.game_id}"
        auth = mid.auth[script[half][0]]
        page = f"{base}/log?after={max(0, half + 1 - 50)}&limit=50"
        found[READS[3]].append(await timings(connection, page, auth, repeat))
        found[READS[4]].append(await timings(connection, base, auth, repeat))
        events: list[float] = []
        for step in range(half, min(half + 10, len(script))):
            mover, payload = script[step]
            move = post(connection, f"{base}/moves", payload, mid.auth[mover])
            path = f"{base}/events?after={step + 1}"
            events.append(await event_after(port, path, mid.auth[1 - mover], move))
        found[READS[5]].append(quantiles(events))
    await connection.close()
    return {
        name: (statistics.median(m for m, _ in got), statistics.median(p for _, p in got))
        for name, got in found.items()
    }


def spread(values: list[int]) -> str:
    """`min / median / max` in bytes."""
    return f"{min(values):,} / {statistics.median(values):,.0f} / {max(values):,}"


async def measure(port: int, url: str, args: argparse.Namespace) -> list[str]:
    """Play the matches, read some of them, print the table's Redis rows: the matches' ids."""
    scripts = [(f"storage-{i}", match_script(f"storage-{i}")) for i in range(args.matches)]
    client = aioredis.Redis.from_url(url)
    aof_before, evalsha_before = await info(client)
    played, seconds = await play_all(port, client, scripts, args.clients)
    aof_after, evalsha_after = await info(client)
    moves = sum(p.moves for p in played)
    finished = [await game_bytes(client, p.game_id) for p in played]
    kept = [await game_bytes(client, p.game_id, "log") for p in played]
    timed = await reads(port, client, played, args.repeat)
    sent = await monitored(port, url, "storage-monitored")
    await client.aclose()
    entries = [p.moves + 1 for p in played]
    print(
        f"storage benchmark: {len(played)} random 2-player escopa matches ({min(entries)}-"
        f"{max(entries)} log entries), {args.clients} clients, python "
        f"{sys.version.split()[0]}, {os.cpu_count()} cores, AOF fsync every second"
    )
    rows = [
        ("Redis memory, finished match (min / median / max)", f"{spread(finished)} bytes"),
        ("the same without its log stream (which may expire)", f"{spread(kept)} bytes"),
        (
            "Redis memory, game at mid-game (min / median / max)",
            f"{spread([p.mid_bytes for p in played])} bytes",
        ),
        ("append-only file bytes per move", f"{(aof_after - aof_before) / moves:,.0f}"),
        (
            "Redis commands per move (sent, by MONITOR / EVALSHA calls)",
            f"{sent:.2f} / {(evalsha_after - evalsha_before) / moves:.2f}",
        ),
        (f"moves per second ({args.clients} clients, 1 worker)", f"{moves / seconds:,.0f}"),
        *(
            (f"{name} (p50 / p90)", f"{p50:.1f} / {p90:.1f} ms")
            for name, (p50, p90) in timed.items()
        ),
    ]
    print("| figure (2-player escopa match) | measured |")
    print("|---|---|")
    table(rows)
    return [p.game_id for p in played]


def table(rows: list[tuple[str, str]]) -> None:
    for name, value in rows:
        print(f"| {name} | {value} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=20, help="timed reads of each kind")
    parser.add_argument(
        "--archived", type=int, default=10_000, help="matches in each archive for its figures"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="escopa-storage-") as temporary:
        folder = Path(temporary)
        norewrite = ("--auto-aof-rewrite-percentage", "0")
        with RedisServer(folder / "redis", None, "everysec", *norewrite) as server:
            options = ("--workers", "1", "--log-level", "warning")
            env = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}
            # Finished games are kept in Redis until archived: the bench archives them itself.
            env |= {"ESCOPA_ARCHIVE_URL": sqlite_url(folder / "played.sqlite3")}
            env |= {"ESCOPA_ARCHIVER": "0"}
            with serve_processes(server.url, folder, 1, *options, **env) as [api]:
                port = int(api.base.rsplit(":", 1)[1])
                game_ids = asyncio.run(measure(port, server.url, args))
            table(archive_rows(server.url, folder, game_ids, args.archived))


if __name__ == "__main__":
    main()
