"""The archive worker in a serving process: with `ESCOPA_FINISHED_TTL=2` a finished game's
Redis keys are gone seconds after it is archived, its export gives the same bytes from the
archive, and `escopa audit` of it passes with the service's key. A worker killed at any step
of archiving loses nothing and archives nothing twice."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from service.core.archive.archiving import Archiving
from service.core.games.reports import Reports
from service.ops.workers.archiver import Archiver
from service.store.games_repository import GamesRepository
from tests.harness.archiving import (
    archive_app,
    archiving,
    gone_from_redis,
    keys_held,
    reads,
    resigned_game,
)
from tests.harness.audits import escopa
from tests.harness.signing import SIGNING_KEY, public_text


async def test_a_finished_game_leaves_redis_seconds_after_it_is_archived_and_reads_the_same(
    redis_url: str, archive_url: str, tmp_path: Path
) -> None:
    async with archive_app(redis_url, archive_url, finished=2, worker=True) as client:
        game = await resigned_game(client)
        before = await reads(client, game)
        await gone_from_redis(redis_url, game.id)
        after = await reads(client, game)
    assert after == before
    exported = tmp_path / "game.json"
    exported.write_bytes(after["export"])
    audit = escopa("audit", str(exported), "--key", public_text(SIGNING_KEY))
    assert audit.returncode == 0, audit.stdout + audit.stderr


STEPS = ("put", "get", "release")


@pytest.mark.parametrize("step", STEPS)
async def test_a_worker_killed_at_any_step_leaves_the_game_to_the_next_and_archives_it_once(
    redis_url: str, archive_url: str, step: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with archive_app(redis_url, archive_url) as client:
        game = await resigned_game(client)
        before = await reads(client, game)
    async with archiving(redis_url, archive_url, finished=1) as work:
        die_at(work, step, monkeypatch)
        worker = Archiver(work)
        with pytest.raises(asyncio.CancelledError):
            await worker.sweep()
        monkeypatch.undo()
        assert await keys_held(redis_url, game.id)  # nothing dropped yet
        assert await worker.sweep() == 0  # the dead worker's claim holds until its lease ends
        seen = await work.journal.finished.when(game.id)
        assert seen is not None
        await work.journal.finished.reschedule(game.id, seen, 0)  # the lease ran out
        assert await worker.sweep() == 1
        assert await work.archive.count() == 1
        assert await work.journal.finished.size() == 0
    await gone_from_redis(redis_url, game.id)
    async with archive_app(redis_url, archive_url) as client:
        assert await reads(client, game) == before


def die_at(work: Archiving, step: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the worker die as it reaches `step`: the archive's put (before or after it wrote:
    after, for `get`), or Redis' release."""
    if step == "release":
        monkeypatch.setattr(GamesRepository, "release", killed)
        return
    archive = type(work.archive)
    monkeypatch.setattr(archive, step, killed)


async def killed(*args: object) -> bool:
    """The worker stops here, as its process dying would: nothing after it runs."""
    raise asyncio.CancelledError


class Recorded(Reports):
    """What the worker reported."""

    def __init__(self) -> None:
        self.results: list[str] = []
        self.backlog: list[int] = []

    def archiving(self, result: str) -> None:
        self.results.append(result)

    def archive_backlog(self, games: int) -> None:
        self.backlog.append(games)


async def test_the_worker_reports_each_result_and_the_backlog(
    redis_url: str, archive_url: str
) -> None:
    async with archive_app(redis_url, archive_url) as client:
        for _ in range(3):
            await resigned_game(client)
    async with archiving(redis_url, archive_url) as work:
        recorded = Recorded()
        work.journal.reports = recorded
        assert await work.journal.finished.size() == 3
        assert await Archiver(work).sweep() == 3
        assert await work.archive.count() == 3
    assert recorded.results == ["archived"] * 3
    assert recorded.backlog == [0]
