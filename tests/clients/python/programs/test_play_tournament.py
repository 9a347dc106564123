"""`escopa play --tournament ID --token T` in a pseudo-terminal against a live `escopa serve`: a
person plays each of their tables in turn, typed move by move, told between them where they
are, to the tournament's end (the other person played through the API by the test); in
another language with no English left; leaving says how to come back; refusals in words."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pexpect
import pytest

from escopa_client import Escopa
from tests.clients.python.programs.test_play import catalog_messages
from tests.clients.python.test_table import randomly
from tests.harness.english import english_left
from tests.harness.processes import serve_private
from tests.harness.terminal import play_through, prompt_in, spawn

UNLIMITED = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}
CLOCK = {"turn_seconds": 300, "bank_seconds": 0, "on_timeout": "bot"}
"""Long enough that the stand-in never plays a turn the person types."""
WAITS = 180.0
"""How long the terminal may wait for a prompt: the other tables finish their round meanwhile."""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`escopa serve` on a free port with its private Redis and its bot worker."""
    with serve_private(tmp_path_factory.mktemp("serve"), **UNLIMITED) as served:
        yield served.base


def create(base_url: str, entrants: list[Any], rounds: int) -> dict[str, Any]:
    body = {"name": "Copa 2026", "rounds": rounds, "boards": 1, "pairing": "swiss",
            "entrants": entrants, "clock": CLOCK}  # fmt: skip
    created = httpx.post(f"{base_url}/v1/tournaments", json=body, timeout=30)
    assert created.status_code == 201, created.text
    found: dict[str, Any] = created.json()
    return found


def read(base_url: str, path: str) -> Any:
    answer = httpx.get(f"{base_url}{path}", timeout=30)
    answer.raise_for_status()
    return answer.json()


def seat_moves(base_url: str, game_id: str, name: str) -> list[str]:
    """The types of the entries the named player's seat made in the game."""
    players = read(base_url, f"/v1/games/{game_id}")["players"]
    seat = next(p["seat"] for p in players if p["name"] == name)
    entries = read(base_url, f"/v1/games/{game_id}/log?limit=200")["entries"]
    return [e["type"] for e in entries if e.get("seat") == seat and e["type"] != "joined"]


def ready_said(view: Any, round_: Any, out: str) -> str:
    """Entrant 0's game of the round, once checked that the terminal said it was ready."""
    table = next(t for t in round_["tables"] if 0 in (t["a"], t["b"]))
    game_id, seat = table["game_ids"][0], 1 + (table["b"] == 0)
    other = view["entrants"][table["b"] if table["a"] == 0 else table["a"]]
    against = other["name"] + (f" ({other['bot']})" if other.get("bot") else "")
    ready = f"round {round_['round']} of 2: your table is ready, against {against}: "
    assert f"{ready}game {game_id}, you are seat {seat}" in out
    return str(game_id)


def test_a_person_plays_each_table_of_a_tournament_in_the_terminal_to_its_end(
    base_url: str,
) -> None:
    entrants = [{"name": "Ana"}, {"name": "Bia"}] + [
        {"name": name, "bot": "random"} for name in ("Rita", "Beto")
    ]
    created = create(base_url, entrants, 2)
    tournament_id = created["tournament_id"]
    other: list[Any] = []
    with Escopa(base_url) as escopa:
        bia = threading.Thread(
            target=lambda: other.append(
                escopa.play_tournament(tournament_id, created["entrants"][1]["token"], randomly(2))
            )
        )
        bia.start()
        child = spawn("--url", base_url, "--tournament", tournament_id, "--token",
                      created["entrants"][0]["token"], timeout=WAITS)  # fmt: skip

        session = play_through(child, lambda n, shown: "1")
        bia.join(timeout=WAITS)

    out = session.output
    assert session.status == 0, out[-3000:]
    assert len(other) == 1, "the other person played to the end too"
    view = read(base_url, f"/v1/tournaments/{tournament_id}")
    assert view["status"] == "finished"
    page = f"{base_url}/tournaments/{tournament_id}"
    assert f"tournament Copa 2026: you play as 1. Ana; its page: {page}" in out
    games = [ready_said(view, round_, out) for round_ in view["rounds"]]
    assert out.index(games[0]) < out.index("round 2 of 2: your table is ready")
    assert re.search(r"match over: .+ after 1 round", out), "each game's end said"
    mine = {s["entrant"]: s for s in view["standings"]}[0]
    assert view["scoring"] == "imps", "four entrants: two tables a round"
    points = f"{mine['total']} IMP{'s' * (mine['total'] != 1)}"
    assert (
        f"the tournament is over: you finished in place {mine['rank']} of 4, with {points}" in out
    )
    moved = [seat_moves(base_url, game_id, "Ana") for game_id in games]
    assert all(kinds and set(kinds) == {"move"} for kinds in moved), moved
    assert sum(map(len, moved)) == len(session.typed), "every move typed, none by the stand-in"


def test_a_tournament_in_portuguese_says_no_english(base_url: str) -> None:
    created = create(base_url, [{"name": "Ana"}, {"name": "Rita", "bot": "greedy"}], 1)
    tournament_id = created["tournament_id"]
    token = created["entrants"][0]["token"]
    child = spawn("--url", base_url, "--tournament", tournament_id, "--token", token,
                  timeout=WAITS, language="pt_BR")  # fmt: skip

    session = play_through(child, lambda n, shown: "1", prompt=prompt_in("pt_BR"))

    said = session.output
    assert session.status == 0, said[-2000:]
    assert "rodada 1 de 1: sua mesa está pronta, contra Rita (guloso)" in said
    assert "o torneio acabou: você terminou na posição " in said
    words = re.sub(r"https?://\S+", "", said)
    english = english_left(words, catalog_messages("en"), catalog_messages("pt_BR"))
    assert english == [], "English in the Portuguese terminal"


def test_leaving_a_tournament_table_says_how_to_come_back_and_coming_back_plays_on(
    base_url: str,
) -> None:
    created = create(base_url, [{"name": "Ana"}, {"name": "Rita", "bot": "random"}], 1)
    tournament_id = created["tournament_id"]
    token = created["entrants"][0]["token"]
    child = spawn("--url", base_url, "--tournament", tournament_id, "--token", token)
    child.expect(r"your move \(")
    child.sendline("q")
    again = f"escopa play --url {base_url} --tournament {tournament_id} --token {token}"
    child.expect(re.escape(f"you left the table; take your seat again with: {again}"))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert read(base_url, f"/v1/tournaments/{tournament_id}")["status"] == "running"

    session = play_through(spawn(*again.split()[2:], timeout=WAITS), lambda n, shown: "1")

    assert session.status == 0, session.output[-2000:]
    assert "the tournament is over: you finished in place " in session.output
    assert read(base_url, f"/v1/tournaments/{tournament_id}")["status"] == "finished"


@pytest.mark.parametrize(
    ("token", "said"),
    [
        (None, "escopa play: --tournament needs --token (your entrant's token)"),
        ("not-a-token", "escopa play: 401 "),
    ],
    ids=["no token", "no entrant's token"],
)
def test_a_tournament_without_an_entrants_token_is_refused_in_words(
    base_url: str, token: str | None, said: str
) -> None:
    created = create(base_url, [{"name": "Ana"}, {"name": "Rita", "bot": "random"}], 1)
    options = ["--token", token] if token else []
    child = spawn("--url", base_url, "--tournament", created["tournament_id"], *options)

    child.expect(re.escape(said))
    child.expect(pexpect.EOF)
    child.close()

    assert child.exitstatus == 2
