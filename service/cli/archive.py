"""`escopa archive`: the archive worker alone (it moves finished games out of Redis), or
`--verify` (audit archived games again, say which fail) or `--export DIR` (signed exports of
every archived game, as JSON Lines, for an integrator's own storage)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Final

from service.cli.data_folder import add_option, command_settings

if TYPE_CHECKING:
    from service.settings import Settings

log = logging.getLogger("escopa")
PAGE: Final = 500
EXPORT_FILE: Final = "games.jsonl"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `archive` command's options."""
    archive = commands.add_parser(
        "archive",
        help="run the archive worker alone (each `serve` process with an archive runs one "
        "unless ESCOPA_ARCHIVER=0), or check or export the archived games",
    )
    archive.add_argument(
        "--redis-url", default=None, help="the Redis the servers use (default: REDIS_URL)"
    )
    archive.add_argument(
        "--archive-url",
        default=None,
        help="the archive (default: ESCOPA_ARCHIVE_URL, else the data folder's)",
    )
    add_option(archive)
    action = archive.add_mutually_exclusive_group()
    action.add_argument(
        "--verify",
        action="store_true",
        help="audit the archived games again and print those that fail (exit 1 if any)",
    )
    action.add_argument(
        "--export",
        metavar="DIR",
        help=f"write every archived game's signed export to DIR/{EXPORT_FILE}",
    )
    archive.add_argument(
        "--sample", type=int, default=None, help="with --verify: this many games, chosen at random"
    )
    archive.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """`escopa archive` as its options ask."""
    from service.runtime import work_alone

    with command_settings(args, "escopa archive") as settings:
        if args.verify:
            return asyncio.run(verify(settings, args.sample))
        if args.export:
            return asyncio.run(export(settings, Path(args.export)))
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        log.info("escopa archive moves the finished games of redis to the archive")
        with contextlib.suppress(KeyboardInterrupt, SystemExit):
            asyncio.run(work_alone(settings, "archiver"))
    return 0


async def every_id(settings: Settings) -> AsyncIterator[str]:
    """Every archived game's id, in order."""
    from service.store.archive.opening import open_archive

    archive = await open_archive(settings.archive.url)
    if archive is None:
        raise ValueError("no archive: set ESCOPA_ARCHIVE_URL (sqlite:///... or postgresql://...)")
    try:
        after = ""
        while ids := await archive.ids(after, PAGE):
            for game_id in ids:
                yield game_id
            after = ids[-1]
    finally:
        await archive.close()


async def verify(settings: Settings, sample: int | None) -> int:
    """Audit the archived games (all, or a random `sample`): each failure on a line."""
    from service.runtime import archiving

    ids = [game_id async for game_id in every_id(settings)]
    if sample is not None:
        ids = random.sample(ids, min(sample, len(ids)))
    failed = 0
    async with archiving(settings) as archived:
        for game_id in ids:
            why = await archived.verified(game_id)
            if why is not None:
                failed += 1
                print(f"FAIL {game_id}: {why}")
    print(f"{len(ids) - failed} of {len(ids)} archived games hold")
    return 1 if failed else 0


async def export(settings: Settings, folder: Path) -> int:
    """Every archived game's signed export, one JSON document a line."""
    from service.runtime import archiving

    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    async with archiving(settings) as archived:
        with (folder / EXPORT_FILE).open("wb") as out:
            async for game_id in every_id(settings):
                document = await archived.exported(game_id)
                if document is not None:
                    out.write(document + b"\n")
                    written += 1
    print(f"wrote {written} exports to {folder / EXPORT_FILE}")
    return 0
