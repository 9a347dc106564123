"""The document's `webhooks` (OpenAPI 3.1): the events the service POSTs to a subscription,
each a named schema, with the headers a receiver checks."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from service.core.tournaments.tournament_messages import (
    RoundStartedEvent,
    TableResultEvent,
    TournamentFinishedEvent,
)
from service.core.webhooks.webhook_messages import (
    GameFinishedEvent,
    GameStartedEvent,
    TimeoutEvent,
    TurnEvent,
)

Document = dict[str, Any]
REF: Final = "#/components/schemas/{name}"
EVENTS: Final = (
    (GameStartedEvent, "gameStarted", "The game is dealt"),
    (TurnEvent, "turn", "A seat must act"),
    (GameFinishedEvent, "gameFinished", "The match is over"),
    (TimeoutEvent, "timeout", "A seat ran out of time"),
    (RoundStartedEvent, "roundStarted", "A tournament's round is paired and its games open"),
    (TableResultEvent, "tableResult", "A tournament table's results are in"),
    (TournamentFinishedEvent, "tournamentFinished", "A tournament is over"),
)
TOURNAMENT_EVENTS: Final = frozenset({RoundStartedEvent, TableResultEvent, TournamentFinishedEvent})
HEADERS: Final = (
    (
        "X-Escopa-Signature",
        '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`: check it, '
        "and that `t` is recent, before trusting the body (docs/security.md)",
    ),
    ("X-Escopa-Delivery", "the delivery's id: the same on every attempt, to drop repeats"),
    ("X-Escopa-Event", "the event's type, as in the body"),
)


def add_webhooks(doc: Document) -> None:
    """Add every event's schema to the components and a `webhooks` entry per event, in place."""
    events = [cls for cls, _, _ in EVENTS]
    _, schemas = msgspec.json.schema_components(events, ref_template=REF)
    for name, schema in schemas.items():
        doc["components"]["schemas"].setdefault(name, schema)
    doc["webhooks"] = {
        str(cls.__struct_config__.tag): {"post": _operation(cls, name, summary)}
        for cls, name, summary in EVENTS
    }


def _operation(cls: type[msgspec.Struct], name: str, summary: str) -> dict[str, Any]:
    subject = "tournament" if cls in TOURNAMENT_EVENTS else "game"
    return {
        "operationId": f"{name}Webhook",
        "summary": summary,
        "description": (cls.__doc__ or "").strip()
        + f" POSTed to the {subject}'s webhook, at least once, in order per {subject}.",
        "tags": ["webhooks"],
        "security": [],
        "parameters": [
            {
                "name": header,
                "in": "header",
                "required": True,
                "description": said,
                "schema": {"type": "string"},
            }
            for header, said in HEADERS
        ],
        "requestBody": {
            "description": "the event",
            "required": True,
            "content": {"application/json": {"schema": {"$ref": REF.format(name=cls.__name__)}}},
        },
        "responses": {
            "200": {
                "description": "received (any 2xx answer is); anything else, or no answer "
                "in time, is tried again"
            },
            "400": {"description": "refused (a bad signature): tried again, then failed"},
        },
    }
