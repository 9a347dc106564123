"""Routes of duplicate tournaments: create one, read it, export it once it is over."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.params import JSONBody, PathParameter
from litestar.status_codes import HTTP_201_CREATED

from service.core.tournament_messages import (
    MAX_TOURNAMENT_BODY,
    CreatedTournament,
    CreateTournament,
)
from service.core.webhooks import api_key_id
from service.http.guard import API_KEY_SECURITY
from service.http.params import ApiKey
from service.http.routes.game_routes import HouseDep, problems
from service.ledger.tournament_record import TournamentExport, TournamentView

TournamentId = Annotated[
    str, PathParameter(min_length=1, max_length=64, description="the tournament's id")
]


class TournamentsController(Controller):
    path = "/v1/tournaments"
    tags = ["tournaments"]  # noqa: RUF012

    @post(
        "/",
        operation_id="createTournament",
        status_code=HTTP_201_CREATED,
        responses=problems(400, 401, 404, 409, 413, 415, 422),
        security=API_KEY_SECURITY,
        request_max_body_size=MAX_TOURNAMENT_BODY,
        summary="Create a duplicate tournament of 2-player tables and open its first round",
        description=(
            "Entrants are people by name or bots as `{name, bot}`; `rounds` (1-20) of `boards` "
            "(1-10) boards each, paired `swiss` or `round_robin` (exactly n-1 rounds, n with an "
            "odd count). Each pairing plays every board twice at once, seats swapped. A person's "
            "`token`, shown only here, is its seat token in every game of the tournament. Needs "
            "an API key when the server has keys. See docs/tournaments.md."
        ),
    )
    async def create(
        self,
        data: JSONBody[CreateTournament],
        house: HouseDep,
        x_api_key: ApiKey = None,
    ) -> CreatedTournament:
        key = api_key_id(house.settings, x_api_key)
        return await house.tournaments.create(data, key)

    @get(
        "/{tournament_id:str}",
        operation_id="getTournament",
        responses=problems(400, 404),
        summary="A tournament: its status, entrants, rounds with their tables, standings",
        description=(
            "Public. Standings by total duplicate result, then Buchholz; the seed once it is over."
        ),
    )
    async def read(self, tournament_id: TournamentId, house: HouseDep) -> TournamentView:
        return await house.tournaments.view(tournament_id)

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
