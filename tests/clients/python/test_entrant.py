"""A tournament's entrant played by the client against a live server: `play_tournament` plays
each of its tables in turn with a callback, waits on the tournament's events stream between
rounds (through a bye too), and ends with the entrant's final place."""

from __future__ import annotations

import random
import threading
from typing import Any

import httpx
import pytest

from escopa_client import ApiError, Entrant, Escopa
from escopa_client.generated.models import EntrantTable, EntrantTableStatus
from tests.clients.python.test_table import randomly

CLOCK = {"turn_seconds": 120, "bank_seconds": 0, "on_timeout": "bot"}
"""Long enough that the stand-in never plays a person's turn while the client plays it."""


def create(base_url: str, entrants: list[Any], rounds: int, pairing: str) -> dict[str, Any]:
    body = {"name": "Client cup", "rounds": rounds, "boards": 1, "pairing": pairing,
            "entrants": entrants, "clock": CLOCK}  # fmt: skip
    created = httpx.post(f"{base_url}/v1/tournaments", json=body, timeout=30)
    assert created.status_code == 201, created.text
    found: dict[str, Any] = created.json()
    return found


def played_by_people(
    escopa: Escopa, created: dict[str, Any], people: list[int]
) -> dict[int, tuple[EntrantTable, list[EntrantTable]]]:
    """Each person's entrant played by `play_tournament` in its own thread, random moves: its
    final place and every place it was told, in order."""
    results: dict[int, tuple[EntrantTable, list[EntrantTable]]] = {}
    failures: list[BaseException] = []

    def person(entrant: int) -> None:
        told: list[EntrantTable] = []
        token = created["entrants"][entrant]["token"]
        try:
            final = escopa.play_tournament(
                created["tournament_id"], token, randomly(entrant), on_table=told.append
            )
            results[entrant] = (final, told)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=person, args=(entrant,)) for entrant in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not failures, failures
    assert sorted(results) == people
    return results


def games_of(tournament: dict[str, Any], entrant: int) -> list[str]:
    """The games the entrant sat at, round by round (none for a bye)."""
    return [
        table["game_ids"][0]
        for round_ in tournament["rounds"]
        for table in round_["tables"]
        if entrant in (table["a"], table.get("b")) and "b" in table
    ]


def assert_every_move_its_own(base_url: str, game_id: str, name: str) -> None:
    """The entrant's seat moved in the game, and never by a timeout's stand-in."""
    players = httpx.get(f"{base_url}/v1/games/{game_id}", timeout=30).json()["players"]
    seat = next(p["seat"] for p in players if p["name"] == name)
    log = httpx.get(f"{base_url}/v1/games/{game_id}/log?limit=200", timeout=30).json()
    moved = [e["type"] for e in log["entries"] if e.get("seat") == seat]
    assert "move" in moved and "timeout" not in moved, moved


def test_two_people_play_a_tournament_with_two_bots_to_its_end_each_in_one_call(
    base_url: str, escopa: Escopa
) -> None:
    entrants = [{"name": "Ana"}, {"name": "Bia"}] + [
        {"name": name, "bot": "random"} for name in ("Rita", "Beto")
    ]
    created = create(base_url, entrants, 2, "swiss")

    results = played_by_people(escopa, created, [0, 1])

    path = f"{base_url}/v1/tournaments/{created['tournament_id']}"
    tournament = httpx.get(path, timeout=30).json()
    assert tournament["status"] == "finished"
    standings = {s["entrant"]: s for s in tournament["standings"]}
    for entrant, (final, told) in results.items():
        assert final.status == EntrantTableStatus.FINISHED and final.round_ == 2
        assert (final.rank, final.total) == (
            standings[entrant]["rank"],
            standings[entrant]["total"],
        )
        playing = [t for t in told if t.status == EntrantTableStatus.PLAYING]
        assert [t.round_ for t in playing] == [1, 2], "told of each table once, in order"
        assert [t.game_id for t in playing] == games_of(tournament, entrant)
        assert told[-1] == final
        for game_id in games_of(tournament, entrant):
            assert_every_move_its_own(base_url, game_id, entrants[entrant]["name"])


def test_a_person_with_a_bye_waits_for_the_next_round_and_plays_on(
    base_url: str, escopa: Escopa
) -> None:
    entrants = [{"name": "Ana"}] + [{"name": n, "bot": "random"} for n in ("Rita", "Beto")]
    created = create(base_url, entrants, 3, "round_robin")

    ((final, told),) = played_by_people(escopa, created, [0]).values()

    tournament = httpx.get(
        f"{base_url}/v1/tournaments/{created['tournament_id']}", timeout=30
    ).json()
    assert tournament["status"] == "finished" and tournament["scoring"] == "plain"
    byes = [t.round_ for t in told if t.status == EntrantTableStatus.BYE]
    assert len(byes) == 1, [(t.round_, t.status) for t in told]
    playing = [t.game_id for t in told if t.status == EntrantTableStatus.PLAYING]
    assert playing == games_of(tournament, 0) and len(playing) == 2
    assert final.status == EntrantTableStatus.FINISHED and final.round_ == 3


def test_a_token_that_is_no_entrants_is_refused_with_401(base_url: str, escopa: Escopa) -> None:
    entrants = [{"name": "Ana"}, {"name": "Rita", "bot": "random"}]
    created = create(base_url, entrants, 1, "swiss")
    entrant: Entrant = escopa.entrant(created["tournament_id"], "not-a-token")

    with pytest.raises(ApiError) as refused:
        entrant.play(randomly(0))

    assert refused.value.status == 401


def test_waiting_between_rounds_reads_the_stream_from_the_last_event_seen(
    base_url: str, escopa: Escopa
) -> None:
    entrants = [{"name": "Rita", "bot": "random"}, {"name": "Ana"}]
    created = create(base_url, entrants, 1, "swiss")
    entrant = escopa.entrant(created["tournament_id"], created["entrants"][1]["token"])
    assert entrant.where().status == EntrantTableStatus.PLAYING

    entrant.wait(0)  # round 1 has started: told at once

    assert entrant.seen == 1
    rng = random.Random(5)
    final = entrant.play(lambda view, legal: rng.choice(legal.moves))
    assert final.status == EntrantTableStatus.FINISHED
