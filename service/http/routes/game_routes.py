"""Routes under /v1/games: each decodes, calls one use case, and returns a Struct."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, get, post
from litestar.datastructures import ResponseHeader
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import HeaderParameter, JSONBody, PathParameter, QueryParameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_304_NOT_MODIFIED

from bots.levels import BotLevel
from service.core.games.messages import (
    CreatedGame,
    CreateGame,
    DealRequest,
    GameView,
    Hint,
    LegalMoves,
    LogPage,
    MoveRequest,
    MoveResult,
    ScoreSheet,
    SignalRequest,
    SignalResult,
)
from service.core.games.presented import view_tag
from service.core.house import House
from service.core.webhooks.webhooks import api_key_id
from service.http.fast_moves import FastMoves
from service.http.fast_reads import FastReads, matches
from service.http.guard import API_KEY_SECURITY, HINT_RATE, hint_admission
from service.http.params import (
    GAME_ID_MAX_LENGTH,
    SEAT_TOKEN,
    SEAT_TOKEN_OR_NONE,
    ApiKey,
    Authorization,
    IdempotencyKey,
    bearer,
)
from service.http.schemas import Problem

GameId = Annotated[
    str, PathParameter(min_length=1, max_length=GAME_ID_MAX_LENGTH, description="the game's id")
]
HouseDep = NamedDependency[House]
After = Annotated[int, QueryParameter(ge=0, le=1_000_000, description="seq to start after")]
Limit = Annotated[
    int, QueryParameter(ge=1, le=200, description="entries per page: 1 to 200, default 50")
]


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """OpenAPI entries for the problem responses a route can give (any may be rate limited)."""
    return {
        status: ResponseSpec(
            Problem, description="RFC 9457 problem", media_type="application/problem+json"
        )
        for status in (*statuses, 429, 503)
    }


class GamesController(Controller):
    path = "/v1/games"
    tags = ["games"]  # noqa: RUF012

    @post(
        "/",
        operation_id="createGame",
        status_code=HTTP_201_CREATED,
        responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
        security=API_KEY_SECURITY,
        summary="Create a game",
        description=(
            "Seats 2-4 players in order (a person by name, a bot seat as `{name, bot}`), deals the"
            " first hand and answers each person's seat token, shown only here. Needs an API key "
            "when the server has keys. A `webhook` (or the one the API key names) is POSTed the "
            "game's events; its `secret` is answered only here. Refused with 422: a chosen "
            "`seed` a search could find (`request/weak_seed`), a name that shows nothing "
            "(`name/invisible`) or looks like another seat's (`name/lookalike`), a webhook host "
            "that does not resolve or is refused (`webhook/unresolvable`, "
            "`webhook/address_refused`). On a server without API keys a seat names a "
            "`player_id` only with its `player_secret` (`POST /v1/players`; 403 otherwise)."
        ),
    )
    async def create(
        self,
        data: JSONBody[CreateGame],
        house: HouseDep,
        request: Request[Any, Any, Any],
        x_api_key: ApiKey = None,
    ) -> CreatedGame:
        key = api_key_id(house.settings, x_api_key)
        return await house.creation.create(data, key)

    @get(
        "/{game_id:str}",
        operation_id="getGame",
        security=SEAT_TOKEN_OR_NONE,
        middleware=[FastReads],
        responses={
            **problems(400, 401, 404, 409),
            304: ResponseSpec(None, description="Not modified"),
        },
        response_headers=[
            ResponseHeader(
                name="ETag",
                description="the game's version (and, for a partner, the signals it sees)",
                documentation_only=True,
                required=True,
            )
        ],
        summary="A game as the token's seat (or a spectator) sees it",
        description=(
            "The table, hand sizes, piles, scores and whose turn it is; the token's seat also sees"
            " its own hand (never another's). Answers 304 to an `If-None-Match` with the current "
            "`ETag`."
        ),
    )
    async def read(
        self,
        game_id: GameId,
        house: HouseDep,
        authorization: Authorization = None,
        if_none_match: Annotated[
            str | None, HeaderParameter(name="If-None-Match", required=False, max_length=100)
        ] = None,
    ) -> Response[GameView]:
        view = await house.reads.view(game_id, bearer(authorization))
        etag = view_tag(view)
        headers = {"ETag": etag, "Vary": "Authorization", "Cache-Control": "no-cache"}
        if if_none_match is not None and matches(if_none_match, etag):
            return Response(content=None, status_code=HTTP_304_NOT_MODIFIED, headers=headers)  # type: ignore[arg-type]
        return Response(content=view, status_code=HTTP_200_OK, headers=headers)

    @get(
        "/{game_id:str}/legal-moves",
        operation_id="getLegalMoves",
        security=SEAT_TOKEN,
        responses=problems(400, 401, 404),
        summary="The token's seat's legal moves",
        description=(
            "Each legal move of the seat as it may be posted to `/moves` unchanged (with "
            "`expected_version`), in the engine's fixed order."
        ),
    )
    async def legal_moves(
        self, game_id: GameId, house: HouseDep, authorization: Authorization = None
    ) -> LegalMoves:
        return await house.reads.legal_moves(game_id, bearer(authorization))

    @get(
        "/{game_id:str}/hint",
        operation_id="getHint",
        security=SEAT_TOKEN,
        responses=problems(400, 401, 404, 409),
        summary="The move a bot would play for the token's seat, and its value of each move",
        description="CPU work, so it has its own rate limit (`ESCOPA_HINT_RATE_LIMIT`).",
        opt={HINT_RATE: True},
    )
    async def hint(
        self,
        request: Request[Any, Any, Any],
        game_id: GameId,
        house: HouseDep,
        authorization: Authorization = None,
        level: Annotated[
            BotLevel, QueryParameter(description="the bot level to ask (docs/bots.md)")
        ] = "expert",
    ) -> Hint:
        return await house.bots.hint(
            game_id, bearer(authorization), level, hint_admission(request.scope)
        )

    @post(
        "/{game_id:str}/moves",
        operation_id="playMove",
        security=SEAT_TOKEN,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 404, 409, 413, 415, 422),
        summary="Play a card, capture, or claim a missed capture",
        description=(
            "One move of the token's seat at `expected_version` (409 when the game moved on). Name"
            " it by `card` (+ `capture`), `claim`, `move` (a legal move's id) or as a legal move "
            "is listed. An `Idempotency-Key` makes a retry safe."
        ),
        middleware=[FastMoves],
    )
    async def play(
        self,
        game_id: GameId,
        data: JSONBody[MoveRequest],
        house: HouseDep,
        authorization: Authorization = None,
        idempotency_key: IdempotencyKey = None,
    ) -> MoveResult:
        return await house.moves.play(game_id, bearer(authorization), data, idempotency_key)

    @post(
        "/{game_id:str}/deal",
        operation_id="deal",
        security=SEAT_TOKEN,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 404, 409, 413, 415, 422),
        summary="Deal the next hand or round (when auto_deal is off)",
        description=(
            "When a hand or round is over and the rules deal by hand, the token's seat deals the "
            "next one; `expected_version` guards against a stale deal."
        ),
    )
    async def deal(
        self,
        game_id: GameId,
        house: HouseDep,
        data: JSONBody[DealRequest | None] = None,
        authorization: Authorization = None,
        idempotency_key: IdempotencyKey = None,
    ) -> MoveResult:
        expected = data.expected_version if data is not None else None
        return await house.moves.deal(game_id, bearer(authorization), expected, idempotency_key)

    @post(
        "/{game_id:str}/signals",
        operation_id="sendSignal",
        security=SEAT_TOKEN,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 404, 409, 413, 415),
        summary="Signal your partner (seen only by the partner until the game is over)",
        description="The signal is kept beside the log: the version, the log and what the "
        "opponents and spectators see do not change. The partner sees it in its view "
        "(`signals`); the entry that ends the match records every signal. A seat sends at "
        "most 3 signals a hand (409 `signal/limit_reached`; again after the next deal).",
    )
    async def signal(
        self,
        game_id: GameId,
        data: JSONBody[SignalRequest],
        house: HouseDep,
        authorization: Authorization = None,
    ) -> SignalResult:
        return await house.signals.signal(game_id, bearer(authorization), data)

    @get(
        "/{game_id:str}/score",
        operation_id="getScore",
        responses=problems(400, 404, 409),
        summary="Every round's per-category breakdown, totals and winner",
        description=(
            "Public: the score of every finished round by category and side, the match totals and,"
            " once over, the outcome."
        ),
    )
    async def score(self, game_id: GameId, house: HouseDep) -> ScoreSheet:
        return await house.reads.score(game_id)

    @get(
        "/{game_id:str}/log",
        operation_id="getLog",
        security=SEAT_TOKEN_OR_NONE,
        responses=problems(400, 401, 404, 409),
        summary="The hash-chained log, redacted for the reader until the game is over",
        description=(
            "A page of the log after `after`; hidden cards are redacted for the reader until the "
            "match ends, so every entry's hash still verifies once it is over."
        ),
    )
    async def log(
        self,
        game_id: GameId,
        house: HouseDep,
        authorization: Authorization = None,
        after: After = 0,
        limit: Limit = 50,
    ) -> LogPage:
        return await house.reads.log(game_id, bearer(authorization), after, limit)
