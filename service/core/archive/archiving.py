"""Moving a finished game out of Redis into the archive, checked: it is archived, read back,
its export made again from the archived copy must be byte for byte the one Redis gives and
its audit must pass; only then is Redis told it may drop the game (after
`ESCOPA_FINISHED_TTL`). Idempotent by game id: archiving a game twice stores it once, and a
later version (a rematch offered after) replaces the earlier one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import anyio.to_thread
import msgspec

import engine
from engine import State
from engine.scoring import Outcome
from service.core.audits.verification import signed_export
from service.core.games.journal import Journal
from service.ledger.audit import audit_log
from service.ledger.chain import LogEntry
from service.ledger.log import Cursor, decode_opening, decode_record, ms_of, now_ms
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import Body, StoredGame
from service.store.archive.record import Archive, ArchivedGame, Summary
from service.store.games_repository import from_archive
from service.store.webhook_store import WebhookStore

Archived = Literal["archived", "running", "idle", "gone", "pending", "moved"]
"""What became of a game the worker looked at: `archived` (checked, Redis may drop it),
`running` (not over, played within `RUNNING_MS`: its finishing write may be in flight),
`idle` (not over, and not played for longer), `gone` (not in Redis), `pending` (webhook
deliveries still to make: archived once they are made) or `moved` (it changed while being
archived: again)."""
RUNNING_MS: Final = 300_000


class ArchiveMismatch(RuntimeError):
    """The archived copy is not the game Redis holds (its export differs or fails its audit)."""


class Archiving:
    """Archives the finished games of `journal`'s store (their webhook deliveries in `hooks`) in
    `archive`, signing with `ring`."""

    def __init__(
        self, journal: Journal, hooks: WebhookStore, archive: Archive, ring: KeyRing
    ) -> None:
        self.journal = journal
        self.hooks = hooks
        self.archive = archive
        self.ring = ring

    async def archive_game(self, game_id: str) -> Archived:
        """Archive the game if it is over, check the copy, then let Redis drop it."""
        store = self.journal.store
        game = await store.load(game_id)
        if game is None:
            return "gone"
        if game.state.status != "finished":
            return "running" if now_ms() - game.ms < RUNNING_MS else "idle"
        hooks, pending = await self.hooks.kept(game_id)
        if pending:
            return "pending"
        meta, signals = await store.raw(game_id)
        records = await store.records(game_id, 0, -1)
        body = Body(
            game.version,
            game.head,
            self.ring.sign_export(game_id, game.version, game.head),
            tuple(records),
            meta,
            signals,
            hooks,
        )
        stored = ArchivedGame(summary=summary_of(game_id, game), body=body)
        await self.archive.put(stored)
        expected = await anyio.to_thread.run_sync(records_export, self.ring, game_id, records)
        await self.check(game_id, expected)
        released = await store.release(game_id, game.version, game.head, self.ttl_ms)
        return "archived" if released else "moved"

    @property
    def ttl_ms(self) -> int:
        return self.journal.lifetimes.finished_ttl * 1000

    async def check(self, game_id: str, expected: bytes) -> StoredGame:
        """The archived copy, read back: its export must be `expected` and its audit pass."""
        found = await self.archive.get(game_id)
        if found is None:
            raise ArchiveMismatch(f"game {game_id} is not in the archive")
        return await self.audited(game_id, found, expected)

    async def audited(
        self, game_id: str, found: ArchivedGame, expected: bytes | None = None
    ) -> StoredGame:
        """The archived game, once its log passes the audit and ends at its head (and its
        export is `expected`, when given). Replayed on a thread: the loop serves meanwhile."""
        return await anyio.to_thread.run_sync(self._audited, game_id, found, expected)

    def _audited(self, game_id: str, found: ArchivedGame, expected: bytes | None) -> StoredGame:
        try:
            game = from_archive(found)
            entries = entries_of(found.body.records)
        except ValueError as error:  # records that do not decode, or fewer than its version
            why = f"the archived copy is unreadable: {error}"
            raise ArchiveMismatch(f"game {game_id}: {why}") from error
        if expected is not None and export_bytes(self.ring, game_id, entries) != expected:
            raise ArchiveMismatch(f"game {game_id}: the archived export differs from Redis'")
        report = audit_log(entries, game_id)
        if not report.ok or report.head_hash != game.head or len(entries) != game.version:
            why = report.failure.reason if report.failure is not None else "another head"
            raise ArchiveMismatch(f"game {game_id}: the archived log fails its audit: {why}")
        return game

    async def verified(self, game_id: str) -> str | None:
        """Audit the archived game again: None when it holds, else why not."""
        found = await self.archive.get(game_id)
        if found is None:
            return "not in the archive"
        try:
            await self.audited(game_id, found)
        except ArchiveMismatch as failure:
            return str(failure)
        return None

    async def exported(self, game_id: str) -> bytes | None:
        """The archived game's signed export (as `GET /v1/games/{id}/export` gives it)."""
        found = await self.archive.get(game_id)
        if found is None:
            return None
        return records_export(self.ring, game_id, found.body.records)


def entries_of(records: Sequence[bytes]) -> list[LogEntry]:
    """Every entry of a log, replayed from its records."""
    cursor, first = Cursor.opening(decode_opening(records[0]))
    assert first is not None
    found = [first]
    for record in records[1:]:
        entry = cursor.step(decode_record(record))
        assert entry is not None
        found.append(entry)
    return found


def records_export(ring: KeyRing, game_id: str, records: Sequence[bytes]) -> bytes:
    """The export of a log given as its records (Redis' or the archive's)."""
    return export_bytes(ring, game_id, entries_of(records))


def export_bytes(ring: KeyRing, game_id: str, entries: list[LogEntry]) -> bytes:
    """The export document of a finished game, as `GET /v1/games/{id}/export` encodes it."""
    return msgspec.json.encode(signed_export(ring, game_id, entries))


def summary_of(game_id: str, game: StoredGame) -> Summary:
    """The query columns of a finished game."""
    meta, state = game.meta, game.state
    return Summary(
        game_id=game_id,
        version=game.version,
        preset=meta.preset or preset_of(state),
        players=tuple(seat.name for seat in meta.seats),
        key=meta.key,
        created_ms=ms_of(meta.created),
        finished_ms=game.ms,
        outcome=outcome_text(state.outcome),
    )


def preset_of(state: State) -> str:
    """The preset the game's rules are (who deals first aside), else `custom`."""
    rules = msgspec.structs.replace(state.rules, first_dealer="draw")
    for name in engine.PRESETS:
        try:
            preset = engine.make_rules(name, {"players": rules.players, "first_dealer": "draw"})
        except engine.EngineError:
            continue
        if preset == rules:
            return name
    return "custom"


def outcome_text(outcome: Outcome | None) -> str:
    """How the match ended, as the archive's column says it: `won:<seats>`, `draw`,
    `shared:<seats>`, `resigned:<winning seats>`, `timeout:<winning seats>` or `aborted`."""
    if outcome is None:
        return "none"
    seats = ",".join(str(seat) for seat in outcome.seats)
    if outcome.resigned:
        return f"resigned:{seats}"
    if outcome.timed_out:
        return f"timeout:{seats}"
    if outcome.result == "won" and outcome.winner is None:
        return "aborted"
    return outcome.result if outcome.result == "draw" else f"{outcome.result}:{seats}"
