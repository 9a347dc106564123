"""`escopa ratings`, the operator's command for players and ratings.

`--recompute`: every rating rebuilt from the finished rated games' and rated tournaments'
signed exports (from the service, its archive, or `--exports` a file or folder of them), in the
order the service applied them, and compared with the service's: equal to the last bit, or the
first game, table (or player) where they part is printed and the exit status is 1.

`--player-secret ID`: a new secret for a player id on a server without API keys, printed once
(its old one stops working): for a person who lost it, or an id with a history from before
player secrets (`service.core.ratings.player_secrets`). Hand it only to the person the id is.

`--flags`: the players the abuse watch flagged (`service.ledger.watch`), with why; and
`--clear-flag ID [--ladder L]` clears a player's flags, in the settle order (the recompute
clears them at the same point)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.cli.data_folder import add_option, command_settings

if TYPE_CHECKING:
    from collections.abc import Iterator

    from service.core.house import House
    from service.ledger.ratings import Rating
    from service.ledger.recompute import Cleared, Document, Key, TableDocument
    from service.ledger.watch import Thresholds, Watch
    from service.store.redis_gateway import RedisGateway


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `ratings` command's options."""
    ratings = commands.add_parser(
        "ratings", help="recompute the ratings from the signed logs; players' secrets"
    )
    task = ratings.add_mutually_exclusive_group(required=True)
    task.add_argument("--recompute", action="store_true")
    task.add_argument(
        "--player-secret",
        metavar="ID",
        default=None,
        help="print a new secret for this player id (its old one stops working)",
    )
    task.add_argument(
        "--flags", action="store_true", help="list the players the abuse watch flagged"
    )
    task.add_argument("--clear-flag", metavar="ID", default=None, help="clear this player's flags")
    ratings.add_argument(
        "--ladder", default=None, help="with --clear-flag: only on this ladder (`escopa-2p`)"
    )
    ratings.add_argument("--redis-url", default=None, help="default: REDIS_URL")
    add_option(ratings)
    ratings.add_argument(
        "--exports",
        default=None,
        help="a JSON Lines file or a folder of exports (games' "
        "and tournaments') to read the games from (default: the service and its archive)",
    )
    ratings.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    given = read_exports(Path(args.exports)) if args.exports else None
    with command_settings(args, "escopa ratings") as settings:
        if args.player_secret is not None:
            return asyncio.run(renew_secret(settings, args.player_secret))
        if args.flags:
            return asyncio.run(flags(settings))
        if args.clear_flag is not None:
            return asyncio.run(clear_flag(settings, args.clear_flag, args.ladder))
        return asyncio.run(check(settings, given))


async def renew_secret(settings: Any, player_id: str) -> int:
    """Print a new secret for a player id (a server without API keys only); a refusal is one
    line on stderr, and the exit status 1."""
    from service.errors import ServiceError
    from service.runtime import opened

    if settings.keys.api_hashes:
        refuse("this server has API keys: each key vouches for its player ids, none has a secret")
        return 1
    async with opened(settings, "operator") as parts:
        try:
            secret = await parts.house.secrets.renew(player_id)
        except ServiceError as refused:
            refuse(refused.detail)
            return 1
    print(f"player {player_id}: secret {secret}")
    print("shown once, kept only as a hash; the old secret no longer works")
    return 0


def refuse(why: str) -> None:
    print(f"escopa ratings: {why}", file=sys.stderr)


def read_exports(path: Path) -> dict[str, dict[str, Any] | TableDocument]:
    """Exports by game id, and rated tournaments' tables by settlement id: the lines of a
    JSON Lines file, or a folder's `*.json` and `*.jsonl` files; a v3 tournament export
    (`escopa-tournament-v3`) is read as one export, a game at a time."""
    import msgspec

    from service.ledger.recompute import lines_export, tables_of
    from service.ledger.tournament_lines import is_lines

    files = sorted(path.glob("*.json*")) if path.is_dir() else [path]
    found: dict[str, dict[str, Any] | TableDocument] = {}
    for file in files:
        with file.open("rb") as start:
            if is_lines(start.read(64)):
                found.update(tables_of(lines_export(partial(_lines, file))))
                continue
        data = file.read_bytes()
        for line in data.splitlines() if file.suffix == ".jsonl" else [data]:
            if line.strip():
                document = msgspec.json.decode(line)
                found.update(tables_of(document))
                found[str(document.get("game_id"))] = document
    return found


def _lines(file: Path) -> Iterator[bytes]:
    """A file's lines, read one at a time."""
    with file.open("rb") as lines:
        yield from lines


@dataclass
class ServiceSide:
    """What the service holds, for the recompute: its settlements in the order it applied
    them (the operator's clearings among them, as `Cleared`), the thresholds the watch
    counted each match with, its ratings, each match's seats' ratings after it, and its
    watches."""

    order: list[str] = field(default_factory=list)
    cleared: dict[str, Cleared] = field(default_factory=dict)
    thresholds: dict[str, Thresholds] = field(default_factory=dict)
    ratings: dict[Key, Rating] = field(default_factory=dict)
    after: dict[str, tuple[Rating, ...]] = field(default_factory=dict)
    watches: dict[Key, Watch] = field(default_factory=dict)


async def check(settings: Any, given: dict[str, dict[str, Any] | TableDocument] | None) -> int:
    """Recompute every scope's ratings and watches and compare them with the service's."""
    from service.ledger.recompute import first_difference, recompute
    from service.ledger.tournament_record import settled_table
    from service.runtime import opened

    async with opened(settings, "operator") as parts:
        house = parts.house
        side = await service_side(house)
        tournaments: dict[str, dict[str, Any]] = {}
        documents: list[Document] = []
        for settled in side.order:
            if settled in side.cleared:
                documents.append(side.cleared[settled])
            elif given is not None:
                documents.append(given[settled])
            else:
                documents.append(await exported(house, settled, tournaments))
        done = recompute(documents, side.thresholds)
        why = first_difference(done, side.ratings, side.after, side.watches)
    if why is not None:
        print(f"ratings differ: {why}")
        return 1
    matches = [g for g in side.order if g not in side.cleared]
    tables = sum(settled_table(g) is not None for g in matches)
    counted = f"{len(matches) - tables} games" + (f", {tables} tables" if tables else "")
    flagged = sum(w.flag is not None for w in side.watches.values())
    watches = f", {len(side.watches)} watches ({flagged} flagged)" if side.watches else ""
    print(f"ratings equal to the last bit: {counted}, {len(side.ratings)} ratings{watches}")
    return 0


async def exported(
    house: House, settled: str, tournaments: dict[str, dict[str, Any]]
) -> dict[str, Any] | TableDocument:
    """A game's export, or a rated table from its tournament's export (each read once)."""
    import msgspec

    from service.ledger.recompute import tables_of
    from service.ledger.tournament_record import settled_table

    tournament_id = settled_table(settled)
    if tournament_id is None:
        document: dict[str, Any] = msgspec.to_builtins(await house.audits.export(settled))
        return document
    if tournament_id not in tournaments:
        export = await house.tournaments.export(tournament_id)
        tournaments[tournament_id] = msgspec.to_builtins(export)
    return tables_of(tournaments[tournament_id])[settled]


async def scopes_of(gateway: RedisGateway) -> list[str]:
    """Every rating scope the service has settled matches in."""
    found = [bytes(key).decode() async for key in gateway.client.scan_iter(match="{rt:*}:order")]
    return sorted(key[4:].split("}", 1)[0] for key in found)


async def service_side(house: House) -> ServiceSide:
    """The settled rated (or watched) matches and clearings in the order applied, the
    service's ratings and watches, and each match's seats' ratings after it."""
    from service.ledger.recompute import Cleared
    from service.ledger.watch import decode_watch
    from service.store.rating_store import decode_rating

    store = house.players.store
    side = ServiceSide()
    for scope in await scopes_of(store.gateway):
        for game_id in await store.settle_order(scope):
            settled = await store.settled(scope, game_id)
            if settled is None or not (settled.rated or settled.watch or settled.cleared):
                continue
            side.order.append(game_id)
            if settled.cleared:
                player = settled.seats[0].player_id
                side.cleared[game_id] = Cleared(scope, settled.ladder, player)
            if settled.watch is not None:
                side.thresholds[game_id] = settled.watch
            if settled.rated:
                side.after[game_id] = tuple(s.after for s in settled.seats if s.after is not None)
            for seat in settled.seats:
                [(rating, watch)] = await store.read(scope, settled.ladder, [seat.player_id])
                place = (scope, settled.ladder, seat.player_id)
                if (found := decode_rating(rating)) is not None:
                    side.ratings[place] = found
                if watch:
                    side.watches[place] = decode_watch(watch)
    return side


async def flags(settings: Any) -> int:
    """Print every flagged player: scope, ladder, id, and why."""
    from service.runtime import opened

    async with opened(settings, "operator") as parts:
        players = parts.house.players
        rows = await players.flags(await scopes_of(parts.gateway))
    for row in rows:
        flag = row.flag
        against = f" against {flag.against}" if flag.against else ""
        limits = flag.thresholds
        print(
            f"{row.scope} {row.ladder} {row.player_id}: {flag.kind}{against}, {flag.count} of its "
            f"last {limits.window} matches, flagged at {flag.at} (early: under "
            f"{limits.early_moves} moves; thresholds sandbag {limits.sandbag}, boost "
            f"{limits.boost}, repeats {limits.repeats})"
        )
    print(f"{len(rows)} flagged")
    return 0


async def clear_flag(settings: Any, player_id: str, ladder: str | None) -> int:
    """Clear a player's flags (on `ladder`, or every ladder it is flagged on), in every scope;
    exit 1 when it had none."""
    from service.runtime import opened

    cleared = []
    async with opened(settings, "operator") as parts:
        players = parts.house.players
        rows = await players.flags(await scopes_of(parts.gateway))
        for row in (r for r in rows if r.player_id == player_id and ladder in (None, r.ladder)):
            if await players.clear_flag(row.scope, row.ladder, player_id):
                cleared.append(f"{row.scope} {row.ladder}")
    if not cleared:
        refuse(f"player {player_id} has no flag to clear")
        return 1
    print(f"player {player_id}: flag cleared on {', '.join(cleared)}")
    return 0
