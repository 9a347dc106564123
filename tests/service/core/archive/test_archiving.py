"""Finished games leave Redis for the archive: archived, checked (export byte for byte, audit),
only then left to expire; every read answers the same from the archive once Redis let the
game go; a rematch of an archived game puts it back for its write."""

from __future__ import annotations

import pytest
import redis.asyncio as aioredis

from service.core.archive.archiving import ArchiveMismatch
from service.store import redis_keys
from service.store.archive.record import DICTIONARY, pack
from tests.harness.api import ok
from tests.harness.archiving import (
    archive_app,
    archived_game,
    archiving,
    drop_from_redis,
    forge_later_version,
    keys_held,
    reads,
    resigned_game,
)
from tests.harness.seats import act


async def ttl_of(redis_url: str, game_id: str) -> int:
    client = aioredis.Redis.from_url(redis_url)
    try:
        return int(await client.pttl(redis_keys.game(game_id)))
    finally:
        await client.aclose()


async def persist(redis_url: str, game_id: str) -> None:
    client = aioredis.Redis.from_url(redis_url)
    try:
        await client.persist(redis_keys.game(game_id))
    finally:
        await client.aclose()


async def test_a_finished_game_is_archived_with_its_columns_then_left_to_expire(
    redis_url: str, archive_url: str
) -> None:
    async with archive_app(redis_url, archive_url) as client:
        game = await resigned_game(client)
    assert await ttl_of(redis_url, game.id) == -1  # kept until archived
    async with archiving(redis_url, archive_url, finished=600) as work:
        assert await work.archive_game(game.id) == "archived"
        found = await work.archive.get(game.id)
    assert 0 < await ttl_of(redis_url, game.id) <= 600_000
    assert found is not None
    summary = found.summary
    assert (summary.players, summary.preset) == (("Ana", "Bia"), "escopa")
    assert summary.outcome == "resigned:1"
    assert summary.version == found.body.version == 2
    assert summary.created_ms <= summary.finished_ms
    assert pack(found.body)[:1] == DICTIONARY  # compressed against the dictionary: smallest


async def test_every_read_answers_the_same_from_the_archive_once_redis_dropped_the_game(
    redis_url: str, archive_url: str
) -> None:
    async with archive_app(redis_url, archive_url) as client:
        game = await resigned_game(client)
        before = await reads(client, game)
        async with archiving(redis_url, archive_url) as work:
            assert await work.archive_game(game.id) == "archived"
        await drop_from_redis(redis_url, game.id)
        assert await keys_held(redis_url, game.id) == []
        after = await reads(client, game)
    assert after == before
    assert after["audit"]["ok"] is True
    assert [entry["seq"] for entry in after["events"]] == [1, 2]


async def test_a_game_not_over_is_not_archived_and_a_missing_one_is_gone(
    redis_url: str, archive_url: str
) -> None:
    async with archive_app(redis_url, archive_url) as client:
        running = ok(await client.post("/v1/games", json={"players": ["Ana", "Bia"]}), 201)
    async with archiving(redis_url, archive_url) as work:
        assert await work.archive_game(running["game_id"]) == "running"
        assert await work.archive_game("nosuchgame") == "gone"
        assert await work.archive.count() == 0


async def test_archiving_a_game_twice_stores_it_once(redis_url: str, archive_url: str) -> None:
    game = await archived_game(redis_url, archive_url)
    async with archiving(redis_url, archive_url) as work:
        assert await work.archive_game(game.id) == "archived"
        assert await work.archive.count() == 1


async def test_a_copy_that_does_not_check_leaves_the_game_in_redis(
    redis_url: str, archive_url: str
) -> None:
    game = await archived_game(redis_url, archive_url)
    async with archiving(redis_url, archive_url) as work:
        await forge_later_version(work, game.id)
        await persist(redis_url, game.id)  # as before its first archiving
        with pytest.raises(ArchiveMismatch):
            await work.archive_game(game.id)
    assert await ttl_of(redis_url, game.id) == -1


async def test_a_rematch_of_an_archived_game_puts_it_back_and_archives_its_later_version(
    redis_url: str, archive_url: str
) -> None:
    async with archive_app(redis_url, archive_url) as client:
        game = await resigned_game(client)
        async with archiving(redis_url, archive_url) as work:
            assert await work.archive_game(game.id) == "archived"
        await drop_from_redis(redis_url, game.id)
        rematch = ok(await act(client, game.id, "rematch", game.tokens[1]))
        assert rematch["rematch_of"] == game.id
        assert await keys_held(redis_url, game.id)  # back in Redis for the write
        async with archiving(redis_url, archive_url) as work:
            assert await work.archive_game(game.id) == "archived"
            found = await work.archive.get(game.id)
        await drop_from_redis(redis_url, game.id)
        again = ok(await act(client, game.id, "rematch", game.tokens[0]))
    assert found is not None and found.body.version == 3
    assert again["game_id"] == rematch["game_id"]
