"""`escopa ratings`, the operator's command for players and ratings.

`--recompute`: every rating rebuilt from the finished rated games' and rated tournaments'
signed exports (from the service, its archive, or `--exports` a file or folder of them), in the
order the service applied them, and compared with the service's: equal to the last bit, or the
first game, table (or player) where they part is printed and the exit status is 1.

`--player-secret ID`: a new secret for a player id on a server without API keys, printed once
(its old one stops working): for a person who lost it, or an id with a history from before
player secrets (`service.core.player_secrets`). Hand it only to the person the id is."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.cli.data_folder import add_option, command_settings

if TYPE_CHECKING:
    from service.core.house import House
    from service.ledger.ratings import Rating
    from service.ledger.recompute import Key, TableDocument


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
    JSON Lines file, or a folder's `*.json` and `*.jsonl` files."""
    import msgspec

    from service.ledger.recompute import tables_of

    files = sorted(path.glob("*.json*")) if path.is_dir() else [path]
    found: dict[str, dict[str, Any] | TableDocument] = {}
    for file in files:
        data = file.read_bytes()
        for line in data.splitlines() if file.suffix == ".jsonl" else [data]:
            if line.strip():
                document = msgspec.json.decode(line)
                found.update(tables_of(document))
                found[str(document.get("game_id"))] = document
    return found


async def check(settings: Any, given: dict[str, dict[str, Any] | TableDocument] | None) -> int:
    """Recompute every scope's ratings and compare them with the service's."""
    from service.ledger.recompute import first_difference, recompute
    from service.ledger.tournament_record import settled_table
    from service.runtime import opened

    async with opened(settings, "operator") as parts:
        house = parts.house
        order, service, after = await service_side(house)
        tournaments: dict[str, dict[str, Any]] = {}
        documents = [
            given[g] if given is not None else await exported(house, g, tournaments) for g in order
        ]
        why = first_difference(recompute(documents), service, after)
    if why is not None:
        print(f"ratings differ: {why}")
        return 1
    tables = sum(settled_table(g) is not None for g in order)
    matches = f"{len(order) - tables} games" + (f", {tables} tables" if tables else "")
    print(f"ratings equal to the last bit: {matches}, {len(service)} ratings")
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


async def service_side(
    house: House,
) -> tuple[list[str], dict[Key, Rating], dict[str, tuple[Rating, ...]]]:
    """The settled rated games in the order applied, the service's ratings and each game's
    seats' ratings after it."""
    from service.store import keys
    from service.store.rating_store import decode_rating

    store = house.players.store
    order: list[str] = []
    service: dict[Key, Rating] = {}
    after: dict[str, tuple[Rating, ...]] = {}
    async for key in store.store.client.scan_iter(match="{rt:*}:order"):
        scope = bytes(key).decode()[4:].split("}", 1)[0]
        [ids] = await store.store.pipeline([("ZRANGE", keys.settle_order(scope), 0, -1)])
        for game_id in (bytes(i).decode() for i in ids):
            settled = await store.settled(scope, game_id)
            if settled is None or not settled.rated:
                continue
            order.append(game_id)
            after[game_id] = tuple(s.after for s in settled.seats if s.after is not None)
            for seat in settled.seats:
                [data] = await store.ratings(scope, settled.ladder, [seat.player_id])
                rating = decode_rating(data)
                if rating is not None:
                    service[scope, settled.ladder, seat.player_id] = rating
    return order, service, after
