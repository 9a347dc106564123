"""`escopa archive --verify` audits the archived games again and names those that fail;
`escopa archive --export DIR` writes their signed exports as JSON Lines, which `escopa audit`
passes with the service's key."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import pytest

from service.store.archive.opening import sqlite_url
from tests.harness.archiving import archived_game, archiving, forge_later_version
from tests.harness.audits import escopa
from tests.harness.signing import SIGNING_KEY, public_text


@pytest.fixture
def archive_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ESCOPA_SIGNING_KEY", SIGNING_KEY)
    return sqlite_url(tmp_path / "archive.sqlite3")


def archive_command(redis_url: str, archive_url: str, *options: str) -> tuple[int, str]:
    done = escopa("archive", "--redis-url", redis_url, "--archive-url", archive_url, *options)
    return done.returncode, done.stdout + done.stderr


async def test_verify_passes_every_archived_game_that_holds(
    redis_url: str, archive_url: str
) -> None:
    for _ in range(2):
        await archived_game(redis_url, archive_url)
    code, said = await asyncio.to_thread(archive_command, redis_url, archive_url, "--verify")
    assert code == 0, said
    assert "2 of 2 archived games hold" in said


async def test_verify_names_an_archived_game_that_fails_its_audit(
    redis_url: str, archive_url: str
) -> None:
    game = await archived_game(redis_url, archive_url)
    async with archiving(redis_url, archive_url) as work:
        await forge_later_version(work, game.id)
    code, said = await asyncio.to_thread(
        archive_command, redis_url, archive_url, "--verify", "--sample", "5"
    )
    assert code == 1
    assert f"FAIL {game.id}" in said and "0 of 1 archived games hold" in said


async def test_export_writes_signed_exports_that_escopa_audit_passes(
    redis_url: str, archive_url: str, tmp_path: Path
) -> None:
    game = await archived_game(redis_url, archive_url)
    folder = tmp_path / "exports"
    code, said = await asyncio.to_thread(
        archive_command, redis_url, archive_url, "--export", str(folder)
    )
    assert code == 0, said
    [line] = (folder / "games.jsonl").read_bytes().splitlines()
    assert msgspec.json.decode(line)["game_id"] == game.id
    (tmp_path / "game.json").write_bytes(line)
    audit = escopa("audit", str(tmp_path / "game.json"), "--key", public_text(SIGNING_KEY))
    assert audit.returncode == 0, audit.stdout


def test_without_an_archive_the_command_says_so(redis_url: str, tmp_path: Path) -> None:
    done = escopa(
        "archive",
        "--verify",
        "--redis-url",
        redis_url,
        "--data-dir",
        str(tmp_path),
        "--archive-url",
        "",
    )
    assert done.returncode == 2
    assert "ESCOPA_ARCHIVE_URL" in done.stderr and len(done.stderr.splitlines()) == 1


def test_without_the_services_data_the_command_says_where_it_looked(tmp_path: Path) -> None:
    done = escopa("archive", "--verify", "--data-dir", str(tmp_path / "elsewhere"))
    assert done.returncode == 2
    [said] = done.stderr.splitlines()
    assert "no service data in" in said and "--data-dir" in said and "make run" in said
