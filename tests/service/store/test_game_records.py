"""What a game keeps in Redis: a compact record per log entry, no state, a stream that rings."""

from __future__ import annotations

import json
import random

import msgspec
import redis
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

import engine
from engine.state import EncodedParts
from service.app import create_app
from service.core.games.log_cache import LogCache
from service.ledger.log import decode_step, encode
from service.store import redis_keys
from service.store.games_repository import GamesRepository, replayed_on
from service.store.redis_gateway import RedisGateway
from tests.harness.api import Client, Game, assert_linked, create_game, ok
from tests.harness.audits import audit_of, finished_game
from tests.harness.settings import app_settings


async def play(game: Game, moves: int, rng: random.Random) -> int:
    """Play `moves` random legal moves (the game must not end); the version reached."""
    view = await game.view()
    version, turn = view["version"], view["turn"]
    for _ in range(moves):
        chosen = rng.choice(await game.legal(turn))
        result = ok(await game.post_move(turn, {"expected_version": version, "move": chosen["id"]}))
        version, turn = result["version"], result["view"]["turn"]
        assert result["view"]["status"] == "playing"
    return int(version)


async def test_a_finished_game_keeps_one_record_per_entry_and_no_state(
    client: Client, redis_url: str
) -> None:
    game = await finished_game(client, 2, "escopa", seed="records", target=5)
    version = await game.version()
    store = redis.Redis.from_url(redis_url)

    stored = store.hgetall(redis_keys.game(game.id))
    records = store.lrange(redis_keys.entries(game.id), 0, -1)
    rings = store.xrange(redis_keys.log(game.id))
    lingers = store.pttl(redis_keys.log(game.id))
    kept = store.pttl(redis_keys.entries(game.id)), store.pttl(redis_keys.game(game.id))
    store.close()

    assert set(stored) == {b"version", b"head", b"meta"}
    assert len(records) == version
    assert sum(len(record) for record in records[1:]) < 16 * version
    assert [row[0] for row in rings] == [f"{version}-0".encode()], "it keeps its last entry only"
    assert 0 < lingers <= 60_000, "the stream goes a minute after the end"
    assert kept == (-1, -1), "a finished game is kept"
    assert (await audit_of(game))["ok"] is True


async def test_log_pages_read_from_checkpoints_are_the_pages_read_from_the_start(
    client: Client, redis_url: str
) -> None:
    game = await create_game(client, players=2, seed="pages", target=21)
    version = await play(game, 130, random.Random("pages"))
    pages = range(0, version, 30)
    kept = [ok(await game.log_page(after=after, limit=30)) for after in pages]
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as fresh:  # a process that kept nothing of the game
        derived = [ok(await game.on(fresh).log_page(after=after, limit=30)) for after in pages]

    assert kept == derived
    entries = [e for page in kept for e in page["entries"]]
    assert [e["seq"] for e in entries] == list(range(1, version + 1))
    assert_linked(entries)  # redacted while the game runs: linked, not recomputable


async def test_a_record_rewritten_under_a_checkpoint_is_read_again_from_the_start(
    client: Client, redis_url: str
) -> None:
    game = await create_game(client, players=2, seed="rewritten", target=21)
    await play(game, 120, random.Random("rewritten"))
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as reader:  # keeps checkpoints, not the last entries
        before = ok(await game.on(reader).log_page(after=100, limit=5))["entries"]
        store = redis.Redis.from_url(redis_url)
        step = decode_step(store.lindex(redis_keys.entries(game.id), 99))
        changed = step.__class__(step.seat, step.move, step.ms + 1)
        store.lset(redis_keys.entries(game.id), 99, encode(changed))
        store.close()
        after = ok(await game.on(reader).log_page(after=100, limit=5))["entries"]

    assert [e["seq"] for e in after] == [e["seq"] for e in before] == [101, 102, 103, 104, 105]
    assert after[0]["prev_hash"] != before[0]["prev_hash"], "derived from the stored record"
    assert after[0]["events"] == before[0]["events"]


async def as_stored_before(redis_url: str, game_id: str) -> list[bytes]:
    """Store the game as it was stored before the compact log: its state in the hash, its full
    entries in the stream (field `e`), no records. Its entries' JSON, as written."""
    client = Redis.from_url(redis_url)
    store = GamesRepository(RedisGateway(client))
    game = await store.load(game_id)
    assert game is not None
    entries = await LogCache(store, EncodedParts()).entries(game_id, game, 0, game.version, True)
    written = [msgspec.json.encode(entry) for entry in entries]
    await client.delete(redis_keys.entries(game_id), redis_keys.log(game_id))
    for entry, data in zip(entries, written, strict=True):
        await client.xadd(redis_keys.log(game_id), {"e": data}, id=f"{entry.seq}-0")
    await client.hset(redis_keys.game(game_id), "state", msgspec.msgpack.encode(game.state))
    await client.aclose()
    return written


async def test_a_game_stored_before_the_compact_log_is_converted_when_first_read(
    redis_url: str,
) -> None:
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as first:
        game = await create_game(first, players=2, seed="before", target=21)
        version = await play(game, 40, random.Random("before"))
        log = await game.log(0)
        view = await game.view(0)
    await as_stored_before(redis_url, game.id)

    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as later:
        assert await game.on(later).view(0) == view
        assert await game.on(later).log(0) == log
        assert await play(game.on(later), 1, random.Random("after")) == version + 1
    store = redis.Redis.from_url(redis_url)
    assert not store.hexists(redis_keys.game(game.id), "state")
    assert store.llen(redis_keys.entries(game.id)) == version + 1
    assert [row[0] for row in store.xrange(redis_keys.log(game.id))] == [
        f"{version + 1}-0".encode()
    ]
    store.close()


async def test_a_finished_game_stored_before_exports_and_audits_as_it_did(
    client: Client, redis_url: str
) -> None:
    game = await finished_game(client, 2, "escova", seed="finished before", target=3)
    export = ok(await client.get(f"{game.url}/export"))
    written = await as_stored_before(redis_url, game.id)

    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as later:
        again = ok(await later.get(f"{game.url}/export"))
        report = await audit_of(game.on(later))

    assert again["entries"] == export["entries"] == [json.loads(data) for data in written]
    assert report["ok"] is True


async def test_a_process_s_last_entries_give_way_to_a_move_another_process_wrote(
    client: Client, redis_url: str
) -> None:
    game = await create_game(client, players=2, seed="two writers", target=21)
    version = await play(game, 30, random.Random("two writers"))
    mine = ok(await game.log_page(after=version - 5, limit=10))["entries"]
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as other:
        assert await play(game.on(other), 1, random.Random("other")) == version + 1
        theirs = ok(await game.on(other).log_page(after=version - 5, limit=10))["entries"]

    seen = ok(await game.log_page(after=version - 5, limit=10))["entries"]

    assert seen == theirs
    assert seen[:5] == mine
    assert [e["seq"] for e in seen] == list(range(version - 4, version + 2))


async def test_a_copy_holding_a_write_a_failover_lost_gives_way_to_the_stored_chain(
    client: Client, redis_url: str
) -> None:
    raised = 0
    for seed in range(6):
        game = await create_game(client, players=2, seed=f"lost write {seed}", target=21)
        version = await play(game, 6, random.Random(seed))
        kept = redis.Redis.from_url(redis_url)
        before = {key: kept.dump(key) for key in redis_keys.game_keys(game.id)}
        await play(game, 1, random.Random(f"lost {seed}"))  # acknowledged, then lost:
        store = GamesRepository(RedisGateway(Redis.from_url(redis_url)))
        lost = await store.load(game.id)
        for key, dumped in before.items():  # the failover: the keys as the replica had them
            kept.restore(key, 0, dumped, replace=True)
        kept.close()
        await play(game, 3, random.Random(f"other {seed}"))  # another history goes on
        stored = await store.load(game.id)
        assert lost is not None and stored is not None
        records = await store.records(game.id, version + 1, version + 3)
        raised += replayed_on(lost, records, stored.version, stored.head, None) is None

        again = await store.load(game.id, lost)

        assert again is not None
        assert (again.version, again.head, again.state) == (
            stored.version,
            stored.head,
            stored.state,
        )
        await store.gateway.client.aclose()
    assert raised == 6  # each copy failed to lead to the stored head


async def test_a_move_a_copy_holding_a_lost_write_refuses_is_played_on_the_stored_game(
    client: Client, redis_url: str
) -> None:
    games = client.app.state.house.games  # type: ignore[attr-defined]
    played = 0
    for seed in range(8):
        game = await create_game(client, players=2, seed=f"lost move {seed}", target=21)
        await play(game, 6, random.Random(seed))
        view = await game.view()
        discards = [m for m in await game.legal(view["turn"]) if not m["capture"]]
        if len({m["card"] for m in discards}) < 2:
            continue
        kept = redis.Redis.from_url(redis_url)
        before = {key: kept.dump(key) for key in redis_keys.game_keys(game.id)}
        lost, other = discards[0]["id"], discards[-1]["id"]  # two cards left on the table
        ok(await game.move(view["turn"], move=lost))  # this process caches the copy with it
        copy = games.cached(game.id)
        for key, dumped in before.items():  # the failover: the keys as the replica had them
            kept.restore(key, 0, dumped, replace=True)
        kept.close()
        async with AsyncTestClient(app=create_app(app_settings(redis_url))) as elsewhere:
            there = game.on(elsewhere)  # this process's reads would refresh its copy
            ok(await there.move(view["turn"], move=other))
            now = await there.view()
            legal = await there.legal(now["turn"])
        assert copy is not None and copy.version == now["version"]
        refused = [m for m in legal if not legal_on(copy.state, now["turn"], m["id"])]
        if not refused:  # no capture of the card the copy lacks
            continue
        move = {"move": refused[0]["id"], "expected_version": now["version"]}

        answer = await game.post_move(now["turn"], move)

        assert answer.status_code == 200, answer.text
        played += 1
    assert played >= 2  # the case arose, and was played each time


def legal_on(state: engine.State, seat: int, move: str) -> bool:
    """Whether the engine applies `move` to `state`."""
    try:
        engine.apply(state, seat, engine.parse_move(move))
    except engine.EngineError:
        return False
    return True
