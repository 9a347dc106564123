"""Live events over HTTP: the limits on how many follows are open (in all, per client
address, per game) and the end of every one at shutdown; what a follow reads is
`service.core.games.follows`'s.
"""

from __future__ import annotations

import asyncio
import signal
import threading
import weakref
from collections import Counter
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, Final, TypeVar

import anyio

from service.core.games.access import Access
from service.core.games.follows import Follows, Heartbeat, Item, TournamentItem
from service.core.tournaments.tournaments import Tournaments
from service.errors import ServiceError
from service.ops.observation.metrics import Metrics
from service.settings import Settings

T = TypeVar("T")
SHUTDOWN_SIGNALS: Final = (signal.SIGTERM, signal.SIGINT)

TOURNAMENT_SLOT: Final = "t:"
"""A tournament's follows count under this prefix and its id (a game's under its id)."""


async def aclosing_shielded(items: AsyncGenerator[Any, None]) -> None:
    """Close a follow, whose own closing (its Redis reader's) no cancellation may cut short."""
    with anyio.CancelScope(shield=True):
        await items.aclose()


def refused(code: str, status: int, template: str, **params: Any) -> ServiceError:
    """A stream that one of the limits refuses: a place may free up within seconds."""
    return ServiceError(code, status, template, {"Retry-After": "5"}, **params)


def too_many_streams(limit: int) -> ServiceError:
    template = "this process already serves {limit} event streams; try again shortly"
    return refused("events/too_many_streams", 503, template, limit=limit)


def too_many_for_client(limit: int) -> ServiceError:
    template = "this client already has {limit} event streams open on this process; close one"
    return refused("events/too_many_for_client", 429, template, limit=limit)


def too_many_for_game(limit: int) -> ServiceError:
    template = (
        "this process already serves {limit} event streams of this game; a spectator may try "
        "again shortly (a seat's own stream is not refused for this)"
    )
    return refused("events/too_many_for_game", 429, template, limit=limit)


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

    def __init__(
        self, settings: Settings, follows: Follows, metrics: Metrics | None = None
    ) -> None:
        self.settings = settings
        self.follows = follows
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
        followed = self.follows.game(game_id, following, after, self.draining, rematch)
        items = self.counted(followed, slot)
        weakref.finalize(items, slot.release)  # a stream dropped before it ever ran
        return items

    async def open_tournament(
        self, tournaments: Tournaments, tournament_id: str, after: int, client: str = "unknown"
    ) -> AsyncIterator[TournamentItem]:
        """A new stream of the tournament's events after `after`, or the problem that refuses
        it: the limits first (a tournament is public: its streams count as a spectator's
        would, without a cap per tournament), then the tournament as stored."""
        slot = self.acquire(TOURNAMENT_SLOT + tournament_id, client, True)
        try:
            kept, _ = await tournaments.load(tournament_id)
        except BaseException:
            slot.release()
            raise
        finished = kept.record.status == "finished"
        followed = self.follows.tournament(tournament_id, finished, after, self.draining)
        items = self.counted(followed, slot)
        weakref.finalize(items, slot.release)  # a stream dropped before it ever ran
        return items

    async def counted(self, items: AsyncGenerator[T, None], slot: Slot) -> AsyncIterator[T]:
        """The follow's items, each event counted, its place given back however it ends."""
        try:
            async for item in items:
                yield item
                if self.metrics is not None and not isinstance(item, Heartbeat):
                    self.metrics.events.inc()
        finally:
            slot.release()
            await aclosing_shielded(items)

    def drain(self) -> None:
        """End every stream now (the process is shutting down); new ones end at once too."""
        self.draining.set()


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
