"""The hash-chained move log: entry shapes, hashing, and what each reader may see of an entry."""

from __future__ import annotations

import hashlib
from typing import Final, Literal

import msgspec
from msgspec import UNSET, UnsetType

from engine import Event, Rules, canonical_json, redact
from engine.rules import partnered

GENESIS: Final = "0" * 64
EntryType = Literal[
    "created",
    "move",
    "deal",
    "signal",
    "joined",
    "left",
    "resigned",
    "aborted",
    "rematch",
    "timeout",
]
Signal = Literal["guindis", "seven"]


class RatedInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What a rated game's first entry records: the ladder it counts on, the scope its player
    ids belong to (the creating API key's id, `-` without keys) and each seat's player id
    (`bot:<level>` for a bot seat)."""

    ladder: str
    scope: str
    players: tuple[str, ...]


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What the first entry records about a game: rules, seats, and the seed (hidden until over).

    `seed_salt` is there when the creator chose the seed: `seed_commitment` is then the hash of
    `salt:seed`, and the salt is hidden with the seed until the match is over. Server seeds
    (and older logs) have none: the member is absent.
    """

    rules: Rules
    players: tuple[str, ...]
    seed: str | None
    seed_commitment: str
    client_seed: str | None = None
    commitment_id: str | None = None
    seed_salt: str | UnsetType | None = UNSET
    open: tuple[int, ...] | UnsetType = UNSET
    bots: tuple[int, ...] | UnsetType = UNSET
    """The seats bots play (absent: none, or a log from before it was written): their moves do
    not start the turn clock, so a game whose people never move is aborted."""
    rated: RatedInfo | UnsetType = UNSET
    """For a rated game: its ladder, rating scope and each seat's player, so the ratings can be
    recomputed from the signed log alone (`escopa ratings --recompute`)."""


class SentSignal(msgspec.Struct, frozen=True, kw_only=True):
    """A partner signal as sent: by `seat`, when the log's head was entry `after`.

    Signals are kept beside the log, not in it, while the game runs: that a seat signalled
    at all would tell its opponents it holds a seven. The entry that ends the match records
    them all (`LogEntry.signals`), so they are hash-chained and audited like every move.
    """

    seat: int
    signal: Signal
    after: int
    time: str


class LogEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One log entry. `hash` is the SHA-256 of the entry's canonical JSON without `hash`.

    `salt` is a random secret inside the hashed body: a reader shown a redacted entry gets no
    salt, so it cannot brute-force the few possible hidden hands against the entry's hash.
    `signals` is only on the entry that ends a match in which partners signalled (absent on
    every other entry, so their form and hash are unchanged). `signal` entries are the older
    form of signals, kept so that older logs still read and verify. A `joined` entry names its
    seat's `player`; a `rematch` entry names the new game (`rematch`); both are absent elsewhere.
    A `timeout` entry names the `deadline` its seat missed and, as `move`, what followed: the
    move played for the seat, `forfeit` or `abort` (`service.core.lifecycle.clocks`).
    """

    seq: int
    type: EntryType
    time: str
    seat: int | None = None
    move: str | None = None
    signal: Signal | None = None
    game: GameInfo | None = None
    events: tuple[Event, ...] = ()
    prev_hash: str
    state_hash: str | None = None
    salt: str | None = None
    signals: tuple[SentSignal, ...] | UnsetType = UNSET
    player: str | UnsetType = UNSET
    rematch: str | UnsetType = UNSET
    deadline: str | UnsetType = UNSET
    hash: str = ""


def entry_hash(entry: LogEntry) -> str:
    """The hash of an entry: its canonical JSON without the `hash` member."""
    body = msgspec.to_builtins(entry)
    del body["hash"]
    return hashlib.sha256(canonical_json(body)).hexdigest()


def sealed(entry: LogEntry) -> LogEntry:
    """The entry with its `hash` filled in."""
    return msgspec.structs.replace(entry, hash=entry_hash(entry))


def partner_of(rules: Rules, seat: int) -> int | None:
    """The seat's partner, when seats play in partnerships."""
    return (seat + 2) % 4 if partnered(rules) else None


def seen_signals(
    signals: tuple[SentSignal, ...], reader: int | None, finished: bool, rules: Rules
) -> list[SentSignal]:
    """The signals `reader` may see: its own side's while the game runs, all once it is over."""
    if finished:
        return list(signals)
    if reader is None:
        return []
    side = {reader, partner_of(rules, reader)}
    return [s for s in signals if s.seat in side]


def visible(entry: LogEntry, reader: int | None, finished: bool, rules: Rules) -> LogEntry:
    """The entry as `reader` may see it: after the game, everything; before, hidden cards redacted.

    A redacted entry keeps the full entry's hash but loses its salt, so the hash reveals nothing.
    """
    if finished:
        return entry
    changes: dict[str, object] = {}
    if entry.game is not None and entry.game.seed is not None:
        salt = None if isinstance(entry.game.seed_salt, str) else entry.game.seed_salt
        changes["game"] = msgspec.structs.replace(entry.game, seed=None, seed_salt=salt)
    honor = rules.validation == "honor"
    events = tuple(redact(event, reader, honor) for event in entry.events)
    if events != entry.events:
        changes["events"] = events
    if entry.signal is not None and reader is not None and entry.seat is not None:
        if reader not in (entry.seat, partner_of(rules, entry.seat)):
            changes["signal"] = None
    elif entry.signal is not None:
        changes["signal"] = None
    if not changes:
        return entry
    return msgspec.structs.replace(entry, salt=None, **changes)
