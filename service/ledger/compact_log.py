"""A finished game's log as its moves only, and the log rebuilt from them by replaying.

What the replay cannot give is stated: each entry's type, seat, move (or signal), salt and
time (milliseconds after the entry before), and what the log format adds to some entries.
What it gives is not: `seq`, the hashes, `state_hash` and `events`. The `created` entry's
`game` states only the members that differ from what its tournament gives (the round's rules
and seed, the seats' names), so a tournament's game is its moves and little else.

Rebuilding replays each entry as the audit does (`service.ledger.audit`: the seed against its
commitment, every move legal, the clock, the end), fills in what the replay gives and
recomputes the chain, so the rebuilt head is the stored one exactly when the game is the one
the service logged: the game's own signature of its head then holds. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

import engine
from engine import Event, State
from service.ledger.audit import AuditFailure, AuditReport, AuditStop, LogAudit
from service.ledger.chain import EntryType, GameInfo, LogEntry, SentSignal, Signal, sealed
from service.ledger.log import iso, ms_of
from service.ledger.ratings import RatingChange
from service.ledger.signatures import HeadSignature


class CompactEntry(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An entry without what the replay gives: `ms` after the entry before (the first entry:
    since 1970), or `time` when the entry's time is not in the log's form."""

    type: EntryType = "move"
    ms: int = 0
    time: str | None = None
    seat: int | None = None
    move: str | None = None
    signal: Signal | None = None
    salt: str | None = None
    signals: tuple[SentSignal, ...] | UnsetType = UNSET
    player: str | UnsetType = UNSET
    rematch: str | UnsetType = UNSET
    deadline: str | UnsetType = UNSET


class CompactGame(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A game of a tournament's v3 export: its id, its `created` entry's `game` members that
    its tournament does not give, its entries, its signature and a rated game's ratings."""

    game_id: str
    game: dict[str, Any] = {}
    entries: tuple[CompactEntry, ...]
    signature: HeadSignature | None = None
    ratings: tuple[RatingChange, ...] | UnsetType = UNSET


def compacted(
    game_id: str,
    entries: list[LogEntry],
    given: Mapping[str, Any],
    signature: HeadSignature | None,
    ratings: tuple[RatingChange, ...] | UnsetType = UNSET,
) -> CompactGame:
    """A game's log as its moves; `given` is its `created` entry's `game` as its tournament
    gives it (as JSON values)."""
    first = entries[0].game
    assert first is not None
    stated = msgspec.json.decode(msgspec.json.encode(first))
    game = {name: value for name, value in stated.items() if given.get(name, UNSET) != value}
    compact, before = [], 0
    for entry in entries:
        try:
            at: int | None = ms_of(entry.time)
        except ValueError:
            at = None
        compact.append(
            CompactEntry(
                type=entry.type,
                ms=0 if at is None else at - before,
                time=entry.time if at is None else None,
                seat=entry.seat,
                move=entry.move,
                signal=entry.signal,
                salt=entry.salt,
                signals=entry.signals,
                player=entry.player,
                rematch=entry.rematch,
                deadline=entry.deadline,
            )
        )
        before = before if at is None else at
    return CompactGame(
        game_id=game_id, game=game, entries=tuple(compact), signature=signature, ratings=ratings
    )


class _Rebuild(LogAudit):
    """The audit's replay, filling in each entry's state hash and events, not comparing them."""

    filled: tuple[str | None, tuple[Event, ...]] = (None, ())

    def _compare(self, seq: int, entry: LogEntry, state: State, events: list[Event]) -> str:
        digest = engine.state_hash(state, self.parts)
        self.filled = (digest, tuple(events))
        self.state = state
        return digest

    def rebuilt(self, seq: int, entry: LogEntry) -> LogEntry:
        """The entry with what its replay gives, chained to the one before."""
        self.filled = (None, ())
        prior = self.state
        self._replay(seq, entry)
        state_hash, events = self.filled
        entry = sealed(
            msgspec.structs.replace(
                entry, prev_hash=self.head, state_hash=state_hash, events=events
            )
        )
        self._clock(seq, entry, prior)
        self.head = entry.hash
        return entry


def rebuilt_entries(game: CompactGame, given: Mapping[str, Any]) -> Iterator[LogEntry]:
    """The game's log, entry by entry, replayed from its moves; `AuditStop` at the first entry the
    replay refuses (an illegal move, a seed not its commitment's, a move after its deadline),
    and at the end when the match is not over."""
    rebuild, at = _Rebuild(), 0
    info = msgspec.convert({**given, **game.game}, GameInfo)
    for seq, compact in enumerate(game.entries, start=1):
        at = at + compact.ms if compact.time is None else at
        entry = LogEntry(
            seq=seq,
            type=compact.type,
            time=compact.time if compact.time is not None else _time(seq, at),
            seat=compact.seat,
            move=compact.move,
            signal=compact.signal,
            game=info if seq == 1 else None,
            prev_hash="",
            salt=compact.salt,
            signals=compact.signals,
            player=compact.player,
            rematch=compact.rematch,
            deadline=compact.deadline,
        )
        yield rebuild.rebuilt(seq, entry)
    rebuild.finish(len(game.entries))


def _time(seq: int, at: int) -> str:
    """The log's text of a time in milliseconds; `AuditStop` for one no calendar holds."""
    try:
        return iso(at)
    except (OverflowError, OSError, ValueError):
        raise AuditStop(
            AuditFailure(
                seq=seq, kind="format", field="ms", reason=f"seq {seq}: no time is {at} ms"
            )
        ) from None


def rebuilt_game(game: CompactGame, given: Mapping[str, Any]) -> tuple[AuditReport, list[LogEntry]]:
    """The game's log rebuilt and its audit's report (before its signature is checked): the
    report of `service.ledger.audit.audit_entries` over the rebuilt log."""
    entries: list[LogEntry] = []
    try:
        entries.extend(rebuilt_entries(game, given))
    except AuditStop as stop:
        return _failed(game.game_id, len(game.entries), stop.failure), entries
    except msgspec.ValidationError as error:
        failure = AuditFailure(seq=1, kind="format", field="game", reason=f"seq 1: {error}")
        return _failed(game.game_id, len(game.entries), failure), entries
    head = entries[-1].hash
    return AuditReport(ok=True, game_id=game.game_id, entries=len(entries), head_hash=head), entries


def _failed(game_id: str, count: int, failure: AuditFailure) -> AuditReport:
    return AuditReport(ok=False, game_id=game_id, entries=count, head_hash=None, failure=failure)
