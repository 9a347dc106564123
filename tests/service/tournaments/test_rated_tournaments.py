"""A rated tournament: each table is one rated match between its entrants, settled once, listed
in their games and on the leaderboard, carried by the export and recomputed from it alone; a
rated tournament whose entrants cannot all be rated is refused."""

from __future__ import annotations

import copy
import random
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.app import create_app
from service.core.house import House
from service.core.ratings.rated_tables import settle_tables
from service.ledger.ratings import Rating
from service.ledger.recompute import Key, first_difference, recompute, tables_of
from service.ledger.signatures import KeyRing
from service.ledger.tournament_audit import audit_tournament
from service.ledger.tournament_record import RoundRecord
from service.settings import KeySettings, RatingSettings, secret_hash
from service.store import redis_keys
from service.store.redis_gateway import RedisGateway
from service.store.signing_key_file import key_ring
from tests.harness.api import Client, assert_problem, ok
from tests.harness.ratings import named
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS
from tests.harness.tournaments import create_tournament, play_to_the_end, table_left_at_once

BOTS = [{"name": "Rita", "bot": "greedy"}, {"name": "Gus", "bot": "random"}]
PLAYERS = ["u-1", "u-2", "bot:greedy", "bot:random"]
PAIR = ("u-1", "u-2")
KEYS = KeyRing.of(SIGNING_KEYS).public


def rating_of(wire: dict[str, Any]) -> Rating:
    return Rating(wire["mu"], wire["sigma"], wire["games"], wire["wins"])


async def ratings_of(client: Client) -> dict[Key, Rating]:
    found = {}
    for player in PLAYERS:
        ladder = ok(await client.get(f"/v1/players/{player}"))["ratings"]["escopa-2p"]
        found["-", "escopa-2p", player] = rating_of(ladder)
    return found


async def settle_order(redis_url: str) -> list[str]:
    redis = Redis.from_url(redis_url)
    order = await redis.zrange(redis_keys.settle_order("-"), 0, -1)
    await redis.aclose()
    return [bytes(g).decode() for g in order]


@pytest.fixture
async def finished(client: Client) -> dict[str, Any]:
    """A rated round robin of two people with ids and two bots, played to its end, and its
    export."""
    entrants = [await named(client, "Ana", "u-1"), await named(client, "Bia", "u-2"), *BOTS]
    created = await create_tournament(
        client, entrants=entrants, rounds=3, boards=1, pairing="round_robin", rated=True
    )
    final = await play_to_the_end(client, created, random.Random(3))
    export = ok(await client.get(f"/v1/tournaments/{created['tournament_id']}/export"))
    lines = await client.get(f"/v1/tournaments/{created['tournament_id']}/export/lines")
    return {"view": final, "export": export, "lines": lines.content}


async def test_each_table_moves_its_entrants_ratings_once_and_is_listed_as_one_match(
    client: Client, finished: dict[str, Any], redis_url: str
) -> None:
    view = finished["view"]
    tournament_id = view["tournament_id"]
    assert view["rated"]["ladder"] == "escopa-2p"
    assert view["rated"]["players"] == PLAYERS
    before = await ratings_of(client)
    assert {r.games for r in before.values()} == {3}, "three tables each, one match a table"

    for player in ("u-1", "bot:greedy"):
        games = ok(await client.get(f"/v1/players/{player}/games"))["games"]
        assert len(games) == 3
        for game in games:
            assert game["tournament_id"] == tournament_id
            round_no, table = (int(p[1:]) for p in game["game_id"].split(".")[1:])
            recorded = view["rounds"][round_no - 1]["tables"][table]
            assert game["game_ids"] == recorded["game_ids"]
            total = sum(recorded["results"]) * (1 if game["seat"] == 0 else -1)
            expected = "won" if total > 0 else "lost" if total < 0 else "draw"
            assert game["outcome"] == expected and game["rated"] is True

    redis = Redis.from_url(redis_url, protocol=3)  # a second process on the same Redis
    config = app_settings(redis_url)
    house = House(RedisGateway(redis), config, key_ring(config))
    await house.tournaments.advance(tournament_id)
    last_game = view["rounds"][-1]["tables"][0]["game_ids"][0]
    await house.tournaments.ended(last_game, await house.games.read(last_game))
    kept, _ = await house.tournaments.load(tournament_id)
    for played in kept.record.rounds:  # a process that settled but never recorded the results
        unrecorded = tuple(
            msgspec.structs.replace(
                t, results=None, points=None, left=None, matchpoints=None, imps=None
            )
            for t in played.tables
        )
        last = RoundRecord(round=played.round, boards=played.boards, tables=unrecorded)
        endings = [None] * len(played.tables)  # settled already: the ending is not read
        await settle_tables(house.players, kept.record, last, played.tables, endings)
    await redis.aclose()
    assert await ratings_of(client) == before


async def test_the_leaderboard_lists_the_entrants(client: Client, finished: dict[str, Any]) -> None:
    board = ok(await client.get("/v1/leaderboards/escopa-2p"))
    assert sorted(e["player_id"] for e in board["entries"]) == sorted(PLAYERS)
    assert {e["name"] for e in board["entries"]} == {"Ana", "Bia", "Rita", "Gus"}


async def test_a_recompute_from_the_export_equals_the_services_ratings_and_names_a_bent_result(
    client: Client, finished: dict[str, Any], redis_url: str
) -> None:
    export = finished["export"]
    assert len(export["ratings"]) == 6
    after: dict[str, tuple[Rating, ...]] = {}
    for table in export["ratings"]:
        changes = sorted(table["changes"], key=lambda c: c["seat"])
        after[table["settlement_id"]] = tuple(rating_of(c["after"]) for c in changes)
    order = await settle_order(redis_url)
    assert sorted(order) == sorted(after)
    tables = tables_of(export)
    done = recompute([tables[s] for s in order])
    assert done.failed is None
    assert first_difference(done, await ratings_of(client), after) is None

    bent = copy.deepcopy(export)
    table = bent["tournament"]["rounds"][1]["tables"][0]
    table["results"] = [r + 1 for r in table["results"]]
    bent_tables = tables_of(bent)
    why = first_difference(recompute([bent_tables[s] for s in order]), {}, after)
    assert why is not None
    assert "(results): round 2, table 0" in why and why.startswith("table ")


@pytest.mark.parametrize(
    ("entrants", "code", "field"),
    [
        (
            [{"name": "Ana", "player_id": "u-1"}, {"name": "Bia"}],
            "tournament/player_id_required",
            "entrants[1]",
        ),
        (
            [{"name": "Ana", "player_id": "u-1"}, {"name": "Bia", "player_id": "u-1"}],
            "tournament/same_player",
            "entrants[1]",
        ),
        (
            [{"name": "Rita", "bot": "greedy"}, {"name": "Gus", "bot": "greedy"}],
            "tournament/same_player",
            "entrants[1]",
        ),
        (
            [{"name": "Ana", "player_id": "bot:x"}, {"name": "Gus", "bot": "greedy"}],
            "player/reserved_id",
            "entrants[0]",
        ),
    ],
)
async def test_a_rated_tournament_whose_entrants_cannot_all_be_rated_is_refused(
    client: Client, entrants: list[dict[str, str]], code: str, field: str
) -> None:
    body = {"name": "cup", "rounds": 1, "boards": 1, "pairing": "swiss", "rated": True}
    response = await client.post("/v1/tournaments", json={**body, "entrants": entrants})
    problem = assert_problem(response, 422, code)
    assert field in str(problem)
    held = [
        await named(client, e["name"], e["player_id"])
        if not e.get("player_id", "bot:").startswith("bot:")
        else e
        for e in entrants
    ]
    unrated = await client.post("/v1/tournaments", json={**body, "entrants": held, "rated": False})
    if code == "player/reserved_id":  # a person is never named by a bot's id, rated or not
        assert_problem(unrated, 422, code)
    else:
        assert unrated.status_code == 201, unrated.text


async def test_the_audit_checks_each_tables_ratings_and_names_a_bent_one(
    finished: dict[str, Any],
) -> None:
    export = finished["export"]
    report = audit_tournament(msgspec.json.encode(export), KEYS)
    assert report.ok, report.failure
    assert report.signature == "verified"
    bent = copy.deepcopy(export)
    bent["ratings"][4]["changes"][0]["after"]["mu"] += 1e-9
    failure = audit_tournament(msgspec.json.encode(bent)).failure
    assert failure is not None
    assert (failure.kind, failure.round, failure.table) == (
        "ratings",
        bent["ratings"][4]["round"],
        bent["ratings"][4]["table"],
    )
    dropped = {**export, "ratings": export["ratings"][1:]}
    missing = audit_tournament(msgspec.json.encode(dropped)).failure
    assert missing is not None and missing.kind == "ratings"
    assert export["ratings"][0]["settlement_id"] in missing.reason


async def test_the_compact_export_carries_the_same_ratings_and_the_audit_checks_them(
    finished: dict[str, Any],
) -> None:
    lines = [msgspec.json.decode(line) for line in finished["lines"].splitlines()]
    rounds = {n: line for n, line in enumerate(lines) if "round" in line}
    carried = [rating for line in rounds.values() for rating in line["ratings"]]
    assert carried == finished["export"]["ratings"], "each round's line carries its tables'"
    report = audit_tournament(finished["lines"], KEYS)
    assert report.ok, report.failure
    number, line = list(rounds.items())[1]
    line["ratings"][0]["changes"][0]["after"]["mu"] += 1e-9
    lines[number] = line
    bent = b"".join(msgspec.json.encode(line) + b"\n" for line in lines)
    assert audit_tournament(bent, KEYS).failure.kind == "signature"
    failure = audit_tournament(bent).failure
    assert failure is not None
    assert (failure.kind, failure.round) == ("ratings", line["round"])


async def test_a_rated_tournaments_ratings_are_its_api_keys_alone(redis_url: str) -> None:
    one, two = "key-one-0123456789abcdef", "key-two-0123456789abcdef"
    keys = KeySettings(signing=SIGNING_KEYS, api_hashes=(secret_hash(one), secret_hash(two)))
    async with AsyncTestClient(app=create_app(app_settings(redis_url, keys=keys))) as keyed:
        bots = [{"name": "Rita", "bot": "greedy"}, {"name": "Gus", "bot": "random"}]
        body = {"name": "cup", "rounds": 1, "boards": 1, "pairing": "swiss", "rated": True}
        created = await keyed.post(
            "/v1/tournaments", json={**body, "entrants": bots}, headers={"X-API-Key": one}
        )
        final = await play_to_the_end(keyed, ok(created, 201), random.Random(2))
        assert final["rated"]["scope"] not in ("", "-")
        mine = await keyed.get("/v1/players/bot:greedy", headers={"X-API-Key": one})
        assert ok(mine)["ratings"]["escopa-2p"]["games"] == 1
        theirs = await keyed.get("/v1/players/bot:greedy", headers={"X-API-Key": two})
        assert_problem(theirs, 404, "player/not_found")


async def test_a_rated_table_resigned_at_once_is_lost_as_the_tournament_scores_it(
    client: Client,
) -> None:
    final = await table_left_at_once(client, "u-1", "u-2")
    [table] = final["rounds"][0]["tables"]
    leaver_seat = table["seats"][0].index(0)
    assert table["left"] == 0
    mine = [m[leaver_seat] for m in table["matchpoints"]]
    theirs = [m[1 - leaver_seat] for m in table["matchpoints"]]
    assert sum(mine) < sum(theirs), "leaving loses: every board left unreached"
    [lost] = ok(await client.get("/v1/players/u-1/games"))["games"]
    [won] = ok(await client.get("/v1/players/u-2/games"))["games"]
    assert (lost["outcome"], won["outcome"]) == ("lost", "won")
    assert lost["rating_change"] < 0 < won["rating_change"]
    ratings = {p: ok(await client.get(f"/v1/players/{p}"))["ratings"]["escopa-2p"] for p in PAIR}
    assert ratings["u-1"]["ordinal"] < ratings["u-2"]["ordinal"]
    assert (ratings["u-1"]["wins"], ratings["u-2"]["wins"]) == (0, 1)


async def test_rated_tables_resigned_at_once_flag_the_resigner_as_sandbagging(
    client: Client,
) -> None:
    opponents = [f"u-{n}" for n in range(2, 2 + RatingSettings().watch_sandbag)]
    for opponent in opponents:
        await table_left_at_once(client, "u-1", opponent)
    resigner = ok(await client.get("/v1/players/u-1"))["ratings"]["escopa-2p"]
    assert resigner["flagged"]["kind"] == "sandbag"
    for opponent in opponents:
        shown = ok(await client.get(f"/v1/players/{opponent}"))["ratings"]["escopa-2p"]
        assert shown["flagged"] is None
