"""The use cases of replays and audits (audit, export, replay, commitments): no HTTP here.

The checks themselves are pure and live in `service.ledger.audit` and `service.ledger.replay`,
which the offline `escopa audit` and `escopa replay` share; this module reads what they check
from Redis.
"""

from __future__ import annotations

import anyio.to_thread
import msgspec

import engine
from service.core.audits.commitments import Commitment, create_commitment
from service.core.bots.worker_processes import WorkerProcesses
from service.core.games.access import Access
from service.core.games.journal import Journal
from service.core.ratings.players import Players
from service.errors import ServiceError
from service.ledger.audit import AuditFailure, AuditReport, anchored, audit_log
from service.ledger.chain import LogEntry
from service.ledger.export import Export
from service.ledger.replay import ReplayRequest, ReplayResult, replay_request
from service.ledger.signatures import KeyList, KeyRing
from service.ledger.stored_game import StoredGame
from service.store.commitment_store import CommitmentStore


def not_finished(game_id: str) -> ServiceError:
    return ServiceError(
        "game/not_finished",
        409,
        "game {game_id} is not over: it is audited and exported once it is (its seed is secret)",
        game_id=game_id,
    )


class Audits:
    """Audit and export finished games, replay moves, commit to server seeds."""

    def __init__(
        self,
        access: Access,
        journal: Journal,
        ring: KeyRing,
        workers: WorkerProcesses,
        commitments: CommitmentStore,
        commitment_ttl: int,
        players: Players,
    ) -> None:
        self.players = players
        self.access = access
        self.journal = journal
        self.games = journal.games
        self.ring = ring
        self.workers = workers
        self.commitments = commitments
        self.commitment_ttl = commitment_ttl

    async def finished_log(
        self, game_id: str, fresh: bool = False
    ) -> tuple[StoredGame, list[LogEntry]]:
        """A finished game and its whole log, unredacted (`fresh`: read from Redis now)."""
        game = await self.access.load(game_id)
        if game.state.status != "finished":
            raise not_finished(game_id)
        await self.access.seals.check(game_id, game)
        entries = await self.games.entries(game_id, game, 0, game.version, fresh)
        return game, entries

    async def audit(self, game_id: str) -> AuditReport:
        """Verify the stored log (chain, seed, replay), then that it ends at the stored game; a
        log that holds gets its head signed, and checked, as its export would be."""
        game, entries = await self.finished_log(game_id, fresh=True)
        report = await anyio.to_thread.run_sync(audit_log, entries, game_id)
        if not report.ok:
            return report
        failure = None
        if len(entries) != game.version or report.head_hash != game.head:
            failure = AuditFailure(
                seq=len(entries),
                kind="chain",
                field="hash",
                reason=f"the log's head (seq {len(entries)}) is not the game's head "
                f"(version {game.version})",
            )
        elif report.state_hash != engine.state_hash(game.state):
            failure = AuditFailure(
                seq=len(entries),
                kind="replay",
                field="state_hash",
                reason="the stored state differs from the replay's final state",
            )
        if failure is None:
            ring = self.ring
            return anchored(report, ring.sign_export(game_id, game.version, game.head), ring.public)
        return AuditReport(
            ok=False,
            game_id=game_id,
            entries=report.entries,
            head_hash=report.head_hash,
            failure=failure,
        )

    async def export(self, game_id: str) -> Export:
        """The finished game as one self-contained document, its final head signed; a rated
        game's with its seats' ratings before and after, once settled."""
        game, entries = await self.finished_log(game_id)
        export = signed_export(self.ring, game_id, entries)
        changes = await self.players.changes(game_id, game) if game.meta.rated else ()
        return msgspec.structs.replace(export, ratings=list(changes)) if changes else export

    def keys(self) -> KeyList:
        """The public keys of the service's ring, with their ids."""
        return self.ring.published()

    async def commit(self) -> Commitment:
        """A fresh server seed, kept secret; its id and SHA-256."""
        return await create_commitment(self.commitments, self.commitment_ttl)

    async def replay(self, request: ReplayRequest) -> ReplayResult:
        """Replay moves through the engine in a worker process: it is all computation, and a
        thread would hold the loop's interpreter lock (POST /v1/replays has a cost limit)."""
        encoded = await self.workers.compute(replay_encoded, request)
        return msgspec.msgpack.decode(encoded, type=ReplayResult)


def signed_export(ring: KeyRing, game_id: str, entries: list[LogEntry]) -> Export:
    """A finished game's export: its whole log, its last entry's head signed by `ring`."""
    last = entries[-1]
    signature = ring.sign_export(game_id, last.seq, last.hash)
    return Export(game_id=game_id, entries=entries, signature=signature)


def replay_encoded(request: ReplayRequest) -> bytes:
    """A replay's answer as the worker process sends it back: encoded as the wire omits
    defaults (a default that crossed processes by pickling would no longer be omitted)."""
    return msgspec.msgpack.encode(replay_request(request))
