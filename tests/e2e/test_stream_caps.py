"""One client, or one game, cannot take every event stream of a process: streams are capped
per client address and per game (below the process's total), with a 429 naming the cap.

A real `escopa serve` process that believes `X-Forwarded-For` from loopback, so that one test
can speak as many client addresses.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack

import httpx
import pytest

from service.store.redis_server import RedisServer
from tests.harness.api import Game, assert_problem, create_game
from tests.harness.processes import Served, serve_processes
from tests.harness.sse import follow

PER_CLIENT = 2
PER_GAME = 3


@pytest.fixture(scope="module")
def process(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    env = {
        "ESCOPA_MAX_STREAMS": "8",
        "ESCOPA_MAX_STREAMS_PER_CLIENT": str(PER_CLIENT),
        "ESCOPA_MAX_STREAMS_PER_GAME": str(PER_GAME),
        "ESCOPA_FORWARDED_ALLOW_IPS": "127.0.0.1",
    }
    with serve_processes(redis_server.url, tmp_path_factory.mktemp("caps"), 1, **env) as (served,):
        yield served


@pytest.fixture
async def client(process: Served) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=process.base, timeout=10) as opened:
        yield opened


def address(who: str) -> dict[str, str]:
    return {"X-Forwarded-For": who}


@pytest.fixture
async def games(client: httpx.AsyncClient) -> tuple[Game, Game]:
    """A game to crowd, and another one."""
    return await create_game(client, players=2), await create_game(client, players=2)


async def hold(streams: AsyncExitStack, client: httpx.AsyncClient, game: Game, *who: str) -> None:
    """A spectator stream of `game` from each address in `who`, open until `streams` closes."""
    for one in who:
        await streams.enter_async_context(follow(client, game.id, headers=address(one)))


async def refused(client: httpx.AsyncClient, game: Game, who: str, code: str, cap: int) -> None:
    """A spectator stream of `game` from `who` is refused 429 `code`, naming the `cap`."""
    url = f"{game.url}/events"
    async with client.stream("GET", url, headers=address(who)) as response:
        assert response.status_code != 200, "the stream opened"
        await response.aread()
    body = assert_problem(response, 429, code)
    assert response.headers["Retry-After"].isdigit() and str(cap) in body["detail"]


async def test_one_client_gets_429_past_its_cap_and_others_still_follow(
    client: httpx.AsyncClient, games: tuple[Game, Game]
) -> None:
    game, other = games
    async with AsyncExitStack() as streams:
        await hold(streams, client, game, *["203.0.113.9"] * PER_CLIENT)
        await refused(client, game, "203.0.113.9", "events/too_many_for_client", PER_CLIENT)
        await refused(client, other, "203.0.113.9", "events/too_many_for_client", PER_CLIENT)
        async with follow(client, other.id, other.tokens[0], headers=address("198.51.100.7")):
            pass  # another client's seat still follows its game


async def test_one_game_gets_429_past_its_cap_for_spectators_but_never_for_its_seats(
    client: httpx.AsyncClient, games: tuple[Game, Game]
) -> None:
    game, other = games
    async with AsyncExitStack() as streams:
        await hold(streams, client, game, *[f"203.0.113.{i + 1}" for i in range(PER_GAME)])
        await refused(client, game, "203.0.113.50", "events/too_many_for_game", PER_GAME)
        async with (
            follow(client, game.id, game.tokens[1], headers=address("198.51.100.7")),
            follow(client, other.id, headers=address("203.0.113.50")),
        ):
            pass  # the game's own seat, and a spectator of another game, still follow
