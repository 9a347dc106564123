"""A game as the service keeps it: read back (`StoredGame`: replayed from its records, from
Redis or from the archive's `Body`), written (`NewGame`, `Commit` and its `Clocking`, answered
by a `CommitResult`), and a live stream's ticket (`KeptTicket`). Plain shapes over the
ledger's records, so every layer from the ledger up reads the same ones; the store writes and
reads them (`service.store.games_repository`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import msgspec

from engine import State
from engine.clock import Timing
from engine.state import EncodedParts
from service.ledger.chain import LogEntry, SentSignal
from service.ledger.game_meta import GameMeta, open_seats
from service.ledger.log import Cursor
from service.ledger.signatures import HeadSignature


class Body(msgspec.Struct, frozen=True, array_like=True):
    """The game itself as the archive keeps it: the head (`version`, `head`) and its signature,
    the compact records of its log, and its seats (`meta`), signals and webhook deliveries as
    Redis stored them."""

    version: int
    head: str
    signature: HeadSignature
    records: tuple[bytes, ...]
    meta: bytes
    signals: bytes = b""
    hooks: bytes = b""


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
