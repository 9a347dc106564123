"""The web pages: `/` (start a game or a tournament, the lobby), `/join/{id}` (take an open
seat), `/play/{id}` (a seat's table), `/replay/{id}` (verify), `/rules` (how to play),
`/tournaments/{id}` (a tournament) and `/tournaments/{id}/tables/{round}/{table}` (a table's two
plays side by side, each in a replay viewer framed from this service).

The pages are static files; the player's token stays in the URL's fragment or the tab's session
storage, which no request carries. The pages' policy lets them load and call nothing but this
service, and send no referrer.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from litestar import Request, Response, get
from litestar.params import PathParameter
from litestar.response import File
from litestar.static_files import create_static_files_router

from service.http.routes.game_routes import GameId
from service.http.routes.tournament_routes import TournamentId
from service.http.schemas import Landing
from service.http.web import STATIC

HTML: Final = "text/html"
PAGE_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}
FRAMED_BY_US: Final = PAGE_HEADERS | {
    "Content-Security-Policy": PAGE_HEADERS["Content-Security-Policy"].replace(
        "frame-ancestors 'none'", "frame-ancestors 'self'"
    )
}
"""The replay's headers: this service's own pages may frame it (a tournament's board at every
table), no other site."""
Number = Annotated[int, PathParameter(ge=1, le=10_000)]
"""A round's number or a table's place in its round, from 1."""


def page(name: str, headers: dict[str, str] = PAGE_HEADERS) -> File:
    """One of the HTML pages, with the pages' security headers."""
    return File(
        STATIC / name,
        filename=name,
        media_type=HTML,
        headers=headers,
        content_disposition_type="inline",
    )


def wants_html(request: Request[Any, Any, Any]) -> bool:
    """Whether the client (a browser) prefers HTML to JSON."""
    return request.accept.best_match(["application/json", "text/html"]) == "text/html"


@get("/", include_in_schema=False, sync_to_thread=False)
def home(request: Request[Any, Any, Any]) -> Response[Landing] | File:
    if wants_html(request):
        answer = page("index.html")
        answer.headers["Vary"] = "Accept"
        return answer
    return Response(Landing(), headers={"Vary": "Accept"})


@get("/play/{game_id:str}", include_in_schema=False, sync_to_thread=False)
def play(game_id: GameId) -> File:
    return page("play.html")


@get("/join/{game_id:str}", include_in_schema=False, sync_to_thread=False)
def join(game_id: GameId) -> File:
    """The join page: the invite stays in the fragment until the page posts it in a body."""
    return page("join.html")


@get("/replay/{game_id:str}", include_in_schema=False, sync_to_thread=False)
def replay(game_id: GameId) -> File:
    return page("replay.html", FRAMED_BY_US)


@get("/rules", include_in_schema=False, sync_to_thread=False)
def rules() -> File:
    """How to play, in the page's language, with a preset's points."""
    return page("rules.html")


@get("/replay", include_in_schema=False, sync_to_thread=False)
def replay_file() -> File:
    """The replay page with no game: it opens an export dropped, chosen or pasted."""
    return page("replay.html", FRAMED_BY_US)


@get("/tournaments/{tournament_id:str}", include_in_schema=False, sync_to_thread=False)
def tournament(tournament_id: TournamentId) -> File:
    """A tournament: standings, rounds, tables to watch, read again while it runs."""
    return page("tournament.html")


@get(
    "/tournaments/{tournament_id:str}/tables/{round_no:int}/{table:int}",
    include_in_schema=False,
    sync_to_thread=False,
)
def duplicate(tournament_id: TournamentId, round_no: Number, table: Number) -> File:
    """A board as every table of the round played it, the table named first (from 1)."""
    return page("duplicate.html")


assets = create_static_files_router(
    path="/web", directories=[STATIC], name="web", include_in_schema=False
)
WEB_ROUTES: Final = (
    home,
    join,
    play,
    replay,
    replay_file,
    rules,
    tournament,
    duplicate,
    assets,
)
