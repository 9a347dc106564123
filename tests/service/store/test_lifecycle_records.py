"""A game's life outside its moves in the compact log: joins, leaves, the deal at the last join,
resignations, aborts and rematch offers replay into the entries the full-entry log wrote."""

from __future__ import annotations

import json
import random
import secrets

import msgspec
import redis
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

import engine
from engine import State
from engine.shuffle import key_text
from engine.state import EncodedParts
from service.app import create_app
from service.core.games.log_cache import LogCache
from service.ledger.chain import GENESIS, LogEntry, sealed
from service.ledger.log import Life, decode_record, encode
from service.store import redis_keys
from service.store.games_repository import GamesRepository
from service.store.redis_gateway import RedisGateway
from tests.harness.api import Client, Game, ok
from tests.harness.audits import audit_of
from tests.harness.seats import OPEN, act, create_open, join, tokens
from tests.harness.settings import app_settings


def as_written_in_full(entries: list[LogEntry]) -> list[LogEntry]:
    """The same log as the full-entry layout wrote it: events and state hashes straight from
    the engine's own steps (the waiting state, the deal at the last join, resign, abort), each
    entry with a salt drawn at random, chained again."""
    written: list[LogEntry] = []
    state: State | None = None
    opened: set[int] = set()
    for entry in entries:
        events: list[engine.Event] = []
        if entry.type == "created":
            assert entry.game is not None
            info = entry.game
            opened = set(info.open or ())
            key = key_text(info.seed or "", info.client_seed)
            if opened:
                state = engine.waiting(info.rules, key)
            else:
                state, events = engine.start(info.rules, key)
        else:
            assert state is not None and entry.seat is not None
            if entry.type == "joined":
                opened.discard(entry.seat)
                if not opened and state.status == "waiting":
                    state, events = engine.start(state.rules, state.seed)
            elif entry.type == "left":
                opened.add(entry.seat)
            elif entry.type == "resigned":
                state, events = engine.resign(state, entry.seat)
            elif entry.type == "aborted":
                state, events = engine.abort(state, entry.seat)
            elif entry.type in ("move", "deal"):
                state, events = engine.apply(state, entry.seat, engine.parse_move(entry.move or ""))
        assert state is not None
        full = msgspec.structs.replace(
            entry,
            events=tuple(events),
            prev_hash=written[-1].hash if written else GENESIS,
            state_hash=engine.state_hash(state),
            salt=secrets.token_hex(16),
        )
        written.append(sealed(full))
    return written


async def stored_in_full(redis_url: str, game_id: str) -> tuple[list[LogEntry], list[LogEntry]]:
    """Store the game as the full-entry layout did (its state in the hash, full entries with
    random salts in the stream): the entries derived from its records, and those stored."""
    client = Redis.from_url(redis_url)
    store = GamesRepository(RedisGateway(client))
    game = await store.load(game_id)
    assert game is not None
    app_entries = await _entries(store, game_id)
    written = as_written_in_full(app_entries)
    await client.delete(redis_keys.entries(game_id), redis_keys.log(game_id))
    for entry in written:
        await client.xadd(
            redis_keys.log(game_id), {"e": msgspec.json.encode(entry)}, id=f"{entry.seq}-0"
        )
    await client.hset(
        redis_keys.game(game_id),
        mapping={"state": msgspec.msgpack.encode(game.state), "head": written[-1].hash},
    )
    await client.aclose()
    return app_entries, written


async def _entries(store: GamesRepository, game_id: str) -> list[LogEntry]:
    """The game's full entries, derived from its records now."""
    game = await store.load(game_id)
    assert game is not None
    return await LogCache(store, EncodedParts()).entries(game_id, game, 0, game.version, True)


async def a_resigned_life(client: Client) -> Game:
    """A lobby game joined, left, joined again and filled (dealt), played a little, resigned,
    and offered a rematch."""
    created = await create_open(client, ["Ana", OPEN, OPEN], lobby=True)
    game_id = created["game_id"]
    bia = ok(await join(client, game_id, seat=1, name="Bia"))
    ok(await act(client, game_id, "leave", bia["token"]))
    bia = ok(await join(client, game_id, seat=1, name="Bia"))
    caio = ok(await join(client, game_id, seat=2, name="Caio"))
    assert caio["view"]["status"] == "playing"
    game = Game(client, game_id, [tokens(created)[0], bia["token"], caio["token"]], created)
    rng = random.Random("a life")
    for _ in range(5):
        view = await game.view()
        chosen = rng.choice(await game.legal(view["turn"]))
        body = {"expected_version": view["version"], "move": chosen["id"]}
        ok(await game.post_move(view["turn"], body))
    ok(await act(client, game_id, "resign", game.tokens[1]))
    ok(await act(client, game_id, "rematch", game.tokens[2]))
    return game


async def test_every_entry_of_a_game_s_life_has_a_record_that_replays(client: Client) -> None:
    game = await a_resigned_life(client)
    log = ok(await client.get(f"{game.url}/export"))["entries"]
    kinds = [entry["type"] for entry in log]
    assert kinds[:5] == ["created", "joined", "left", "joined", "joined"]
    assert kinds[-2:] == ["resigned", "rematch"]
    assert (await audit_of(game))["ok"] is True


def test_a_life_record_is_told_from_a_move_record_by_its_first_member() -> None:
    life = Life("joined", 2, 1500, "Caio")
    assert decode_record(encode(life)) == life
    assert decode_record(encode(Life("left", 1, 3))) == Life("left", 1, 3)


async def test_a_lifecycle_game_stored_in_full_entries_replays_into_exactly_them(
    redis_url: str,
) -> None:
    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as first:
        game = await a_resigned_life(first)
        aborted = await create_open(first, ["Ana", OPEN, OPEN])
        ok(await act(first, aborted["game_id"], "abort", tokens(aborted)[0]))
    derived, written = await stored_in_full(redis_url, game.id)
    for ours, theirs in zip(derived, written, strict=True):
        assert (ours.events, ours.state_hash) == (theirs.events, theirs.state_hash)
    _, aborted_written = await stored_in_full(redis_url, aborted["game_id"])

    app = create_app(app_settings(redis_url))
    async with AsyncTestClient(app=app) as later:
        export = ok(await later.get(f"{game.url}/export"))
        report = await audit_of(game.on(later))
        other = ok(await later.get(f"/v1/games/{aborted['game_id']}/export"))
    assert export["entries"] == [json.loads(msgspec.json.encode(e)) for e in written]
    assert other["entries"] == [json.loads(msgspec.json.encode(e)) for e in aborted_written]
    assert [e["type"] for e in other["entries"]] == ["created", "aborted"]
    assert report["ok"] is True
    store = redis.Redis.from_url(redis_url)
    assert not store.hexists(redis_keys.game(game.id), "state")
    assert store.llen(redis_keys.entries(game.id)) == len(written)
    store.close()
