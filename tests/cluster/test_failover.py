"""Masters of the cluster die mid-play, again and again, some while their replica lags: games go
on, no acknowledged move is lost, and nothing answers 500 (Redis failing is a 503)."""

from __future__ import annotations

import asyncio
import time

import httpx

from service.store.redis_server import RedisServer
from tests.cluster.conftest import cluster_settings
from tests.harness.api import Game, Json, create_game, serve_apps
from tests.harness.cluster import LocalCluster
from tests.harness.failover import Played, Table, outage

KILLS = 10
PLAYERS = 10
MOVES_BETWEEN = 12  # acknowledged moves between two kills
FROZEN = 1.0  # seconds the lagging replica misses of its master's writes before the master dies
RECOVERY = 60.0


def busiest(table: Table, cluster: LocalCluster) -> tuple[RedisServer, list[Played]]:
    """The master that serves the most games in progress, and those games."""
    groups = table.games_by_shard(cluster.master_of)
    master = max(groups, key=lambda m: len(groups[m]))
    assert isinstance(master, RedisServer)
    return master, groups[master]


async def fail_over(cluster: LocalCluster, victim: RedisServer) -> float:
    """Seconds from now (the kill) until the cluster is healthy; then the victim rejoins."""
    killed = time.monotonic()
    await asyncio.to_thread(cluster.wait_failover)
    promoted = time.monotonic() - killed
    await asyncio.to_thread(cluster.rejoin, victim)  # as a replica, so WAIT succeeds again
    return promoted


def report(name: str, runs: list[tuple[float, float]], table: Table) -> None:
    promotion = [p for p, _ in runs]
    outages = [o for _, o in runs]
    print(
        f"\n{name}: {len(runs)} kills, {table.record.moves} acknowledged moves, "
        f"promotion {min(promotion):.1f}-{max(promotion):.1f} s, shard answering 503 for "
        f"{min(outages):.1f}-{max(outages):.1f} s, answers {dict(table.record.statuses)}, "
        f"503 codes {dict(table.record.codes)}"
    )


async def judge(table: Table) -> None:
    """Nothing acknowledged is lost, and every answer was one the service promises."""
    lost = await table.lost()
    assert lost == [], lost
    assert table.record.unexpected == [], table.record.unexpected
    assert table.record.statuses[500] == 0


async def test_games_survive_masters_killed_mid_play_again_and_again(cluster: LocalCluster) -> None:
    settings = cluster_settings(cluster)
    async with serve_apps(settings.redis.url, 2, settings=settings) as clients:
        table = Table(clients, PLAYERS)
        table.start()
        runs = []
        for _ in range(KILLS):
            await table.after_moves(MOVES_BETWEEN)
            victim, games = busiest(table, cluster)
            cluster.kill(victim)
            since = time.monotonic()
            promoted = await fail_over(cluster, victim)
            runs.append((promoted, since, games))
        await table.after_moves(MOVES_BETWEEN)
        await table.stop()
        await judge(table)
    report("failover", [(p, outage(g, s)) for p, s, g in runs], table)


async def test_no_acknowledged_move_is_lost_when_a_lagging_replica_takes_over(
    cluster: LocalCluster,
) -> None:
    # The replica is frozen and cut off, so it misses a second of writes (each waits for it);
    # then its master dies with those writes waiting: none of them may have been acknowledged.
    settings = cluster_settings(cluster)
    async with serve_apps(settings.redis.url, 2, settings=settings) as clients:
        table = Table(clients, PLAYERS)
        table.start()
        runs = []
        for _ in range(KILLS):
            await table.after_moves(MOVES_BETWEEN)
            victim, games = busiest(table, cluster)
            replica = cluster.replica_of(victim)
            cluster.freeze(replica)
            try:
                cluster.cut_replicas(victim)
                await asyncio.sleep(FROZEN)
                cluster.kill(victim)
            finally:
                cluster.thaw(replica)
            since = time.monotonic()
            promoted = await fail_over(cluster, victim)
            runs.append((promoted, since, games))
        await table.after_moves(MOVES_BETWEEN)
        await table.stop()
        await judge(table)
    assert table.record.codes["store/not_replicated"] > 0  # the writes did wait, and were refused
    report("lagging replica", [(p, outage(g, s)) for p, s, g in runs], table)


async def until_answered(
    game: Game, seat: int, body: dict[str, object], key: str
) -> httpx.Response:
    """The move's answer once the shard answers anything but 503."""
    deadline = time.monotonic() + RECOVERY
    while time.monotonic() < deadline:
        response = await game.post_move(seat, body, key)
        if response.status_code != 503:
            return response
        await asyncio.sleep(0.2)
    raise AssertionError("the shard did not recover")


async def test_a_move_whose_master_dies_unreplicated_is_503_and_its_retry_applies_it(
    cluster: LocalCluster,
) -> None:
    settings = cluster_settings(cluster)
    async with serve_apps(settings.redis.url, 1, connections=1, settings=settings) as [client]:
        game = await create_game(client, seed="unknown-outcome")
        view = await game.view()
        seat, version = view["turn"], view["version"]
        move = (await game.legal(seat))[0]["id"]
        body: Json = {"move": move, "expected_version": version}
        victim = cluster.master_of(f"{{g:{game.id}}}:game")
        replica = cluster.replica_of(victim)
        cluster.freeze(replica)
        try:
            cluster.cut_replicas(victim)
            sent = asyncio.create_task(game.post_move(seat, body, "only-once"))
            await asyncio.sleep(0.5)  # the script has run; its WAIT waits for the replica
            cluster.kill(victim)
            answer = await sent
        finally:
            cluster.thaw(replica)
        await fail_over(cluster, victim)
        retried = await until_answered(game, seat, body, "only-once")
        entries = await game.log()

    assert answer.status_code == 503, answer.text
    assert answer.json()["code"] == "store/not_replicated"
    assert answer.headers["retry-after"] == "1"
    # The write died with its master, so the retry applies the move, once.
    assert retried.status_code == 200, retried.text
    assert [e["seq"] for e in entries] == list(range(1, version + 2))
    assert entries[-1]["move"] == move
