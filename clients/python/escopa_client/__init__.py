"""A Python client of the Escopa service.

`generated` is openapi-python-client's client of the OpenAPI document (one module per
operation, one class per schema; never edited by hand). The rest is the hand-written layer:
`Escopa` (the address, the API key and the seat tokens), `follow` (the events stream, typed
and resumed), `Table` (a seat: moves retried on a version conflict, `play` with a callback),
`Entrant` (a tournament's entrant: where it plays, `play` of each of its tables in turn).
"""

from __future__ import annotations

from escopa_client.connection import Escopa
from escopa_client.entrant import Entrant, OnTable
from escopa_client.events import Event, follow
from escopa_client.problems import ApiError, answer
from escopa_client.table import Choice, Choose, Table, move_text

__all__ = [
    "ApiError",
    "Choice",
    "Choose",
    "Entrant",
    "Escopa",
    "Event",
    "OnTable",
    "Table",
    "answer",
    "follow",
    "move_text",
]
