"""Conflicting writers on one game, through two `escopa serve` processes: a whole match.

tests/service/core/games/test_race.py races one version at a time on two app instances in the
test's own process. Here many clients, each with a seat's token, race through an entire match
against two separate server processes (truly parallel), each posting its own choice of legal
move whenever it believes its seat is to act. Every version has exactly one winner, every other
attempt is a 409 `game/version_conflict`, and the log has no gap and no duplicate.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path

import httpx

from service.store.redis_server import RedisServer
from tests.harness.api import Game, Json, create_game, ok
from tests.harness.faults import HANG, Ack, api_processes, assert_acknowledged_and_audited

PLAYERS = 3
RACERS_PER_SEAT = 4
LOAD_RATE_LIMIT = "1000000/60"  # all the racers share one address: limits on, but high


async def racer(game: Game, apis: list[httpx.AsyncClient], seat: int, rng: random.Random,
                answers: list[tuple[int, Json]]) -> None:  # fmt: skip
    """Until the match is over: when the seat is to act, post a legal move of its own choice."""
    while True:
        api = rng.choice(apis)
        view = ok(await api.get(game.url))
        if view["status"] == "finished":
            return
        if view["turn"] != seat:
            await asyncio.sleep(rng.random() * 0.002)
            continue
        legal = ok(await rng.choice(apis).get(f"{game.url}/legal-moves", headers=game.auth(seat)))
        if not legal["moves"]:
            continue
        body = {"expected_version": legal["version"], "move": rng.choice(legal["moves"])["id"]}
        response = await rng.choice(apis).post(
            f"{game.url}/moves", json=body, headers=game.auth(seat)
        )
        answers.append((response.status_code, {"sent": body, **response.json()}))


async def test_many_writers_on_two_processes_one_winner_per_version(tmp_path: Path) -> None:
    with (
        RedisServer(tmp_path / "redis") as server,
        api_processes(server.url, tmp_path, 2, ESCOPA_RATE_LIMIT=LOAD_RATE_LIMIT) as processes,
    ):
        limits = httpx.Limits(max_connections=PLAYERS * RACERS_PER_SEAT)
        clients = [httpx.AsyncClient(base_url=p.base, timeout=10, limits=limits) for p in processes]
        try:
            async with asyncio.timeout(HANG):
                game = await create_game(clients[0], players=PLAYERS, seed="writers", target=2)
                answers: list[tuple[int, Json]] = []
                await asyncio.gather(
                    *(
                        racer(game, clients, seat, random.Random(f"{seat}-{i}"), answers)
                        for seat in range(PLAYERS)
                        for i in range(RACERS_PER_SEAT)
                    )
                )

                statuses = Counter(
                    (status, "ok" if status == 200 else body["code"]) for status, body in answers
                )
                assert set(statuses) <= {(200, "ok"), (409, "game/version_conflict")}, statuses
                assert statuses[(409, "game/version_conflict")] > 0, "no writers ever raced"
                wins = [body for status, body in answers if status == 200]
                versions = [win["version"] for win in wins]
                final = (await game.view())["version"]
                assert sorted(versions) == list(range(2, final + 1)), "one winner per version"
                for status, body in answers:  # a loser's version had another winner
                    if status == 409:
                        assert body["sent"]["expected_version"] + 1 in versions

                entries = await game.log()
                assert [e["seq"] for e in entries] == list(range(1, final + 1))
                acks = [Ack(game.id, w["version"], w["entry"]["seat"], w["move"]) for w in wins]
                await assert_acknowledged_and_audited(clients[0], game, acks)
        finally:
            for client in clients:
                await client.aclose()
