"""Graceful shutdown of a real `escopa serve`: SIGTERM lets in-flight requests finish, and ends
event streams at once (their clients resume elsewhere) instead of waiting for them."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import httpx
import pytest
import redis

from service.store.redis_server import RedisServer
from tests.harness.pages import until
from tests.harness.processes import serve_processes
from tests.harness.sse import follow

PAUSE_MS = 60_000  # longer than any wait below: lifted by the test


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url


def held_writes(admin: redis.Redis) -> int:
    """How many clients wait in Redis on a write held back by the pause (not on a stream
    command or a blocking read, as the service's background loops send)."""
    return sum(
        "b" in client["flags"] and not client["cmd"].startswith(("x", "bl", "br", "bz"))
        for client in admin.client_list()
    )


def test_sigterm_during_a_slow_request_still_answers_it(redis_url: str, tmp_path: Path) -> None:
    quiet = {"ESCOPA_BOTS": "0", "ESCOPA_CLOCK_SWEEP": "0"}  # no writes but the request's
    # Each call on a connection of its own: down the one shared connection, the request's write
    # would queue behind a background loop's held write, and no more clients would be held.
    alone = {"ESCOPA_MULTIPLEX": "0", "ESCOPA_REDIS_TIMEOUT": "10"}
    with serve_processes(redis_url, tmp_path, 1, **alone, **quiet) as (served,):
        answers: list[httpx.Response] = []
        body = {"players": ["Ana", "Bia"]}
        sent = threading.Event()

        def trace(name: str, info: object) -> None:
            if name == "http11.send_request_body.complete":
                sent.set()

        def create() -> None:
            with httpx.Client(base_url=served.base, timeout=20) as client:
                answers.append(client.post("/v1/games", json=body, extensions={"trace": trace}))

        admin = redis.Redis.from_url(redis_url)
        admin.client_pause(PAUSE_MS, all=False)  # every write waits: the request hangs in Redis
        before = held_writes(admin)  # a background loop's write may be held too
        slow = threading.Thread(target=create)
        slow.start()
        until(sent.is_set, "the request sent")
        until(lambda: held_writes(admin) > before, "the request's write held in Redis")
        served.process.send_signal(signal.SIGTERM)
        until(lambda: "escopa stops" in served.log.read_text(), "the shutdown under way")
        assert slow.is_alive(), "the request should still be waiting for Redis"
        admin.client_unpause()
        slow.join(timeout=15)
        admin.close()
        assert [a.status_code for a in answers] == [201], answers
        assert served.process.wait(timeout=15) == 0


async def test_sigterm_ends_event_streams_at_once(redis_url: str, tmp_path: Path) -> None:
    with serve_processes(redis_url, tmp_path, 1) as (served,):
        async with httpx.AsyncClient(base_url=served.base, timeout=10) as client:
            created = await client.post("/v1/games", json={"players": ["Ana", "Bia"]})
            game_id = created.json()["game_id"]
            async with follow(client, game_id, after=1) as follower:
                began = time.monotonic()
                served.process.send_signal(signal.SIGTERM)
                assert await follower.rest(timeout=5) == []
        assert served.process.wait(timeout=10) == 0
        assert time.monotonic() - began < 4, "the server did not wait out its graceful timeout"
