"""Following a game's events stream (`GET /v1/games/{id}/events`, Server-Sent Events): each
log entry typed as the generated `LogEntry`, the stream resumed with `Last-Event-ID` when it
breaks off, until the entry that ends the match.

The generated `stream_events` reads the whole answer before it returns, which for a live
stream is the end of the match: this module reads it line by line instead.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import quote

import httpx

from escopa_client.generated.api.games import get_game
from escopa_client.generated.client import AuthenticatedClient
from escopa_client.generated.models import GameView, GameViewStatus, LogEntry, MatchEnded
from escopa_client.problems import ApiError, answer, problem_of

Until = Literal["end", "rematch"]
RETRY_SECONDS = 2.0
"""The wait before reconnecting, until the server's `retry:` advice says otherwise."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the game's log as the stream sent it: its seq (the SSE `id`), its type
    (the SSE `event`) and the entry, as the reader may see it."""

    seq: int
    type: str
    entry: LogEntry

    @property
    def ends_match(self) -> bool:
        """Whether this entry ends the match (its events hold `match_ended`)."""
        return any(isinstance(event, MatchEnded) for event in self.entry.events)


@dataclass(slots=True)
class Message:
    """One SSE message as read from the wire (comments and blank fields dropped)."""

    id: str | None = None
    event: str | None = None
    data: list[str] = field(default_factory=list)
    retry: int | None = None


def messages(lines: Iterable[str]) -> Iterator[Message]:
    """The SSE messages of a stream's lines (the HTML standard's parsing, without its BOM):
    each ends at a blank line."""
    message, seen = Message(), False
    for line in lines:
        if not line:
            if seen:
                yield message
            message, seen = Message(), False
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            message.data.append(value)
        elif name in ("id", "event"):
            setattr(message, name, value)
        elif name == "retry" and value.isdigit():
            message.retry = int(value)
        seen = seen or name != ""
    # A message the stream ended in the middle of is dropped, as the standard says: resuming
    # with `Last-Event-ID` brings it again, whole.


def event_of(message: Message) -> Event | None:
    """The log entry a message carries, or None for one without data."""
    if not message.data or message.id is None:
        return None
    entry = LogEntry.from_dict(json.loads("\n".join(message.data)))
    return Event(seq=int(message.id), type=message.event or entry.type_.value, entry=entry)


def follow(
    client: AuthenticatedClient,
    game_id: str,
    *,
    after: int = 0,
    last_event_id: int | None = None,
    until: Until = "end",
    attempts: int = 5,
    read_timeout: float = 60.0,
) -> Iterator[Event]:
    """The game's entries after `after` (or after `last_event_id`, sent as `Last-Event-ID`),
    live, as the client's seat (or a spectator) may see them (`Escopa.client(token)`).

    It ends after the entry that ends the match (`until="rematch"`: after the one that offers
    the rematch), or when the server closes a stream that brought nothing new and the game is
    finished. A stream cut short (the server restarting, the network) is opened again with
    `Last-Event-ID`, so no entry is lost or repeated, and so is one refused with 503;
    `attempts` failures in a row raise. Any other refusal (401, 404) raises its `ApiError`.
    """
    last = last_event_id
    failures = 0
    retry = RETRY_SECONDS
    while True:
        received = False
        try:
            for message in _open(client, game_id, after, last, until, read_timeout):
                if message.retry is not None:
                    retry = message.retry / 1000
                event = event_of(message)
                if event is None:
                    continue
                received, failures, last = True, 0, event.seq
                yield event
                if _ends(event, until):
                    return
        except (httpx.TransportError, ApiError) as error:
            failures += 1
            if (isinstance(error, ApiError) and error.status != 503) or failures >= attempts:
                raise  # a 503 (too many streams here, Redis failing) is worth another try
            time.sleep(retry)
            continue
        if not received:  # a server shutting down ends new streams at once, too
            try:
                if _finished(client, game_id):
                    return
            except (httpx.TransportError, ApiError) as error:
                if isinstance(error, ApiError) and error.status != 503:
                    raise  # the server is gone for a while (a restart): counted, tried again
            failures += 1
            if failures >= attempts:
                raise ApiError(503, None, b"the events stream keeps ending with nothing new")
            time.sleep(retry)


def _ends(event: Event, until: Until) -> bool:
    return event.type == "rematch" if until == "rematch" else event.ends_match


def _open(
    client: AuthenticatedClient,
    game_id: str,
    after: int,
    last: int | None,
    until: Until,
    read_timeout: float,
) -> Iterator[Message]:
    """One connection's messages."""
    http = client.get_httpx_client()
    sent = {"Last-Event-ID": str(last)} if last is not None else {}
    url = f"/v1/games/{quote(game_id, safe='')}/events"
    params: dict[str, str | int] = {"after": after, "until": until}
    timeout = httpx.Timeout(http.timeout.connect, read=read_timeout)
    with http.stream("GET", url, params=params, headers=sent, timeout=timeout) as response:
        if response.status_code != 200:
            body = response.read()
            raise ApiError(response.status_code, problem_of(body), body)
        yield from messages(response.iter_lines())


def _finished(client: AuthenticatedClient, game_id: str) -> bool:
    """Whether the game is over, as the client may read it."""
    view = answer(get_game.sync_detailed(game_id, client=client), GameView)
    return view.status == GameViewStatus.FINISHED
