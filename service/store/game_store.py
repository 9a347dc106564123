"""Game storage in Redis: per game a hash (version, head, meta, signals), the log's compact
records in a list (`service.ledger.log`), and a stream that rings when one is appended.

No state is stored: a load replays the records, from the version the caller's cached copy
is at when it has one (its hashes checked against the head), else from the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, cast

import msgspec
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError, ResponseError

from engine import State
from engine.clock import Timing
from engine.state import EncodedParts
from service.errors import ServiceError
from service.ledger.chain import LogEntry, SentSignal
from service.ledger.game_meta import GameMeta, open_seats
from service.ledger.log import Cursor, decode_opening, decode_record, records_of
from service.store import redis_keys, scripts
from service.store.archive.record import ArchivedGame, Body
from service.store.cluster_multiplex import ClusterMultiplexed
from service.store.health import Dependency
from service.store.multiplex import Arg, Multiplexed
from service.store.scripts import Script
from service.store.writes import (
    UNREACHABLE,
    Borrowing,
    Client,
    OutcomeUnknown,
    Writes,
    reaching_redis,
)


class KeptTicket(msgspec.Struct, frozen=True):
    """A live stream ticket: the seat it follows, the holder it was given to (the SHA-256 of
    her token) and the seconds it has left."""

    seat: int
    holder: str
    seconds_left: float


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as read from Redis: its state (replayed), version, head, meta and signals, the
    salt key of its entries, the time of its head entry (milliseconds) and, for rules with a
    clock, the clock after it; read from the archive instead, the archived body (`archived`:
    its records are read from there)."""

    state: State
    version: int
    head: str
    meta: GameMeta
    signals: tuple[SentSignal, ...] = ()
    salt_key: bytes = b""
    ms: int = 0
    timing: Timing | None = None
    archived: Body | None = None

    def cursor(self, parts: EncodedParts | None = None) -> Cursor:
        """A replay cursor at the game's head."""
        return Cursor(
            self.state,
            self.version,
            self.head,
            self.ms,
            self.salt_key,
            parts if parts is not None else EncodedParts(),
            open_seats(self.meta),
            self.timing,
        )


@dataclass(frozen=True, slots=True)
class CommitResult:
    """What the commit script answered: `committed`, `stale`, `missing`, `replay`, `signals`
    (signals came in since the entry that records them was made) or `clock` (a move after the
    game's deadline, or a timeout before it)."""

    outcome: Outcome
    version: int = 0
    answer: bytes = b""


Outcome = Literal["missing", "stale", "replay", "committed", "signals", "clock"]
OUTCOMES: Final[tuple[Outcome, ...]] = (
    "missing",
    "stale",
    "replay",
    "committed",
    "signals",
    "clock",
)


class Clocking(msgspec.Struct, frozen=True):
    """What a clocked write checks against the game's stored deadline: a `move` must come
    before it, a `timeout` at or after it, by the entry's time `at` (ms) and the server's;
    `after` is the deadline it stores, `before` the one the writer derived (used when none is
    stored yet, before the first move)."""

    kind: Literal["move", "timeout"]
    at: int
    after: int | None
    before: int | None


class Commit(msgspec.Struct, frozen=True, kw_only=True):
    """One entry appended to a game's log, and all the same script writes beside it.

    `signals`: the game's signals must still be these (the entry records them); `answer`:
    an idempotency key, the first answer to keep under it and for how long (ms); `meta`: the
    seats after it; `waiting`: whether the game still waits for players (None:
    the marker is left as it is); `log_ttl_ms`: how long the log stream, which only rings
    for followers, is kept."""

    game_id: str
    expected: int
    entry: LogEntry
    record: bytes
    ttl_ms: int
    log_ttl_ms: int
    signals: tuple[SentSignal, ...] | None = None
    answer: tuple[str, bytes, int] | None = None
    clock: Clocking | None = None
    meta: GameMeta | None = None
    waiting: bool | None = None


class NewGame(msgspec.Struct, frozen=True, kw_only=True):
    """A game to store: its meta, the head and record of its first entry, its time to live,
    what to tell the client if the write's outcome is unknown, its webhook subscription and
    whether it waits for players."""

    game_id: str
    meta: GameMeta
    head: str
    opening: bytes
    ttl_ms: int
    advice: str
    hook: bytes = b""
    waiting: bool = False


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

RETRY_WITH_KEY: Final = "retry with the same Idempotency-Key"
NEW_GAME: Final = "retry: a new game is created"


def not_replicated(acknowledged: int, wanted: int, advice: str = RETRY_WITH_KEY) -> ServiceError:
    """A write that too few replicas confirmed in time: it may or may not survive a failover."""
    return ServiceError(
        "store/not_replicated",
        503,
        "the write reached {acknowledged} of {wanted} replicas in time; {advice}",
        {"Retry-After": "1"},
        acknowledged=acknowledged,
        wanted=wanted,
        advice=advice,
    )


def not_durable(why: str, advice: str = RETRY_WITH_KEY, **params: Any) -> ServiceError:
    """A write that Redis did not confirm was fsynced to its append-only file in time (or
    could not: `WAITAOF` refused): it may or may not survive a restart."""
    return ServiceError(
        "store/not_durable", 503, why + "; {advice}", {"Retry-After": "1"}, advice=advice, **params
    )


class NotDurable(RuntimeError):
    """Redis cannot confirm writes on disk as `ESCOPA_WAIT_AOF` asks (found at start)."""


def outcome_unknown(advice: str) -> ServiceError:
    """A write whose connection broke before its answer came: it may or may not have happened."""
    return ServiceError(
        "store/not_replicated",
        503,
        "the connection to the game's Redis broke before the write was confirmed; {advice}",
        {"Retry-After": "1"},
        advice=advice,
    )


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


class GameStore:
    """Reads and atomically writes games; every write is one Lua script on the game's shard."""

    def __init__(
        self,
        client: Client,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 500,
        fast: Multiplexed | ClusterMultiplexed | None = None,
        timeout: float = 2.0,
        wait_aof: bool = False,
        connections: int = 100,
    ) -> None:
        self.client = client
        self.wait_replicas = wait_replicas
        self.wait_timeout_ms = wait_timeout_ms
        self.wait_aof = wait_aof
        self.fast = fast
        self.borrowing = Borrowing(connections, timeout)
        self.writes = Writes(client, timeout, self.borrowing)
        self.health = Dependency("redis")
        """Whether Redis answered this process's last call (logged when that changes)."""

    async def ping(self) -> None:
        """Ask Redis whether it answers (raises when it does not)."""
        await self.pipeline([("PING",)])

    async def pipeline(self, commands: list[tuple[Arg, ...]]) -> list[Any]:
        """Quick commands sent together (through `fast` when there is one), their replies."""
        with reaching_redis(self.health):
            if self.fast is not None:
                return await self.fast.pipeline(commands)
            async with self.borrowing.turn():
                if len(commands) == 1:
                    return [await self.client.execute_command(*commands[0])]
                pipe = self._pipeline()
                for command in commands:
                    pipe.execute_command(*command)
                return cast("list[Any]", await pipe.execute())

    async def write(
        self, script: Script, keys_: list[str], args: list[Any], advice: str = RETRY_WITH_KEY
    ) -> Any:
        """Run a write script by its SHA-1 (by its source when Redis does not know it yet);
        acknowledged as `wait_replicas` and `wait_aof` ask. The one place that runs scripts."""
        for command, body in (("EVALSHA", script.sha), ("EVAL", script.source)):
            call = (command, body, len(keys_), *keys_, *args)
            try:
                result = await self._acknowledged(call, keys_[0], advice)
            except NoScriptError:
                continue
            except UNREACHABLE as error:
                self.health.failed(error)
                raise
            self.health.answered()
            return result
        raise AssertionError("EVAL cannot answer NOSCRIPT")  # pragma: no cover

    async def _acknowledged(self, call: tuple[Arg, ...], key: str, advice: str) -> Any:
        """A write's reply; with `wait_replicas`, only once that many replicas hold it; with
        `wait_aof`, only once it is also fsynced to the append-only file (`WAITAOF`).

        The write and its WAIT are sent once, together, on one connection to the key's master
        (`Writes`): any failure between sending and WAIT's answer leaves the outcome unknown.
        """
        if not (self.wait_replicas or self.wait_aof) and self.fast is not None:
            with reaching_redis():
                [result] = await self.fast.pipeline([call])
            return result
        commands = [call]
        if self.wait_aof:
            commands.append(("WAITAOF", 1, self.wait_replicas, self.wait_timeout_ms))
        elif self.wait_replicas:
            commands.append(("WAIT", self.wait_replicas, self.wait_timeout_ms))
        try:
            replies = await self.writes.send(key, commands, self.wait_timeout_ms / 1000)
        except OutcomeUnknown:
            raise outcome_unknown(advice) from None
        result = replies[0]
        if isinstance(result, NoScriptError):
            raise result
        if isinstance(result, ResponseError):  # refused (moved, read-only, out of memory...)
            raise outcome_unknown(advice) from result
        if self.wait_aof:
            self._check_durable(replies[1], advice)
        elif self.wait_replicas:
            acknowledged = replies[1]
            if isinstance(acknowledged, ResponseError) or int(acknowledged) < self.wait_replicas:
                count = 0 if isinstance(acknowledged, ResponseError) else int(acknowledged)
                raise not_replicated(count, self.wait_replicas, advice)
        return result

    def _check_durable(self, reply: Any, advice: str) -> None:
        """Raise unless `WAITAOF`'s reply confirms the local fsync and enough replicas'."""
        if isinstance(reply, ResponseError):
            why = "Redis refused WAITAOF ({reply}): the write is not on disk"
            raise not_durable(why, advice, reply=str(reply))
        local, replicas = (int(count) for count in reply)
        if local < 1:
            why = "the write was not fsynced to the append-only file within {ms} ms"
            raise not_durable(why, advice, ms=self.wait_timeout_ms)
        if replicas < self.wait_replicas:
            raise not_replicated(replicas, self.wait_replicas, advice)

    async def check_durable(self) -> None:
        """With `wait_aof`, make sure Redis can answer `WAITAOF` (7.2 or later, append-only
        file on), so a misconfigured service refuses to start rather than every write."""
        if not self.wait_aof:
            return
        try:
            with reaching_redis():
                if isinstance(self.client, RedisCluster):  # every master, where games live
                    every = {"target_nodes": RedisCluster.PRIMARIES}
                    await self.client.execute_command("WAITAOF", 1, 0, 1, **every)
                else:
                    await self.client.execute_command("WAITAOF", 1, 0, 1)  # type: ignore[no-untyped-call]
        except ResponseError as refused:
            raise NotDurable(
                f"ESCOPA_WAIT_AOF=1 needs Redis 7.2 or later with appendonly yes: {refused}"
            ) from refused

    def _pipeline(self) -> Any:
        if isinstance(self.client, RedisCluster):
            return self.client.pipeline()
        return self.client.pipeline(transaction=False)

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
        created = await self.write(scripts.CREATE, game_keys, args, new.advice)
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
            rows = await self.client.xrange(redis_keys.log(game_id))
        stored = [_full_entry.decode(fields[b"e"]) for _, fields in cast("list[Any]", rows)]
        records = records_of(stored)  # ValueError: left as it was (and read as corrupt)
        game_keys = list(redis_keys.game_keys(game_id))
        await self.write(scripts.CONVERT, game_keys, [head, *records])

    async def _read(self, game_id: str, since: int) -> list[Any]:
        """The LOAD script's reply (a read: no WAIT), by SHA-1 or, unknown yet, by source."""
        script = scripts.LOAD
        args = (2, redis_keys.game(game_id), redis_keys.entries(game_id), since)
        try:
            [reply] = await self.pipeline([("EVALSHA", script.sha, *args)])
        except NoScriptError:
            [reply] = await self.pipeline([("EVAL", script.source, *args)])
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
        status, detail = await self.write(scripts.COMMIT, game_keys, args)
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
        status = await self.write(scripts.SIGNAL, [redis_keys.game(game_id)], args)
        return ("missing", "stale", "kept")[int(status)]

    async def save_ticket(
        self, game_id: str, ticket_hash: str, seat: int, holder: str, ttl_ms: int
    ) -> None:
        """Keep a stream ticket (by its hash) for `ttl_ms`: the seat it follows the game as, and
        the seat's holder then (her token's hash), so that it is good only while she holds it."""
        ticket = redis_keys.stream_ticket(game_id, ticket_hash)
        await self.pipeline([("SET", ticket, f"{seat}:{holder}", "PX", ttl_ms)])

    async def ticket(self, game_id: str, ticket_hash: str) -> KeptTicket | None:
        """A live stream ticket of this game: its seat, holder and time left; else None."""
        ticket = redis_keys.stream_ticket(game_id, ticket_hash)
        [kept, left_ms] = await self.pipeline([("GET", ticket), ("PTTL", ticket)])
        if kept is None or int(left_ms) <= 0:
            return None
        seat, _, holder = (kept.decode() if isinstance(kept, bytes) else str(kept)).partition(":")
        return KeptTicket(int(seat), holder, int(left_ms) / 1000) if holder else None

    async def answer(self, key: str, ttl_ms: int) -> bytes | None:
        """The stored first answer of an idempotent request, if any, kept `ttl_ms` longer.

        Read by a script that also refreshes it (a write), so its WAIT covers the first write.
        """
        return cast("bytes | None", await self.write(scripts.ANSWER, [key], [ttl_ms]))

    async def records(self, game_id: str, first: int, last: int) -> list[bytes]:
        """The stored records of entries `first + 1` to `last + 1` (list indexes, -1: the end)."""
        [found] = await self.pipeline([("LRANGE", redis_keys.entries(game_id), first, last)])
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
        [[meta, signals]] = await self.pipeline(
            [("HMGET", redis_keys.game(game_id), "meta", "signals")]
        )
        return bytes(meta or b""), bytes(signals or b"")

    async def restore(self, game_id: str, body: Body, ttl_ms: int) -> bool:
        """Put an archived game back (for a write to it); False when Redis has it already."""
        args = [body.version, body.head, body.meta, body.signals, ttl_ms, *body.records]
        return bool(await self.write(scripts.RESTORE, list(redis_keys.game_keys(game_id)), args))

    async def release(self, game_id: str, version: int, head: str, ttl_ms: int) -> bool:
        """Let Redis drop a game the archive holds, `ttl_ms` from now (0: never), if it is
        still at that version and head; False when it moved on or is gone."""
        game_keys = [*redis_keys.game_keys(game_id), redis_keys.webhook_outbox(game_id)]
        game_keys.append(redis_keys.webhook_state(game_id))
        return bool(await self.write(scripts.ARCHIVED, game_keys, [version, head, ttl_ms]))


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
