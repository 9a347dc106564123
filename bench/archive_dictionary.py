"""Write the archive's zstandard dictionary (`service/store/archive/zstd-1.dict`): the stored
bodies of a few random 2-player escopa matches played through the API and archived, back to
back, as raw content zstandard matches new bodies against (the rules, the field names, moves
that recur). A body compressed with it names it (`record.DICTIONARY`), so this file is frozen
once bodies use it: a new one gets the next number.

    .venv/bin/python bench/archive_dictionary.py [--matches 3]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import msgspec  # noqa: E402
import redis.asyncio as aioredis  # noqa: E402

from bench.archive_scale import archive_played, originals  # noqa: E402
from bench.storage import match_script, play_all  # noqa: E402
from service.store.archive.opening import sqlite_url  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from tests.harness.processes import serve_processes  # noqa: E402

TARGET = ROOT / "service" / "store" / "archive" / "zstd-1.dict"


async def played(port: int, url: str, matches: int) -> list[str]:
    client = aioredis.Redis.from_url(url)
    scripts = [(f"dictionary-{i}", match_script(f"dictionary-{i}")) for i in range(matches)]
    games, _ = await play_all(port, client, scripts, 2)
    await client.aclose()
    return [game.game_id for game in games]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="escopa-dictionary-") as temporary:
        folder = Path(temporary)
        archive = sqlite_url(folder / "archive.sqlite3")
        with RedisServer(folder / "redis") as server:
            env = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}
            env |= {"ESCOPA_ARCHIVE_URL": archive, "ESCOPA_ARCHIVER": "0"}
            with serve_processes(server.url, folder, 1, "--log-level", "warning", **env) as [api]:
                port = int(api.base.rsplit(":", 1)[1])
                game_ids = asyncio.run(played(port, server.url, args.matches))
            asyncio.run(archive_played(server.url, archive, game_ids))
            games = asyncio.run(originals(archive, game_ids))
    content = b"".join(msgspec.msgpack.encode(game.body) for game in games)
    TARGET.write_bytes(content)
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(content):,} bytes from {len(games)} matches")


if __name__ == "__main__":
    main()
