"""Cross-field rules that the Structs cannot state, as named JSON Schemas in the OpenAPI document.

They make the published contract exact: a body the schema accepts is one the API accepts (as
far as the schema can know: whether a move is legal depends on the game, not on the body). Each
rule is a union of named, closed schemas or typed subschemas, so client generators give each
variant a type of its own.
"""

from __future__ import annotations

from typing import Any, Final

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


NULL: Final[Schema] = {"type": "null"}


def _players(count: int, player: Schema) -> Schema:
    """A game of `count` players: a first dealer among them, partnerships only with 4."""
    rules: Schema = {
        "first_dealer": {
            "anyOf": [
                {"type": "string", "enum": ["draw"]},
                {"type": "integer", "minimum": 0, "maximum": count - 1},
            ]
        }
    }
    if count != 4:
        rules["partnerships"] = {"type": ["boolean", "null"], "enum": [False, None]}
    return {
        "type": "object",
        "properties": {
            "players": {"type": "array", "items": player, "minItems": count, "maxItems": count},
            "rules": {"anyOf": [NULL, {"type": "object", "properties": rules}]},
        },
    }


def playable(player: Schema) -> Schema:
    """The rules can be played by this many players."""
    return {"anyOf": [_players(n, player) for n in (2, 3, 4)]}


NOT_BOTH_SEEDS: Final[Schema] = {
    "description": "a `seed` or a `commitment_id`, not both",
    "anyOf": [
        {"type": "object", "properties": {"seed": NULL}},
        {"type": "object", "properties": {"commitment_id": NULL}},
    ],
}
CLIENT_SEED_NEEDS_COMMITMENT: Final[Schema] = {
    "description": "a `client_seed` only with a `commitment_id`",
    "anyOf": [
        {"type": "object", "properties": {"client_seed": {"enum": [None]}}},
        {
            "type": "object",
            "required": ["commitment_id"],
            "not": {"properties": {"commitment_id": NULL}},
        },
    ],
}
"""Said with no `type` on a member (`enum: [null]`, and `not` null), since Redoc warns where a
member's `type` here differs from the member's own ("Incompatible types in allOf")."""

CONSTRAINTS: Final[dict[str, list[Schema]]] = {
    "CreateGame": [playable(ref("Player")), NOT_BOTH_SEEDS, CLIENT_SEED_NEEDS_COMMITMENT],
    "ReplayRequest": [playable(ref("PlayerName"))],
    "CreateTournament": [CLIENT_SEED_NEEDS_COMMITMENT],
}
"""Per component: schemas its instances must also satisfy (added with `allOf`)."""


def _closed(description: str, required: list[str], **properties: Schema) -> Schema:
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _kind(*kinds: str) -> Schema:
    return {
        "type": "string",
        "enum": list(kinds),
        "description": "the listed move's kind; it must be this move's",
    }


def move_variants(request: Schema) -> dict[str, Schema]:
    """`MoveRequest` as the `oneOf` of its four closed forms, from msgspec's flat schema.

    Exactly one of `card` (with an optional `capture`), `claim` or `move`, or else a listed
    move's `id` alone; a listed move's `id` and `kind` may come along and must name the same
    move (else 422 `request/ambiguous_move`): so a legal move as listed is a valid request.
    """
    members: Schema = request["properties"]
    version = members["expected_version"]
    listed = {"id": members["id"]}
    return {
        "MovePlay": _closed(
            "Play `card`, capturing the `capture` cards (none: a plain play).",
            ["expected_version", "card"],
            expected_version=version,
            card=members["card"],
            capture=members["capture"],
            **listed,
            kind=_kind("play"),
        ),
        "MoveClaim": _closed(
            "Claim a capture the previous player missed: the card played and the cards it "
            "could have taken.",
            ["expected_version", "claim"],
            expected_version=version,
            claim=members["claim"],
            **listed,
            kind=_kind("claim"),
        ),
        "MoveById": _closed(
            "A move in its text form, a legal move's `id`.",
            ["expected_version", "move"],
            expected_version=version,
            move=members["move"],
            **listed,
            kind=_kind("play", "claim", "deal"),
        ),
        "MoveAsListed": _closed(
            "A legal move named by its `id` alone (how `GET /legal-moves` lists a deal).",
            ["expected_version", "id"],
            expected_version=version,
            **listed,
            kind=_kind("play", "claim", "deal"),
        ),
    }


def seat_variants(entry: Schema) -> dict[str, Schema]:
    """`PlayerEntry` as the `oneOf` of its closed forms: a person known by a player id, a bot
    seat or an open seat."""
    members: Schema = entry["properties"]
    return {
        "SeatPlayer": _closed(
            "A person known across games by the integrator's `player_id` (scoped to the API "
            "key; on a server without API keys, with its `player_secret`).",
            ["name", "player_id"],
            name=members["name"],
            player_id=members["player_id"],
            player_secret=members["player_secret"],
        ),
        "SeatBot": _closed(
            "A seat the service plays itself, at a bot level.",
            ["name", "bot"],
            name=members["name"],
            bot=members["bot"],
        ),
        "SeatOpen": _closed(
            "A seat left open for someone to join later, by invite or from the lobby.",
            ["open"],
            open=members["open"],
        ),
    }


def join_variants(join: Schema) -> dict[str, Schema]:
    """`JoinRequest` as the `oneOf` of its two closed forms: by invite or by a lobby seat."""
    members: Schema = join["properties"]
    return {
        "JoinByInvite": _closed(
            "Take the open seat an invite names.",
            ["name", "invite"],
            name=members["name"],
            invite=members["invite"],
            player_id=members["player_id"],
            player_secret=members["player_secret"],
        ),
        "JoinBySeat": _closed(
            "Take a lobby game's open seat by its number (no invite needed).",
            ["name", "seat"],
            name=members["name"],
            seat=members["seat"],
            player_id=members["player_id"],
            player_secret=members["player_secret"],
        ),
    }


def legal_variants() -> dict[str, Schema]:
    """`LegalMove` as the `oneOf` of its kinds: each carries only its kind's members."""

    def listed(kind: str, **members: Schema) -> Schema:
        return {
            "description": f"A legal {kind}, as `GET /legal-moves` lists it.",
            "type": "object",
            "properties": {
                "id": {"type": "string", "description": "the move's text form"},
                "kind": {"type": "string", "enum": [kind]},
                **members,
            },
            "required": ["id", "kind", *members],
        }

    cards = {"type": "array", "items": ref("CardCode")}
    return {
        "LegalPlay": listed("play", card=ref("CardCode"), capture=cards),
        "LegalClaim": listed("claim", claim=cards),
        "LegalDeal": listed("deal"),
    }


def union(schema: Schema, variants: list[str]) -> Schema:
    """A component as a `oneOf` of named variants, keeping its title, description, examples."""
    kept: Schema = {k: schema[k] for k in ("title", "description", "examples") if k in schema}
    return {**kept, "oneOf": [ref(name) for name in variants]}


def name_shared(schemas: dict[str, Schema]) -> None:
    """Name the shapes several schemas share (msgspec inlines them): a card code, a player's
    name, a player (a person's name, a bot seat or an open seat), a commitment's id."""
    create, move = schemas["CreateGame"]["properties"], schemas["MoveRequest"]["properties"]
    choices = create["players"]["items"]["anyOf"]
    (name,) = [choice for choice in choices if choice.get("type") == "string"]
    schemas["CardCode"] = move["card"]
    schemas["PlayerName"] = name
    schemas["Player"] = {
        "description": "A seat's player: a person's name, a bot seat the service plays, or an "
        "open seat someone joins later.",
        "oneOf": [ref("PlayerName"), *(choice for choice in choices if choice is not name)],
    }
    schemas["CommitmentId"] = create["commitment_id"]["anyOf"][0]
    create["players"]["items"] = ref("Player")
    create["commitment_id"]["anyOf"][0] = ref("CommitmentId")
    schemas["ReplayRequest"]["properties"]["players"]["items"] = ref("PlayerName")
    move["card"] = ref("CardCode")
    for member in ("capture", "claim"):
        move[member]["items"] = ref("CardCode")


def constrain(schemas: dict[str, Schema]) -> None:
    """Add the cross-field rules to the component schemas, in place."""
    name_shared(schemas)
    for name, extra in CONSTRAINTS.items():
        if name in schemas:
            schemas[name]["allOf"] = [*schemas[name].get("allOf", []), *extra]
    if "MoveRequest" in schemas:
        moves = move_variants(schemas["MoveRequest"])
        schemas.update(moves)
        schemas["MoveRequest"] = union(schemas["MoveRequest"], list(moves))
    for name, variants in (("PlayerEntry", seat_variants), ("JoinRequest", join_variants)):
        if name in schemas:
            forms = variants(schemas[name])
            schemas.update(forms)
            schemas[name] = union(schemas[name], list(forms))
    if "LegalMove" in schemas:
        legal = legal_variants()
        schemas.update(legal)
        schemas["LegalMove"] = union(schemas["LegalMove"], list(legal))
