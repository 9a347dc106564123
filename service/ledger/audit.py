"""The audit of a game's log: pure, offline (no Redis, no HTTP), the same for the API and the CLI.

Entry by entry, in order, and the first entry that does not hold is the answer:

1. the chain: `seq` runs 1, 2, 3, ... without gaps; `prev_hash` is 64 zeros for the first entry
   and the previous entry's `hash` after it; `hash` recomputes
   (`service.ledger.chain.entry_hash`: the SHA-256 of the entry's canonical JSON without
   `hash`); the entry has exactly the members of the log format (nothing added, nothing missing);
2. the seed (first entry): `sha256(seed) == seed_commitment`, or `sha256(seed_salt:seed)` when
   the entry has a `seed_salt` (a seed the creator chose); the shuffle key is `seed`, or
   `seed + ":" + client_seed` when the game used a commitment and a client seed;
3. the replay: `engine.start(rules, key)`, then every `move` and `deal` entry through
   `engine.parse_move` and `engine.apply`, comparing the state hash and the events after each
   with the logged ones; the entry that ends the match records the partner signals sent during
   it (`signals`: allowed by the rules, by seats that exist, in order, each after an earlier
   entry); older logs' `signal` entries change no state: they carry no `state_hash`, and the
   rules must allow signals; with a `clock` in the rules, replaying the entries' times through
   `engine.clock`, every move and deal came before its seat's deadline and every `timeout`
   entry at or after the `deadline` it names, which is the replayed one once the clock runs
   (before any seat's own move, only an `abort` may time out), and what followed is the
   policy's (`forfeit`; under `first_move`, the first legal move);
4. the end: the replayed match must be over (a log cut short is not a whole game);
5. the signature (an export, with keys given): the export's `signature` must be a given key's
   signature of the final head (`service.ledger.signatures`). Without keys, steps 1-4 prove
   only that the document is consistent in itself, which a forger can also achieve.

A hash that does not recompute is reported as such, with what the replay says about the same
entry when it disagrees too, so a changed card, seat or order is named precisely.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

import msgspec
from msgspec import UnsetType

import engine
from engine import EngineError, Event, State, canonical_json, clock
from engine.clock import Timing
from engine.rules import partnered
from engine.scoring import Outcome
from engine.shuffle import commitment, key_text
from engine.state import EncodedParts, Status
from service.decode_errors import explain
from service.ledger.chain import GENESIS, LogEntry, entry_hash
from service.ledger.export import (
    EXPORT_FORMATS,
    RECEIPT_SIGNED_FORMAT,
    UNSIGNED_FORMAT,
    read_document,
)
from service.ledger.log import ABORT, FORFEIT, bots_of, iso, ms_of, timed_out
from service.ledger.replay import ENDING_STEPS, replay_hash_start, replay_hash_step
from service.ledger.signatures import (
    HeadSignature,
    Message,
    PublicKeys,
    export_message,
    receipt_message,
    signature_fault,
)

FailureKind = Literal[
    "format", "chain", "seed", "rules", "replay", "signal", "clock", "incomplete", "signature"
]
SignatureState = Literal["verified", "unchecked", "absent", "failed"]
SHOWN: Final = 120
"""The longest a logged or replayed value is quoted in a reason."""
EXPORT_MEMBERS: Final = frozenset({"format", "game_id", "entries"})
SIGNED_MEMBERS: Final = EXPORT_MEMBERS | {"signature", "ratings"}
"""A signed export's members: a rated game's also has `ratings`, beside the signed entries,
which the audit does not read (`escopa ratings --recompute` proves them)."""
ENTRY_MEMBERS: Final = frozenset(LogEntry.__struct_fields__)
_MISSING: Final = object()
LIFECYCLE: Final = frozenset({"joined", "left", "resigned", "aborted", "rematch"})
ENDINGS: Final = {"resigned": "resign", "aborted": "abort", "timeout": "timeout"}
"""The text a resignation or an abort adds to the replay hash, in the place of a move."""


class AuditFailure(msgspec.Struct, frozen=True, kw_only=True):
    """The first entry that does not hold (`seq` null: the document as a whole) and why.

    `kind`: `format` (not a log entry or not an export), `chain` (seq, prev_hash or hash),
    `seed` (not revealed, or not the committed one), `rules` (rules or seats that cannot be
    played), `replay` (an illegal move, or a state hash or events the replay does not give),
    `signal` (a signal the rules do not allow or that changes the state), `clock` (a move
    after its deadline, or a timeout before it or not the policy's), `incomplete` (the
    log ends before the match does), `signature` (no signature, a key not given, or a
    signature that does not hold for the head). `field` names the entry's member at fault.
    """

    seq: int | None
    kind: FailureKind
    field: str | None = None
    reason: str


class AuditReport(msgspec.Struct, frozen=True, kw_only=True):
    """The audit's answer. `ok`: every check held; else `failure` is the first that did not.

    `head_hash` is the last entry's hash, the log's head (as the document states it; proven
    only when `ok`). `state_hash`, `replay_hash` (see `service.ledger.replay`), `status`,
    `totals` and `outcome` come from the replay and are given only when it held.
    `signature`: `verified` (a given key signed this head: the service ran this game),
    `unchecked` (signed by `key_id`, but no key was given: internal consistency only),
    `absent` (nothing signed: internal consistency only) or `failed`.
    """

    ok: bool
    game_id: str | None = None
    entries: int
    head_hash: str | None
    state_hash: str | None = None
    replay_hash: str | None = None
    status: Status | None = None
    totals: tuple[int, ...] | None = None
    outcome: Outcome | None = None
    failure: AuditFailure | None = None
    signature: SignatureState = "absent"
    key_id: str | None = None


class AuditStop(Exception):
    """Raised inside the audit to stop at the first failure."""

    def __init__(self, failure: AuditFailure) -> None:
        super().__init__(failure.reason)
        self.failure = failure


def _fail(seq: int | None, kind: FailureKind, field: str | None, reason: str) -> AuditStop:
    prefix = f"seq {seq}: " if seq is not None else ""
    return AuditStop(AuditFailure(seq=seq, kind=kind, field=field, reason=prefix + reason))


def _shown(value: object) -> str:
    """A value as compact JSON, cut to `SHOWN` characters."""
    text = msgspec.json.encode(value).decode() if value is not _MISSING else "absent"
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def difference(logged: object, replayed: object, path: str = "") -> tuple[str, Any, Any] | None:
    """The first place two JSON values differ: `(path, logged part, replayed part)`, or None.

    Lists and tuples compare alike (`msgspec.to_builtins` keeps tuples); leaves must have the
    same type, so `true` is not `1`.
    """
    if isinstance(logged, dict) and isinstance(replayed, dict):
        for key in sorted(set(logged) | set(replayed)):
            found = difference(
                logged.get(key, _MISSING), replayed.get(key, _MISSING), f"{path}.{key}"
            )
            if found is not None:
                return found
        return None
    if isinstance(logged, list | tuple) and isinstance(replayed, list | tuple):
        for index, (left, right) in enumerate(zip(logged, replayed, strict=False)):
            found = difference(left, right, f"{path}[{index}]")
            if found is not None:
                return found
        if len(logged) != len(replayed):
            return path, logged, replayed
        return None
    if type(logged) is type(replayed) and logged == replayed:
        return None
    return path, logged, replayed


class LogAudit:
    """The running audit: the chain's head, the replayed state and the replay hash."""

    def __init__(self) -> None:
        self.head = GENESIS
        self.state: State | None = None
        self.replay_hash = ""
        self.parts = EncodedParts()  # this game's rules and finished rounds, encoded once
        self.key = ""  # the shuffle key, which deals the game once its last open seat is taken
        self.open: set[int] = set()  # the seats of a waiting game still to be taken
        self.timing: Timing | None = None  # the turn clock, for rules with one
        self.bots: tuple[int, ...] = ()  # the seats bots play: their moves start no clock

    def entry(self, index: int, raw: object) -> None:
        """Check one entry (position `index`) against the chain and the replay."""
        seq = index + 1
        if not isinstance(raw, dict):
            raise _fail(seq, "format", None, "the entry is not a JSON object")
        given = raw.get("seq")
        if type(given) is not int or given != seq:
            raise _fail(
                seq,
                "chain",
                "seq",
                f"entry {seq} of the log has seq {_shown(given)}: "
                "entries are missing, repeated or out of order",
            )
        entry = self._decode(seq, raw)
        if entry.prev_hash != self.head:
            before = "64 zeros" if seq == 1 else f"the hash of seq {seq - 1}"
            raise _fail(seq, "chain", "prev_hash", f"prev_hash is not {before}")
        if entry.hash != entry_hash(entry):
            failure = _fail(seq, "chain", "hash", "hash does not match its content")
            try:
                self._replay(seq, entry)
            except AuditStop as also:
                detail = also.failure.reason.removeprefix(f"seq {seq}: ")
                failure = _fail(seq, "chain", "hash", f"hash does not match its content ({detail})")
            raise failure
        prior = self.state
        self._replay(seq, entry)
        self._clock(seq, entry, prior)
        self.head = entry.hash

    def finish(self, count: int) -> State:
        """After the last entry: the log must hold a whole match."""
        if self.state is None:
            raise _fail(None, "format", "entries", "the log holds no entries")
        if self.state.status != "finished":
            raise _fail(
                count,
                "incomplete",
                None,
                f"the log ends before the match is over (status {self.state.status}, "
                f"round {self.state.round}): entries are missing",
            )
        return self.state

    @staticmethod
    def _decode(seq: int, raw: dict[str, Any]) -> LogEntry:
        """The entry as a `LogEntry`, refusing members that the log format does not have."""
        unknown = sorted(set(raw) - ENTRY_MEMBERS)
        if unknown:
            raise _fail(seq, "format", unknown[0], f"`{unknown[0]}` is not a log entry member")
        try:
            entry = msgspec.convert(raw, LogEntry)
        except msgspec.ValidationError as error:
            invalid = explain(error, LogEntry)
            raise _fail(
                seq, "format", invalid.field, f"not a log entry: {invalid.detail}"
            ) from None
        if canonical_json(raw) != canonical_json(entry):
            found = difference(raw, msgspec.to_builtins(entry))
            path, given, _ = found if found is not None else ("", None, None)
            what = "is missing" if given is _MISSING else "is not in the log format"
            raise _fail(seq, "format", path.lstrip("."), f"`{path.lstrip('.')}` {what}")
        return entry

    def _replay(self, seq: int, entry: LogEntry) -> None:
        """Replay one entry on the state so far (the first entry starts the game)."""
        if seq == 1:
            self._start(entry)
            return
        state = self.state
        assert state is not None
        if entry.type == "created" or entry.game is not None:
            raise _fail(seq, "format", "type", "only the first entry is a `created` entry")
        if entry.type == "signal":
            self._signal(seq, entry, state)
            return
        if entry.type in LIFECYCLE:
            self._lifecycle(seq, entry, state)
            return
        if entry.type == "timeout":
            self._timeout(seq, entry, state)
            return
        if entry.seat is None or entry.move is None:
            raise _fail(seq, "format", "move", f"a `{entry.type}` entry names a seat and a move")
        if entry.signal is not None:
            raise _fail(seq, "format", "signal", f"a `{entry.type}` entry carries no signal")
        try:
            move = engine.parse_move(entry.move)
        except EngineError as error:
            raise _fail(
                seq, "replay", "move", f"malformed move {entry.move!r}: {error.code}: {error}"
            ) from None
        text = engine.move_text(move)
        if text != entry.move:
            raise _fail(seq, "replay", "move", f"move {entry.move!r} is not written as {text!r}")
        if (entry.type == "deal") != isinstance(move, engine.Deal):
            raise _fail(seq, "replay", "type", f"a `{entry.type}` entry holds the move {text!r}")
        try:
            state, events = engine.apply(state, entry.seat, move)
        except EngineError as error:
            raise _fail(
                seq,
                "replay",
                "move",
                f"illegal move {entry.move} by seat {entry.seat}: {error.code}: {error}",
            ) from None
        digest = self._compare(seq, entry, state, events)
        self._sent_signals(seq, entry, state)
        self.replay_hash = replay_hash_step(self.replay_hash, entry.seat, text, digest)

    def _start(self, entry: LogEntry) -> None:
        """The `created` entry: the seed against its commitment, then the opening state."""
        game = entry.game
        if entry.type != "created" or game is None:
            raise _fail(1, "format", "type", "the first entry is not the `created` entry")
        if entry.seat is not None or entry.move is not None or entry.signal is not None:
            raise _fail(1, "format", "seat", "the `created` entry names no seat, move or signal")
        if game.seed is None:
            raise _fail(1, "seed", "game.seed", "the seed is not revealed: the game is not over")
        if game.seed_salt is None:
            raise _fail(1, "seed", "game.seed_salt", "the seed's salt is not revealed")
        salt = None if isinstance(game.seed_salt, UnsetType) else game.seed_salt
        if commitment(game.seed, salt) != game.seed_commitment:
            raise _fail(1, "seed", "game.seed", "seed does not match seed_commitment")
        if game.client_seed is not None and game.commitment_id is None:
            raise _fail(
                1, "seed", "game.client_seed", "a client seed is only used with a commitment"
            )
        if len(game.players) != game.rules.players:
            raise _fail(
                1,
                "rules",
                "game.players",
                f"{len(game.players)} players for rules of {game.rules.players}",
            )
        self.key = key_text(game.seed, game.client_seed)
        self.open = set(game.open) if not isinstance(game.open, UnsetType) else set()
        self.bots = bots_of(game)
        try:
            if self.open:
                self._compare(1, entry, engine.waiting(game.rules, self.key), [])
                return
            state, events = engine.start(game.rules, self.key)
        except EngineError as error:
            raise _fail(1, "rules", "game.rules", f"the rules cannot be played: {error}") from None
        self.replay_hash = replay_hash_start(self._compare(1, entry, state, events))

    def _lifecycle(self, seq: int, entry: LogEntry, state: State) -> None:
        """A seat taken or left while the game waits (the last one taken deals it), a
        resignation, an abort, or a rematch offered once the match is over."""
        seat = entry.seat
        if seat is None or entry.move is not None or entry.signal is not None:
            raise _fail(seq, "format", "seat", f"a `{entry.type}` entry names a seat, no move")
        if not 0 <= seat < state.rules.players:
            raise _fail(seq, "replay", "seat", f"seat {seat} does not exist")
        if isinstance(entry.player, str) != (entry.type == "joined"):
            raise _fail(seq, "format", "player", "only a `joined` entry names a `player`")
        if isinstance(entry.rematch, str) != (entry.type == "rematch"):
            raise _fail(seq, "format", "rematch", "only a `rematch` entry names a `rematch`")
        if not isinstance(entry.signals, UnsetType) and entry.type not in ENDINGS:
            raise _fail(
                seq, "signal", "signals", "only the entry that ends the match records signals"
            )
        if entry.type in ("joined", "left"):
            self._seat(seq, entry, state, seat)
            return
        if entry.type == "rematch":
            if state.status != "finished":
                raise _fail(seq, "replay", "type", "a rematch is offered once the match is over")
            self._compare(seq, entry, state, [])
            return
        end = ENDING_STEPS[ENDINGS[entry.type]]
        try:
            state, events = end(state, seat)
        except EngineError as error:
            raise _fail(
                seq, "replay", "type", f"seat {seat} cannot have {entry.type}: {error.code}"
            ) from None
        digest = self._compare(seq, entry, state, events)
        self._sent_signals(seq, entry, state)
        start = self.replay_hash or replay_hash_start(digest)
        self.replay_hash = replay_hash_step(start, seat, ENDINGS[entry.type], digest)

    def _timeout(self, seq: int, entry: LogEntry, state: State) -> None:
        """A seat's clock ran out: what followed (a move played for it, `forfeit` or `abort`)
        replayed like any move; the times are the clock check's (`_clock`)."""
        seat, text = entry.seat, entry.move
        if seat is None or text is None or not isinstance(entry.deadline, str):
            raise _fail(seq, "format", "move", "a `timeout` entry names a seat, a move, a deadline")
        if state.rules.clock is None:
            raise _fail(seq, "clock", "type", "a timeout in a game without a clock")
        if entry.signal is not None or isinstance(entry.player, str):
            raise _fail(seq, "format", "signal", "a `timeout` entry carries no signal or player")
        if text == ABORT and self.timing is not None and self.timing.running:
            raise _fail(seq, "clock", "move", "a timeout aborts only before any person's move")
        try:
            state, events = timed_out(state, seat, text)
        except EngineError as error:
            raise _fail(
                seq,
                "replay",
                "move",
                f"seat {seat} cannot have timed out with {text!r}: {error.code}: {error}",
            ) from None
        if text not in (FORFEIT, ABORT) and engine.move_text(engine.parse_move(text)) != text:
            raise _fail(seq, "replay", "move", f"move {text!r} is not written in its text form")
        digest = self._compare(seq, entry, state, events)
        self._sent_signals(seq, entry, state)
        start = self.replay_hash or replay_hash_start(digest)
        shown = ENDINGS["timeout"] if text == FORFEIT else text
        self.replay_hash = replay_hash_step(start, seat, shown, digest)

    def _clock(self, seq: int, entry: LogEntry, before: State | None) -> None:
        """The turn clock: each entry's time against the deadline it had to meet (or, for a
        timeout, to have passed), then the clock moved past the entry."""
        state = self.state
        assert state is not None
        rules_clock = state.rules.clock
        if rules_clock is None:
            return
        try:
            at = ms_of(entry.time)
        except ValueError:
            raise _fail(seq, "format", "time", f"time {entry.time!r} is not the log's") from None
        if self.timing is None or before is None:
            self.timing = clock.opening(rules_clock, state, at, self.bots)
            return
        timing = self.timing
        due = clock.deadline(rules_clock, timing)
        timeout = entry.type == "timeout"
        if timeout:
            self._timed_out(seq, entry, before, at, due)
        elif entry.type in ("move", "deal") and due is not None and at >= due:
            raise _fail(
                seq,
                "clock",
                "time",
                f"the {entry.type} came at {entry.time}, after seat "
                f"{timing.seat}'s deadline {iso(due)}: a timeout was due first",
            )
        acted = entry.type in ("move", "deal", "timeout")
        mover = entry.seat if entry.type == "move" else None
        self.timing = clock.passed(rules_clock, timing, state, at, timeout, acted, mover)

    def _timed_out(
        self, seq: int, entry: LogEntry, before: State, at: int, due: int | None
    ) -> None:
        """A timeout entry: its seat was the one to act, its time at or after its deadline,
        the deadline the replayed one (before any own move: an abort, on its own deadline),
        and what followed the policy's."""
        timing, rules_clock = self.timing, before.rules.clock
        assert timing is not None and rules_clock is not None and isinstance(entry.deadline, str)
        named = ms_of(entry.deadline)
        if entry.seat != timing.seat:
            raise _fail(
                seq, "clock", "seat", f"seat {entry.seat} timed out on seat {timing.seat}'s turn"
            )
        if at < named:
            raise _fail(
                seq,
                "clock",
                "time",
                f"the timeout came at {entry.time}, before its deadline {entry.deadline}",
            )
        if not timing.running:  # the deadline is the service's first-move timeout, not logged
            if entry.move == ABORT:
                return
            if not before.rules.boards:
                raise _fail(seq, "clock", "move", "before any own move a timeout only aborts")
        elif named != due:
            shown = iso(due) if due is not None else "none"
            raise _fail(
                seq, "clock", "deadline", f"deadline {entry.deadline} is not the replayed {shown}"
            )
        policy = rules_clock.on_timeout
        first = str(engine.legal_moves(before, entry.seat)[0])
        assert entry.seat is not None  # the seat to act, checked above
        left = clock.abandoned(rules_clock, timing, entry.seat, before.rules.boards)
        if left and entry.move == FORFEIT:
            return  # every person left: the match is forfeited (logs before this played on)
        if (
            (policy == "forfeit") != (entry.move == FORFEIT)
            or entry.move == ABORT
            or (policy == "first_move" and entry.move != first)
        ):
            raise _fail(seq, "clock", "move", f"{entry.move!r} is not what `{policy}` plays")

    def _seat(self, seq: int, entry: LogEntry, state: State, seat: int) -> None:
        """A seat of a waiting game taken (the last one deals the game) or left open again."""
        if state.status != "waiting":
            raise _fail(seq, "replay", "type", f"a `{entry.type}` entry after the game started")
        joined = entry.type == "joined"
        if joined != (seat in self.open):
            taken = "is not open" if joined else "is open already"
            raise _fail(seq, "replay", "seat", f"seat {seat} {taken}")
        if joined:
            self.open.discard(seat)
        else:
            self.open.add(seat)
        if self.open or not joined:
            self._compare(seq, entry, state, [])
            return
        state, events = engine.start(state.rules, self.key)
        self.replay_hash = replay_hash_start(self._compare(seq, entry, state, events))

    def _signal(self, seq: int, entry: LogEntry, state: State) -> None:
        """A partner signal: no state change, allowed by the rules, sent by a seat in play."""
        rules = state.rules
        if entry.seat is None or entry.signal is None:
            raise _fail(seq, "format", "signal", "a `signal` entry names a seat and a signal")
        if entry.move is not None or entry.events:
            raise _fail(seq, "format", "move", "a `signal` entry carries no move or events")
        if entry.state_hash is not None:
            raise _fail(
                seq, "signal", "state_hash", "a signal changes no state but carries a state_hash"
            )
        if not (rules.signals and partnered(rules)):
            raise _fail(seq, "signal", "signal", "these rules allow no partner signals")
        if not 0 <= entry.seat < rules.players:
            raise _fail(seq, "signal", "seat", f"seat {entry.seat} does not exist")
        if state.status == "finished":
            raise _fail(seq, "signal", "signal", "a signal after the match was over")

    def _sent_signals(self, seq: int, entry: LogEntry, state: State) -> None:
        """The signals the entry that ends the match records: allowed, by seats that exist,
        each sent while the match ran (after an earlier entry), in the order they were sent."""
        if isinstance(entry.signals, UnsetType):
            return
        rules = state.rules
        if state.status != "finished" or not entry.signals:
            raise _fail(
                seq, "signal", "signals", "only the entry that ends the match records signals"
            )
        if not (rules.signals and partnered(rules)):
            raise _fail(seq, "signal", "signals", "these rules allow no partner signals")
        last = 1
        for sent in entry.signals:
            if not 0 <= sent.seat < rules.players:
                raise _fail(seq, "signal", "signals", f"seat {sent.seat} does not exist")
            if not last <= sent.after < seq:
                raise _fail(
                    seq,
                    "signal",
                    "signals",
                    f"a signal sent after entry {sent.after} is out of order or not before "
                    f"the end (entry {seq})",
                )
            last = sent.after

    def _compare(self, seq: int, entry: LogEntry, state: State, events: list[Event]) -> str:
        """The logged state hash and events against the replay's; keep the replayed state."""
        digest = engine.state_hash(state, self.parts)
        if entry.state_hash != digest:
            raise _fail(
                seq,
                "replay",
                "state_hash",
                f"state_hash differs from the replay (logged {_shown(entry.state_hash)}, "
                f"replayed {_shown(digest)})",
            )
        replayed = tuple(events)
        if replayed != entry.events:
            found = difference(msgspec.to_builtins(entry.events), msgspec.to_builtins(replayed))
            where, logged, again = found if found is not None else ("", None, None)
            raise _fail(
                seq,
                "replay",
                "events",
                f"events differ from the replay: events{where} is {_shown(logged)} in the log, "
                f"{_shown(again)} in the replay",
            )
        self.state = state
        return digest


def audit_entries(entries: Sequence[object], game_id: str | None = None) -> AuditReport:
    """Audit a log given as JSON values (decoded, not yet trusted), in order."""
    audit = LogAudit()
    last = entries[-1] if entries else None
    head = last.get("hash") if isinstance(last, dict) else None
    if not isinstance(head, str):
        head = None
    try:
        for index, raw in enumerate(entries):
            audit.entry(index, raw)
        state = audit.finish(len(entries))
    except AuditStop as stop:
        return AuditReport(
            ok=False, game_id=game_id, entries=len(entries), head_hash=head, failure=stop.failure
        )
    return AuditReport(
        ok=True,
        game_id=game_id,
        entries=len(entries),
        head_hash=head,
        state_hash=engine.state_hash(state, audit.parts),
        replay_hash=audit.replay_hash,
        status=state.status,
        totals=state.scores,
        outcome=state.outcome,
    )


def audit_log(entries: Sequence[LogEntry], game_id: str | None = None) -> AuditReport:
    """Audit a log read from storage (as the API does for `GET /v1/games/{id}/audit`)."""
    return audit_entries([msgspec.to_builtins(entry) for entry in entries], game_id)


def audit_export(data: bytes, keys: PublicKeys | None = None) -> AuditReport:
    """Audit an export document (`escopa-export-v3`, `-v2` or `-v1`), as `escopa audit FILE`
    does; with `keys`, its signature must be one of theirs over the whole game (a v2
    document's: the receipt of its final head, which the end check makes the whole game)."""
    try:
        document = read_document(data)
    except ValueError as error:
        return _refused(str(error))
    if not isinstance(document, dict):
        return _refused("not an export: the document is not a JSON object")
    form = document.get("format")
    if form not in EXPORT_FORMATS:
        return _refused(f"not an export: `format` is {_shown(document.get('format', _MISSING))}")
    signs = form != UNSIGNED_FORMAT
    unknown = sorted(set(document) - (SIGNED_MEMBERS if signs else EXPORT_MEMBERS))
    if unknown:
        return _refused(f"`{unknown[0]}` is not a member of an {form} export")
    game_id, entries = document.get("game_id"), document.get("entries")
    if not isinstance(game_id, str):
        return _refused("`game_id` is not a string")
    if not isinstance(entries, list):
        return _refused("`entries` is not a list")
    signed = None
    if signs:
        if "signature" not in document:
            return _refused(f"`signature` is missing: an {form} export is signed")
        try:
            signed = msgspec.convert(document.get("signature"), HeadSignature)
        except msgspec.ValidationError as error:
            return _refused(f"`signature` is not a signature: {error}")
    report = audit_entries(entries, game_id)
    message = receipt_message if form == RECEIPT_SIGNED_FORMAT else export_message
    return anchored(report, signed, keys, message) if report.ok else report


def anchored(
    report: AuditReport,
    signed: HeadSignature | None,
    keys: PublicKeys | None,
    message: Message = export_message,
) -> AuditReport:
    """A consistent (so finished) log's report, with what its signature says, over the bytes
    `message` makes (checked when keys are given)."""
    if keys is None:
        if signed is None:
            return report
        return msgspec.structs.replace(report, signature="unchecked", key_id=signed.key_id)
    assert report.game_id is not None and report.head_hash is not None
    fault: str | None = None
    if signed is None:
        fault = (
            "the export carries no signature (escopa-export-v1): a key checks signed exports only"
        )
    else:
        fault = signature_fault(
            keys, signed, report.game_id, report.entries, report.head_hash, message
        )
        if fault is None:
            return msgspec.structs.replace(report, signature="verified", key_id=signed.key_id)
    failure = AuditFailure(seq=None, kind="signature", field="signature", reason=fault)
    return AuditReport(
        ok=False,
        game_id=report.game_id,
        entries=report.entries,
        head_hash=report.head_hash,
        failure=failure,
        signature="failed",
        key_id=signed.key_id if signed is not None else None,
    )


def _refused(reason: str) -> AuditReport:
    failure = AuditFailure(seq=None, kind="format", reason=reason)
    return AuditReport(ok=False, entries=0, head_hash=None, failure=failure)
