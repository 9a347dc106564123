"""A duplicate tournament of people and bots through the API alone, from creation to its
audited export."""

from __future__ import annotations

import asyncio
import random

import msgspec
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.ledger.signatures import KeyRing
from service.ledger.tournament_audit import audit_tournament
from tests.harness.api import Client, Game, assert_problem, ok
from tests.harness.clocks import clock, clock_settings
from tests.harness.signing import SIGNING_KEYS
from tests.harness.tournaments import create_tournament, entrants, play_to_the_end, tournament

KEYS = KeyRing.of(SIGNING_KEYS).public


async def test_a_tournament_of_people_and_bots_runs_to_its_end_and_its_export_audits(
    client: Client,
) -> None:
    created = await create_tournament(
        client, entrants=entrants(2, 3), rounds=3, boards=2, pairing="swiss"
    )
    assert [e.get("token") is not None for e in created["entrants"]] == [True] * 2 + [False] * 3

    final = await play_to_the_end(client, created, random.Random(7))

    assert final["status"] == "finished"
    assert [r["round"] for r in final["rounds"]] == [1, 2, 3]
    assert [r["boards"] for r in final["rounds"]] == [[1, 2], [3, 4], [5, 6]]
    assert all(sum("b" not in t for t in r["tables"]) == 1 for r in final["rounds"]), "one bye"
    # five entrants: two tables and a bye a round; IMPs at a table sum to 0, a bye scores 0
    assert sum(s["total"] for s in final["standings"]) == 0
    assert final["scoring"] == "imps"
    assert all("matchpoints" not in t for r in final["rounds"] for t in r["tables"])
    assert len(final["seed"]) == 64
    exported = await client.get(f"/v1/tournaments/{created['tournament_id']}/export")
    report = audit_tournament(exported.content, KEYS)
    assert report.ok, report.failure
    assert report.games == 3 * 2, "a game a table, two tables a round"
    assert report.signature == "verified"


async def test_every_table_of_a_round_deals_the_same_cards_and_no_entrant_holds_both_seats(
    client: Client,
) -> None:
    created = await create_tournament(client, entrants=entrants(0, 4, "random"), rounds=2)
    final = await play_to_the_end(client, created, random.Random(1))
    for record in final["rounds"]:
        dealt = []
        for table in record["tables"]:
            (game_id,) = table["game_ids"]
            (seats,) = table["seats"]
            assert len(set(seats)) == 2 and seats == [table["a"], table["b"]]
            entries = await Game(client, game_id, [], {}).log()
            dealt.append([e for entry in entries for e in entry["events"] if e["type"] == "dealt"])
        assert dealt[0] == dealt[1], "the round's tables play the same boards"


async def test_an_entrant_token_is_refused_on_another_tournaments_game(client: Client) -> None:
    first = await create_tournament(client, entrants=entrants(1, 1), rounds=1)
    second = await create_tournament(client, entrants=entrants(1, 1), rounds=1)
    token = first["entrants"][0]["token"]
    view = await tournament(client, second["tournament_id"])
    game_id = view["rounds"][0]["tables"][0]["game_ids"][0]
    response = await client.get(
        f"/v1/games/{game_id}/legal-moves", headers={"Authorization": f"Bearer {token}"}
    )
    assert 400 <= response.status_code < 500
    own = await tournament(client, first["tournament_id"])
    own_game = own["rounds"][0]["tables"][0]["game_ids"][0]
    ok(await client.get(f"/v1/games/{own_game}", headers={"Authorization": f"Bearer {token}"}))


async def test_a_tournament_is_exported_only_once_it_is_over(client: Client) -> None:
    created = await create_tournament(client, entrants=entrants(2, 0), rounds=1)
    response = await client.get(f"/v1/tournaments/{created['tournament_id']}/export")
    assert_problem(response, 409, "tournament/not_finished")
    view = await tournament(client, created["tournament_id"])
    assert "seed" not in view
    assert view["rules"]["clock"]["on_timeout"] == "bot", "people get a default clock"
    assert msgspec.json.decode(response.content)["status"] == 409


async def test_a_tournament_never_waits_on_a_person_who_does_not_play(redis_url: str) -> None:
    app = create_app(clock_settings(redis_url, sweep=True))
    async with AsyncTestClient(app=app) as client:
        created = await create_tournament(
            client, entrants=entrants(2, 1), rounds=2, clock=clock("bot", turn=1)
        )
        for _ in range(600):
            view = await tournament(client, created["tournament_id"])
            if view["status"] == "finished":
                break
            await asyncio.sleep(0.1)
    assert view["status"] == "finished", view["rounds"]
    assert [r["round"] for r in view["rounds"]] == [1, 2]
