"""One run of the whole under faults: the deployment started, the mixed load on it, a fault of
each kind dealt in turn while it plays, then the load stopped and everything read back.

`bench/faults.py` runs it several times at length and prints the figures; the fault tests run
it once, short.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import httpx

from tests.harness.deployment import FAULTS, Deployment, deployed
from tests.harness.mixed_load import Load, Requests, Shape
from tests.harness.whole_checks import Findings, check

FINISH: Final = 300.0
"""Seconds the load's clients may take to finish their games and tournament once stopped (a
bound on a hang: a tournament round's clock is 10 s a turn)."""


@dataclass(frozen=True)
class Plan:
    """How long a run plays (at least `seconds` and `moves` people's moves acknowledged),
    how many seconds pass between two faults, and the load's shape."""

    seconds: float
    moves: int
    gap: float
    shape: Shape = field(default_factory=Shape)
    seed: int = 0


@dataclass
class Figures:
    """What one run did and found."""

    seconds: float = 0.0
    """Wall time of the load, from its start to its stop."""
    wall: float = 0.0
    """Wall time of the whole run: start, load, checks and stop."""
    acknowledged: int = 0
    """People's moves the service acknowledged."""
    tournaments: int = 0
    checked: Findings = field(default_factory=Findings)
    """What the checker read back (games, moves in their logs, events, ...)."""
    faults: Counter[str] = field(default_factory=Counter)
    answers: Counter[int] = field(default_factory=Counter)
    cut: int = 0
    dealt: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)


@asynccontextmanager
async def clients(bases: list[str]) -> AsyncIterator[list[httpx.AsyncClient]]:
    async with AsyncExitStack() as stack:
        yield [await stack.enter_async_context(httpx.AsyncClient(base_url=b)) for b in bases]


async def deal_faults(
    deployment: Deployment, gap: float, log: list[str], stop: asyncio.Event
) -> None:
    """A fault every `gap` seconds, each kind in turn, until `stop` is set (never mid-fault)."""
    number = 0
    while True:
        try:
            await asyncio.wait_for(stop.wait(), gap)
            return
        except TimeoutError:
            pass
        kind = FAULTS[number % len(FAULTS)]
        started = time.monotonic()
        done = await asyncio.to_thread(deployment.deal, kind, number // len(FAULTS))
        log.append(f"{kind}: {done} ({time.monotonic() - started:.1f} s)")
        number += 1


async def play(load: Load, deployment: Deployment, plan: Plan, figures: Figures) -> None:
    """The load under faults until the plan is met (and every fault kind dealt once)."""
    start = time.monotonic()
    stop = asyncio.Event()
    faults = asyncio.create_task(deal_faults(deployment, plan.gap, figures.dealt, stop))
    while (
        time.monotonic() - start < plan.seconds
        or load.seen.acknowledged < plan.moves
        or len(deployment.faults) < len(FAULTS)
    ):
        if load.failed() is not None or faults.done():
            break
        await asyncio.sleep(1.0)
    stop.set()
    try:
        await faults
    except Exception as error:  # a fault that failed is a finding
        figures.violations.append(f"a fault failed: {error!r}")
    figures.seconds = time.monotonic() - start


async def run_whole(folder: Path, plan: Plan) -> Figures:
    """One run, from nothing to its figures (its violations among them)."""
    figures = Figures()
    started = time.monotonic()
    with deployed(folder) as deployment:
        async with clients(deployment.bases) as http:
            load = Load(http, deployment.receiver.url, plan.shape, plan.seed)
            load.start()
            await play(load, deployment, plan, figures)
            figures.violations += await load.stop(FINISH)
            seen = load.seen
            requests = Requests(http, seen, load.requests(-1).rng)
            figures.checked = await check(deployment, seen, requests)
            figures.violations += seen.unexpected + figures.checked.violations
            figures.faults = deployment.faults
            figures.answers = seen.statuses
            figures.cut = seen.cut
            figures.acknowledged = seen.acknowledged
            figures.tournaments = len(seen.cups)
    figures.wall = time.monotonic() - started
    return figures
