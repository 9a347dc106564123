"""Routes of duplicate tournaments: create one, read it, follow its events, list its webhook's
deliveries, export it once it is over."""

from __future__ import annotations

from typing import Annotated, Any, Final

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import Provide
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example
from litestar.params import JSONBody, PathParameter, QueryParameter
from litestar.response import ServerSentEvent, Stream
from litestar.status_codes import HTTP_201_CREATED

from service.core.tournaments.tournament_messages import (
    MAX_TOURNAMENT_BODY,
    CreatedTournament,
    CreateTournament,
    EntrantTable,
    TournamentEventType,
    TournamentWebhookDeliveries,
)
from service.core.webhooks.webhooks import api_key_id
from service.http.guard import (
    API_KEY_OPTIONAL,
    API_KEY_SECURITY,
    CREATION_COST,
    creation_admission,
)
from service.http.params import PLAYER_TOKEN_SCHEME, ApiKey, Authorization, bearer
from service.http.routes.event_routes import (
    EVENT_STREAM,
    LastEventId,
    StreamsDep,
    provide_streams,
    sse,
)
from service.http.routes.game_routes import HouseDep, problems
from service.http.routes.webhook_routes import SEAT_OR_KEY
from service.ledger.patterns import full
from service.ledger.tournament_record import TournamentExport, TournamentView

TournamentId = Annotated[
    str, PathParameter(min_length=1, max_length=64, description="the tournament's id")
]
EventsAfter = Annotated[
    int, QueryParameter(ge=0, le=1_000_000, description="seq to start after (0: every event)")
]


JSON_LINES: Final = "application/octet-stream"
"""How a tournament's v3 export (JSON Lines) is served: a file to keep, `<id>.jsonl` (JSON
Lines has no media type that client generators read as bytes)."""
EVENT_SCHEMAS: Final = ("RoundStartedEvent", "TableResultEvent", "TournamentFinishedEvent")
EXAMPLE: Final = {
    "id": "3",
    "event": "table.result",
    "data": '{"type":"table.result","id":"5f0c...e1.3","tournament_id":"5f0c...e1","seq":3,'
    '"time":"2026-01-01T12:00:00.000Z","round":1,"table":1,"a":2,"b":3,"results":[4,-2],'
    '"total":2}',
}
DESCRIPTION: Final = (
    "Server-Sent Events: each event of the tournament as `id: <seq>`, `event: <type>` and "
    "`data: <the event's JSON>`, the same body its webhook is POSTed. A comment line is sent "
    "every 15 s without news. The stream ends after `tournament.finished`. A client resumes "
    "with `Last-Event-ID` (or `after`). Streams are capped per client address (429 "
    "`events/too_many_for_client`) below the process's total (503)."
)


class TournamentStreamEvent(msgspec.Struct, kw_only=True):
    """One event of a tournament's stream as a client reads it (`id:`, `event:` and `data:`
    lines); comment lines (the opening one, heartbeats) and the `retry:` advice are not
    events."""

    id: Annotated[str, msgspec.Meta(pattern=full("^[1-9][0-9]*$"), description="the event's seq")]
    event: TournamentEventType
    data: Annotated[
        str,
        msgspec.Meta(
            description="the event as JSON (its `type` names its schema)",
            extra_json_schema={
                "contentMediaType": "application/json",
                "contentSchema": {
                    "oneOf": [{"$ref": f"#/components/schemas/{n}"} for n in EVENT_SCHEMAS]
                },
            },
        ),
    ]


class TournamentsController(Controller):
    path = "/v1/tournaments"
    tags = ["tournaments"]  # noqa: RUF012
    dependencies = {"streams": Provide(provide_streams, sync_to_thread=False)}  # noqa: RUF012

    @post(
        "/",
        operation_id="createTournament",
        status_code=HTTP_201_CREATED,
        responses=problems(400, 401, 403, 404, 409, 413, 415, 422, 429),
        security=API_KEY_SECURITY,
        opt={CREATION_COST: True},
        request_max_body_size=MAX_TOURNAMENT_BODY,
        summary="Create a duplicate tournament of 2-player tables and open its first round",
        description=(
            "Entrants are people by name or bots as `{name, bot}`; `rounds` (1-20) of `boards` "
            "(1-10) boards each, paired `swiss` or `round_robin` (exactly n-1 rounds, n with an "
            "odd count), within the server's bounds. Every table of a round plays the same "
            "boards, one game a table, scored in IMPs against the other tables (plainly "
            "with 2 or 3 entrants); a round's games are sealed to all but their seats until it "
            "ends. Every game it will open counts against the creation limit now (429 when they "
            "do not fit). A person's `token`, shown only here, is its seat token in every game "
            "of the tournament (`GET /v1/tournaments/{id}/table` says where it plays). Needs an "
            "API key when the server has keys. A `webhook` (or the one the API key names) is "
            "POSTed the tournament's events, signed with the secret answered once, as a game's. "
            "See docs/tournaments.md."
        ),
    )
    async def create(
        self,
        data: JSONBody[CreateTournament],
        house: HouseDep,
        request: Request[Any, Any, Any],
        x_api_key: ApiKey = None,
    ) -> CreatedTournament:
        key = api_key_id(house.settings, x_api_key)
        admit = creation_admission(request.scope)
        return await house.tournaments.create(data, key, admit)

    @get(
        "/{tournament_id:str}",
        operation_id="getTournament",
        responses=problems(400, 404),
        summary="A tournament: its status, entrants, rounds with their tables, standings",
        description=(
            "Public. Standings by IMPs, then Buchholz; a running round's tables without "
            "results (they come when the round ends); the seed once it is over."
        ),
    )
    async def read(self, tournament_id: TournamentId, house: HouseDep) -> TournamentView:
        return await house.tournaments.view(tournament_id)

    @get(
        "/{tournament_id:str}/table",
        operation_id="getEntrantTable",
        security=[{PLAYER_TOKEN_SCHEME: []}],
        responses=problems(400, 401, 404),
        summary="Where an entrant plays now: its round, game and seat, and its standing",
        description=(
            "With an entrant's token (`Authorization: Bearer <token>`, from the tournament's "
            "creation): its current round, its table's `game_id` and `seat` (the same token "
            "plays it), whether the game waits for it, and its rank. Read it again after each "
            "`round.started` event of the tournament's stream (or every few seconds): a round "
            "opens when every game of the one before has ended."
        ),
    )
    async def table(
        self, tournament_id: TournamentId, house: HouseDep, authorization: Authorization = None
    ) -> EntrantTable:
        return await house.tournaments.table(tournament_id, bearer(authorization))

    @get(
        "/{tournament_id:str}/export",
        operation_id="exportTournament",
        responses=problems(400, 404, 409),
        summary="A finished tournament as one signed document (`escopa audit FILE` checks it)",
        description=(
            "Public, once the tournament is over (409 before): the tournament with its seed, "
            "every game's export, and the service's signature of the whole."
        ),
    )
    async def export(self, tournament_id: TournamentId, house: HouseDep) -> TournamentExport:
        return await house.tournaments.export(tournament_id)

    @get(
        "/{tournament_id:str}/export/lines",
        operation_id="exportTournamentLines",
        responses={
            200: ResponseSpec(
                bytes,
                description="JSON Lines: the header, each round's line then its games', "
                "the signature",
                media_type=JSON_LINES,
                generate_examples=False,
            ),
            **problems(400, 404, 409),
        },
        summary="A finished tournament as signed JSON Lines, each game its moves only "
        "(`escopa audit FILE` checks it)",
        description=(
            "Public, once the tournament is over (409 before): `escopa-tournament-v3`, streamed "
            "as a file (`<id>.jsonl`). "
            "Its first line holds the tournament with its seed (not its rounds); then each "
            "round: a line with its tables (and a rated tournament's ratings of them), then a "
            "line a game in table order (each game's moves, salts and times, and its "
            "signature: the audit replays the rest); last the service's signature of every "
            "line before it."
        ),
    )
    async def export_lines(self, tournament_id: TournamentId, house: HouseDep) -> Stream:
        lines = await house.tournaments.export_lines(tournament_id)
        named = f'attachment; filename="{tournament_id}.jsonl"'
        return Stream(lines, media_type=JSON_LINES, headers={"Content-Disposition": named})

    @get(
        "/{tournament_id:str}/events",
        operation_id="streamTournamentEvents",
        responses={
            200: ResponseSpec(
                TournamentStreamEvent,
                description=DESCRIPTION,
                media_type=EVENT_STREAM,
                generate_examples=False,
                examples=[Example(summary="a table's result", value=EXAMPLE)],
            ),
            **problems(400, 404),
        },
        summary="Follow a tournament: round starts, table results and its end, as Server-Sent "
        "Events, live",
        description=(
            "Public. A `text/event-stream` of the tournament's events after `after` (or "
            "`Last-Event-ID`): `round.started` (its boards and tables, with their games), "
            "`table.result` (a table's IMPs, every table's when its round ends) and "
            "`tournament.finished` (the standings and the revealed seed), each with its JSON in "
            "`data`."
        ),
    )
    async def events(
        self,
        tournament_id: TournamentId,
        house: HouseDep,
        streams: StreamsDep,
        request: Request[Any, Any, Any],
        last_event_id: LastEventId = "",
        after: EventsAfter = 0,
    ) -> ServerSentEvent:
        start = int(last_event_id) if last_event_id else after
        address = request.client.host if request.client else "unknown"
        items = await streams.open_tournament(house.tournaments, tournament_id, start, address)
        return ServerSentEvent(sse(f"tournament {tournament_id}", items))

    @get(
        "/{tournament_id:str}/webhook-deliveries",
        operation_id="listTournamentWebhookDeliveries",
        security=SEAT_OR_KEY,
        opt={API_KEY_OPTIONAL: True},
        responses=problems(400, 401, 403, 404),
        summary="The tournament's webhook deliveries and their state",
        description=(
            "Every event of the tournament's webhook in delivery order, as a game's deliveries "
            "are listed. For an entrant's token, or the API key that created the tournament; "
            "only that key sees the webhook's `url`."
        ),
    )
    async def deliveries(
        self,
        tournament_id: TournamentId,
        house: HouseDep,
        authorization: Authorization = None,
        x_api_key: ApiKey = None,
    ) -> TournamentWebhookDeliveries:
        key = api_key_id(house.settings, x_api_key)
        return await house.tournaments.deliveries(tournament_id, bearer(authorization), key)
