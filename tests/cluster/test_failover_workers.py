"""Bot seats, clocks and webhooks all on, on a cluster, while the bot worker, the webhook worker
and masters (one with its replica lagging) are killed mid-play with SIGKILL: no acknowledged
move lost, no bot turn or due timeout left behind, every event delivered at least once, and
nothing answers 500 (Redis failing is a 503 with `Retry-After`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import httpx

from tests.cluster.test_failover import busiest, fail_over
from tests.harness.api import Json, chosen_seed
from tests.harness.bots import bot
from tests.harness.clocks import clock
from tests.harness.cluster import LocalCluster
from tests.harness.failover import Played, Style, Table
from tests.harness.processes import Served, serve_processes, start_bots, stop
from tests.harness.webhook_receiver import Receiver, receiving

PLAYERS = 6
MOVES_BETWEEN = 10  # people's moves acknowledged between two faults
TURN_SECONDS = 1
SETTLE = 30.0  # bounds a hang only: each wait below ends as soon as its condition holds
ENV = {
    "ESCOPA_REDIS_CLUSTER": "1",
    "ESCOPA_WAIT_TIMEOUT_MS": "2000",
    "ESCOPA_RATE_LIMIT": "0",
    "ESCOPA_CREATE_RATE_LIMIT": "0",
    "ESCOPA_BOT_CLAIM_IDLE": "2",
    "ESCOPA_WEBHOOK_ALLOW": "127.0.0.1",
    "ESCOPA_WEBHOOK_TIMEOUT": "2",
    "ESCOPA_WEBHOOK_BACKOFF": "0.1",
}
API = {**ENV, "ESCOPA_BOTS": "0", "ESCOPA_WEBHOOKS": "0"}  # they serve and sweep clocks only
WORKERS = {"bots": {**ENV, "ESCOPA_WEBHOOKS": "0"}, "webhooks": {**ENV, "ESCOPA_BOTS": "0"}}


def against_a_bot(receiver: Receiver) -> Style:
    """A person (seat 0) against a bot, on a clock whose timeout the stand-in plays, every
    event sent to `receiver`; the person lets the clock run out now and then."""

    def body(seed: str) -> Json:
        return {
            "players": ["Ana", bot("Bot", "random")],
            "seed": chosen_seed(seed),
            "rules": {"clock": clock("bot", turn=TURN_SECONDS)},
            "webhook": {"url": receiver.url},
        }

    return Style(body, seats={0}, idle=0.15, idle_for=TURN_SECONDS + 0.3)


class Workers:
    """The bot worker and the webhook worker, each an `escopa bots` process of its own, each
    started with the address of a node alive then."""

    def __init__(self, cluster: LocalCluster, folder: Path) -> None:
        self.cluster = cluster
        self.folder = folder
        self.started = 0
        self.running = {name: self._start(name) for name in WORKERS}

    def _start(self, name: str) -> Served:
        self.started += 1
        log = self.folder / f"{name}-{self.started}.log"
        return start_bots(self.cluster.url, log, **WORKERS[name])

    def crash(self, name: str) -> None:
        """SIGKILL the worker mid-work, and start another in its place."""
        self.running[name].kill()
        self.running[name] = self._start(name)

    def stop(self) -> None:
        for worker in self.running.values():
            stop(worker)


@contextmanager
def workers(cluster: LocalCluster, folder: Path) -> Iterator[Workers]:
    running = Workers(cluster, folder)
    try:
        yield running
    finally:
        running.stop()


@asynccontextmanager
async def clients(apis: list[Served]) -> AsyncIterator[list[httpx.AsyncClient]]:
    async with (
        httpx.AsyncClient(base_url=apis[0].base) as first,
        httpx.AsyncClient(base_url=apis[1].base) as second,
    ):
        yield [first, second]


async def kill_a_master(cluster: LocalCluster, table: Table, lagging: bool) -> None:
    """SIGKILL the master of the most games in progress (its replica first frozen and cut off
    for a second, with `lagging`), and wait until the cluster is whole again."""
    victim, _ = busiest(table, cluster)
    if lagging:
        replica = cluster.replica_of(victim)
        cluster.freeze(replica)
        try:
            cluster.cut_replicas(victim)
            await asyncio.sleep(1.0)
            cluster.kill(victim)
        finally:
            cluster.thaw(replica)
    else:
        cluster.kill(victim)
    await fail_over(cluster, victim)


async def state_of(client: httpx.AsyncClient, game: Played) -> tuple[int, str]:
    """The game's version and status now (waiting out a 503)."""
    deadline = time.monotonic() + SETTLE
    while True:
        answer = await client.get(f"/v1/games/{game.id}")
        if answer.status_code == 200 or time.monotonic() > deadline:
            view = answer.json()
            return view["version"], view["status"]
        await asyncio.sleep(0.1)


async def left_behind(client: httpx.AsyncClient, games: list[Played]) -> list[str]:
    """The games in progress that do not move on by themselves once nobody plays: a bot turn
    lost or a due timeout skipped (every turn is a bot's or on a clock)."""
    before = {g.id: await state_of(client, g) for g in games}
    waiting = {g.id for g in games if before[g.id][1] != "finished"}
    deadline = time.monotonic() + TURN_SECONDS + SETTLE
    while waiting and time.monotonic() < deadline:
        for game in [g for g in games if g.id in waiting]:
            version, status = await state_of(client, game)
            if version > before[game.id][0] or status == "finished":
                waiting.discard(game.id)
        await asyncio.sleep(0.2)
    return [f"{g}: stuck at version {before[g][0]}" for g in sorted(waiting)]


async def undelivered(
    client: httpx.AsyncClient, games: list[Played], receiver: Receiver
) -> list[str]:
    """Each game's log entries (up to its version now) of which no event reached `receiver`
    (every entry of a running game yields one: its turn, or the match's end)."""
    versions = {g.id: (await state_of(client, g))[0] for g in games}
    deadline = time.monotonic() + SETTLE
    while True:
        seen: dict[str, set[int]] = {g: set() for g in versions}
        for received in receiver.delivered():
            event = received.json()
            seen.setdefault(event["game_id"], set()).add(event["seq"])
        missing = [
            f"{game}: no event of entries {sorted(set(range(1, version + 1)) - seen[game])}"
            for game, version in versions.items()
            if not set(range(1, version + 1)) <= seen[game]
        ]
        if not missing or time.monotonic() > deadline:
            return missing
        await asyncio.sleep(0.2)


async def test_workers_and_masters_killed_mid_play_leave_no_move_turn_timeout_or_event_behind(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    with (
        receiving() as receiver,
        serve_processes(cluster.url, tmp_path, 2, **API) as apis,
        workers(cluster, tmp_path) as running,
    ):
        async with clients(apis) as http:
            table = Table(http, PLAYERS, against_a_bot(receiver))
            table.start()
            await table.after_moves(MOVES_BETWEEN)
            running.crash("bots")
            await table.after_moves(MOVES_BETWEEN)
            running.crash("webhooks")
            await table.after_moves(MOVES_BETWEEN)
            await kill_a_master(cluster, table, lagging=False)
            await table.after_moves(MOVES_BETWEEN)
            await kill_a_master(cluster, table, lagging=True)
            await table.after_moves(MOVES_BETWEEN)
            await table.stop()
            assert table.record.unexpected == [], table.record.unexpected
            games = table.record.games
            assert await table.lost() == []
            assert await left_behind(http[0], games) == []
            assert await undelivered(http[0], games, receiver) == []
    assert table.record.statuses[500] == 0
    print(
        f"\n{len(games)} games, {table.record.moves} people's moves acknowledged, answers "
        f"{dict(table.record.statuses)}, 503 codes {dict(table.record.codes)}, "
        f"{len(receiver.delivered())} webhook deliveries"
    )
