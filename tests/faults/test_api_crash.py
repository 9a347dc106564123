"""An API process killed with SIGKILL in the middle of requests: no half-applied move, and
the other process carries on with the game.

Two `escopa serve` processes share one Redis. In the first test, Redis holds back every write
(`CLIENT PAUSE WRITE`), so the moves sent to the doomed process have been read, checked and sent
to Redis as their commit script (down the process's one shared connection, where the first
holds up the rest), and wait there for an answer, when the process is killed. (Rate limits are
off there, so a move's only write is its commit.) In the second, the process
is killed at a random moment under a stream of moves, which players then send again to the
other process with the same `Idempotency-Key`.

Either way each move is in its game whole (state, version and log entry) or not at all: the
surviving process reads every game at a version its log matches entry for entry, plays it to
the end, and the finished log verifies and audits, with every acknowledged move in it.
"""

from __future__ import annotations

import asyncio
import random
from contextlib import suppress
from pathlib import Path

import httpx
import redis as redis_client

from service.store.redis_server import RedisServer
from tests.harness.api import Game, assert_linked, create_game, ok
from tests.harness.faults import (
    HANG,
    Player,
    api_processes,
    assert_acknowledged_and_audited,
    wait_until,
)

GAMES = 6
MOVES_BEFORE = 4
ACKED_BEFORE_KILL = 40


async def test_a_move_cut_off_by_a_killed_api_process_is_all_or_nothing(tmp_path: Path) -> None:
    with (
        RedisServer(tmp_path / "redis", fsync="always") as server,
        api_processes(
            server.url, tmp_path, 2, ESCOPA_RATE_LIMIT="0", ESCOPA_REDIS_TIMEOUT="30"
        ) as (doomed, survivor),
    ):
        async with (
            asyncio.timeout(HANG),
            httpx.AsyncClient(base_url=doomed.base, timeout=30) as first,
            httpx.AsyncClient(base_url=survivor.base, timeout=10) as second,
        ):
            games = [
                await create_game(first, players=3, seed=f"cut-{i}", target=2) for i in range(GAMES)
            ]
            for i, game in enumerate(games):  # warm up: scripts loaded, connections open
                for _ in range(MOVES_BEFORE):
                    await one_move(game, random.Random(i))

            moves = [await next_move(game, random.Random(7)) for game in games]
            admin = redis_client.Redis.from_url(server.url)
            admin.execute_command("CLIENT", "PAUSE", 20000, "WRITE")
            try:
                cut = [
                    asyncio.create_task(post(game, *move))
                    for game, move in zip(games, moves, strict=True)
                ]
                # The first commit script is held back in Redis, the others queue behind it.
                await wait_until(lambda: admin.info("clients")["blocked_clients"] >= 1)
                await asyncio.sleep(0.5)
                assert not any(task.done() for task in cut)
                doomed.kill()
            finally:
                admin.execute_command("CLIENT", "UNPAUSE")
                admin.close()
            for task in cut:
                with suppress(httpx.TransportError):
                    await task  # the answer never comes: the process died

            applied = 0
            for i, game in enumerate(games):
                moved = game.on(second)
                view = await moved.view()
                entries = await moved.log()
                assert [e["seq"] for e in entries] == list(range(1, view["version"] + 1))
                assert_linked(entries)
                assert view["version"] in (1 + MOVES_BEFORE, 2 + MOVES_BEFORE)
                applied += view["version"] - 1 - MOVES_BEFORE
                finisher = Player(moved, [second], random.Random(100 + i))
                await finisher.play()
                await assert_acknowledged_and_audited(second, moved, finisher.acks)
            assert 0 <= applied <= GAMES


async def test_the_other_process_carries_on_when_one_is_killed_under_load(
    tmp_path: Path,
) -> None:
    with (
        RedisServer(tmp_path / "redis", fsync="always") as server,
        api_processes(server.url, tmp_path, 2) as (doomed, survivor),
    ):
        async with (
            asyncio.timeout(HANG),
            httpx.AsyncClient(base_url=doomed.base, timeout=10) as first,
            httpx.AsyncClient(base_url=survivor.base, timeout=10) as second,
        ):
            games = [
                await create_game(second, players=2, seed=f"load-{i}", target=2)
                for i in range(GAMES)
            ]
            players = [
                Player(game, [first, second], random.Random(i)) for i, game in enumerate(games)
            ]
            playing = [asyncio.create_task(player.play()) for player in players]
            await wait_until(lambda: sum(len(p.acks) for p in players) >= ACKED_BEFORE_KILL)
            doomed.kill()

            await wait_until(lambda: all(task.done() for task in playing))
            for task in playing:
                task.result()
            assert sum(p.outages for p in players) > 0, "no request met the dead process"
            for player in players:
                game = player.game.on(second)
                await assert_acknowledged_and_audited(second, game, player.acks)


async def next_move(game: Game, rng: random.Random) -> tuple[int, dict[str, object]]:
    """A legal move of the seat to act and its body at the version just read."""
    view = await game.view()
    seat, version = view["turn"], view["version"]
    moves = await game.legal(seat)
    return seat, {"expected_version": version, "move": rng.choice(moves)["id"]}


async def post(game: Game, seat: int, body: dict[str, object]) -> None:
    ok(await game.post_move(seat, body))


async def one_move(game: Game, rng: random.Random) -> None:
    """One legal move of the seat to act, at the version just read (no retry)."""
    await post(game, *await next_move(game, rng))
