"""Examples for the OpenAPI document: request bodies written by hand, responses made by the code.

Every example is checked against its Struct by the tests, so the document never shows a body the
API would refuse or could not send.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import msgspec

import engine
from service.core.games.messages import LegalMoves
from service.core.games.presented import game_view, legal_move
from service.http.schemas import Problem
from service.ledger.game_meta import GameMeta, SeatMeta

GAME_ID: Final = "0f1e2d3c4b5a69788796a5b4"

REQUESTS: Final[dict[str, dict[str, Any]]] = {
    "CreateGame": {
        "players": ["Ana", {"name": "Rita", "bot": "expert"}],
        "preset": "escopa",
        "rules": {
            "target": 21,
            "first_dealer": 1,
            "clock": {"turn_seconds": 30, "bank_seconds": 120, "on_timeout": "bot"},
        },
    },
    "MoveRequest": {"card": "5H", "capture": ["2S", "QD"], "expected_version": 7},
    "DealRequest": {"expected_version": 12},
    "SignalRequest": {"signal": "guindis"},
    "WebhookRequest": {"url": "https://example.com/escopa-hook"},
    "JoinRequest": {"invite": "0hZMcQiCXR_31LsLCxPTgkwy2xVaEhmCLe2nZCCZu6E", "name": "Bia"},
    "CreateTournament": {
        "name": "Sunday duplicate",
        "preset": "escopa",
        "entrants": [
            {"name": "Ana"},
            {"name": "Bia", "player_id": "bia-7"},
            {"name": "Rita", "bot": "expert"},
            {"name": "Gus", "bot": "greedy"},
        ],
        "rounds": 3,
        "boards": 2,
        "pairing": "round_robin",
        "clock": {"turn_seconds": 30, "bank_seconds": 120, "on_timeout": "bot"},
    },
    "RegisterPlayer": {"player_id": "u-17"},
    "ReplayRequest": {
        "players": ["Ana", "Bia"],
        "rules": {"first_dealer": 1},
        "seed": "escopa",
        "moves": [{"seat": 0, "move": "3C"}, {"seat": 1, "move": "AC"}],
    },
}


MOVES: Final[dict[str, dict[str, Any]]] = {
    "play": {"summary": "a play capturing two cards", "value": REQUESTS["MoveRequest"]},
    "claim": {
        "summary": "a claim of the capture 5S could have made of QD",
        "value": {"claim": ["5S", "QD"], "expected_version": 8},
    },
    "by_id": {"summary": "a legal move by its id", "value": {"move": "7D", "expected_version": 9}},
    "listed": {
        "summary": "a legal move as listed",
        "value": {"id": "deal", "kind": "deal", "expected_version": 10},
    },
}
"""The request body examples of `POST /moves`, one of each form."""

BODIES: Final[dict[str, str]] = {
    "CreateGame": "The players in seat order, the preset, rule overrides and the seed.",
    "MoveRequest": "The move, in one of four forms, and the version it was chosen at.",
    "DealRequest": "Optionally, the version the deal was chosen at.",
    "SignalRequest": "The signal to send the partner.",
    "WebhookRequest": "The URL to POST the events to.",
    "JoinRequest": "The name to play under, and the seat: its invite, or its lobby seat number.",
    "ReplayRequest": "The game to replay: its players, rules, seed and moves.",
    "CreateTournament": "The entrants in order, rounds, boards, pairing, rules and clock.",
    "RegisterPlayer": "The player id to hold.",
}
"""What each request body carries, in a line."""


def _component(schema: dict[str, Any]) -> str | None:
    """The component a body's schema names, directly or as the one non-null choice."""
    if "$ref" in schema:
        return str(schema["$ref"]).rpartition("/")[2]
    named = [s for s in schema.get("oneOf", schema.get("anyOf", [])) if "$ref" in s]
    return _component(named[0]) if len(named) == 1 else None


def add_body_examples(doc: dict[str, Any]) -> None:
    """Describe each request body and attach its examples to its media type, in place."""
    for operations in doc["paths"].values():
        for operation in operations.values():
            media = operation.get("requestBody", {}).get("content", {}).get("application/json")
            name = _component(media["schema"]) if media else None
            if media is None or name not in REQUESTS:
                continue
            operation["requestBody"].setdefault("description", BODIES[name])
            if name == "MoveRequest":
                media["examples"] = MOVES
            else:
                media["examples"] = {"example": {"value": REQUESTS[name]}}


@cache
def responses() -> dict[str, Any]:
    """Response examples built by the code itself from a seeded game."""
    rules = engine.make_rules("escopa", {"first_dealer": 1})
    state, _ = engine.start(rules, "escopa")
    meta = GameMeta(
        seats=(SeatMeta("Ana", "0" * 64), SeatMeta("Bia", "1" * 64)),
        seed_commitment=engine.shuffle.commitment("escopa"),
        created="2026-11-29T12:00:00.000Z",
    )
    moves = [legal_move(m) for m in engine.legal_moves(state, 0)]
    problem = Problem(
        type="urn:escopa:problem:game/version_conflict",
        title="Conflict",
        status=409,
        detail="expected_version 6 is stale: the game is at version 7",
        code="game/version_conflict",
        instance=f"/v1/games/{GAME_ID}/moves",
    )
    built: dict[str, Any] = msgspec.to_builtins(
        {
            "GameView": msgspec.structs.replace(
                game_view(GAME_ID, 1, state, meta, 0),
                deadline="2026-11-29T12:00:30.000Z",
                ms_left=21250,
                banks_ms=(120000, 120000),
                timeouts=(0, 0),
            ),
            "LegalMoves": LegalMoves(version=1, seat=0, moves=moves),
            "Problem": problem,
        }
    )
    return built


def add_examples(schemas: dict[str, Any]) -> None:
    """Attach an example to each component that has one, in place."""
    for name, example in {**REQUESTS, **responses()}.items():
        if name in schemas:
            schemas[name]["examples"] = [example]
