"""`GET /v1/games/{id}/events`: the game's log as Server-Sent Events, live, resumable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any, Final, Literal

import msgspec
from litestar import Controller, Request, get, post
from litestar.datastructures import State as AppState
from litestar.di import NamedDependency, Provide
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent
from litestar.response.sse import ServerSentEventMessage
from litestar.status_codes import HTTP_201_CREATED

from service.core.games.follows import Heartbeat, Item, TournamentItem
from service.core.games.messages import TICKET_PATTERN, StreamTicket
from service.http.params import SEAT_TOKEN, SEAT_TOKEN_OR_NONE, Authorization, bearer
from service.http.routes.game_routes import GameId, HouseDep, problems
from service.http.streams import Streams
from service.ledger.chain import EntryType, LogEntry
from service.ledger.patterns import full

RETRY_MS: Final = 2000
EVENT_STREAM: Final = "text/event-stream"
StreamsDep = NamedDependency[Streams]
LastEventId = Annotated[
    str,
    HeaderParameter(
        name="Last-Event-ID",
        required=False,
        pattern=full("^[0-9]{0,7}$"),
        description="the seq of the last entry received: the stream resumes after it "
        "(browsers send it when they reconnect); wins over `after`; empty: absent",
        examples=[Example(value="12")],
    ),
]
Ticket = Annotated[
    str | None,
    QueryParameter(
        required=False,
        min_length=32,
        max_length=32,
        pattern=TICKET_PATTERN,
        description="a stream ticket (`POST /stream-tickets`), for clients that cannot send "
        "`Authorization` (a browser's `EventSource`); instead of the token",
    ),
]
After = Annotated[
    int, QueryParameter(ge=0, le=1_000_000, description="seq to start after (0: the whole log)")
]
Until = Annotated[
    Literal["end", "rematch"],
    QueryParameter(
        description="when the stream ends: after the entry that ends the match (`end`), or "
        "after the one that offers its rematch (`rematch`: it goes on past the end)",
    ),
]
EXAMPLE: Final = {
    "id": "2",
    "event": "move",
    "data": '{"seq":2,"type":"move","time":"2026-01-01T12:00:00.000Z","seat":1,'
    '"move":"5H+2S+QD","events":[],"prev_hash":"...","hash":"..."}',
}
DESCRIPTION: Final = (
    "Server-Sent Events: each new log entry as the reader may see it (redacted like `GET "
    "/log`), as `id: <seq>`, `event: <entry type>` and `data: <the entry's JSON>`. A comment "
    "line is sent every 15 s without news. The stream ends after the entry that ends the "
    "match (with `until=rematch`, after the one that offers its rematch); a seat's stream also "
    "ends with the entry in which its holder leaves the seat, and a ticket's stream when the "
    "ticket expires. A client resumes with `Last-Event-ID` (or `after`). Streams are capped "
    "per client address and per game (429 `events/too_many_for_client`, "
    "`events/too_many_for_game`: spectators only) below the process's total (503)."
)


class StreamEvent(msgspec.Struct, kw_only=True):
    """One event of the stream as a client reads it (`id:`, `event:` and `data:` lines).

    Comment lines (the opening one, heartbeats) and the `retry:` advice are not events.
    """

    id: Annotated[str, msgspec.Meta(pattern=full("^[1-9][0-9]*$"), description="the entry's seq")]
    event: EntryType
    data: Annotated[
        str,
        msgspec.Meta(
            description="the log entry (a `LogEntry`) as JSON, redacted for the reader",
            extra_json_schema={
                "contentMediaType": "application/json",
                "contentSchema": {"$ref": "#/components/schemas/LogEntry"},
            },
        ),
    ]


def provide_streams(state: AppState) -> Streams:
    streams: Streams = state.streams
    return streams


def message(item: Item | TournamentItem) -> ServerSentEventMessage:
    """A log entry or a tournament's event as one SSE event (`id` its seq, `event` its type,
    `data` its JSON), or a heartbeat comment."""
    if isinstance(item, Heartbeat):
        return ServerSentEventMessage(data=None, comment="heartbeat")
    data = msgspec.json.encode(item).decode()
    kind = item.type if isinstance(item, LogEntry) else str(item.__struct_config__.tag)
    return ServerSentEventMessage(data=data, event=kind, id=item.seq)


async def sse(
    opening: str, items: AsyncIterator[Item] | AsyncIterator[TournamentItem]
) -> AsyncIterator[ServerSentEventMessage]:
    """The stream on the wire: an opening comment (`game <id>`, `tournament <id>`) with the
    reconnection delay, then the items."""
    yield ServerSentEventMessage(data=None, comment=opening, retry=RETRY_MS)
    async for item in items:
        yield message(item)


class EventsController(Controller):
    path = "/v1/games"
    tags = ["games"]  # noqa: RUF012
    dependencies = {"streams": Provide(provide_streams, sync_to_thread=False)}  # noqa: RUF012

    @get(
        "/{game_id:str}/events",
        operation_id="streamEvents",
        security=SEAT_TOKEN_OR_NONE,
        responses={
            200: ResponseSpec(
                StreamEvent,
                description=DESCRIPTION,
                media_type=EVENT_STREAM,
                generate_examples=False,
                examples=[Example(summary="a move", value=EXAMPLE)],
            ),
            **problems(400, 401, 404, 409),
        },
        summary="Follow the game: new log entries as Server-Sent Events, live",
        description=(
            "A `text/event-stream` of the log's entries after `after` (or `Last-Event-ID`), "
            "redacted for the reader, each event named by its entry's type (`created`, `deal`, "
            "`move`, `signal`) with the entry as JSON in `data`. A browser sends a `ticket` "
            "instead of the token."
        ),
    )
    async def events(
        self,
        game_id: GameId,
        house: HouseDep,
        streams: StreamsDep,
        request: Request[Any, Any, Any],
        authorization: Authorization = None,
        last_event_id: LastEventId = "",
        after: After = 0,
        ticket: Ticket = None,
        until: Until = "end",
    ) -> ServerSentEvent:
        start = int(last_event_id) if last_event_id else after
        token = bearer(authorization)
        address = request.client.host if request.client else "unknown"
        items = await streams.open(
            house.access, game_id, token, start, ticket, until == "rematch", address
        )
        return ServerSentEvent(sse(f"game {game_id}", items), headers={"Vary": "Authorization"})

    @post(
        "/{game_id:str}/stream-tickets",
        operation_id="createStreamTicket",
        security=SEAT_TOKEN,
        status_code=HTTP_201_CREATED,
        responses=problems(400, 401, 404),
        summary="A short-lived ticket to follow the game's events as your seat, from a browser",
        description=(
            "A browser's `EventSource` cannot send `Authorization`: this ticket, good for "
            "`expires_in` seconds (the stream it opens ends then) and only while the token's "
            "holder keeps the seat, opens `GET /events?ticket=...` as the seat. It cannot act "
            "for the seat."
        ),
    )
    async def stream_ticket(
        self, game_id: GameId, house: HouseDep, authorization: Authorization = None
    ) -> StreamTicket:
        return await house.access.stream_ticket(game_id, bearer(authorization))
