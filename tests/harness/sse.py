"""A small Server-Sent Events reader over httpx for the tests: what a browser's EventSource does."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

Json = dict[str, Any]


@dataclass
class Message:
    """One SSE message: the fields it had and its comment lines."""

    id: str | None = None
    event: str | None = None
    data: str | None = None
    retry: int | None = None
    comments: list[str] = field(default_factory=list)

    def entry(self) -> Json:
        """The log entry this message carries; its id and type must match the entry's."""
        assert self.data is not None, self
        entry: Json = json.loads(self.data)
        assert self.id == str(entry["seq"]), self
        assert self.event == entry["type"], self
        return entry


class Follower:
    """An open event stream, read one message at a time."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self._lines = response.aiter_lines()

    async def message(self, timeout: float = 5.0) -> Message | None:
        """The next message, or None when the server ended the stream."""
        async with asyncio.timeout(timeout):
            message = Message()
            seen = False
            async for line in self._lines:
                if not line:
                    if seen:
                        return message
                    continue
                seen = True
                name, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if name == "":
                    message.comments.append(value)
                elif name == "data":
                    message.data = value if message.data is None else f"{message.data}\n{value}"
                elif name == "retry":
                    message.retry = int(value)
                elif name in ("id", "event"):
                    setattr(message, name, value)
            return message if seen else None

    async def entry(self, timeout: float = 5.0) -> Json:
        """The next log entry, skipping comments (heartbeats)."""
        while True:
            message = await self.message(timeout)
            assert message is not None, "the stream ended"
            if message.data is not None:
                return message.entry()

    async def entries(self, count: int, timeout: float = 5.0) -> list[Json]:
        return [await self.entry(timeout) for _ in range(count)]

    async def rest(self, timeout: float = 10.0) -> list[Message]:
        """Every message until the server ends the stream."""
        messages = []
        while (message := await self.message(timeout)) is not None:
            messages.append(message)
        return messages


@asynccontextmanager
async def follow(
    client: httpx.AsyncClient,
    game_id: str,
    token: str | None = None,
    after: int | None = None,
    last_event_id: int | None = None,
    ticket: str | None = None,
    until: str | None = None,
    headers: dict[str, str] | None = None,
) -> AsyncIterator[Follower]:
    """`GET /v1/games/{id}/events` (with more `headers`), open until the block exits; the
    opening comment is read."""
    headers = {**(headers or {}), **({"Authorization": f"Bearer {token}"} if token else {})}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    params: dict[str, str | int] = {"after": after} if after is not None else {}
    if ticket is not None:
        params["ticket"] = ticket
    if until is not None:
        params["until"] = until
    url = f"/v1/games/{game_id}/events"
    async with _opened(client, url, headers, params, f"game {game_id}") as follower:
        yield follower


@asynccontextmanager
async def follow_tournament(
    client: httpx.AsyncClient, tournament_id: str, last_event_id: int | None = None
) -> AsyncIterator[Follower]:
    """`GET /v1/tournaments/{id}/events`, open until the block exits; the opening comment is
    read."""
    headers = {"Last-Event-ID": str(last_event_id)} if last_event_id is not None else {}
    url = f"/v1/tournaments/{tournament_id}/events"
    async with _opened(client, url, headers, {}, f"tournament {tournament_id}") as follower:
        yield follower


@asynccontextmanager
async def _opened(
    client: httpx.AsyncClient,
    url: str,
    headers: dict[str, str],
    params: dict[str, str | int],
    opening_comment: str,
) -> AsyncIterator[Follower]:
    """An event stream opened (200, `text/event-stream`) and its opening comment read."""
    async with client.stream("GET", url, headers=headers, params=params, timeout=30) as response:
        assert response.status_code == 200, await response.aread()
        assert response.headers["content-type"].startswith("text/event-stream")
        follower = Follower(response)
        opening = await follower.message()
        assert opening is not None and opening.comments == [opening_comment], opening
        assert opening.retry is not None
        yield follower
