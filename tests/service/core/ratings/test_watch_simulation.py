"""The abuse watch in a simulation through the service, every move a bot's (the service's hint
at each player's level): a sandbagger who resigns rated games at once and a booster whose
friend resigns to it every time are flagged; the honest players of the same simulation, who
play every game out, are not; and the recompute from the exports agrees."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.cli.ratings import check
from tests.harness.rated_play import Player, flagged, play_rated, simulation_settings

HONEST = [Player(f"honest-{n}", level=("random", "greedy")[n % 2]) for n in range(6)]
SANDBAGGER = Player("sandbagger", level="greedy", give_up=0.9)
BOOSTER = Player("booster", level="random")
FRIEND = Player("friend", level="random", feeds=frozenset({"booster"}))


@pytest.fixture
async def simulated(redis_url: str) -> AsyncIterator[Any]:
    async with AsyncTestClient(app=create_app(simulation_settings(redis_url))) as client:
        yield client


async def test_a_sandbagger_and_a_booster_are_flagged_and_the_honest_players_are_not(
    simulated: Any, redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(53)
    schedule: list[tuple[Player, Player]] = []
    for n in range(6):
        schedule.append((rng.choice(HONEST), SANDBAGGER))
        schedule.append((BOOSTER, FRIEND) if n % 2 else (FRIEND, BOOSTER))
        schedule.append(tuple(rng.sample(HONEST, 2)))  # type: ignore[arg-type]
        schedule.append((BOOSTER, rng.choice(HONEST)))
    played = [await play_rated(simulated, pair, rng) for pair in schedule]
    gave_up = {game.gave_up for game in played} - {None}
    assert gave_up <= {"sandbagger", "friend"}
    everyone = [p.player_id for p in (*HONEST, SANDBAGGER, BOOSTER, FRIEND)]
    assert await flagged(simulated, everyone) == {
        "sandbagger": "sandbag",
        "booster": "boost",
        "friend": "sandbag",
    }
    board = await simulated.get("/v1/leaderboards/escopa-2p")
    listed = {entry["player_id"] for entry in board.json()["entries"]}
    assert not listed & {"sandbagger", "booster", "friend"}
    assert listed & {p.player_id for p in HONEST}
    assert await check(simulation_settings(redis_url), None) == 0
    assert "watches (3 flagged)" in capsys.readouterr().out
