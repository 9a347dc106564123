"""The log as stored: a compact record per entry, and the full entries re-derived from them.

A full entry is determined by the game's opening (rules, seats, seed), the moves before it,
its own move, time and salt: its events and `state_hash` come from replaying the moves through
the engine, its `prev_hash` from the entry before. So the store keeps only `Opening` (the
`created` entry: the game's terms, the time, and the game's salt key) and a `Step` per later
move or deal entry (seat, move text, milliseconds since the entry before, and the signals the
entry that ends the match records) and a `Life` per entry of the game's life outside its moves
(joined, left, resigned, aborted, rematch). Salts are derived from the salt key (`salt_of`):
a keyed hash of the entry's seq, as unguessable as random salts to anyone without the key,
which never leaves the service. The derived entries, and so every hash of the chain, are
exactly the entries that were hashed when they were written: `Cursor` is the one code path
for both.
"""

from __future__ import annotations

import hmac
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Final, Literal

import msgspec
from msgspec import UNSET

import engine
from engine import Deal, State, clock
from engine.clock import Timing
from engine.shuffle import key_text
from engine.state import EncodedParts
from service.ledger.chain import GENESIS, GameInfo, LogEntry, SentSignal, sealed

EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
DEAL: Final = str(Deal())
"""A deal's text in a step: the one move no seat makes."""
SALT_PREFIX: Final = b"escopa-salt-v1:"


class Opening(msgspec.Struct, frozen=True, array_like=True):
    """The stored form of the `created` entry: the game's terms, its time, its salt key.

    `salt` is the entry's own salt, for a log converted from full entries (`records_of`),
    whose salts were drawn at random; None: derived from the key (as on `Step`)."""

    game: GameInfo
    ms: int
    salt_key: bytes
    salt: bytes | None = None


class Step(msgspec.Struct, frozen=True, array_like=True):
    """The stored form of a move or deal entry; `ms` counts from the entry before."""

    seat: int
    move: str
    ms: int
    signals: tuple[SentSignal, ...] = ()
    salt: bytes | None = None


LifeKind = Literal["joined", "left", "resigned", "aborted", "rematch", "timeout"]
FORFEIT: Final = "forfeit"
ABORT: Final = "abort"
"""What a `timeout` record's `text` names instead of a move: the side lost, or no move came."""


class Life(msgspec.Struct, frozen=True, array_like=True):
    """The stored form of an entry of a game's life outside its moves: its `kind`, the seat,
    `ms` from the entry before, and `text`: the name a `joined` seat took, or the id of the
    game a `rematch` entry names. A resignation or abort records the signals sent in it. A
    `timeout` names in `text` the move played for the seat (or `forfeit`, `abort`) and the
    `deadline` it missed (ms since the epoch)."""

    kind: LifeKind
    seat: int
    ms: int
    text: str = ""
    signals: tuple[SentSignal, ...] = ()
    salt: bytes | None = None
    deadline: int = 0


Record = Step | Life

_opening = msgspec.msgpack.Decoder(Opening)
_step = msgspec.msgpack.Decoder(Step)
_life = msgspec.msgpack.Decoder(Life)
_encoder = msgspec.msgpack.Encoder()
_DEFAULTS: Final = {
    kind: tuple(field.default for field in msgspec.structs.fields(kind))
    for kind in (Opening, Step, Life)
}
_FIXSTR: Final = range(0xA0, 0xC0)


def encode(record: Opening | Step | Life) -> bytes:
    """A record as a msgpack array, without its trailing members that hold their defaults
    (a decoder fills them in): most records are `[seat, move, ms]`."""
    values = list(msgspec.structs.astuple(record))
    defaults = _DEFAULTS[type(record)]
    while values and values[-1] == defaults[len(values) - 1]:
        values.pop()
    return _encoder.encode(values)


def decode_opening(data: bytes) -> Opening:
    return _opening.decode(data)


def decode_step(data: bytes) -> Step:
    return _step.decode(data)


def decode_record(data: bytes) -> Record:
    """A record after the opening: a `Life` opens with its kind (a short string), a `Step`
    with its seat (a number)."""
    return _life.decode(data) if data[1] in _FIXSTR else _step.decode(data)


def now_ms() -> int:
    """The current UTC time in whole milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


def iso(ms: int) -> str:
    """A time in milliseconds as the log writes it: ISO 8601, UTC, milliseconds, `Z` (the
    text of `datetime.isoformat`, made faster: every entry read formats one)."""
    seconds, millis = divmod(ms, 1000)
    return f"{time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(seconds))}.{millis:03d}Z"


def new_salt_key() -> bytes:
    return secrets.token_bytes(16)


def salt_of(salt_key: bytes, seq: int) -> str:
    """Entry `seq`'s salt: 32 hex characters of HMAC-SHA256(salt key, prefix + seq)."""
    return hmac.digest(salt_key, SALT_PREFIX + str(seq).encode("ascii"), "sha256")[:16].hex()


@dataclass(slots=True)
class Cursor:
    """The log replayed up to entry `seq`: the state after it, its hash and its time.

    `hash` is empty when the replay skipped hashing (a state wanted, no entries).
    """

    state: State
    seq: int
    hash: str
    ms: int
    salt_key: bytes
    parts: EncodedParts = field(default_factory=EncodedParts)
    open: tuple[int, ...] = ()
    """The seats still open: the game waits for them, and the join that takes the last deals."""
    timing: Timing | None = None
    """The turn clock after this entry, for rules with a `clock` (`engine.clock`)."""

    @classmethod
    def opening(
        cls, opening: Opening, parts: EncodedParts | None = None, hashed: bool = True
    ) -> tuple[Cursor, LogEntry | None]:
        """The cursor after the `created` entry, and that entry (None when not `hashed`)."""
        info = opening.game
        key = key_text(info.seed or "", info.client_seed)
        opened = info.open if isinstance(info.open, tuple) else ()
        events: list[engine.Event] = []
        if opened:
            state = engine.waiting(info.rules, key)
        else:
            state, events = engine.start(info.rules, key)
        cursor = cls(
            state,
            1,
            "",
            opening.ms,
            opening.salt_key,
            parts if parts is not None else EncodedParts(),
            opened,
            clock.opening(info.rules.clock, state, opening.ms, bots_of(info))
            if info.rules.clock
            else None,
        )
        if not hashed:
            return cursor, None
        entry = sealed(
            LogEntry(
                seq=1,
                type="created",
                time=iso(opening.ms),
                game=info,
                events=tuple(events),
                prev_hash=GENESIS,
                state_hash=engine.state_hash(state, cursor.parts),
                salt=opening.salt.hex() if opening.salt else salt_of(opening.salt_key, 1),
            )
        )
        cursor.hash = entry.hash
        return cursor, entry

    def step(self, step: Record, hashed: bool = True) -> LogEntry | None:
        """Apply the next entry's move (or step of the game's life); the full entry (None when
        not `hashed`: the chain's hash is then unknown from here on)."""
        if isinstance(step, Life):
            return self.life(step, hashed)
        move = engine.parse_move(step.move)
        state, events = engine.apply(self.state, step.seat, move)
        self.state, self.seq, self.ms = state, self.seq + 1, self.ms + step.ms
        self.clocked(acted=True, timed_out=False, mover=mover_of(step))
        if not hashed:
            self.hash = ""
            return None
        entry = self.entry(step, tuple(events))
        self.hash = entry.hash
        return entry

    def entry(self, step: Step, events: tuple[engine.Event, ...]) -> LogEntry:
        """The full entry of `step`, the move just applied (this cursor already past it)."""
        return sealed(
            LogEntry(
                seq=self.seq,
                type=step_kind(step),
                time=iso(self.ms),
                seat=step.seat,
                move=step.move,
                events=events,
                prev_hash=self.hash,
                state_hash=engine.state_hash(self.state, self.parts),
                salt=step.salt.hex() if step.salt else salt_of(self.salt_key, self.seq),
                signals=step.signals if step.signals else UNSET,
            )
        )

    def life(self, life: Life, hashed: bool = True) -> LogEntry | None:
        """Apply an entry of the game's life: a join (the last one deals), a leave (the seat
        opens again), a resignation or abort (through the engine), a rematch offer."""
        state, events = self.state, list[engine.Event]()
        if life.kind == "joined":
            self.open = tuple(seat for seat in self.open if seat != life.seat)
            if state.status == "waiting" and not self.open:
                state, events = engine.start(state.rules, state.seed)
        elif life.kind == "left":
            self.open = tuple(sorted({*self.open, life.seat}))
        elif life.kind == "resigned":
            state, events = engine.resign(state, life.seat)
        elif life.kind == "aborted":
            state, events = engine.abort(state, life.seat)
        elif life.kind == "timeout":
            state, events = timed_out(state, life.seat, life.text)
        self.state, self.seq, self.ms = state, self.seq + 1, self.ms + life.ms
        self.clocked(acted=life.kind == "timeout", timed_out=life.kind == "timeout")
        if not hashed:
            self.hash = ""
            return None
        entry = sealed(
            LogEntry(
                seq=self.seq,
                type=life.kind,
                time=iso(self.ms),
                seat=life.seat,
                events=tuple(events),
                prev_hash=self.hash,
                state_hash=engine.state_hash(self.state, self.parts),
                salt=life.salt.hex() if life.salt else salt_of(self.salt_key, self.seq),
                player=life.text if life.kind == "joined" else UNSET,
                rematch=life.text if life.kind == "rematch" else UNSET,
                signals=life.signals if life.signals else UNSET,
                move=life.text if life.kind == "timeout" else None,
                deadline=iso(life.deadline) if life.kind == "timeout" else UNSET,
            )
        )
        self.hash = entry.hash
        return entry

    def clocked(self, acted: bool, timed_out: bool, mover: int | None = None) -> None:
        """Move the turn clock past the entry just applied (at `ms`), when the rules have one;
        `mover`: the seat whose own move it was."""
        rules_clock = self.state.rules.clock
        if rules_clock is not None and self.timing is not None:
            self.timing = clock.passed(
                rules_clock, self.timing, self.state, self.ms, timed_out, acted, mover
            )

    def deadline(self) -> int | None:
        """When the seat to act runs out of time (ms), or None while no clock runs."""
        rules_clock = self.state.rules.clock
        if rules_clock is None or self.timing is None:
            return None
        return clock.deadline(rules_clock, self.timing)


def timed_out(state: State, seat: int, text: str) -> tuple[State, list[engine.Event]]:
    """What a timeout did to the match: `seat`'s side lost it (`forfeit`), it was aborted
    (`abort`: no first move came), or a move was played for the seat."""
    if text == FORFEIT:
        return engine.timeout(state, seat)
    if text == ABORT:
        return engine.no_first_move(state, seat)
    return engine.apply(state, seat, engine.parse_move(text))


def next_entry(
    before: Cursor, step: Step, state: State, events: tuple[engine.Event, ...]
) -> LogEntry:
    """The entry a new move makes, from the cursor at the head (`state`, `events`: the move
    applied, as the writer already has them): the same entry a replay derives."""
    return advanced(before, step, state).entry(step, events)


def advanced(before: Cursor, step: Step, state: State) -> Cursor:
    """The cursor past a new move (`state`: the move applied), its clock moved on too."""
    after = Cursor(
        state,
        before.seq + 1,
        before.hash,
        before.ms + step.ms,
        before.salt_key,
        before.parts,
        before.open,
        before.timing,
    )
    after.clocked(acted=True, timed_out=False, mover=mover_of(step))
    return after


def step_kind(step: Step) -> Literal["deal", "move"]:
    """What a step's entry is: a deal, or a seat's move (read from its text, not parsed)."""
    return "deal" if step.move == DEAL else "move"


def mover_of(step: Step) -> int | None:
    """The seat whose own move the step is (a play or a claim; a deal is no one's)."""
    return None if step.move == DEAL else step.seat


def bots_of(info: GameInfo) -> tuple[int, ...]:
    """The seats bots play, as the game's first entry records them."""
    return info.bots if isinstance(info.bots, tuple) else ()


def ms_of(time_text: str) -> int:
    """The milliseconds of a time the log wrote (`iso`); `ValueError` for any other text."""
    ms = (datetime.fromisoformat(time_text.replace("Z", "+00:00")) - EPOCH) // timedelta(
        milliseconds=1
    )
    if iso(ms) != time_text:
        raise ValueError(f"time {time_text!r} is not in the log's form")
    return ms


def records_of(entries: list[LogEntry]) -> list[bytes]:
    """The records of a log stored as full entries (before the compact log), each with its own
    salt; `ValueError` unless replaying them gives back exactly these entries."""
    first, rest = entries[0], entries[1:]
    if first.type != "created" or first.game is None or not first.salt:
        raise ValueError("the log does not open with a salted `created` entry")
    opening = Opening(first.game, ms_of(first.time), b"", bytes.fromhex(first.salt))
    records, ms = [encode(opening)], opening.ms
    cursor, derived = Cursor.opening(opening)
    if derived != first:
        raise ValueError("entry 1 does not replay")
    for entry in rest:
        if not entry.salt:
            raise ValueError(f"entry {entry.seq} has no salt")
        at = ms_of(entry.time)
        step = record_of(entry, at - ms)
        try:
            replayed = cursor.step(step)
        except engine.EngineError as error:
            raise ValueError(f"entry {entry.seq} does not replay: {error}") from None
        if replayed != entry:
            raise ValueError(f"entry {entry.seq} does not replay")
        records.append(encode(step))
        ms = at
    return records


def record_of(entry: LogEntry, ms: int) -> Record:
    """The record of a full entry after the first, keeping its own salt; `ValueError` for an
    entry with no compact form (such as the older `signal` entries)."""
    signals = entry.signals if isinstance(entry.signals, tuple) else ()
    salt = bytes.fromhex(entry.salt or "")
    if entry.seat is None:
        raise ValueError(f"entry {entry.seq} ({entry.type}) has no seat")
    if entry.type in ("move", "deal") and entry.move:
        return Step(entry.seat, entry.move, ms, signals, salt)
    if entry.type == "timeout" and entry.move and isinstance(entry.deadline, str):
        return Life("timeout", entry.seat, ms, entry.move, signals, salt, ms_of(entry.deadline))
    if entry.type in ("joined", "left", "resigned", "aborted", "rematch"):
        text = entry.player if entry.type == "joined" else entry.rematch
        text = text if isinstance(text, str) else ""
        return Life(entry.type, entry.seat, ms, text, signals, salt)
    raise ValueError(f"entry {entry.seq} ({entry.type}) has no compact form")
