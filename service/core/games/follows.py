"""Following a game's log as one reader may see it, or a tournament's events, live.

Entries come from the game's Redis stream with blocking reads, so a move committed by any
process reaches followers on every process. Each entry is redacted with
`service.ledger.chain.visible` exactly as `GET /log` would show it at that moment (unredacted
once the match is over). A follow ends after the entry that ends the match, when the game
expires, when Redis fails, or when `stop` is set (the process shuts down): a client resumes
from the last seq it got. A tournament's events end after `tournament.finished`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncGenerator, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
from redis.exceptions import RedisError

from engine.events import MatchEnded
from service.core.games.access import Following
from service.core.tournaments.tournament_events import decoder as tournament_decoder
from service.core.tournaments.tournament_messages import TournamentEvent, TournamentFinishedEvent
from service.ledger.chain import LogEntry, visible
from service.settings import Settings
from service.store.event_tail import EventTail
from service.store.tail import LogTail
from service.store.writes import Client

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


class Follows:
    """The process's follows of games and tournaments, over its Redis client."""

    def __init__(self, client: Client, settings: Settings) -> None:
        self.client = client
        self.settings = settings

    async def game(
        self,
        game_id: str,
        following: Following,
        after: int,
        stop: asyncio.Event,
        rematch: bool = False,
    ) -> AsyncGenerator[Item, None]:
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
            while not stop.is_set():
                entries = await self._read(tail, after, not finished or waits, stop, ends)
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
                    if gone:
                        return  # the reader left the seat: her stream ends with that entry
                after = entries[-1].seq
                quiet_since = time.monotonic()
                if (ended and not rematch) or any(e.type == "rematch" for e in entries):
                    return
        finally:
            with anyio.CancelScope(shield=True):
                await tail.close()

    async def _read(
        self,
        tail: LogTail,
        after: int,
        block: bool,
        stop: asyncio.Event,
        ends: float | None = None,
    ) -> list[LogEntry] | None:
        """The next entries, or None when the stream must end (Redis failed, shutdown, or the
        stream's ticket expired at `ends`, a `time.monotonic()` instant)."""
        if ends is not None and ends <= time.monotonic():
            return None
        return await self._waited(tail.read(after, block), stop, ends)

    async def tournament(
        self, tournament_id: str, finished: bool, after: int, stop: asyncio.Event
    ) -> AsyncGenerator[TournamentItem, None]:
        """The tournament's events after `after`, live, heartbeats between, until the one
        that ends it (`finished`: it had ended when the stream opened, so nothing waits)."""
        settings = self.settings
        block = min(settings.streams.block, settings.streams.heartbeat)
        tail = EventTail(self.client, tournament_id, block, settings.redis.timeout)
        try:
            quiet_since = time.monotonic()
            while not stop.is_set():
                found = await self._waited(tail.read(after, not finished), stop)
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
                    if isinstance(event, TournamentFinishedEvent):
                        return
                    after = event.seq
                quiet_since = time.monotonic()
        finally:
            with anyio.CancelScope(shield=True):
                await tail.close()

    async def _waited(
        self,
        reading: Coroutine[Any, Any, list[T]],
        stop: asyncio.Event,
        ends: float | None = None,
    ) -> list[T] | None:
        """What `reading` reads, or None when the stream must end (Redis failed, shutdown, or
        `ends`, a `time.monotonic()` instant, came first)."""
        timeout = None if ends is None else ends - time.monotonic()
        read = asyncio.ensure_future(reading)
        drained = asyncio.ensure_future(stop.wait())
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
