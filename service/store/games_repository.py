"""The games repository: per game in Redis a hash (version, head, meta, signals), the log's
compact records in a list (`service.ledger.log`), and a stream that rings when one is appended;
the shapes it reads and writes are the ledger's (`service.ledger.stored_game`).

No state is stored: a load replays the records, from the version the caller's cached copy
is at when it has one (its hashes checked against the head), else from the start.
"""

from __future__ import annotations

from typing import Any, Final, cast

import msgspec
from redis.exceptions import NoScriptError

from engine.state import EncodedParts
from service.ledger.chain import LogEntry, SentSignal
from service.ledger.game_meta import GameMeta
from service.ledger.log import Cursor, decode_opening, decode_record, records_of
from service.ledger.stored_game import (
    OUTCOMES,
    Body,
    Commit,
    CommitResult,
    KeptTicket,
    NewGame,
    StoredGame,
)
from service.store import redis_keys, scripts
from service.store.archive.record import ArchivedGame
from service.store.redis_gateway import RedisGateway
from service.store.writes import reaching_redis


def _marker(waiting: bool | None, ttl_ms: int) -> str | int:
    """The commit script's waiting-marker argument: untouched, dropped or kept for a while."""
    if waiting is None:
        return ""
    return ttl_ms + EXPIRED_KEPT_MS if waiting else 0


_meta_decoder = msgspec.msgpack.Decoder(GameMeta)
_full_entry = msgspec.json.Decoder(LogEntry)  # the log's entries as stored before records
_signals_decoder = msgspec.json.Decoder(tuple[SentSignal, ...])
_encoder = msgspec.msgpack.Encoder()
_json = msgspec.json.Encoder()


LOG_LINGER_MS: Final = 60_000
"""How long the log stream stays once the match is over: followers blocked on it then wake
and read the last entry; later ones read the records alone."""

EXPIRED_KEPT_MS: Final = 7 * 24 * 3600 * 1000
"""How long after a waiting game expired a reader is still told so (410, not 404)."""

NEW_GAME: Final = "retry: a new game is created"


def signals_bytes(signals: tuple[SentSignal, ...]) -> bytes:
    """The stored form of a game's signals (none: empty, as a missing field reads)."""
    return _json.encode(signals) if signals else b""


def replayed_on(
    known: StoredGame, records: list[bytes], version: int, head: str, parts: EncodedParts | None
) -> Cursor | None:
    """The copy `known` with `records` replayed on, if they lead to the stored `head` at
    `version`; None if the copy is not of the stored chain: a write it saw was lost in a
    failover, so the records after it may not even apply to it."""
    cursor = known.cursor(parts)
    try:
        for record in records:
            cursor.step(decode_record(record))
    except Exception:  # any refusal: another history than the copy's
        return None
    return cursor if cursor.hash == head and cursor.seq == version else None


class GamesRepository:
    """Reads and atomically writes games through the gateway; every write is one Lua script on
    the game's shard."""

    def __init__(self, gateway: RedisGateway) -> None:
        self.gateway = gateway

    @staticmethod
    def webhook_keys(game_id: str) -> list[str]:
        """The key a write script appends a webhook's outbox entry to: the game's outbox."""
        return [redis_keys.webhook_outbox(game_id)]

    async def create(self, new: NewGame) -> bool:
        """Store a new game and its first log record (its webhook subscription and outbox
        entry, and while it waits its marker, in the same script); False if the id is taken."""
        game_id = new.game_id
        game_keys = list(redis_keys.game_keys(game_id))
        game_keys.append(redis_keys.waiting(game_id) if new.waiting else redis_keys.game(game_id))
        game_keys += self.webhook_keys(game_id)
        args: list[Any] = [_encoder.encode(new.meta), new.head, new.opening, new.ttl_ms]
        args.append(new.hook)
        args.append(new.ttl_ms + EXPIRED_KEPT_MS if new.waiting else "")
        created = await self.gateway.write(scripts.CREATE, game_keys, args, new.advice)
        return bool(created)

    async def load(
        self, game_id: str, known: StoredGame | None = None, parts: EncodedParts | None = None
    ) -> StoredGame | None:
        """The game in one round trip, or None; replayed on from `known` (a copy of it at an
        earlier version) when its hashes lead to the stored head, else from the start."""
        since = known.version if known is not None else 0
        reply = await self._read(game_id, since)
        if not reply:
            return None
        version, head = int(reply[0]), reply[1].decode()
        meta = _meta_decoder.decode(reply[2])
        signals = _signals_decoder.decode(reply[3]) if reply[3] else ()
        first, records = int(reply[4]), cast("list[bytes]", reply[5:])
        if first < 0:
            await self.convert(game_id, head)
            return await self.load(game_id, None, parts)
        if known is not None and first == since:
            on = replayed_on(known, records, version, head, parts)
            if on is not None:
                return StoredGame(
                    on.state, version, head, meta, signals, known.salt_key, on.ms, on.timing
                )
            if first != 0:  # the copy was not of this game's chain (a write was lost)
                return await self.load(game_id, None, parts)
        cursor, _ = Cursor.opening(decode_opening(records[0]), parts, hashed=False)
        for record in records[1:]:
            cursor.step(decode_record(record), hashed=False)
        if cursor.seq != version:
            raise ValueError(f"game {game_id}: {cursor.seq} records for version {version}")
        return StoredGame(
            cursor.state, version, head, meta, signals, cursor.salt_key, cursor.ms, cursor.timing
        )

    async def convert(self, game_id: str, head: str) -> None:
        """Give a game stored before the compact log its records (`records_of`: checked to
        replay into exactly its stored entries); a game that cannot be is left as it was."""
        with reaching_redis():
            rows = await self.gateway.client.xrange(redis_keys.log(game_id))
        stored = [_full_entry.decode(fields[b"e"]) for _, fields in cast("list[Any]", rows)]
        records = records_of(stored)  # ValueError: left as it was (and read as corrupt)
        game_keys = list(redis_keys.game_keys(game_id))
        await self.gateway.write(scripts.CONVERT, game_keys, [head, *records])

    async def _read(self, game_id: str, since: int) -> list[Any]:
        """The LOAD script's reply (a read: no WAIT), by SHA-1 or, unknown yet, by source."""
        script = scripts.LOAD
        args = (2, redis_keys.game(game_id), redis_keys.entries(game_id), since)
        try:
            [reply] = await self.gateway.pipeline([("EVALSHA", script.sha, *args)])
        except NoScriptError:
            [reply] = await self.gateway.pipeline([("EVAL", script.source, *args)])
        return cast("list[Any]", reply)

    async def commit(self, write: Commit) -> CommitResult:
        """Append the write's entry (as its compact record) if the game is still at its
        expected version and head, with all that goes with it; all or nothing."""
        game_id = write.game_id
        game_key = redis_keys.game(game_id)
        key, answer, answer_ttl = write.answer if write.answer is not None else (game_key, b"", 0)
        marker = redis_keys.waiting(game_id) if write.waiting is not None else game_key
        game_keys = [game_key, redis_keys.log(game_id), redis_keys.entries(game_id), key, marker]
        game_keys += self.webhook_keys(game_id)
        entry = write.entry
        args: list[Any] = [write.expected, entry.prev_hash, entry.hash, write.record]
        args += [write.ttl_ms, write.log_ttl_ms]
        signals = write.signals
        args += ["0", ""] if signals is None else ["1", signals_bytes(signals)]
        args += [answer, answer_ttl]
        clock = write.clock
        kind, at, deadline, before = (
            (clock.kind, clock.at, clock.after, clock.before) if clock else ("", 0, None, None)
        )
        args += [kind, at, "" if deadline is None else deadline, "" if before is None else before]
        args.append(_encoder.encode(write.meta) if write.meta is not None else b"")
        args.append(_marker(write.waiting, write.ttl_ms))
        status, detail = await self.gateway.write(scripts.COMMIT, game_keys, args)
        outcome = OUTCOMES[int(status)]
        if outcome == "replay":
            return CommitResult(outcome, answer=bytes(detail))
        return CommitResult(outcome, version=int(detail) if detail else 0)

    async def signal(
        self, game_id: str, expected: int, known: tuple[SentSignal, ...], sent: SentSignal
    ) -> str:
        """Keep a signal beside the log if the game is still at `expected` with the `known`
        signals: `kept`, `stale` or `missing`. Neither the version nor the log changes."""
        args = [expected, signals_bytes(known), signals_bytes((*known, sent))]
        status = await self.gateway.write(scripts.SIGNAL, [redis_keys.game(game_id)], args)
        return ("missing", "stale", "kept")[int(status)]

    async def save_ticket(
        self, game_id: str, ticket_hash: str, seat: int, holder: str, ttl_ms: int
    ) -> None:
        """Keep a stream ticket (by its hash) for `ttl_ms`: the seat it follows the game as, and
        the seat's holder then (her token's hash), so that it is good only while she holds it."""
        ticket = redis_keys.stream_ticket(game_id, ticket_hash)
        await self.gateway.pipeline([("SET", ticket, f"{seat}:{holder}", "PX", ttl_ms)])

    async def ticket(self, game_id: str, ticket_hash: str) -> KeptTicket | None:
        """A live stream ticket of this game: its seat, holder and time left; else None."""
        ticket = redis_keys.stream_ticket(game_id, ticket_hash)
        [kept, left_ms] = await self.gateway.pipeline([("GET", ticket), ("PTTL", ticket)])
        if kept is None or int(left_ms) <= 0:
            return None
        seat, _, holder = (kept.decode() if isinstance(kept, bytes) else str(kept)).partition(":")
        return KeptTicket(int(seat), holder, int(left_ms) / 1000) if holder else None

    async def answer(self, key: str, ttl_ms: int) -> bytes | None:
        """The stored first answer of an idempotent request, if any, kept `ttl_ms` longer.

        Read by a script that also refreshes it (a write), so its WAIT covers the first write.
        """
        return cast("bytes | None", await self.gateway.write(scripts.ANSWER, [key], [ttl_ms]))

    async def records(self, game_id: str, first: int, last: int) -> list[bytes]:
        """The stored records of entries `first + 1` to `last + 1` (list indexes, -1: the end)."""
        [found] = await self.gateway.pipeline(
            [("LRANGE", redis_keys.entries(game_id), first, last)]
        )
        return cast("list[bytes]", found)

    async def records_of(
        self, game_id: str, game: StoredGame, first: int, last: int
    ) -> list[bytes]:
        """`records` of the game as loaded: from its archived body when it was read from the
        archive, else from Redis."""
        if game.archived is None:
            return await self.records(game_id, first, last)
        return list(game.archived.records[first : None if last == -1 else last + 1])

    async def raw(self, game_id: str) -> tuple[bytes, bytes]:
        """The game's meta and signals exactly as stored (empty: none)."""
        [[meta, signals]] = await self.gateway.pipeline(
            [("HMGET", redis_keys.game(game_id), "meta", "signals")]
        )
        return bytes(meta or b""), bytes(signals or b"")

    async def restore(self, game_id: str, body: Body, ttl_ms: int) -> bool:
        """Put an archived game back (for a write to it); False when Redis has it already."""
        args = [body.version, body.head, body.meta, body.signals, ttl_ms, *body.records]
        return bool(
            await self.gateway.write(scripts.RESTORE, list(redis_keys.game_keys(game_id)), args)
        )

    async def release(self, game_id: str, version: int, head: str, ttl_ms: int) -> bool:
        """Let Redis drop a game the archive holds, `ttl_ms` from now (0: never), if it is
        still at that version and head; False when it moved on or is gone."""
        game_keys = [*redis_keys.game_keys(game_id), redis_keys.webhook_outbox(game_id)]
        game_keys.append(redis_keys.webhook_state(game_id))
        return bool(await self.gateway.write(scripts.ARCHIVED, game_keys, [version, head, ttl_ms]))


def from_archive(found: ArchivedGame, parts: EncodedParts | None = None) -> StoredGame:
    """The game as the archive keeps it, replayed from its records."""
    body = found.body
    cursor, _ = Cursor.opening(decode_opening(body.records[0]), parts, hashed=False)
    for record in body.records[1:]:
        cursor.step(decode_record(record), hashed=False)
    if cursor.seq != body.version:
        raise ValueError(f"archived game {found.summary.game_id}: {cursor.seq} records")
    return StoredGame(
        cursor.state,
        body.version,
        body.head,
        _meta_decoder.decode(body.meta),
        _signals_decoder.decode(body.signals) if body.signals else (),
        cursor.salt_key,
        cursor.ms,
        cursor.timing,
        body,
    )
