"""The abuse watch's false positives: honest players play rated games through the service (every
move the service's hint at the player's bot level), now and then giving one up early by
accident, randomly paired; beside them a sandbagger (gives up half its games early, to anyone)
and a booster (its friend gives every game they play up at once). It prints how many honest
players the watch flagged (false positives) and how many games it took to flag each abuser, with
the thresholds in force (`ESCOPA_WATCH_*`).

    PYTHONPATH=.:clients/python .venv/bin/python bench/watch.py [--games 1000] [--players 40]
        [--give-up 0.02] [--concurrency 4] [--sandbag 3] [--boost 3] [--repeats 10]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

import msgspec  # noqa: E402
from litestar.testing import AsyncTestClient  # noqa: E402

from service.app import create_app  # noqa: E402
from service.settings import RatingSettings  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from tests.harness.rated_play import (  # noqa: E402
    Played,
    Player,
    flagged,
    play_rated,
    simulation_settings,
)

SANDBAGGER = Player("sandbagger", level="greedy", give_up=0.5)
BOOSTER = Player("booster", level="random")
FRIEND = Player("friend", level="random", feeds=frozenset({"booster"}))


def schedule(args: argparse.Namespace, honest: list[Player], rng: random.Random) -> list[Any]:
    """The games to play: the honest ones, randomly paired, with the abusers' among them (one
    of each every tenth game: a sandbagger's against a random honest player, the booster's
    against its friend)."""
    games: list[Any] = []
    for n in range(args.games):
        games.append(tuple(rng.sample(honest, 2)))
        if n % 10 == 0:
            games.append((rng.choice(honest), SANDBAGGER))
            games.append((BOOSTER, FRIEND))
    return games


async def simulate(url: str, args: argparse.Namespace) -> list[tuple[str, str]]:
    rng = random.Random(args.seed)
    honest = [
        Player(f"honest-{n}", level=("random", "greedy")[n % 2], give_up=args.give_up)
        for n in range(args.players)
    ]
    abusers = {"sandbagger": 0, "booster": 0}
    caught: dict[str, int] = {}
    slots = asyncio.Semaphore(args.concurrency)
    started = time.perf_counter()
    settings = simulation_settings(url, thresholds(args))
    async with AsyncTestClient(app=create_app(settings)) as client:

        async def one(pair: Any) -> Played:
            async with slots:
                return await play_rated(client, pair, random.Random(rng.random()))

        played = await asyncio.gather(*(one(pair) for pair in schedule(args, honest, rng)))
        honest_games = [g for g in played if not set(g.players) & {*abusers, "friend"}]
        for game in played:
            for abuser in abusers:
                if abuser in game.players:
                    abusers[abuser] += 1
        found = await flagged(client, [p.player_id for p in honest])
        for abuser in await flagged(client, list(abusers)):
            caught[abuser] = await games_until_flagged(client, abuser)
    seconds = time.perf_counter() - started
    gave_up = sum(g.gave_up is not None for g in honest_games)
    limits = settings.ratings
    limits_said = (
        f"window {limits.watch_window}, early under {limits.watch_early_moves} moves, sandbag "
        f"{limits.watch_sandbag}, boost {limits.watch_boost}, repeats {limits.watch_repeats}"
    )
    named = ", ".join(f"{player} {kind}" for player, kind in sorted(found.items()))

    def after(abuser: str) -> str:
        if abuser not in caught:
            return f"not flagged in its {abusers[abuser]} games"
        return f"{caught[abuser]} of its {abusers[abuser]} games"

    return [
        ("thresholds (ESCOPA_WATCH_*)", limits_said),
        ("honest rated games", f"{len(honest_games):,} ({gave_up} given up early by accident)"),
        ("honest players", f"{args.players} (give a game up early: {args.give_up:.0%})"),
        (
            "honest players flagged (false positives)",
            f"{len(found)} of {args.players}" + (f": {named}" if named else ""),
        ),
        ("sandbagger (gives up half its games early) flagged after", after("sandbagger")),
        ("booster (its friend resigns every game at once) flagged after", after("booster")),
        ("wall time", f"{seconds:,.0f} s"),
    ]


async def games_until_flagged(client: Any, player_id: str) -> int:
    """How many of the player's games were settled when its flag was raised."""
    ladder = (await client.get(f"/v1/players/{player_id}")).json()["ratings"]["escopa-2p"]
    raised_at = ladder["flagged"]["at"]
    games, after = [], 0
    while True:
        page = await client.get(
            f"/v1/players/{player_id}/games", params={"limit": 100, "after": after}
        )
        body = page.json()
        games += [g["game_id"] for g in body["games"]]
        if body["next_after"] is None:
            break
        after = body["next_after"]
    return len(games) - games.index(raised_at)


def thresholds(args: argparse.Namespace) -> RatingSettings:
    """The ratings' settings with the thresholds asked for (the others as the defaults)."""
    return msgspec.structs.replace(
        RatingSettings(),
        watch_sandbag=args.sandbag,
        watch_boost=args.boost,
        watch_repeats=args.repeats,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="honest rated games")
    parser.add_argument("--players", type=int, default=40, help="honest players")
    parser.add_argument("--give-up", type=float, default=0.02, help="an honest player's chance")
    parser.add_argument("--concurrency", type=int, default=4, help="games played at once")
    parser.add_argument("--seed", type=int, default=53)
    defaults = RatingSettings()
    parser.add_argument("--sandbag", type=int, default=defaults.watch_sandbag)
    parser.add_argument("--boost", type=int, default=defaults.watch_boost)
    parser.add_argument("--repeats", type=int, default=defaults.watch_repeats)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="escopa-watch-") as temporary,
        RedisServer(Path(temporary) / "redis", None, "everysec") as server,
    ):
        rows = asyncio.run(simulate(server.url, args))
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
