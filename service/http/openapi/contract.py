"""Cross-field rules that the Structs cannot state, as JSON Schema added to the OpenAPI document.

They make the published contract exact: a body the schema accepts is one the API accepts (as
far as the schema can know: whether a move is legal depends on the game, not on the body).
"""

from __future__ import annotations

from typing import Any, Final

Schema = dict[str, Any]


def _required(*names: str) -> Schema:
    return {"required": list(names)}


def _given(*names: str) -> Schema:
    """Every one of `names` is present and not null (a null member counts as left out)."""
    return {**_required(*names), "properties": {name: {"not": {"type": "null"}} for name in names}}


def _none_of(*names: str) -> Schema:
    return {"not": {"anyOf": [_required(name) for name in names]}}


def _players(count: int) -> Schema:
    """A game of `count` players: a first dealer among them, partnerships only with 4."""
    rules: Schema = {
        "first_dealer": {
            "anyOf": [{"enum": ["draw"]}, {"type": "integer", "minimum": 0, "maximum": count - 1}]
        }
    }
    if count != 4:
        rules["partnerships"] = {"enum": [False, None]}
    return {
        "properties": {
            "players": {"minItems": count, "maxItems": count},
            "rules": {"anyOf": [{"type": "null"}, {"type": "object", "properties": rules}]},
        }
    }


PLAYABLE_RULES: Final[Schema] = {"anyOf": [_players(n) for n in (2, 3, 4)]}
"""The rules can be played by this many players."""

CONSTRAINTS: Final[dict[str, list[Schema]]] = {
    "CreateGame": [
        PLAYABLE_RULES,
        {"not": _given("seed", "commitment_id")},
        {"anyOf": [{"not": _given("client_seed")}, _given("commitment_id")]},
    ],
    "ReplayRequest": [PLAYABLE_RULES],
    "MoveRequest": [
        {
            "oneOf": [
                {**_required("card"), **_none_of("claim", "move")},
                {**_required("claim"), **_none_of("card", "move", "capture")},
                {**_required("move"), **_none_of("card", "claim", "capture")},
            ]
        }
    ],
    "PlayerEntry": [
        {
            "oneOf": [
                {**_required("name", "bot"), **_none_of("open")},
                {**_required("open"), **_none_of("name", "bot")},
            ]
        }
    ],
    "JoinRequest": [
        {
            "oneOf": [
                {**_required("invite"), **_none_of("seat")},
                {**_required("seat"), **_none_of("invite")},
            ]
        }
    ],
}
"""Per component: schemas its instances must also satisfy (added with `allOf`)."""


def constrain(schemas: dict[str, Schema]) -> None:
    """Add the cross-field constraints to the component schemas, in place."""
    for name, extra in CONSTRAINTS.items():
        if name in schemas:
            schemas[name]["allOf"] = [*schemas[name].get("allOf", []), *extra]
