"""Every role a deployment runs, built by the one composition root from its settings: each
has the parts and workers it needs, and a role that can end a game without opening the
archive (the `bots` role) still queues the game for it and keeps it until it is archived."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
import redis.asyncio as aioredis

from service.core.games.messages import CreateGame
from service.runtime import ROLES, Role, archiving, background, opened
from service.settings import ArchiveSettings, BotSettings, Settings, TtlSettings
from service.store import redis_keys
from service.store.archive.opening import sqlite_url
from tests.harness.archiving import drop_from_redis
from tests.harness.settings import app_settings
from tests.harness.tournaments import people_at_tables

WORKERS: dict[Role, set[str]] = {
    "api": {"settle", "tournaments", "clock-sweeper", "bot-worker", "archiver", "webhooks"},
    "bots": {"clock-sweeper", "bot-worker", "webhooks"},
    "archiver": {"archiver"},
    "operator": set(),
}


def deployed(redis_url: str, folder: Path) -> Settings:
    """Settings as a deployment gives every process: an archive named, a short finished TTL,
    bots thinking in a thread (no process pool to start here)."""
    return app_settings(
        redis_url,
        archive=ArchiveSettings(url=sqlite_url(folder / "archive.sqlite3")),
        ttl=TtlSettings(finished=2),
        bots=BotSettings(processes=0),
    )


@pytest.mark.parametrize("role", ROLES)
async def test_each_role_is_built_with_the_parts_and_workers_it_needs(
    redis_url: str, tmp_path: Path, role: Role
) -> None:
    async with opened(deployed(redis_url, tmp_path), role) as parts:
        assert set(background(parts).names) == WORKERS[role]
        assert (parts.archive is not None) == (role != "bots")
        assert parts.house.journal.due.archived, "every role knows the deployment archives"
        assert parts.house.games.archive is parts.archive


async def test_the_bots_role_settles_and_moves_tournaments_on_where_no_archive_is_named(
    redis_url: str,
) -> None:
    settings = app_settings(redis_url, bots=BotSettings(processes=0))
    async with opened(settings, "bots") as parts:
        assert {"settle", "tournaments"} <= set(background(parts).names)


async def test_an_api_process_runs_only_the_workers_its_settings_leave_on(
    redis_url: str, tmp_path: Path
) -> None:
    base = deployed(redis_url, tmp_path)
    settings = msgspec.structs.replace(
        base,
        bots=BotSettings(worker=False, processes=0),
        clocks=msgspec.structs.replace(base.clocks, sweep=False),
        webhooks=msgspec.structs.replace(base.webhooks, worker=False),
        archive=msgspec.structs.replace(base.archive, worker=False),
    )
    async with opened(settings, "api") as parts:
        assert set(background(parts).names) == {"settle", "tournaments"}


async def test_a_game_the_bots_role_ends_waits_for_the_archive_it_never_opened(
    redis_url: str, tmp_path: Path
) -> None:
    request = msgspec.convert({"players": ["Ana", {"name": "Bot", "bot": "greedy"}]}, CreateGame)
    async with opened(deployed(redis_url, tmp_path), "api") as api:
        created = await api.house.creation.create(request)
    token = created.players[0].token
    assert isinstance(token, str)
    async with opened(deployed(redis_url, tmp_path), "bots") as bots:
        assert bots.archive is None
        await bots.house.endings.resign(created.game_id, token)
        finished = bots.house.journal.finished
        assert await finished.when(created.game_id) is not None, "queued for the archive"
    client = aioredis.Redis.from_url(redis_url)
    try:
        assert await client.pttl(redis_keys.game(created.game_id)) == -1, "kept until archived"
    finally:
        await client.aclose()


async def test_every_role_that_moves_tournaments_on_reads_the_games_only_the_archive_holds(
    redis_url: str, tmp_path: Path
) -> None:
    """A round's first table ended long ago: its game archived, and Redis let it go. When the
    other table's ends, whichever role's tournament worker takes it must read the first to
    score the round (IMPs compare every table's results)."""
    settings = deployed(redis_url, tmp_path)
    movers = []
    for role in ROLES:
        async with opened(settings, role) as parts:
            if "tournaments" in background(parts).names:
                movers.append(role)
                assert await one_round_moved_on(settings, role) == "finished", role
    assert "api" in movers


async def one_round_moved_on(settings: Settings, role: Role) -> str:
    """A round of two tables whose first game the archive holds alone once the second ended,
    then the `role`'s tournament worker at work: the tournament's status after it."""
    async with opened(settings, "api") as api:
        tournament_id, games, tokens = await people_at_tables(api.house, 4)
        await api.house.endings.resign(games[0], tokens[0])
        worker = dict(background(api).due)["tournaments"]
        await worker.sweep()  # the first game counted
        async with archiving(settings) as work:
            assert await work.archive_game(games[0]) == "archived"
        await drop_from_redis(settings.redis.url, games[0])
        await api.house.endings.resign(games[1], tokens[1])
    async with opened(settings, role) as parts:
        await dict(background(parts).due)["tournaments"].sweep()
        return (await parts.house.tournaments.view(tournament_id)).status
