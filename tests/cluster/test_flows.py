"""Every game flow of the API, event streams included, runs unchanged on a Redis Cluster: no
command crosses slots."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import msgspec
import pytest
from litestar.testing import AsyncTestClient
from redis.asyncio.cluster import RedisCluster

from service.app import create_app
from service.core.games.follows import Heartbeat
from service.core.games.messages import CreateGame, MoveRequest
from service.core.house import House
from service.http.streams import Streams
from service.ledger.signatures import KeyRing
from service.ledger.tournament_audit import audit_tournament
from service.settings import WebhookSettings
from service.store.redis_gateway import RedisGateway
from tests.cluster.conftest import cluster_settings
from tests.harness.api import (
    Client,
    Game,
    Json,
    assert_chain,
    chosen_seed,
    create,
    create_game,
    ok,
    replay,
)
from tests.harness.bots import bot, seat_bots
from tests.harness.cluster import LocalCluster
from tests.harness.ratings import named, rated_game
from tests.harness.settings import app_settings
from tests.harness.signing import SIGNING_KEYS
from tests.harness.sse import follow_tournament
from tests.harness.tournaments import create_tournament, play_to_the_end
from tests.harness.webhook_receiver import receiving, verify


@pytest.fixture
async def client(cluster: LocalCluster) -> AsyncIterator[Client]:
    async with AsyncTestClient(app=create_app(cluster_settings(cluster))) as test_client:
        yield test_client


@pytest.mark.parametrize(("preset", "players"), [("escopa", 4), ("escoba", 3), ("escova", 2)])
async def test_a_whole_match_plays_audits_and_exports_on_a_cluster(
    client: Client, preset: str, players: int
) -> None:
    game = await create_game(client, players=players, preset=preset, seed=f"cluster-{preset}")
    if players == 4:
        ok(await game.signal(0, "guindis"))

    final = await game.play_out(random.Random(players))

    assert final["status"] == "finished"
    entries = await game.log()
    assert_chain(entries)
    replay(entries)
    audit = ok(await client.get(f"{game.url}/audit"))
    assert audit["ok"] is True
    assert audit["entries"] == len(entries)
    export = ok(await client.get(f"{game.url}/export"))
    assert len(export["entries"]) == len(entries)


async def test_manual_deals_idempotent_moves_and_conflicts_work_on_a_cluster(
    client: Client,
) -> None:
    game = await create_game(client, auto_deal=False, seed="cluster-deal")
    ok(await game.deal(1, {"expected_version": 1}))
    view = await game.view()
    seat, version = view["turn"], view["version"]
    move = (await game.legal(seat))[0]["id"]

    first = ok(await game.post_move(seat, {"move": move, "expected_version": version}, "k1"))
    again = ok(await game.post_move(seat, {"move": move, "expected_version": version}, "k1"))
    stale = await game.post_move(seat, {"move": move, "expected_version": version})

    assert first == again
    assert stale.status_code == 409
    assert len(await game.log()) == version + 1


async def test_commitments_and_replays_work_on_a_cluster(client: Client) -> None:
    commitment = ok(await client.post("/v1/commitments"), 201)
    body = {"players": ["Ana", "Bia"], "commitment_id": commitment["commitment_id"]}
    created = ok(await client.post("/v1/games", json={**body, "client_seed": "mine"}), 201)
    reused = await client.post("/v1/games", json={**body, "client_seed": "again"})

    assert created["seed_commitment"] == commitment["seed_commitment"]
    assert reused.status_code == 409
    replayed = ok(
        await client.post("/v1/replays", json={"players": ["Ana", "Bia"], "seed": "s", "moves": []})
    )
    assert replayed["steps"] == []


@pytest.fixture
async def on_cluster(cluster: LocalCluster) -> AsyncIterator[tuple[Streams, House]]:
    settings = cluster_settings(cluster)
    client = RedisCluster.from_url(settings.redis.url, protocol=3)
    await client.initialize()
    house = House(RedisGateway(client), settings, KeyRing.of(SIGNING_KEYS))
    yield Streams(settings, house.follows), house
    await client.aclose()


async def test_a_follower_on_a_cluster_gets_each_move_as_it_is_committed(
    on_cluster: tuple[Streams, House],
) -> None:
    # It reads the game's stream on the master that holds its slot, over a connection of its own.
    streams, games = on_cluster
    created = await games.creation.create(
        CreateGame(players=["Ana", "Bia"], seed=chosen_seed("cluster-events"))
    )
    game_id, tokens = created.game_id, [p.token for p in created.players]
    items = await streams.open(games.access, game_id, tokens[0], 1)
    for version in range(1, 4):
        game = await games.access.load(game_id)
        legal = await games.reads.legal_moves(game_id, tokens[game.state.turn or 0])
        move = MoveRequest(expected_version=version, move=legal.moves[0].id)
        await games.moves.play(game_id, tokens[legal.seat], move, None)
        async with asyncio.timeout(5):
            entry = await anext(items)
        assert not isinstance(entry, Heartbeat)
        assert entry.seq == version + 1
    streams.drain()
    with pytest.raises(StopAsyncIteration):
        await anext(items)
    assert streams.count == 0


async def test_a_match_with_bot_seats_plays_to_its_end_on_a_cluster(client: Client) -> None:
    players: list[str | Json] = ["Ana", bot("Rita", "greedy"), "Bia", bot("Gil", "expert")]
    table = await seat_bots(client, players, seed="bots on a cluster", target=1)
    final = await table.play_out(random.Random(3))
    entries = await table.game.log()
    assert final["status"] == "finished"
    assert {e["seat"] for e in entries if e["type"] == "move"} == {0, 1, 2, 3}
    assert_chain(entries)
    replay(entries)


async def test_a_games_webhook_gets_every_event_signed_and_in_order_on_a_cluster(
    cluster: LocalCluster,
) -> None:
    hooks = WebhookSettings(allow=("127.0.0.1",), backoff=0.05, timeout=2.0, attempts=4)
    settings = msgspec.structs.replace(cluster_settings(cluster), webhooks=hooks)
    async with AsyncTestClient(app=create_app(settings)) as client:
        with receiving() as receiver:
            body: Json = {"players": ["Ana", "Bia"], "seed": chosen_seed("hooks on a cluster")}
            body["webhook"] = {"url": receiver.url}
            created = ok(await create(client, body), 201)
            tokens = [p["token"] for p in created["players"]]
            game = Game(client, created["game_id"], tokens, created)
            secret = created["webhook"]["secret"]
            for _ in range(3):
                view = await game.view()
                legal = await game.legal(view["turn"])
                move = {"move": legal[0]["id"], "expected_version": view["version"]}
                ok(await game.post_move(view["turn"], move))
            done = await asyncio.to_thread(receiver.wait_for, 5)
    assert [r.json()["type"] for r in done] == ["game.started", "turn", "turn", "turn", "turn"]
    assert [r.json()["seq"] for r in done] == [1, 1, 2, 3, 4]
    assert all(verify(secret, r.headers["x-escopa-signature"], r.body) for r in done)


async def hints_after_moves(client: Client, moves: int) -> list[Json]:
    """A seeded game's hints (each level) for the seat at turn after its first `moves` moves."""
    game = await create_game(client, seed="hints on a cluster")
    for _ in range(moves):
        view = await game.view()
        ok(await game.move(view["turn"], move=(await game.legal(view["turn"]))[0]["id"]))
    seat = (await game.view())["turn"]
    return [
        ok(await client.get(f"{game.url}/hint", params={"level": level}, headers=game.auth(seat)))
        for level in ("random", "greedy", "expert")
    ]


async def test_hints_on_a_cluster_are_the_ones_one_redis_gives(
    client: Client, redis_url: str
) -> None:
    on_cluster = await hints_after_moves(client, 5)
    async with AsyncTestClient(app=create_app(app_settings(redis_url))) as single:
        on_one_redis = await hints_after_moves(single, 5)
    assert on_cluster == on_one_redis
    assert all(hint["moves"] for hint in on_cluster)


async def test_rated_games_settle_into_players_and_a_leaderboard_on_a_cluster(
    client: Client,
) -> None:
    for a, b in (("u-1", "u-2"), ("u-1", "u-3"), ("u-2", "u-3")):
        await rated_game(client, a, b)
    first = ok(await client.get("/v1/players/u-1"))["ratings"]["escopa-2p"]
    assert (first["games"], first["wins"]) == (2, 2)
    every = {"provisional": "true"}
    board = ok(await client.get("/v1/leaderboards/escopa-2p", params=every))
    ranked = [entry["player_id"] for entry in board["entries"]]
    assert ranked == ["u-1", "u-2", "u-3"]
    around = ok(await client.get("/v1/leaderboards/escopa-2p", params=every | {"around": "u-3"}))
    assert [entry["rank"] for entry in around["entries"]] == [1, 2, 3]
    games = ok(await client.get("/v1/players/u-3/games"))
    assert [game["outcome"] for game in games["games"]] == ["lost", "lost"]


async def test_a_rated_tournament_of_people_and_bots_plays_tells_and_audits_on_a_cluster(
    client: Client,
) -> None:
    people = [await named(client, "Ana", "t-1"), await named(client, "Bia", "t-2")]
    bots = [{"name": "Rita", "bot": "greedy"}, {"name": "Gus", "bot": "random"}]
    entrants = people + bots  # on its own ladder: the rated games' test reads escopa-2p's
    created = await create_tournament(client, entrants=entrants, rated=True, preset="escova")
    tournament_id = created["tournament_id"]
    final = await play_to_the_end(client, created, random.Random(3))
    # the test client answers a stream whole: it is read once the tournament has told its end
    async with follow_tournament(client, tournament_id, None) as follower:
        told = [m.entry() for m in await follower.rest(timeout=60) if m.data is not None]
    assert final["status"] == "finished"
    assert [e["type"] for e in told].count("table.result") == 4, "2 rounds of 2 tables"
    assert told[-1]["type"] == "tournament.finished" and told[-1]["seed"] == final["seed"]
    exported = await client.get(f"/v1/tournaments/{tournament_id}/export")
    report = audit_tournament(exported.content, KeyRing.of(SIGNING_KEYS).public)
    assert report.ok and report.games == 4, report.failure  # one game a table
    rating = ok(await client.get("/v1/players/t-1"))["ratings"]["escova-2p"]
    assert rating["games"] == 2, "each of its two tables rated once"
