"""Live events: a game's new log entries as one reader may see them, for as long as it follows.

Entries come from the game's Redis stream with blocking reads, so a move committed by any
process reaches followers on every process. Each entry is redacted with
`service.ledger.chain.visible` exactly as `GET /log` would show it at that moment (unredacted
once the match is over). The follow ends after the entry that ends the match, when the game
expires, when Redis fails, or when the process begins to shut down:
a client resumes from the last seq it got.

A tournament's events (`follow_tournament`) come the same way from its events stream, under
the same limits per client address and in all, and end after `tournament.finished`.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
import time
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any, Final, TypeVar

import anyio
from redis.exceptions import RedisError

from engine.events import MatchEnded
from service.core.access import Access, Following
from service.core.tournament_events import decoder as tournament_decoder
from service.core.tournament_messages import TournamentEvent, TournamentFinishedEvent
from service.core.tournaments import Tournaments
from service.errors import ServiceError
from service.ledger.chain import LogEntry, visible
from service.ops.observation.metrics import Metrics
from service.settings import Settings
from service.store.event_tail import EventTail
from service.store.keys import TOURNAMENT_SUBJECT
from service.store.tail import LogTail
from service.store.writes import Client

SHUTDOWN_SIGNALS: Final = (signal.SIGTERM, signal.SIGINT)
log = logging.getLogger("escopa.events")


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """Nothing new for a while: a comment line keeps proxies and clients from timing out."""


Item = LogEntry | Heartbeat
TournamentItem = TournamentEvent | Heartbeat
T = TypeVar("T")


def ends_match(entry: LogEntry) -> bool:
    return any(isinstance(event, MatchEnded) for event in entry.events)


def reseats(entry: LogEntry, seat: int) -> bool:
    """Whether the entry changes who holds `seat`: its holder leaves, or another takes it."""
    return entry.seat == seat and entry.type in ("left", "joined")


def refused(code: str, status: int, detail: str) -> ServiceError:
    """A stream that one of the limits refuses: a place may free up within seconds."""
    return ServiceError(code, status, detail, {"Retry-After": "5"})


def too_many_streams(limit: int) -> ServiceError:
    detail = f"this process already serves {limit} event streams; try again shortly"
    return refused("events/too_many_streams", 503, detail)


def too_many_for_client(limit: int) -> ServiceError:
    detail = f"this client already has {limit} event streams open on this process; close one"
    return refused("events/too_many_for_client", 429, detail)


def too_many_for_game(limit: int) -> ServiceError:
    detail = (
        f"this process already serves {limit} event streams of this game; a spectator may try "
        "again shortly (a seat's own stream is not refused for this)"
    )
    return refused("events/too_many_for_game", 429, detail)


class Slot:
    """One open stream's place in the limits; released once, however the stream ends."""

    def __init__(self, streams: Streams, game_id: str, client: str) -> None:
        self._streams = streams
        self._held = True
        self.game_id = game_id
        self.client = client

    def release(self) -> None:
        if self._held:
            self._held = False
            self._streams.released(self)


class Streams:
    """The process's event streams: the limits on how many are open (in all, per client
    address, per game), and the shutdown signal."""

    def __init__(self, settings: Settings, client: Client, metrics: Metrics | None = None) -> None:
        self.settings = settings
        self.client = client
        self.metrics = metrics
        self.count = 0
        self.by_client: Counter[str] = Counter()
        self.by_game: Counter[str] = Counter()
        self.draining = asyncio.Event()

    def acquire(self, game_id: str, client: str, seat: bool) -> Slot:
        """A place for one more stream of `game_id` to `client` (an address), or the problem
        that refuses it: the client's cap (429), the game's cap for a spectator (429; a seat's
        stream counts but is not refused for it), or the process's total (503)."""
        settings = self.settings
        problem = None
        if self.by_client[client] >= settings.streams.max_per_client:
            problem = too_many_for_client(settings.streams.max_per_client)
        elif not seat and self.by_game[game_id] >= settings.streams.max_per_game:
            problem = too_many_for_game(settings.streams.max_per_game)
        elif self.count >= settings.streams.max_total:
            problem = too_many_streams(settings.streams.max_total)
        if problem is not None:
            if self.metrics is not None:
                self.metrics.streams_refused.inc()
            raise problem
        self.count += 1
        self.by_client[client] += 1
        self.by_game[game_id] += 1
        if self.metrics is not None:
            self.metrics.streams.set(self.count)
        return Slot(self, game_id, client)

    def released(self, slot: Slot) -> None:
        self.count -= 1
        for counts, key in ((self.by_client, slot.client), (self.by_game, slot.game_id)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]
        if self.metrics is not None:
            self.metrics.streams.set(self.count)

    async def open(
        self,
        access: Access,
        game_id: str,
        token: str | None,
        after: int,
        ticket: str | None = None,
        rematch: bool = False,
        client: str = "unknown",
    ) -> AsyncIterator[Item]:
        """A new stream of the game for the token's reader, or the problem that refuses it.

        The limits are checked first (no Redis work when one is reached), then the game and
        the token, exactly as `GET /v1/games/{id}` checks them; `client` is the address.
        """
        slot = self.acquire(game_id, client, token is not None or ticket is not None)
        try:
            following = await access.follow_as(game_id, token, ticket)
        except BaseException:
            slot.release()
            raise
        items = self.follow(game_id, following, after, slot, rematch)
        weakref.finalize(items, slot.release)  # a stream dropped before it ever ran
        return items

    async def open_tournament(
        self, tournaments: Tournaments, tournament_id: str, after: int, client: str = "unknown"
    ) -> AsyncIterator[TournamentItem]:
        """A new stream of the tournament's events after `after`, or the problem that refuses
        it: the limits first (a tournament is public: its streams count as a spectator's
        would, without a cap per tournament), then the tournament as stored."""
        slot = self.acquire(TOURNAMENT_SUBJECT + tournament_id, client, True)
        try:
            kept, _ = await tournaments.load(tournament_id)
        except BaseException:
            slot.release()
            raise
        finished = kept.record.status == "finished"
        items = self.follow_tournament(tournament_id, finished, after, slot)
        weakref.finalize(items, slot.release)  # a stream dropped before it ever ran
        return items

    async def follow_tournament(
        self, tournament_id: str, finished: bool, after: int, slot: Slot
    ) -> AsyncIterator[TournamentItem]:
        """The tournament's events after `after`, live, heartbeats between, until the one
        that ends it (`finished`: it had ended when the stream opened, so nothing waits)."""
        settings = self.settings
        block = min(settings.streams.block, settings.streams.heartbeat)
        tail = EventTail(self.client, tournament_id, block, settings.redis.timeout)
        try:
            quiet_since = time.monotonic()
            while not self.draining.is_set():
                found = await self._waited(tail.read(after, not finished))
                if found is None or (not found and finished):
                    return
                if not found:
                    if time.monotonic() - quiet_since >= settings.streams.heartbeat:
                        quiet_since = time.monotonic()
                        yield Heartbeat()
                    continue
                for data in found:
                    event = tournament_decoder.decode(data)
                    yield event
                    if self.metrics is not None:
                        self.metrics.events.inc()
                    if isinstance(event, TournamentFinishedEvent):
                        return
                    after = event.seq
                quiet_since = time.monotonic()
        finally:
            slot.release()
            with anyio.CancelScope(shield=True):
                await tail.close()

    def drain(self) -> None:
        """End every stream now (the process is shutting down); new ones end at once too."""
        self.draining.set()

    async def follow(
        self,
        game_id: str,
        following: Following,
        after: int,
        slot: Slot,
        rematch: bool = False,
    ) -> AsyncIterator[Item]:
        """The entries after `after` as the reader may see them, live, then heartbeats between.

        A seat's stream ends with the entry in which its holder leaves (the next holder's hand
        is never hers to see), and a ticket's stream when the ticket expires; it never starts
        past the game's head, so no entry of a seat's change is skipped. With `rematch`, the
        stream goes on past the end of the match, until the entry that offers the rematch (or
        at once, when that entry was sent before `after`)."""
        settings = self.settings
        game, reader = following.game, following.seat
        held_at = game.version  # the reader held its seat then
        ends = None if following.seconds_left is None else time.monotonic() + following.seconds_left
        after = min(after, game.version)
        block = min(settings.streams.block, settings.streams.heartbeat)
        start = game.cursor() if after == game.version else None  # else replayed from the start
        archived = game.archived.records if game.archived is not None else None
        tail = LogTail(self.client, game_id, block, settings.redis.timeout, start, archived)
        rules = game.state.rules
        sealed = following.sealed  # its seats see it as running until the round is over
        finished = game.state.status == "finished"
        waits = rematch and game.meta.rematch is None  # for a rematch yet to be offered
        try:
            quiet_since = time.monotonic()
            while not self.draining.is_set():
                entries = await self._read(tail, after, not finished or waits, ends)
                if entries is None:
                    return
                if not entries:
                    if (finished and not waits) or not await tail.exists():
                        return
                    if time.monotonic() - quiet_since >= settings.streams.heartbeat:
                        quiet_since = time.monotonic()
                        yield Heartbeat()
                    continue
                ended = any(ends_match(entry) for entry in entries)
                finished = finished or ended  # GET /log shows everything once the match is over
                for entry in entries:
                    gone = reader is not None and entry.seq > held_at and reseats(entry, reader)
                    if gone and entry.type != "left":
                        return  # another holder's entry: not the reader's to see
                    yield visible(entry, reader, finished and not sealed, rules)
                    if self.metrics is not None:
                        self.metrics.events.inc()
                    if gone:
                        return  # the reader left the seat: her stream ends with that entry
                after = entries[-1].seq
                quiet_since = time.monotonic()
                if (ended and not rematch) or any(e.type == "rematch" for e in entries):
                    return
        finally:
            slot.release()
            with anyio.CancelScope(shield=True):
                await tail.close()

    async def _read(
        self, tail: LogTail, after: int, block: bool, ends: float | None = None
    ) -> list[LogEntry] | None:
        """The next entries, or None when the stream must end (Redis failed, shutdown, or the
        stream's ticket expired at `ends`, a `time.monotonic()` instant)."""
        if ends is not None and ends <= time.monotonic():
            return None
        return await self._waited(tail.read(after, block), ends)

    async def _waited(
        self, reading: Coroutine[Any, Any, list[T]], ends: float | None = None
    ) -> list[T] | None:
        """What `reading` reads, or None when the stream must end (Redis failed, shutdown, or
        `ends`, a `time.monotonic()` instant, came first)."""
        timeout = None if ends is None else ends - time.monotonic()
        read = asyncio.ensure_future(reading)
        drained = asyncio.ensure_future(self.draining.wait())
        try:
            await asyncio.wait(
                (read, drained), timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            drained.cancel()
            if not read.done():
                read.cancel()
        if not read.done() or read.cancelled():
            return None
        try:
            return read.result()
        except (RedisError, OSError) as error:
            log.warning("event stream ended: %s: %s", type(error).__name__, error)
            return None


@contextmanager
def drain_on_shutdown(streams: Streams) -> Iterator[None]:
    """While open: when the server is told to stop (SIGTERM, SIGINT), end the event streams.

    The ASGI server waits for open requests before it stops; an event stream would keep it
    waiting to its timeout. So the server's own signal handler is chained: streams end at once
    (clients resume elsewhere with `Last-Event-ID`), other requests finish as usual. Nothing
    is installed where no server handles the signals (not the main thread, or no handler).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    loop = asyncio.get_running_loop()
    chained: dict[int, Callable[[int, FrameType | None], Any]] = {}

    def on_signal(number: int, frame: FrameType | None) -> None:
        loop.call_soon_threadsafe(streams.drain)
        chained[number](number, frame)

    for sig in SHUTDOWN_SIGNALS:
        previous = signal.getsignal(sig)
        if callable(previous):
            chained[sig] = previous
            signal.signal(sig, on_signal)
    try:
        yield
    finally:
        for number, handler in chained.items():
            if signal.getsignal(number) is on_signal:
                signal.signal(number, handler)
