"""Every page of the web table with something on it, for the tests that look at each one in each
language: the start page with a game in its lobby, the rules, a table mid-game with a clock,
a finished table, a waiting table with its invites, the join page, a finished game's replay, a
finished tournament of bots (a bye among its tables), a board at every table of its round, and
a tournament's page opened with a person's entrant link, their table ready."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import httpx

from tests.harness.api import Json
from tests.harness.pages import WAIT, until

CLOCK: Final = {"turn_seconds": 3600, "bank_seconds": 600, "on_timeout": "bot"}
"""Long enough that the person never runs out while the tests look at the table."""
BOT_BUDGET: Final = "300"
"""`ESCOPA_BOT_BUDGET` for the server: its experts think less, the tournament ends sooner."""


@dataclass(frozen=True)
class Shown:
    """A page to look at: its name (a test's id), its address and a selector it shows once
    drawn."""

    name: str
    path: str
    drawn: str


def showcase(base: str) -> list[Shown]:
    """Create through the API what each page shows; the pages, in a fixed order."""
    with httpx.Client(base_url=base, timeout=WAIT) as http:
        finished, token = finished_game(http)
        playing = turn_of_the_person(http)
        waiting = http.post("/v1/games", json={"players": ["Ana", {"open": True}, {"open": True}],
                                               "lobby": True}).json()  # fmt: skip
        tour, table = finished_tournament(http)
        entrant = entrant_link(http)
    invite = next(seat["invite"] for seat in waiting["players"] if "invite" in seat)
    creator = waiting["players"][0]["token"]
    return [
        Shown("start", "/", "#lobby[data-loaded] li[data-game]"),
        Shown("rules", "/rules", "#points tbody tr"),
        Shown("table", playing, "body[data-my-turn='true']"),
        Shown("finished-table", f"/play/{finished}#token={token}", "#outcome:not([hidden])"),
        Shown("waiting-table", f"/play/{waiting['game_id']}#token={creator}", "#invites li"),
        Shown("join", f"/join/{waiting['game_id']}#invite={invite}", "#join:not([hidden])"),
        Shown("replay", f"/replay/{finished}", "body[data-verified]"),
        Shown("tournament", tour, "body[data-status='finished']"),
        Shown("a-board", f"{tour}{table}", "#plays iframe"),
        Shown("entrant", entrant, "body[data-entrant='playing']"),
    ]


def person_moves(http: httpx.Client, game: Json, moves: int | None) -> None:
    """Play the person's (seat 0's) first legal move at each of its turns, `moves` times (None:
    to the match's end); the bot at the other seat is the service's."""
    url = f"/v1/games/{game['game_id']}"
    auth = {"Authorization": f"Bearer {game['players'][0]['token']}"}
    played = 0
    while moves is None or played < moves:
        view = until(lambda: due(http.get(url).json()), "the person's turn or the end")
        if view["outcome"]:
            return
        legal = http.get(f"{url}/legal-moves", headers=auth).json()
        move = {"move": legal["moves"][0]["id"], "expected_version": legal["version"]}
        http.post(f"{url}/moves", json=move, headers=auth).raise_for_status()
        played += 1


def due(view: Json) -> Json | None:
    """The view when the person (seat 0) is to play or the match is over, else None."""
    return view if view["turn"] == 0 or view["outcome"] else None


def finished_game(http: httpx.Client) -> tuple[str, str]:
    """A match to 1 point against a greedy bot, played to its end: its id and the person's token."""
    body = {"players": ["Ana", {"name": "Rita", "bot": "greedy"}], "rules": {"target": 1}}
    game: Json = http.post("/v1/games", json=body).json()
    person_moves(http, game, None)
    return str(game["game_id"]), str(game["players"][0]["token"])


def turn_of_the_person(http: httpx.Client) -> str:
    """A clocked match against an expert bot, two moves in, at the person's turn: its table's
    address."""
    body = {"players": ["Ana", {"name": "Rita", "bot": "expert"}], "rules": {"clock": CLOCK}}
    game: Json = http.post("/v1/games", json=body).json()
    person_moves(http, game, 2)
    until(lambda: http.get(f"/v1/games/{game['game_id']}").json()["turn"] == 0, "the turn")
    return f"/play/{game['game_id']}#token={game['players'][0]['token']}"


def finished_tournament(http: httpx.Client) -> tuple[str, str]:
    """Five bots, each level, one Swiss round of one board (two tables and a bye), played to
    its end: its page's address, and what follows it for its board at every table."""
    levels = {
        "Rita": "random",
        "Beto": "greedy",
        "Zeca": "expert",
        "Lia": "random",
        "Nina": "greedy",
    }
    entrants = [{"name": name, "bot": level} for name, level in levels.items()]
    body = {"name": "Escopa 2026", "rounds": 1, "boards": 1, "pairing": "swiss",
            "entrants": entrants}  # fmt: skip
    created = http.post("/v1/tournaments", json=body).json()
    path = f"/v1/tournaments/{created['tournament_id']}"
    until(lambda: http.get(path).json()["status"] == "finished", "the tournament's end", 300)
    tables = http.get(path).json()["rounds"][0]["tables"]
    played = next(number for number, table in enumerate(tables, 1) if "b" in table)
    return f"/tournaments/{created['tournament_id']}", f"/tables/1/{played}#board=1"


def entrant_link(http: httpx.Client) -> str:
    """A person and a bot, one round of one board, the person's clock long: the tournament's
    page as the person's entrant link opens it, their table ready."""
    entrants = [{"name": "Ana"}, {"name": "Rita", "bot": "greedy"}]
    body = {"name": "Escopa 2026", "rounds": 1, "boards": 1, "pairing": "swiss",
            "entrants": entrants, "clock": CLOCK}  # fmt: skip
    created = http.post("/v1/tournaments", json=body).json()
    return f"/tournaments/{created['tournament_id']}#token={created['entrants'][0]['token']}"
