"""Tournaments move on by their worker alone: a round whose games have all ended stays as it
was for every read (its view, its export, its events) until the tournament worker takes the
games' entries, and then it moves on once however many workers see them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from service.core.house import House
from service.errors import ServiceError
from service.ops.workers.tournament_worker import TournamentWorker
from service.runtime import opened
from service.settings import BotSettings
from tests.harness.settings import app_settings
from tests.harness.tournaments import two_people


async def two_people_ended(house: House) -> str:
    """A one-round tournament of two people whose two games both ended (resigned)."""
    tournament_id, games, token = await two_people(house)
    for game_id in games:
        await house.endings.resign(game_id, token)
    return tournament_id


async def test_reads_of_a_tournament_whose_round_ended_change_nothing(
    redis_url: str, tmp_path: Path
) -> None:
    settings = app_settings(redis_url, bots=BotSettings(processes=0))
    async with opened(settings, "operator") as parts:
        tournaments = parts.house.tournaments
        tournament_id = await two_people_ended(parts.house)
        _, version = await tournaments.load(tournament_id)
        for _ in range(3):
            assert (await tournaments.view(tournament_id)).status == "running"
            with pytest.raises(ServiceError):
                await tournaments.export(tournament_id)
        assert (await tournaments.load(tournament_id))[1] == version, "no read saved it"

        workers = [TournamentWorker(parts.house.journal, tournaments) for _ in range(2)]
        await asyncio.gather(*(worker.sweep() for worker in workers))

        moved = await tournaments.view(tournament_id)
        assert moved.status == "finished"
        assert moved.rounds[0].tables[0].results is not None
        assert await parts.house.journal.due.tournaments.size() == 0
