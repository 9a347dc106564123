"""OpenAPI links: how a client goes from one answer to the next request (and a stateful fuzzer
with it): commit -> create -> read -> legal moves -> play, and the hint, log, score, deal,
signals, event stream, audit and export of the created game; its seats (join, then leave),
resigning, aborting and the rematch, and its webhook deliveries.

Links carry ids, versions and listed moves only: the seat's token is the `playerToken` security
of each operation, which a client (or the fuzzer's auth) sends for the game it created.
"""

from __future__ import annotations

from typing import Any, Final

GAME = "/v1/games/{game_id}"
CREATED: Final = {"path.game_id": "$response.body#/game_id"}
SAME_GAME: Final = {"path.game_id": "$request.path.game_id"}
AT_VERSION: Final = {"expected_version": "$response.body#/version"}
WHOLE_BODY: Final = {"x-schemathesis": {"merge_body": False}}
"""The link's `requestBody` is the whole body, as OpenAPI means it (schemathesis would otherwise
merge it into a generated body, and a move named twice is refused)."""


def _to(operation: str, parameters: dict[str, str], **extra: Any) -> dict[str, Any]:
    return {"operationId": operation, "parameters": parameters, **extra}


LINKS: Final[dict[tuple[str, str, str], dict[str, Any]]] = {
    ("/v1/commitments", "post", "201"): {
        "CreateGameWithCommitment": {
            "operationId": "createGame",
            "requestBody": {"commitment_id": "$response.body#/commitment_id"},
        },
    },
    ("/v1/games", "post", "201"): {
        "GetGame": _to("getGame", CREATED),
        "GetLegalMoves": _to("getLegalMoves", CREATED),
        "GetHint": _to("getHint", CREATED),
        "PlayMove": _to("playMove", CREATED, requestBody=AT_VERSION),
        "GetLog": _to("getLog", CREATED),
        "GetScore": _to("getScore", CREATED),
        "Deal": _to("deal", CREATED, requestBody=AT_VERSION),
        "SendSignal": _to("sendSignal", CREATED),
        "CreateStreamTicket": _to("createStreamTicket", CREATED),
        "StreamEvents": _to("streamEvents", CREATED),
        "AuditGame": _to("auditGame", CREATED),
        "ExportGame": _to("exportGame", CREATED),
        "JoinGame": _to("joinGame", CREATED),
        "ResignGame": _to("resignGame", CREATED),
        "AbortGame": _to("abortGame", CREATED),
        "RematchGame": _to("rematchGame", CREATED),
        "ListWebhookDeliveries": _to("listWebhookDeliveries", CREATED),
    },
    (GAME + "/join", "post", "200"): {
        "LeaveGame": _to("leaveGame", SAME_GAME),
    },
    (GAME + "/legal-moves", "get", "200"): {
        "PlayFirstLegalMove": _to(
            "playMove",
            SAME_GAME,
            requestBody={"move": "$response.body#/moves/0/id", **AT_VERSION},
            **WHOLE_BODY,
        ),
    },
}
