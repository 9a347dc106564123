"""Webhook storage: a game's subscription (in its hash, `hook`), its outbox stream, the state
of each delivery, the set of games with deliveries due, and the API keys' subscriptions.

A tournament's webhook is kept the same way under its subject `t:<id>` (`redis_keys.hook_keys`):
its `hook` in the tournament's hash, its events stream as the outbox, so one worker delivers
both.

The games with deliveries to make are an index of due work (`service.store.due_index`,
`redis_keys.webhooks_due`: 16 sorted sets, so on a cluster they spread over the shards), marked by
each write of a game with a webhook before and after it. Workers take a due game by moving its
score to the end of a lease (`claim`), so one worker at a time delivers a game's events, in
order; a worker that dies leaves the lease to run out, and the game is due again.
"""

from __future__ import annotations

from typing import Any, Final, Literal, cast

import msgspec

from service.ledger.stored_game import StoredGame
from service.store import redis_keys
from service.store.due_index import DueIndex
from service.store.multiplex import Arg
from service.store.redis_gateway import RedisGateway
from service.store.scripts import CLAIM, RELEASE

CURSOR: Final = "cursor"
"""The field of a game's delivery states holding the last outbox id fully handled."""


class Hook(msgspec.Struct, frozen=True, kw_only=True):
    """A subscription as stored: the URL, and what its secret is derived from (`scope`: the
    game or API key it was made for, `nonce`, and the id of the signing key it was made
    under). `key`: the id of the API key that created the game (may read its deliveries)."""

    url: str
    scope: str
    nonce: str
    signer: str
    key: str = ""
    events: tuple[str, ...] = ()
    """The event types it delivers (empty: every one)."""

    def delivers(self, kind: str) -> bool:
        """Whether the subscription delivers events of this type."""
        return not self.events or kind in self.events


class DeliveryRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A delivery's state as stored: attempts made, the last answer or error, and when it is
    tried next (milliseconds since the epoch)."""

    attempts: int
    state: Literal["pending", "delivered", "failed"]
    status: int | None = None
    error: str | None = None
    next_ms: int = 0


class KeptDeliveries(msgspec.Struct, frozen=True, kw_only=True):
    """A game's webhook and its deliveries, as the archive keeps them once the game is over:
    the subscription, the outbox's ids and seqs, and every delivery's state by id."""

    hook: Hook
    outbox: list[tuple[str, int]]
    states: dict[str, DeliveryRecord]


MAX_KEPT: Final = 1000
"""The most outbox entries listed and archived for one game (a match logs a few hundred)."""
_hook = msgspec.msgpack.Decoder(Hook)
_kept = msgspec.msgpack.Decoder(KeptDeliveries)
_record = msgspec.msgpack.Decoder(DeliveryRecord)
_encoder = msgspec.msgpack.Encoder()


def hook_bytes(hook: Hook | None) -> bytes:
    """A subscription as the create scripts store it (none: empty)."""
    return _encoder.encode(hook) if hook is not None else b""


def text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def pairs(raw: Any) -> dict[str, Any]:
    """A reply of field-value pairs (a RESP3 map, or a flat RESP2 list) as a dict."""
    if isinstance(raw, dict):
        return {text(k): v for k, v in raw.items()}
    items = list(raw or [])
    return {text(items[i]): items[i + 1] for i in range(0, len(items) - 1, 2)}


class WebhookStore:
    """Reads and writes of webhook deliveries, beside the game's own writes."""

    def __init__(self, gateway: RedisGateway, due: DueIndex) -> None:
        self.gateway = gateway
        self.due_index = due

    async def hook(self, subject: str) -> Hook | None:
        """The subscription of a game (or a tournament, `t:<id>`), or None."""
        [found] = await self.gateway.pipeline([("HGET", redis_keys.hook_keys(subject)[0], "hook")])
        return _hook.decode(found) if found else None

    async def hooks(self, subjects: list[str]) -> list[Hook | None]:
        """The subscriptions of these games (or tournaments), in one round trip."""
        if not subjects:
            return []
        commands: list[tuple[Arg, ...]] = [
            ("HGET", redis_keys.hook_keys(s)[0], "hook") for s in subjects
        ]
        found = await self.gateway.pipeline(commands)
        return [_hook.decode(raw) if raw else None for raw in found]

    async def outbox(self, subject: str, after: str, count: int) -> list[tuple[str, int]]:
        """Up to `count` outbox entries after id `after` ('0-0': from the start): id and seq."""
        command = ("XRANGE", redis_keys.hook_keys(subject)[1], f"({after}", "+", "COUNT", count)
        [rows] = await self.gateway.pipeline([command])
        found = []
        for raw_id, fields in cast("list[Any]", rows or []):
            found.append((text(raw_id), int(pairs(fields)["seq"])))
        return found

    async def states(self, subject: str) -> tuple[str, dict[str, DeliveryRecord]]:
        """The cursor ('0-0' before any) and every delivery's stored state, by delivery id."""
        [raw] = await self.gateway.pipeline([("HGETALL", redis_keys.hook_keys(subject)[2])])
        fields = pairs(raw)
        cursor = text(fields.pop(CURSOR, b"0-0"))
        return cursor, {k: _record.decode(v) for k, v in fields.items()}

    async def record(self, subject: str, delivery: str, record: DeliveryRecord) -> None:
        """Keep a delivery's state, as long as the game's outbox lives."""
        _, outbox, state = redis_keys.hook_keys(subject)
        encoded = _encoder.encode(record)
        commands: list[tuple[Arg, ...]] = [
            ("PTTL", outbox),
            ("HSET", state, delivery, encoded),
        ]
        [ttl, _] = await self.gateway.pipeline(commands)
        await self._expire(state, int(ttl))

    async def advance(self, subject: str, cursor: str) -> None:
        """Every delivery of the outbox up to id `cursor` is handled."""
        await self.gateway.pipeline([("HSET", redis_keys.hook_keys(subject)[2], CURSOR, cursor)])

    async def _expire(self, key: str, ttl: int) -> None:
        if ttl > 0:
            await self.gateway.pipeline([("PEXPIRE", key, ttl)])
        elif ttl == -1:
            await self.gateway.pipeline([("PERSIST", key)])

    async def due(self, count: int) -> list[str]:
        """Up to `count` games of each shard whose deliveries are due now (their lease, if any,
        ran out), shuffled."""
        return [game_id for game_id, _ in await self.due_index.due_now(count)]

    async def claim(self, game_id: str, now_ms: int, lease_ms: int) -> int | None:
        """Take the game's lease: its end (the entry's score now) if it is now this worker's,
        None if the game is not due or another worker holds it."""
        until = now_ms + lease_ms
        args = [game_id, now_ms, until]
        taken = await self.gateway.write(CLAIM, [self.due_index.key_of(game_id)], args)
        return until if taken else None

    async def renew(self, game_id: str, until_ms: int) -> None:
        """Hold the lease to `until_ms` (a write that came meanwhile is still seen at release:
        the outbox is read again then)."""
        key = self.due_index.key_of(game_id)
        await self.gateway.pipeline([("ZADD", key, "XX", until_ms, game_id)])

    async def release(self, game_id: str, lease: int, next_ms: int | None) -> None:
        """Give the game up: due again at `next_ms` (a retry), at once (its outbox grew past the
        cursor, or a write marked it since its lease was last set to `lease`), or off the
        index. The outbox is read before the index is changed, and a write marks the game
        after its script, so no entry is left undelivered and unindexed."""
        _, outbox, state = redis_keys.hook_keys(game_id)
        last, cursor = await self.gateway.pipeline(
            [("XREVRANGE", outbox, "+", "-", "COUNT", 1), ("HGET", state, CURSOR)]
        )
        rows = cast("list[Any]", last or [])
        grew = bool(rows) and text(rows[0][0]) != (text(cursor) if cursor else "")
        args = [game_id, "" if next_ms is None else next_ms, lease, "1" if grew else "0"]
        await self.gateway.write(RELEASE, [self.due_index.key_of(game_id)], args)

    async def drop(self, game_id: str) -> None:
        """A game gone (expired): nothing left to deliver."""
        await self.gateway.pipeline([("ZREM", self.due_index.key_of(game_id), game_id)])

    async def kept(self, game_id: str) -> tuple[bytes, bool]:
        """The game's webhook and deliveries as the archive keeps them (empty: no webhook),
        and whether any delivery is still to be made."""
        hook = await self.hook(game_id)
        if hook is None:
            return b"", False
        cursor, states = await self.states(game_id)
        pending = bool(await self.outbox(game_id, cursor, 1))
        outbox = await self.outbox(game_id, "0-0", MAX_KEPT)
        return _encoder.encode(KeptDeliveries(hook=hook, outbox=outbox, states=states)), pending

    async def deliveries(self, game_id: str, game: StoredGame) -> KeptDeliveries | None:
        """The game's webhook and deliveries: from its archived body when it was read from the
        archive, else from Redis; None without a webhook."""
        if game.archived is not None:
            return _kept.decode(game.archived.hooks) if game.archived.hooks else None
        return await self.live(game_id)

    async def live(self, subject: str) -> KeptDeliveries | None:
        """A game's (or tournament's, `t:<id>`) webhook and deliveries in Redis; None without
        a webhook."""
        hook = await self.hook(subject)
        if hook is None:
            return None
        _, states = await self.states(subject)
        outbox = await self.outbox(subject, "0-0", MAX_KEPT)
        return KeptDeliveries(hook=hook, outbox=outbox, states=states)

    async def key_hook(self, key_id: str) -> Hook | None:
        """The subscription an API key names for the games it creates."""
        [found] = await self.gateway.pipeline([("GET", redis_keys.api_key_webhook(key_id))])
        return _hook.decode(found) if found else None

    async def set_key_hook(self, key_id: str, hook: Hook | None) -> None:
        """Name (or, with None, drop) an API key's subscription for the games it creates next."""
        key = redis_keys.api_key_webhook(key_id)
        if hook is None:
            await self.gateway.pipeline([("DEL", key)])
        else:
            await self.gateway.pipeline([("SET", key, _encoder.encode(hook))])
