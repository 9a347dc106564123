"""Routes for replays and audits: stateless replays, audit and export, seed commitments, and
the public keys that verify the service's signatures."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from service.core.audits.commitments import Commitment
from service.core.audits.verification import Audits
from service.core.house import House
from service.http.guard import API_KEY_SECURITY, REPLAY_COST, replay_admission
from service.http.routes.game_routes import GameId, problems
from service.ledger.audit import AuditReport
from service.ledger.export import Export
from service.ledger.replay import MAX_REPLAY_BODY, ReplayRequest, ReplayResult
from service.ledger.signatures import KeyList

AuditsDep = NamedDependency[Audits]


def provide_audits(house: NamedDependency[House]) -> Audits:
    return house.audits


class AuditController(Controller):
    path = "/v1"
    tags = ["audit"]  # noqa: RUF012
    dependencies = {"audits": Provide(provide_audits, sync_to_thread=False)}  # noqa: RUF012

    @post(
        "/replays",
        operation_id="replayMoves",
        status_code=HTTP_200_OK,
        responses=problems(400, 401, 413, 415, 422),
        security=API_KEY_SECURITY,
        request_max_body_size=MAX_REPLAY_BODY,
        summary="Replay moves from rules and a seed, without storage: each step's state hash",
        description=(
            "Stateless: the rules and seed as `POST /v1/games` takes them, then the moves in "
            "order; each step's state hash, the final status, score and view. Needs an API key "
            "when the server has keys. CPU work: its moves count against a limit of their own "
            "(`ESCOPA_REPLAY_RATE_LIMIT`, moves per client per minute)."
        ),
        opt={REPLAY_COST: True},
    )
    async def replay(
        self, request: Request[Any, Any, Any], data: JSONBody[ReplayRequest], audits: AuditsDep
    ) -> ReplayResult:
        await replay_admission(request.scope)(len(data.moves))
        return await audits.replay(data)

    @get(
        "/games/{game_id:str}/audit",
        operation_id="auditGame",
        responses=problems(400, 404, 409),
        summary="Verify a finished game: hash chain, seed commitment, replay of every move",
        description=(
            "Public, once the game is over (409 before): checks the hash chain, that the revealed "
            "seed matches its commitment, and that replaying every move gives the logged states."
        ),
    )
    async def audit(self, game_id: GameId, audits: AuditsDep) -> AuditReport:
        return await audits.audit(game_id)

    @get(
        "/games/{game_id:str}/export",
        operation_id="exportGame",
        responses=problems(400, 404, 409),
        summary="A finished game as one self-contained document (`escopa audit FILE` checks it)",
        description=(
            "Public, once the game is over (409 before): every log entry (the seed revealed) and "
            "the signature of the last one, enough to verify the game offline."
        ),
    )
    async def export(self, game_id: GameId, audits: AuditsDep) -> Export:
        return await audits.export(game_id)

    @get(
        "/keys",
        operation_id="listSigningKeys",
        responses=problems(),
        summary="The public keys that verify receipts and exports (the first signs now)",
        description=(
            "Ed25519 public keys, the current one first; older ones still verify what they signed."
        ),
    )
    async def keys(self, audits: AuditsDep) -> KeyList:
        return audits.keys()

    @post(
        "/commitments",
        operation_id="createCommitment",
        status_code=HTTP_201_CREATED,
        responses=problems(400, 401),
        security=API_KEY_SECURITY,
        summary="Commit to a fresh secret server seed before a game exists (used once)",
        description=(
            "The SHA-256 commitment of a new secret server seed; name its `commitment_id` in `POST"
            " /v1/games` (with your `client_seed`) and the seed is revealed when the game ends. "
            "Needs an API key when the server has keys."
        ),
    )
    async def commit(self, audits: AuditsDep) -> Commitment:
        return await audits.commit()
