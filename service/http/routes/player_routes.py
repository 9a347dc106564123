"""Routes of players known across games: a player's ratings and games, a ladder's leaderboard,
all in the scope of the request's API key (the one scope on a server without keys)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from litestar import Controller, Request, get, post
from litestar.params import JSONBody, PathParameter, QueryParameter
from litestar.status_codes import HTTP_201_CREATED

from engine.rules import PRESETS
from service.core.games.messages import RegisteredPlayer, RegisterPlayer
from service.core.ratings.players import Leaderboard, Page, PlayerGames, PlayerRatings
from service.errors import ServiceError
from service.http.guard import API_KEY_SECURITY
from service.http.routes.game_routes import HouseDep, problems
from service.http.routes.webhook_routes import ApiKey, key_of
from service.ledger.ratings import BOARD_CURSOR_PATTERN, PLAYER_ID_PATTERN, ladder_of

ID_FORM = {"pattern": PLAYER_ID_PATTERN, "maxLength": 64}
"""A player id's form, as the document states it (checked by the route: 422 naming it)."""
PlayerPath = Annotated[
    str,
    PathParameter(
        min_length=1, max_length=200, description="the player's id (`u-17`)", schema_extra=ID_FORM
    ),
]
LADDERS = [ladder_of(preset, n) for preset in PRESETS for n in (2, 3, 4)]
LadderPath = Annotated[
    str,
    PathParameter(
        min_length=1,
        max_length=80,
        description="a ladder: `<preset>-<n>p`, e.g. `escopa-2p`",
        schema_extra={"enum": LADDERS},
    ),
]
GamesAfter = Annotated[
    int,
    QueryParameter(
        ge=0, le=2**53, description="the `next_after` of the previous page (0: the newest)"
    ),
]
BoardAfter = Annotated[
    str | None,
    QueryParameter(
        min_length=1,
        max_length=100,
        pattern=BOARD_CURSOR_PATTERN,
        description="the `next_after` of the previous page (none: the top)",
    ),
]
Around = Annotated[
    str | None,
    QueryParameter(
        max_length=200,
        description="a player id: the page around that player",
        schema_extra=ID_FORM,
    ),
]
Provisional = Annotated[
    bool,
    QueryParameter(
        description="true: also the players with fewer rated games on the ladder than the "
        "server lists (`ESCOPA_LEADERBOARD_MIN_GAMES`)"
    ),
]
PageLimit = Annotated[
    int, QueryParameter(ge=1, le=100, description="entries per page: 1 to 100, default 20")
]


def checked_id(given: str, field: str) -> str:
    """The id, if it has a player id's form; 422 naming the field."""
    if re.fullmatch(PLAYER_ID_PATTERN, given):
        return given
    raise ServiceError(
        "player/invalid_id",
        422,
        "a player id is 1-64 characters of `[A-Za-z0-9_.:-]`",
        field=field,
    )


class PlayersController(Controller):
    path = "/v1/players"
    tags = ["players"]  # noqa: RUF012

    @post(
        "/",
        operation_id="registerPlayer",
        status_code=HTTP_201_CREATED,
        responses=problems(400, 409, 422),
        summary="Hold a player id: its secret, shown once",
        description="On a server without API keys, a game, join or tournament names a player "
        "id only with its `player_secret`, so nobody moves the rating of an id it does not "
        "hold. The secret is shown this once and kept only as a hash. 409 `player/taken` for "
        "an id held already, `player/history` for one with a history from before player "
        "secrets (its player asks the operator). On a server with API keys, each key vouches "
        "for its ids: 422 `player/secret_not_used`.",
    )
    async def register(self, data: JSONBody[RegisterPlayer], house: HouseDep) -> RegisteredPlayer:
        return await house.secrets.register(data)

    @get(
        "/{player_id:str}",
        operation_id="getPlayer",
        security=API_KEY_SECURITY,
        responses=problems(400, 401, 404, 422),
        summary="A player's ratings, one per ladder",
        description="In the API key's scope (two keys' `u-17` are two players): each ladder's "
        "`mu`, `sigma`, `ordinal` (mu - 3 sigma), rated `games` and `wins`. 404 for a player "
        "never seen.",
    )
    async def player(
        self,
        player_id: PlayerPath,
        house: HouseDep,
        request: Request[Any, Any, Any],
        x_api_key: ApiKey = None,
    ) -> PlayerRatings:
        checked = checked_id(player_id, "player_id")
        return await house.players.player(checked, key_of(request, x_api_key))

    @get(
        "/{player_id:str}/games",
        operation_id="getPlayerGames",
        security=API_KEY_SECURITY,
        responses=problems(400, 401, 404, 422),
        summary="A player's finished games, newest first",
        description="Each game's id, ladder, whether it was rated, the outcome for the player "
        "and its `rating_change` (ordinal after less before); a rated tournament's table is "
        "one match, its settlement id as `game_id` with its `tournament_id` and two `game_ids`. "
        "Page on with `after`.",
    )
    async def games(
        self,
        player_id: PlayerPath,
        house: HouseDep,
        request: Request[Any, Any, Any],
        after: GamesAfter = 0,
        limit: PageLimit = 20,
        x_api_key: ApiKey = None,
    ) -> PlayerGames:
        checked = checked_id(player_id, "player_id")
        key = key_of(request, x_api_key)
        return await house.players.games(checked, key, after or None, limit)


class LeaderboardsController(Controller):
    path = "/v1/leaderboards"
    tags = ["players"]  # noqa: RUF012

    @get(
        "/{ladder:str}",
        operation_id="getLeaderboard",
        security=API_KEY_SECURITY,
        responses=problems(400, 401, 404, 422),
        summary="A ladder's leaderboard",
        description="Players ranked by `ordinal` (ties by games, then id) in the API key's "
        "scope; page on with `after` (stable while ratings move), or ask for the page "
        "`around` a player. Players with fewer rated games than the server's minimum are "
        "listed only with `provisional=true`. 404 for an unknown ladder.",
    )
    async def leaderboard(
        self,
        ladder: LadderPath,
        house: HouseDep,
        request: Request[Any, Any, Any],
        after: BoardAfter = None,
        limit: PageLimit = 20,
        around: Around = None,
        provisional: Provisional = False,
        x_api_key: ApiKey = None,
    ) -> Leaderboard:
        near = None if around is None else checked_id(around, "around")
        key = key_of(request, x_api_key)
        page = Page(after=after, limit=limit, around=near, provisional=provisional)
        return await house.players.leaderboard(ladder, key, page)
