"""Helpers of the fault tests: `escopa serve` processes, players that survive outages, checks.

Everything runs on loopback: a private `redis-server` per test (`RedisServer`, restarted on the
same port and data folder to come back from its append-only file) and API processes started
with `escopa serve --redis-url`, or app instances served by uvicorn inside the test.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import httpx
from redis.asyncio import Redis

from service.store.redis_server import RedisServer
from tests.harness.api import Client, Game, assert_chain, ok
from tests.harness.audits import audit_of
from tests.harness.processes import Served, serve_processes

RETRY_PAUSE: Final = 0.05
HANG: Final = 300.0
"""Seconds after which a fault test counts as hung: a bound on a hang, never a measure (a busy
machine took over 40 s to play what a quiet one plays in a few)."""
UNAVAILABLE: Final = (502, 503)


@contextmanager
def api_processes(redis_url: str, folder: Path, count: int, **env: str) -> Iterator[list[Served]]:
    """`count` `escopa serve` processes over one Redis, ready on entry: a short Redis timeout,
    text logs, warnings only."""
    defaults = {"ESCOPA_REDIS_TIMEOUT": "0.5", "ESCOPA_LOG_FORMAT": "text"}
    options = ("--log-level", "warning")
    with serve_processes(redis_url, folder, count, *options, **{**defaults, **env}) as served:
        yield served


def restart(server: RedisServer) -> RedisServer:
    """A new redis-server on the same port and data folder: it loads the append-only file."""
    again = RedisServer(server.data_dir, server.port, server.fsync)
    return again.start()


async def kill_when_waiting(url: str) -> None:
    """Close the connection of the first client blocked in WAIT, as a dying server would: the
    write before it is stored, and its writer hears no answer (as if it had crashed there)."""
    admin = Redis.from_url(url, decode_responses=True)
    try:
        async with asyncio.timeout(5):
            while True:
                for client in await admin.client_list():
                    if client["cmd"] == "wait":
                        await admin.client_kill_filter(_id=client["id"])
                        return
                await asyncio.sleep(0.01)
    finally:
        await admin.aclose()


@contextmanager
def stopped(server: RedisServer) -> Iterator[None]:
    """Redis frozen with SIGSTOP (it accepts connections but never answers), then SIGCONT."""
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.process.pid, signal.SIGCONT)


@dataclass(frozen=True)
class Ack:
    """A move the API acknowledged with 200: the version it made is its log entry's seq."""

    game_id: str
    version: int
    seat: int
    move: str


@dataclass
class Player:
    """Plays every seat of one game to the end, through whichever API answers.

    A move is sent with an `Idempotency-Key` naming the game and version, so when its answer is
    lost (503 while Redis is down, a dropped connection) it is sent again, unchanged: the first
    answer comes back if it was applied, else it is applied now. Never twice.
    """

    game: Game
    apis: list[Client]
    rng: random.Random
    acks: list[Ack] = field(default_factory=list)
    outages: int = 0

    async def send(self, method: str, url: str, **kwargs: object) -> httpx.Response:
        """The request, through each API in turn until one answers other than 502/503 (all
        failing: a pause, then again)."""
        while True:
            for api in self.rng.sample(self.apis, len(self.apis)):
                try:
                    response = await api.request(method, url, **kwargs)  # type: ignore[arg-type]
                except httpx.TransportError:
                    self.outages += 1
                    continue
                if response.status_code not in UNAVAILABLE:
                    return response
                assert response.headers["retry-after"] == "1"
                assert response.json()["code"] == "service/unavailable"
                self.outages += 1
            await asyncio.sleep(RETRY_PAUSE)

    async def play(self, stop: asyncio.Event | None = None) -> None:
        """Play legal moves until the match is over (or `stop` is set)."""
        url = self.game.url
        while stop is None or not stop.is_set():
            view = ok(await self.send("GET", url))
            if view["status"] == "finished":
                return
            seat, version = view["turn"], view["version"]
            auth = self.game.auth(seat)
            legal = ok(await self.send("GET", f"{url}/legal-moves", headers=auth))
            if legal["version"] != version or not legal["moves"]:
                continue
            move = self.rng.choice(legal["moves"])["id"]
            headers = {**auth, "Idempotency-Key": f"{self.game.id}-{version}"}
            body = {"expected_version": version, "move": move}
            result = ok(await self.send("POST", f"{url}/moves", json=body, headers=headers))
            self.acks.append(Ack(self.game.id, result["version"], seat, result["move"]))


async def assert_acknowledged_and_audited(client: Client, game: Game, acks: list[Ack]) -> None:
    """Every acknowledged move of the finished game is in its log, which is whole and audits."""
    entries = await game.log()
    assert_chain(entries)
    by_seq = {entry["seq"]: entry for entry in entries}
    for ack in acks:
        entry = by_seq.get(ack.version)
        assert entry is not None, f"acknowledged {ack} is not in the log"
        assert (entry["seat"], entry["move"]) == (ack.seat, ack.move), (ack, entry)
    report = await audit_of(game.on(client))
    assert report["ok"], report
    assert report["entries"] == len(entries)


async def wait_until(condition: object, timeout: float = HANG) -> None:
    """Poll `condition()` (sync) until true; fail after `timeout` seconds."""
    async with asyncio.timeout(timeout):
        while not (callable(condition) and condition()):
            await asyncio.sleep(0.01)


async def ready(client: Client) -> int:
    with suppress(httpx.TransportError):
        return (await client.get("/readyz")).status_code
    return 0
