"""OpenAPI links, so a stateful fuzzer can chain create -> read -> legal moves -> play -> log."""

from __future__ import annotations

from typing import Any, Final

GAME = "/v1/games/{game_id}"
CREATED = "$response.body#/game_id"


def _as_seat(seat: int, operation: str, **extra: Any) -> dict[str, Any]:
    """A link to `operation` on the created game, authorised as `seat`."""
    return {
        "operationId": operation,
        "parameters": {
            "path.game_id": CREATED,
            "header.Authorization": f"Bearer {{$response.body#/players/{seat}/token}}",
        },
        **extra,
    }


def _same_reader(operation: str, **extra: Any) -> dict[str, Any]:
    """A link to `operation` on the same game, with the same Authorization as the request."""
    return {
        "operationId": operation,
        "parameters": {
            "path.game_id": "$request.path.game_id",
            "header.Authorization": "$request.header.Authorization",
        },
        **extra,
    }


LINKS: Final[dict[tuple[str, str, str], dict[str, Any]]] = {
    ("/v1/games", "post", "201"): {
        **{f"GetGameAsSeat{s}": _as_seat(s, "getGame") for s in (0, 1)},
        **{f"GetLegalMovesAsSeat{s}": _as_seat(s, "getLegalMoves") for s in (0, 1)},
        "GetLog": {
            "operationId": "getLog",
            "parameters": {"path.game_id": CREATED},
        },
        "GetScore": {
            "operationId": "getScore",
            "parameters": {"path.game_id": CREATED},
        },
        "Deal": _as_seat(0, "deal"),
        "SendSignal": _as_seat(0, "sendSignal"),
    },
    (GAME + "/legal-moves", "get", "200"): {
        "PlayFirstLegalMove": _same_reader(
            "playMove",
            requestBody={
                "move": "$response.body#/moves/0/id",
                "expected_version": "$response.body#/version",
            },
        ),
    },
    (GAME + "/moves", "post", "200"): {
        "GetLegalMovesAgain": _same_reader("getLegalMoves"),
        "GetGameAfterMove": _same_reader("getGame"),
        "GetLogAfterMove": _same_reader("getLog"),
    },
}
