"""A rated game's end settled from two processes (two `House` on one Redis, each with its own
cache): resignations from both seats race, settlements race, and the settle worker finds a
game whose writer never settled it; the ratings move exactly once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from engine import EngineError
from service.core.games.messages import CreateGame, PlayerEntry, RegisterPlayer
from service.core.house import House
from service.errors import ServiceError
from service.ops.workers.settler import Settler
from service.store.redis_gateway import RedisGateway
from service.store.signing_key_file import key_ring
from tests.harness.settings import app_settings


@pytest.fixture
async def processes(redis_url: str) -> AsyncIterator[tuple[House, House]]:
    config = app_settings(redis_url)
    clients = [Redis.from_url(redis_url, protocol=3) for _ in range(2)]
    ring = key_ring(config)
    yield (
        House(RedisGateway(clients[0]), config, ring),
        House(RedisGateway(clients[1]), config, ring),
    )
    for client in clients:
        await client.aclose()


async def rated(house: House) -> tuple[str, list[str]]:
    """A rated game of `u-1` against `u-2`: its id and tokens."""
    seats = [
        PlayerEntry(name=name, player_id=player, player_secret=await secret(house, player))
        for name, player in (("Ana", "u-1"), ("Bia", "u-2"))
    ]
    created = await house.creation.create(CreateGame(players=list(seats), rated=True))
    return created.game_id, [seat.token or "" for seat in created.players]


async def secret(house: House, player_id: str) -> str:
    """The player id's secret: registered once, renewed by the operator on a second call."""
    try:
        return (await house.secrets.register(RegisterPlayer(player_id=player_id))).player_secret
    except ServiceError:
        return await house.secrets.renew(player_id)


async def games_of(house: House, player_id: str) -> tuple[int, int]:
    rating = (await house.players.player(player_id, None)).ratings["escopa-2p"]
    return rating.games, rating.wins


async def test_resignations_racing_from_two_processes_rate_the_game_once(
    processes: tuple[House, House],
) -> None:
    for _ in range(5):
        game_id, tokens = await rated(processes[0])
        ends = [house.endings.resign(game_id, t) for house in processes for t in tokens]
        answers = await asyncio.gather(*ends, return_exceptions=True)
        assert sum(not isinstance(a, BaseException) for a in answers) == 1
        refused = [a for a in answers if isinstance(a, BaseException)]
        assert all(isinstance(a, ServiceError | EngineError) for a in refused)
    first, second = [await games_of(processes[0], p) for p in ("u-1", "u-2")]
    assert first[0] == second[0] == 5
    assert first[1] + second[1] == 5


async def test_settlements_racing_from_two_processes_apply_once(
    processes: tuple[House, House],
) -> None:
    for house in processes:
        house.journal._settle_now = None  # the writers never settle: the racers below do
    game_id, tokens = await rated(processes[0])
    await processes[0].endings.resign(game_id, tokens[1])
    games = [await house.games.read(game_id) for house in processes]
    settling = [
        h.players.settle(game_id, g)
        for h, g in zip(processes, games, strict=True)
        for _ in range(4)
    ]
    await asyncio.gather(*settling)
    assert await games_of(processes[1], "u-1") == (1, 1)
    assert len((await processes[1].players.games("u-2", None, None, 10)).games) == 1


async def test_the_settle_worker_settles_a_game_its_writer_did_not(
    processes: tuple[House, House],
) -> None:
    writer, worker = processes
    writer.journal._settle_now = None  # as if the writer died after its commit
    game_id, tokens = await rated(writer)
    await writer.endings.resign(game_id, tokens[0])
    assert (await worker.players.player("u-1", None)).ratings == {}, "not settled yet"
    seen = await worker.journal.settling.when(game_id)
    assert seen is not None
    settler = Settler(worker.journal, worker.players)
    await asyncio.gather(settler.take(game_id, seen), settler.take(game_id, seen))
    assert await games_of(worker, "u-2") == (1, 1)
    assert await worker.journal.settling.when(game_id) is None
