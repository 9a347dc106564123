"""`/metrics` of `escopa serve --workers 2`: whichever worker a scrape reaches counts them all."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx

from tests.harness.processes import Served, counted, serve_processes

BURST = 8
WAIT_SECONDS = 60
"""Bounds a hang only: bursts go on until both workers answered one."""


def workers_that_served(served: Served, method: str, route: str) -> set[int]:
    """The pids whose access log lines show this route answered."""
    pids = set()
    for line in served.log_lines():
        entry = json.loads(line) if line.startswith("{") else {}
        if entry.get("logger") == "escopa.access" and (entry["method"], entry["route"]) == (
            method,
            route,
        ):
            pids.add(entry["pid"])
    return pids


async def until_both_workers(
    served: Served, method: str, route: str, call: Callable[[], Awaitable[httpx.Response]]
) -> list[httpx.Response]:
    """Bursts of concurrent requests, each on a new connection, until both workers answered."""
    answers: list[httpx.Response] = []
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        answers += await asyncio.gather(*(call() for _ in range(BURST)))
        if len(workers_that_served(served, method, route)) == 2:
            return answers
        await asyncio.sleep(0.05)  # a busy machine may let one worker take a whole burst
    raise AssertionError(f"one worker answered every {method} {route} for {WAIT_SECONDS} s")


async def test_every_scrape_of_two_workers_counts_the_games_both_created(
    redis_url: str, tmp_path: Path
) -> None:
    fresh = httpx.Limits(max_keepalive_connections=0)  # a new connection for every request
    with serve_processes(redis_url, tmp_path, 1, "--workers", "2") as [served]:
        async with httpx.AsyncClient(base_url=served.base, timeout=10, limits=fresh) as client:
            created = await until_both_workers(
                served,
                "POST",
                "/v1/games",
                lambda: client.post("/v1/games", json={"players": ["Ana", "Bia"]}),
            )
            scrapes = await until_both_workers(
                served, "GET", "/metrics", lambda: client.get("/metrics")
            )

    assert all(answer.status_code == 201 for answer in created)
    for scrape in scrapes:
        assert scrape.status_code == 200
        assert counted(scrape.text, "escopa_games_created_total") == len(created)
        assert counted(scrape.text, "escopa_games_active") == len(created)
        assert "process_resident_memory_bytes" not in scrape.text  # per process: not merged
