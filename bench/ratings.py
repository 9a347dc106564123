"""Rating figures: the p99 of settling a rated game's end (its players' ratings read, rated,
and written by the settle script) and of a leaderboard page (20 entries, from a cursor and
around a player), on a ladder of 100,000 players, in one process over a private Redis.

    PYTHONPATH=.:clients/python .venv/bin/python bench/ratings.py [--players 100000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from redis.asyncio import Redis  # noqa: E402

from service.core.games.messages import CreateGame, PlayerEntry  # noqa: E402
from service.core.house import House  # noqa: E402
from service.core.ratings.players import Page  # noqa: E402
from service.ledger.ratings import FIRST, Rating, board_member  # noqa: E402
from service.settings import RatingSettings  # noqa: E402
from service.store import redis_keys  # noqa: E402
from service.store.rating_store import rating_bytes  # noqa: E402
from service.store.redis_gateway import RedisGateway  # noqa: E402
from service.store.redis_server import RedisServer  # noqa: E402
from service.store.signing_key_file import key_ring  # noqa: E402
from tests.harness.settings import app_settings  # noqa: E402

LADDER = "escopa-2p"


def p99(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return f"{ordered[int(len(ordered) * 0.99) - 1] * 1000:.2f} ms"


MIN_GAMES = RatingSettings().min_games


async def seed(redis: Redis, players: int) -> None:
    """`players` players on the ladder with random ratings."""
    rng = random.Random(1)
    pipe = redis.pipeline(transaction=False)
    for n in range(players):
        player = f"u-{n}"
        rating = Rating(FIRST.mu + rng.gauss(0, 4), FIRST.sigma * rng.random(), rng.randint(1, 50))
        pipe.hset(
            redis_keys.player("-", player), mapping={LADDER: rating_bytes(rating), "name": player}
        )
        member = {board_member(player, rating): 0}
        if rating.games >= MIN_GAMES:
            pipe.zadd(redis_keys.leaderboard("-", LADDER), member)
        pipe.zadd(redis_keys.leaderboard("-", LADDER, provisional=True), member)
        if n % 5000 == 4999:
            await pipe.execute()
    await pipe.execute()


_secrets: dict[int, str] = {}


async def held(house: House, player: int) -> str:
    """Player `u-<player>`'s secret: the seeded players have a history from before secrets,
    so the operator's command gives each one."""
    if player not in _secrets:
        _secrets[player] = await house.secrets.renew(f"u-{player}")
    return _secrets[player]


async def measure(url: str, players: int, rounds: int) -> list[tuple[str, str]]:
    settings = app_settings(url)
    client = Redis.from_url(url, protocol=3)
    house = House(RedisGateway(client), settings, key_ring(settings))
    house.journal._settle_now = None  # settled below, timed alone
    await seed(client, players)
    rng = random.Random(2)
    settles, pages, arounds = [], [], []
    cursor = None
    for _ in range(rounds):
        a, b = rng.sample(range(players), 2)
        seats = [
            PlayerEntry(name=name, player_id=f"u-{n}", player_secret=await held(house, n))
            for name, n in (("A", a), ("B", b))
        ]
        created = await house.creation.create(CreateGame(players=list(seats), rated=True))
        await house.endings.resign(created.game_id, created.players[1].token)
        game = await house.games.read(created.game_id)
        started = time.perf_counter()
        await house.players.settle(created.game_id, game)
        settles.append(time.perf_counter() - started)
        started = time.perf_counter()
        page = await house.players.leaderboard(LADDER, None, Page(after=cursor))
        pages.append(time.perf_counter() - started)
        cursor = page.next_after if rng.random() < 0.9 else None
        started = time.perf_counter()
        around = Page(around=f"u-{rng.randrange(players)}", provisional=True)
        await house.players.leaderboard(LADDER, None, around)
        arounds.append(time.perf_counter() - started)
    await client.aclose()
    return [
        ("players on the ladder", f"{players:,}"),
        ("rated game settled (p99)", p99(settles)),
        ("leaderboard page of 20 from a cursor (p99)", p99(pages)),
        ("leaderboard page of 20 around a player, among all (p99)", p99(arounds)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=500)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="escopa-ratings-") as temporary,
        RedisServer(Path(temporary) / "redis", None, "everysec") as server,
    ):
        rows = asyncio.run(measure(server.url, args.players, args.rounds))
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
