"""The two scripts of archiving: the release lets Redis drop a game only at the version the
archive holds (every key of it, none longer than it had), and the restore puts an archived game
back only when Redis no longer has it."""

from __future__ import annotations

from redis.asyncio import Redis

from service.ledger.signatures import KeyRing
from service.ledger.stored_game import Body
from service.store import redis_keys
from service.store.games_repository import GamesRepository
from service.store.redis_gateway import RedisGateway
from tests.harness.api import Client, ok
from tests.harness.archiving import resigned_game
from tests.harness.signing import SIGNING_KEYS


async def ttls(redis: Redis, game_id: str) -> dict[str, int]:
    return {key: int(await redis.pttl(key)) for key in redis_keys.game_keys(game_id)}


async def test_the_release_drops_nothing_unless_the_game_is_at_the_archived_version(
    client: Client, redis_url: str
) -> None:
    game = await resigned_game(client)
    redis = Redis.from_url(redis_url)
    store = GamesRepository(RedisGateway(redis))
    try:
        stored = await store.load(game.id)
        assert stored is not None
        assert not await store.release(game.id, stored.version - 1, stored.head, 5000)
        assert not await store.release(game.id, stored.version, "another head", 5000)
        assert (await ttls(redis, game.id))[redis_keys.game(game.id)] == -1
        assert await store.release(game.id, stored.version, stored.head, 5000)
        left = await ttls(redis, game.id)
        assert all(0 < ms <= 5000 for ms in left.values()), left
        assert await store.release(game.id, stored.version, stored.head, 600_000)
        assert all(ms <= 5000 for ms in (await ttls(redis, game.id)).values())  # never longer
        assert (
            await redis.hget(redis_keys.game(game.id), "archived") == str(stored.version).encode()
        )
        assert not await store.release("nosuchgame", 2, "h", 5000)
    finally:
        await redis.aclose()


async def test_the_restore_puts_a_game_back_only_when_redis_no_longer_has_it(
    client: Client, redis_url: str
) -> None:
    game = await resigned_game(client)
    redis = Redis.from_url(redis_url)
    store = GamesRepository(RedisGateway(redis))
    try:
        stored = await store.load(game.id)
        assert stored is not None
        meta, signals = await store.raw(game.id)
        records = tuple(await store.records(game.id, 0, -1))
        signed = KeyRing.of(SIGNING_KEYS).sign_export(game.id, stored.version, stored.head)
        body = Body(stored.version, stored.head, signed, records, meta, signals)
        assert not await store.restore(game.id, body, 0)  # Redis has it
        await redis.delete(*redis_keys.game_keys(game.id))
        assert await store.restore(game.id, body, 60_000)
        again = await store.load(game.id)
        assert again is not None
        assert (again.version, again.head, again.meta) == (stored.version, stored.head, stored.meta)
        assert again.state == stored.state
        assert 0 < int(await redis.pttl(redis_keys.game(game.id))) <= 60_000
        assert ok(await client.get(f"/v1/games/{game.id}/audit"))["ok"] is True
    finally:
        await redis.aclose()
