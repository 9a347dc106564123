"""The archive's side of `bench/storage.py`: the played matches archived for real (checked, then
left to expire from Redis), then copied under new ids and players to `--archived` matches in
each store (the embedded SQLite one and, when its binaries are installed, a PostgreSQL server
of the bench's own), to measure the bytes each match takes there and the p99 of a player's
history page (her newest 50 games)."""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import msgspec
import redis.asyncio as aioredis

from service.runtime import archiving as archiving_alone
from service.settings import ArchiveSettings, KeySettings, RedisSettings, Settings, TtlSettings
from service.store.archive.opening import open_archive, sqlite_url
from service.store.archive.record import Archive, ArchivedGame, pack
from tests.harness.postgres import binaries, postgres_server, server_folder
from tests.harness.signing import SIGNING_KEYS

PLAYERS = 200
"""The players the copied matches are dealt among: 10,000 matches give each about 100."""
QUERIES = 500
AT_ONCE = 4


def settings(redis_url: str, archive_url: str, finished: int) -> Settings:
    return Settings(
        redis=RedisSettings(url=redis_url),
        keys=KeySettings(signing=SIGNING_KEYS),
        ttl=TtlSettings(finished=finished),
        archive=ArchiveSettings(url=archive_url, worker=False),
    )


async def archive_played(redis_url: str, archive_url: str, game_ids: list[str]) -> list[float]:
    """Archive every played match as the worker does (finished lifetime 1 s): seconds each."""
    taken = []
    async with archiving_alone(settings(redis_url, archive_url, 1)) as work:
        for game_id in game_ids:
            started = time.perf_counter()
            result = await work.archive_game(game_id)
            taken.append(time.perf_counter() - started)
            assert result == "archived", (game_id, result)
    return taken


async def originals(archive_url: str, game_ids: list[str]) -> list[ArchivedGame]:
    archive = await open_archive(archive_url)
    assert archive is not None
    try:
        found = [await archive.get(game_id) for game_id in game_ids]
    finally:
        await archive.close()
    return [game for game in found if game is not None]


def copies(games: list[ArchivedGame], count: int) -> Iterator[ArchivedGame]:
    """`count` matches made of the played ones, each under a new id, between two of
    `PLAYERS` players, finished a second apart."""
    rng = random.Random(7)
    start = 1_700_000_000_000
    for n in range(count):
        game = games[n % len(games)]
        players = tuple(f"player-{p}" for p in rng.sample(range(PLAYERS), 2))
        summary = msgspec.structs.replace(
            game.summary, game_id=f"copy-{n:06d}", players=players, finished_ms=start + n * 1000
        )
        yield ArchivedGame(summary=summary, body=game.body)


async def fill(archive: Archive, games: list[ArchivedGame], count: int) -> None:
    pending = list(copies(games, count))
    for at in range(0, len(pending), AT_ONCE * 50):
        batch = pending[at : at + AT_ONCE * 50]
        for chunk in range(0, len(batch), AT_ONCE):
            await asyncio.gather(*(archive.put(g) for g in batch[chunk : chunk + AT_ONCE]))


async def history_p99(archive: Archive) -> tuple[float, float]:
    """The p50 and p99 (ms) of a random player's newest 50 games, over `QUERIES` queries."""
    rng = random.Random(11)
    seconds = []
    for _ in range(QUERIES):
        player = f"player-{rng.randrange(PLAYERS)}"
        started = time.perf_counter()
        await archive.history(player=player, limit=50)
        seconds.append(time.perf_counter() - started)
    ordered = sorted(seconds)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.99)] * 1000


async def stored_bytes(archive_url: str) -> int:
    """The bytes the archive's tables and indexes take."""
    if archive_url.startswith("sqlite"):
        import sqlite3

        path = archive_url.removeprefix("sqlite://")
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return os.path.getsize(path)
    import asyncpg  # type: ignore[import-untyped]

    db = await asyncpg.connect(archive_url)
    try:
        sizes = [f"pg_total_relation_size('{t}')" for t in ("archived_games", "archived_players")]
        return int(await db.fetchval(f"SELECT {' + '.join(sizes)}"))
    finally:
        await db.close()


async def at_scale(
    archive_url: str, games: list[ArchivedGame], count: int
) -> tuple[float, float, float]:
    """Bytes per match, history p50 and p99 (ms) of `count` matches in the archive at the URL."""
    archive = await open_archive(archive_url)
    assert archive is not None
    try:
        await fill(archive, games, count)
        assert await archive.count() == count
        p50, p99 = await history_p99(archive)
    finally:
        await archive.close()
    return await stored_bytes(archive_url) / count, p50, p99


async def redis_bytes_after(redis_url: str, game_ids: list[str]) -> int:
    """Redis memory of the archived matches once their finished lifetime ran out."""
    await asyncio.sleep(1.5)
    client = aioredis.Redis.from_url(redis_url)
    try:
        total = 0
        for game_id in game_ids:
            async for key in client.scan_iter(match=f"{{g:{game_id}}}:*"):
                total += int(await client.memory_usage(key, samples=0) or 0)
        return total
    finally:
        await client.aclose()


def archive_rows(
    redis_url: str, folder: Path, game_ids: list[str], count: int
) -> list[tuple[str, str]]:
    """The archive's rows of the storage table."""
    embedded = sqlite_url(folder / "played.sqlite3")
    taken = asyncio.run(archive_played(redis_url, embedded, game_ids))
    after = asyncio.run(redis_bytes_after(redis_url, game_ids))
    games = asyncio.run(originals(embedded, game_ids))
    bodies = [len(pack(game.body)) for game in games]
    rows = [
        (
            "archiving a match (archive, read back, export compared, audit; p50)",
            f"{statistics.median(taken) * 1000:.1f} ms",
        ),
        (
            "archived body, zstandard (min / median / max)",
            f"{min(bodies):,} / {statistics.median(bodies):,.0f} / {max(bodies):,} bytes",
        ),
        (
            "Redis memory of a finished match once archived, after its TTL",
            f"{after // max(1, len(game_ids)):,} bytes",
        ),
    ]
    stores = [("SQLite", sqlite_url(folder / "scale.sqlite3"))]
    with ExitStack() as servers:
        if binaries() is not None:
            stores.append(("PostgreSQL", servers.enter_context(postgres_server(server_folder()))))
        for name, url in stores:
            per_match, p50, p99 = asyncio.run(at_scale(url, games, count))
            rows.append(
                (
                    f"{name}: bytes per archived match, {count:,} matches (tables and indexes)",
                    f"{per_match:,.0f}",
                )
            )
            rows.append(
                (
                    f"{name}: a player's history page, newest 50 (p50 / p99)",
                    f"{p50:.2f} / {p99:.2f} ms",
                )
            )
    if binaries() is None:
        rows.append(("PostgreSQL", "not measured: its binaries are not installed"))
    return rows
