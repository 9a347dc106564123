"""Routes of a game's life outside its moves: join, leave, resign, abort, rematch, the lobby."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.params import JSONBody, QueryParameter
from litestar.status_codes import HTTP_200_OK

from service.core.games.messages import Changed, Joined, JoinRequest, LobbyPage, Rematch
from service.core.webhooks.webhooks import api_key_id
from service.http.params import SEAT_TOKEN, Authorization, IdempotencyKey, bearer
from service.http.routes.game_routes import GameId, HouseDep, problems
from service.http.routes.webhook_routes import ApiKey
from service.ledger.patterns import full

LobbyAfter = Annotated[
    str | None,
    QueryParameter(
        min_length=1,
        max_length=80,
        pattern=full("^[0-9T:.Z-]+:[0-9a-f]{24}$"),
        description="the `next_after` of the previous page (none: the oldest games)",
    ),
]
LobbyLimit = Annotated[
    int, QueryParameter(ge=1, le=100, description="games per page: 1 to 100, default 20")
]


class SeatsController(Controller):
    path = "/v1/games"
    tags = ["seats"]  # noqa: RUF012

    @post(
        "/{game_id:str}/join",
        operation_id="joinGame",
        status_code=HTTP_200_OK,
        responses=problems(400, 403, 404, 409, 410, 413, 415, 422),
        summary="Take an open seat, by its invite or (a lobby game) by its number",
        description="Answers the seat's token, once. The last seat taken deals the game. A "
        "`player_id` is named only with the `X-API-Key` that created the game (403 "
        "`player/scope`).",
    )
    async def join(
        self,
        game_id: GameId,
        data: JSONBody[JoinRequest],
        house: HouseDep,
        x_api_key: ApiKey = None,
    ) -> Joined:
        return await house.seats.join(game_id, data, api_key_id(house.settings, x_api_key))

    @post(
        "/{game_id:str}/leave",
        operation_id="leaveGame",
        security=SEAT_TOKEN,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 404, 409, 410),
        summary="Give up your seat before the game starts",
        description="The seat opens again: a new invite for the creator (in its view), or "
        "back in the lobby.",
    )
    async def leave(
        self, game_id: GameId, house: HouseDep, authorization: Authorization = None
    ) -> Changed:
        return await house.seats.leave(game_id, bearer(authorization))

    @post(
        "/{game_id:str}/resign",
        operation_id="resignGame",
        security=SEAT_TOKEN,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 404, 409, 410, 422),
        summary="Resign: your side (a partnership together) loses the match",
        description="A retry with the same `Idempotency-Key` gets the first answer.",
    )
    async def resign(
        self,
        game_id: GameId,
        house: HouseDep,
        authorization: Authorization = None,
        idempotency_key: IdempotencyKey = None,
    ) -> Changed:
        return await house.endings.resign(game_id, bearer(authorization), idempotency_key)

    @post(
        "/{game_id:str}/abort",
        operation_id="abortGame",
        security=SEAT_TOKEN,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 404, 409, 410, 422),
        summary="Abort the match, no winner: while it waits, or before any seat has played",
        description="Any seated player may abort until a seat has made a move of its own; the "
        "outcome is `aborted` and the seed is revealed. A retry with the same "
        "`Idempotency-Key` gets the first answer.",
    )
    async def abort(
        self,
        game_id: GameId,
        house: HouseDep,
        authorization: Authorization = None,
        idempotency_key: IdempotencyKey = None,
    ) -> Changed:
        return await house.endings.abort(game_id, bearer(authorization), idempotency_key)

    @post(
        "/{game_id:str}/rematch",
        operation_id="rematchGame",
        security=SEAT_TOKEN,
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 404, 409, 410),
        summary="Play a finished game again: the same new game for every seat that asks",
        description="Same rules and seats (bots stay bots), the first deal to the next seat; "
        "each seat gets its own new token. The finished game's view names it (`rematch`).",
    )
    async def rematch(
        self, game_id: GameId, house: HouseDep, authorization: Authorization = None
    ) -> Rematch:
        return await house.rematches.rematch(game_id, bearer(authorization))


class LobbyController(Controller):
    path = "/v1/lobby"
    tags = ["seats"]  # noqa: RUF012

    @get(
        "/",
        operation_id="getLobby",
        responses=problems(400),
        summary="Waiting games with open seats anyone may take, oldest first",
        description="Games created with `lobby: true` while they wait; take a seat with "
        '`POST /v1/games/{game_id}/join` and `{"seat": N, "name": ...}`. Page on with `after`.',
    )
    async def lobby(
        self, house: HouseDep, after: LobbyAfter = None, limit: LobbyLimit = 20
    ) -> LobbyPage:
        return await house.lobby.page(after, limit)
