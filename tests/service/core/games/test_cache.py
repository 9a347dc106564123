"""The process-local game cache: it saves a read per move and can never cause a wrong write.

Two app instances over one Redis each keep their own cache, as two API processes would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import redis
from litestar.testing import AsyncTestClient

import engine
from service.app import create_app
from service.core.games.cache import GameCache
from service.ledger.chain import LogEntry, sealed
from service.ledger.log import Step, encode
from service.ledger.stored_game import Commit, StoredGame
from service.store import redis_keys
from service.store.games_repository import GamesRepository
from service.store.redis_gateway import RedisGateway
from tests.harness.api import Client, Game, assert_linked, assert_problem, create_game, ok
from tests.harness.settings import app_settings


@pytest.fixture
async def pair(redis_url: str) -> AsyncIterator[tuple[Client, Client]]:
    """Clients of two app instances (two caches) on the same Redis."""
    first, second = (
        create_app(app_settings(redis_url)),
        create_app(app_settings(redis_url)),
    )
    async with AsyncTestClient(app=first) as a, AsyncTestClient(app=second) as b:
        yield a, b


def hmget_calls(redis_url: str) -> int:
    stats = redis.Redis.from_url(redis_url).info("commandstats")
    return int(stats.get("cmdstat_hmget", {}).get("calls", 0))


async def first_move(client: Client, game_id: str, tokens: list[str], version: int) -> dict:
    """Post the first legal move of the seat to play, read fresh from the game."""
    url = f"/v1/games/{game_id}"
    view = ok(await client.get(url))
    seat = view["turn"]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    moves = ok(await client.get(f"{url}/legal-moves", headers=auth))["moves"]
    body = {"expected_version": version, "move": moves[0]["id"]}
    return {"seat": seat, "auth": auth, "body": body}


async def test_a_move_on_a_game_this_process_just_wrote_reads_only_inside_the_commit_script(
    pair: tuple[Client, Client], redis_url: str
) -> None:
    a, _ = pair
    game = await create_game(a)
    for _ in range(3):
        version = await game.version()
        move = await first_move(a, game.id, game.tokens, version)
        before = hmget_calls(redis_url)
        ok(await a.post(f"{game.url}/moves", json=move["body"], headers=move["auth"]))
        assert hmget_calls(redis_url) - before == 1  # the commit script's own version check


async def play_first(client: Client, game: Game, version: int) -> dict:
    """Play the first legal move at `version` through `client`; returns what was posted."""
    move = await first_move(client, game.id, game.tokens, version)
    ok(await client.post(f"{game.url}/moves", json=move["body"], headers=move["auth"]))
    return move


async def stale_in_first(pair: tuple[Client, Client]) -> tuple[Game, dict]:
    """A game at version 3 whose version 2 the first app still caches, and the last move."""
    a, b = pair
    game = await create_game(a)
    await play_first(a, game, 1)
    return game, await play_first(b, game, 2)


async def test_a_move_from_a_stale_cached_copy_is_a_conflict_and_the_next_one_applies(
    pair: tuple[Client, Client],
) -> None:
    a = pair[0]
    game, last = await stale_in_first(pair)
    late = {"expected_version": 2, "move": last["body"]["move"]}
    response = await a.post(f"{game.url}/moves", json=late, headers=last["auth"])
    problem = assert_problem(response, 409, "game/version_conflict")
    assert problem["detail"].endswith("the game is at version 3")
    await play_first(a, game, 3)
    log = ok(await a.get(f"{game.url}/log"))["entries"]
    assert [e["seq"] for e in log] == [1, 2, 3, 4]
    assert_linked(log)


async def test_a_move_refused_by_a_stale_cached_copy_is_a_conflict_not_the_moves_error(
    pair: tuple[Client, Client],
) -> None:
    a, b = pair
    game, _ = await stale_in_first(pair)
    # The next seat's move at version 2: `a`'s cached copy says it is not that seat's turn.
    nxt = await first_move(b, game.id, game.tokens, 2)
    response = await a.post(f"{game.url}/moves", json=nxt["body"], headers=nxt["auth"])
    problem = assert_problem(response, 409, "game/version_conflict")
    assert problem["detail"].endswith("the game is at version 3")


async def test_the_commit_script_refuses_an_entry_not_chained_to_the_stored_head(
    redis_url: str,
) -> None:
    from redis.asyncio import Redis

    client = Redis.from_url(redis_url)
    store = GamesRepository(RedisGateway(client))
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as http:
        game = await create_game(http)
    stored = await store.load(game.id)
    assert stored is not None
    move = str(engine.legal_moves(stored.state)[0])
    forked = sealed(
        LogEntry(seq=2, type="move", time="2026-11-29T00:00:00.000Z", prev_hash="0" * 64, salt="00")
    )
    record = encode(Step(stored.state.turn or 0, move, 1))
    write = Commit(game_id=game.id, expected=1, entry=forked, record=record, ttl_ms=0, log_ttl_ms=0)
    result = await store.commit(write)
    assert result.outcome == "stale"
    assert await client.llen(redis_keys.entries(game.id)) == 1
    assert (await store.load(game.id)) == stored
    await client.aclose()


def stored(version: int) -> StoredGame:
    state, _ = engine.start(engine.make_rules("escopa", {"players": 2}), "cache")
    return StoredGame(state, version, f"head-{version}", None)  # type: ignore[arg-type]


def test_the_cache_keeps_the_newest_version_and_forgets_the_least_recently_used() -> None:
    cache = GameCache(2)
    cache.put("a", stored(3))
    cache.put("a", stored(2))
    assert cache.get("a") == stored(3)
    cache.put("b", stored(1))
    cache.get("a")
    cache.put("c", stored(1))
    assert cache.get("b") is None
    assert cache.get("a") is not None and cache.get("c") is not None
    cache.drop("a")
    assert cache.get("a") is None and len(cache) == 1


def test_a_cache_of_size_zero_keeps_nothing() -> None:
    cache = GameCache(0)
    cache.put("a", stored(1))
    assert cache.get("a") is None
