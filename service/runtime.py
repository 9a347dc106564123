"""The composition root: every process's parts, built here and only here from its settings,
each dependency given at construction.

A process has one role:
- `api` (`escopa serve`): the routes' house, and the workers the settings turn on;
- `bots` (`escopa bots`): the bot worker, a clock sweeper, the webhook worker;
- `archiver` (`escopa archive`): the archive worker;
- `operator` (`escopa ratings`, the archive's checks): the house, no worker.

Every role that can end a game (api, bots) queues it for the archive and keeps it in Redis
until archived whenever the settings name an archive, whether or not it opens the archive
itself (`DueWork.archived`); only the roles that read or write the archive open it. The
settle and tournament workers read finished games, which Redis lets go once archived: they
run in every api process, and in `bots` only where no archive is named; their due indexes
are shared, so a finished game is settled and its tournament moved on whichever process
ended it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Final, Literal

from service.core.archive.archiving import Archiving
from service.core.bots.worker_processes import WorkerProcesses
from service.core.games.reports import Reports
from service.core.house import House
from service.ledger.signatures import KeyRing
from service.ops.workers.archiver import Archiver
from service.ops.workers.bot_worker import BotWorker, worker_for
from service.ops.workers.clock_sweeper import ClockSweeper
from service.ops.workers.due_worker import DueWorker, running
from service.ops.workers.settler import Settler
from service.ops.workers.tournament_worker import TournamentWorker
from service.ops.workers.webhook_worker import WebhookWorker, delivering
from service.settings import Settings
from service.store.archive.opening import open_archive
from service.store.archive.record import Archive
from service.store.connections import close_store, open_store, open_store_waiting
from service.store.redis_gateway import RedisGateway
from service.store.signing_key_file import key_ring

Role = Literal["api", "bots", "archiver", "operator"]
ROLES: Final[tuple[Role, ...]] = ("api", "bots", "archiver", "operator")
OPENS_ARCHIVE: Final = frozenset({"api", "archiver", "operator"})
"""The roles that read or write the archive themselves (`bots` only queues games for it)."""
THINKS: Final = frozenset({"api", "bots"})
"""The roles with worker processes where bots think and replays run."""
log = logging.getLogger("escopa")


@dataclass(frozen=True, slots=True)
class Parts:
    """One process's parts: its settings, signing keys, Redis gateway, archive (if it opens one) and
    the house of every verb over them."""

    role: Role
    settings: Settings
    ring: KeyRing
    gateway: RedisGateway
    archive: Archive | None
    house: House


@dataclass(frozen=True, slots=True)
class Background:
    """The workers a process runs beside its requests (or alone), by name."""

    due: tuple[tuple[str, DueWorker], ...]
    webhooks: WebhookWorker | None

    @property
    def names(self) -> tuple[str, ...]:
        return (*(name for name, _ in self.due), *(("webhooks",) if self.webhooks else ()))


@asynccontextmanager
async def opened(
    settings: Settings, role: Role, reports: Reports | None = None
) -> AsyncIterator[Parts]:
    """The role's parts, open for the block and closed after it. Raises ValueError without a
    usable signing key (every write is signed) or with an archive URL it cannot read."""
    ring = key_ring(settings)
    connect = open_store_waiting if role == "bots" else open_store
    gateway = await connect(settings.redis)
    archive = None
    processes = WorkerProcesses(settings.bots.processes) if role in THINKS else None
    try:
        if role in OPENS_ARCHIVE:
            archive = await open_archive(settings.archive.url)
        house = House(gateway, settings, ring, processes, archive, reports)
        if processes is not None:
            processes.start()  # they start now, not at the first stand-in or hint
        yield Parts(role, settings, ring, gateway, archive, house)
    finally:
        if processes is not None:
            processes.close()
        if archive is not None:
            await archive.close()
        await close_store(gateway)


def background(parts: Parts) -> Background:
    """The workers the role runs, as its settings turn them on."""
    settings, house = parts.settings, parts.house
    due: list[tuple[str, DueWorker]] = []
    if parts.role in ("api", "bots") and reads_finished(parts):
        due.append(("settle", Settler(house.journal, house.players)))
        due.append(("tournaments", TournamentWorker(house.journal, house.tournaments)))
    if parts.role in ("api", "bots") and settings.clocks.sweep:
        due.append(("clock-sweeper", ClockSweeper(house.access, house.clocks)))
    if parts.role == "bots" or (parts.role == "api" and settings.bots.worker):
        due.append(("bot-worker", bot_worker(parts)))
    if parts.archive is not None and (
        parts.role == "archiver" or (parts.role == "api" and settings.archive.worker)
    ):
        due.append(
            (
                "archiver",
                Archiver(Archiving(house.journal, house.webhooks.store, parts.archive, parts.ring)),
            )
        )
    webhooks = None
    if parts.role == "bots" or (parts.role == "api" and settings.webhooks.worker):
        webhooks = WebhookWorker(house.webhooks, settings)
    if parts.role in ("api", "bots") and not settings.clocks.sweep:
        log.warning(
            "this process applies no timeouts (ESCOPA_CLOCK_SWEEP=0): run `escopa bots` or "
            "another process with a clock sweeper, or clocked games wait past their deadlines"
        )
    return Background(tuple(due), webhooks)


def reads_finished(parts: Parts) -> bool:
    """Whether the process reads every finished game, wherever it is: Redis lets a game go
    once the archive holds it, and the settle and tournament workers read finished games, so
    with an archive named they run only where it is open (the `api` role's processes)."""
    return parts.archive is not None or not parts.settings.archive.url


def bot_worker(parts: Parts) -> BotWorker:
    return worker_for(parts.settings, parts.house)


@asynccontextmanager
async def working(workers: Background) -> AsyncIterator[None]:
    """Every worker running in a task of its own while the block runs; stopped after it."""
    async with AsyncExitStack() as stack:
        for name, worker in workers.due:
            await stack.enter_async_context(running(worker, name))
        if workers.webhooks is not None:
            await stack.enter_async_context(delivering(workers.webhooks))
        yield


@asynccontextmanager
async def archiving(settings: Settings) -> AsyncIterator[Archiving]:
    """The archiver role's archiving (`escopa archive`, its checks and exports), open for the
    block. Raises ValueError when the settings name no archive."""
    async with opened(settings, "archiver") as parts:
        if parts.archive is None:
            raise ValueError(
                "no archive: set ESCOPA_ARCHIVE_URL (sqlite:///... or postgresql://...)"
            )
        yield Archiving(parts.house.journal, parts.house.webhooks.store, parts.archive, parts.ring)


async def work_alone(settings: Settings, role: Role) -> None:
    """A role's workers with parts of their own (`escopa bots`, `escopa archive`), until the
    process is stopped."""
    async with opened(settings, role) as parts, working(background(parts)):
        await asyncio.Event().wait()
