"""Prometheus metrics: requests, latency, moves, conflicts, games, event streams.

Each app has its own registry, so app instances in one process (tests) never share counters.
`escopa serve --workers N` (N > 1) runs the workers in prometheus_client's multiprocess mode
(`PROMETHEUS_MULTIPROC_DIR`): each worker writes its values to a file there, and whichever
worker a scrape reaches answers for all of them (without the per-process `process_*` metrics).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
    multiprocess,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from service.core.games.reports import Reports

CONTENT_TYPE: Final = CONTENT_TYPE_LATEST
MULTIPROCESS_DIR: Final = "PROMETHEUS_MULTIPROC_DIR"
LATENCY_BUCKETS: Final = (
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
)  # fmt: skip


ENTRY_KINDS = ("move", "deal", "resigned", "aborted", "timeout", "joined", "left", "rematch")
"""The kinds of log entries counted (every entry after a game's first)."""


class Metrics(Reports):
    """The process's counters, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=True)
        self.shared = shared_directory()
        if self.shared is None:
            ProcessCollector(registry=registry)
            PlatformCollector(registry=registry)
        else:
            forget_dead_workers(self.shared)
        self.requests = Counter(
            "escopa_http_requests",
            "HTTP requests answered, by route template, method and status",
            ["route", "method", "status"],
            registry=registry,
        )
        self.latency = Histogram(
            "escopa_http_request_duration_seconds",
            "Time to answer a request (event streams are not timed), by route template and method",
            ["route", "method"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.moves = Counter(
            "escopa_moves_applied",
            "Log entries committed by this process, by kind (moves, deals, timeouts, endings...)",
            ["kind"],
            registry=registry,
        )
        self.conflicts = Counter(
            "escopa_version_conflicts",
            "Writes refused because the game had moved on (game/version_conflict)",
            registry=registry,
        )
        self.problems = Counter(
            "escopa_problems",
            "Problem responses, by stable code",
            ["code"],
            registry=registry,
        )
        self.created = Counter(
            "escopa_games_created", "Games created by this process", registry=registry
        )
        self.finished = Counter(
            "escopa_games_finished",
            "Matches ended by a move this process applied",
            registry=registry,
        )
        self.active = Gauge(
            "escopa_games_active",
            "Games created minus matches finished by this process; sum over processes for the "
            "running games (abandoned games that expire are not subtracted)",
            registry=registry,
            multiprocess_mode="sum",
        )
        self.streams = Gauge(
            "escopa_event_streams_open",
            "Server-sent event streams open",
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.streams_refused = Counter(
            "escopa_event_streams_refused",
            "Event streams refused by a limit (the process's total, a client's, a game's)",
            registry=registry,
        )
        self.events = Counter(
            "escopa_events_sent", "Log entries sent on event streams", registry=registry
        )
        self.archived = Counter(
            "escopa_archive_results",
            "Finished games the archive worker looked at, by result: archived (checked, Redis "
            "may drop them), pending (webhook deliveries still to make), failed (the archived "
            "copy did not check), running, gone, moved",
            ["result"],
            registry=registry,
        )
        self.backlog = Gauge(
            "escopa_archive_pending",
            "Finished games waiting to be archived or checked again (the index's size)",
            registry=registry,
            multiprocess_mode="max",
        )
        self.dependencies = Gauge(
            "escopa_dependency_up",
            "1 while a dependency answered this process's last call to it, 0 while it is "
            "down: `redis` (the process is not ready), `archive` (degraded: finished games "
            "wait in Redis, archived reads answer 503)",
            ["dependency"],
            registry=registry,
            multiprocess_mode="min",
        )
        self._moves = {
            kind: self.moves.labels(kind)
            for kind in (
                "move",
                "deal",
                "resigned",
                "aborted",
                "timeout",
                "joined",
                "left",
                "rematch",
            )
        }
        # Label lookups cost more than the update; routes, methods and statuses are bounded.
        self._counters: dict[tuple[str, str, int], Counter] = {}
        self._timers: dict[tuple[str, str], Histogram] = {}

    def game_created(self) -> None:
        self.created.inc()
        self.active.inc()

    def dependency(self, name: str, up: bool) -> None:
        """Whether a dependency (`redis`, `archive`) answers, as this process found it."""
        self.dependencies.labels(name).set(1 if up else 0)

    def committed(self, kind: str, finished: bool) -> None:
        self._moves[kind].inc()
        if finished:
            self.finished.inc()
            self.active.dec()

    def archiving(self, result: str) -> None:
        self.archived.labels(result).inc()

    def archive_backlog(self, games: int) -> None:
        self.backlog.set(games)

    def problem(self, code: str) -> None:
        """A problem response with this code was sent."""
        self.problems.labels(code).inc()
        if code == "game/version_conflict":
            self.conflicts.inc()

    def request(self, route: str, method: str, status: int, seconds: float | None) -> None:
        """A request was answered; `seconds` is None for a stream, which is not timed."""
        counter = self._counters.get((route, method, status))
        if counter is None:
            counter = self.requests.labels(route, method, str(status))
            self._counters[route, method, status] = counter
        counter.inc()
        if seconds is not None:
            timer = self._timers.get((route, method))
            if timer is None:
                timer = self._timers[route, method] = self.latency.labels(route, method)
            timer.observe(seconds)

    def exposition(self) -> bytes:
        """Everything in the Prometheus text format (every worker's, in multiprocess mode)."""
        if self.shared is None:
            return generate_latest(self.registry)
        merged = CollectorRegistry()
        multiprocess.MultiProcessCollector(merged, path=self.shared)  # type: ignore[no-untyped-call]
        return generate_latest(merged)

    def close(self) -> None:
        """This process stops: its live gauges (open streams) no longer count."""
        if self.shared is not None:
            multiprocess.mark_process_dead(os.getpid(), self.shared)  # type: ignore[no-untyped-call]


def forget_dead_workers(directory: str) -> None:
    """Drop the live gauges (open streams) of workers that died without closing, so that the
    worker that replaces a crashed one does not count the streams the crash cut."""
    for file in Path(directory).glob("gauge_live*_*.db"):
        pid = file.stem.rpartition("_")[2]
        if pid.isdigit() and not alive(int(pid)):
            multiprocess.mark_process_dead(int(pid), directory)  # type: ignore[no-untyped-call]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def shared_directory() -> str | None:
    """The multiprocess directory, when the workers share their metrics through one."""
    return os.environ.get(MULTIPROCESS_DIR) or None
