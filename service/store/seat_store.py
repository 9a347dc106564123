"""Storage of a game's life outside its moves: waiting games, their seats, the lobby index.

The game's own writes are scripts on its keys (`service.store.lifecycle_scripts`); the lobby
is an index beside the games (`keys.lobby`), written after them and checked by its readers.
"""

from __future__ import annotations

from typing import Any, cast

from service.ledger.chain import LogEntry, SentSignal
from service.store import keys
from service.store.game_store import NEW_GAME, GameMeta, GameStore, _encoder, signals_bytes
from service.store.lifecycle_scripts import CREATE_WAITING, REWRITE

EXPIRED_KEPT_MS = 7 * 24 * 3600 * 1000
"""How long after a waiting game expired a reader is still told so (410, not 404)."""


class SeatStore:
    """Writes of waiting games, joins, leaves, resignations, aborts and rematch offers."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def create_waiting(
        self,
        game_id: str,
        meta: GameMeta,
        head: str,
        opening: bytes,
        ttl_ms: int,
        advice: str = NEW_GAME,
        hook: bytes = b"",
    ) -> bool:
        """Store a waiting game, its first record and its waiting marker (and its webhook
        subscription `hook`); False if the id is taken."""
        game_keys = [*keys.game_keys(game_id), keys.waiting(game_id)]
        game_keys += self.store.webhook_keys(game_id)
        args: list[Any] = [_encoder.encode(meta), head, opening, ttl_ms, ttl_ms + EXPIRED_KEPT_MS]
        args.append(hook)
        return bool(await self.store.write(CREATE_WAITING, game_keys, args, advice))

    async def rewrite(
        self,
        game_id: str,
        expected: int,
        meta: GameMeta | None,
        entry: LogEntry,
        record: bytes,
        ttls: tuple[int, int],
        still_waiting: bool,
        bot_due: bool = False,
        idempotency: tuple[str, bytes, int] | None = None,
        signals: tuple[SentSignal, ...] | None = None,
    ) -> tuple[str, int, bytes]:
        """Append `entry` as its `record` (and write `meta`) if the game is still at `expected`
        with the head `entry.prev_hash`: (`committed`, new version), (`stale`, version) or
        `missing`; `ttls`: the game's and the log stream's (0: for ever). With `idempotency`
        (key, answer, ttl_ms), `replay` and the first answer when the key has one, else the
        answer is kept under the key. With `signals` (the entry records them), the game's
        signals must still be those: `stale` when another came in."""
        game_key, log_key, entries_key = keys.game_keys(game_id)
        queue = keys.bot_turns() if bot_due else game_key
        key, answer, answer_ttl = idempotency if idempotency is not None else (game_key, b"", 0)
        game_keys = [game_key, log_key, entries_key, keys.waiting(game_id), queue, key]
        game_keys += self.store.webhook_keys(game_id)
        ttl_ms, log_ttl_ms = ttls
        args: list[Any] = [expected, entry.prev_hash]
        args.append(_encoder.encode(meta) if meta is not None else b"")
        args += [entry.hash, record, ttl_ms, log_ttl_ms]
        args.append(ttl_ms + EXPIRED_KEPT_MS if still_waiting else "")
        args += [game_id if bot_due else "", answer, answer_ttl]
        args += ["0", ""] if signals is None else ["1", signals_bytes(signals)]
        status, detail = await self.store.write(REWRITE, game_keys, args)
        outcome = ("missing", "stale", "replay", "committed")[int(status)]
        if outcome == "replay":
            return outcome, 0, bytes(detail)
        return outcome, int(detail) if detail else 0, b""

    async def expired(self, game_id: str) -> bool:
        """Whether this id was a waiting game that expired unjoined (its marker outlives it)."""
        [found] = await self.store.pipeline([("EXISTS", keys.waiting(game_id))])
        return bool(found)

    async def list_lobby(self, game_id: str, created: str) -> None:
        await self.store.pipeline([("ZADD", keys.lobby(), 0, f"{created}:{game_id}")])

    async def unlist_lobby(self, game_id: str, created: str) -> None:
        await self.store.pipeline([("ZREM", keys.lobby(), f"{created}:{game_id}")])

    async def lobby_page(self, after: str | None, limit: int) -> list[str]:
        """Up to `limit` lobby members after `after`, oldest first."""
        start = f"({after}" if after is not None else "-"
        command = ("ZRANGE", keys.lobby(), start, "+", "BYLEX", "LIMIT", 0, limit)
        [found] = await self.store.pipeline([command])
        return [m.decode() if isinstance(m, bytes) else str(m) for m in cast("list[Any]", found)]
