"""The document made plain for client generators, saying the same as before: a `type` on every
enum, tuples closed by their length, a schema for every header, `security` on every operation,
the license and the tags, and request members with a default left optional in generated types.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from service.ledger.patterns import published

Document = dict[str, Any]
Schema = dict[str, Any]

LICENSE: Final = {"name": "MIT", "identifier": "MIT"}
TAGS: Final = [
    {"name": "games", "description": "Create a game, read it as a seat, play, signal, follow it"},
    {"name": "audit", "description": "Verify and export games, replay moves, seed commitments"},
    {"name": "rules", "description": "The rules presets"},
    {"name": "webhooks", "description": "Events POSTed to a game's webhook, and its deliveries"},
    {"name": "service", "description": "The service's own health"},
]
JSON_TYPES: Final = {str: "string", bool: "boolean", int: "integer", float: "number"}


def _walk(node: Any) -> Iterator[Schema]:
    """Every JSON object inside `node`, itself included."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _enum_type(values: list[Any]) -> str | list[str]:
    kinds = sorted({"null" if v is None else JSON_TYPES[type(v)] for v in values})
    return kinds[0] if len(kinds) == 1 else kinds


ENUMS: Final[dict[frozenset[Any], str]] = {
    frozenset(values): name
    for name, values in {
        "Status": ("dealing", "finished", "playing"),
        "Signal": ("guindis", "seven"),
        "BotLevel": ("expert", "greedy", "random"),
        "PresetName": ("escoba", "escopa", "escova"),
        "MoveKind": ("claim", "deal", "play"),
        "EntryType": ("created", "deal", "move", "signal"),
        "DealerRotation": ("hand", "round"),
        "InitialTableBonus": ("fifteen", "none", "pairs"),
        "CaptureRule": ("mandatory", "optional"),
        "MissedCapture": ("claimable", "stays"),
        "Validation": ("honor", "strict"),
        "InitialBonusTaker": ("dealer", "mano"),
        "TieAtTarget": ("draw", "play_on", "shared"),
        "LeftoverCards": ("dealer", "mano", "nobody"),
        "PrimeiraFigures": ("count", "ignore"),
    }.items()
}
"""The enums that several members share, named once (a generator makes one type of each)."""


def name_enums(doc: Document) -> None:
    """Replace each shared enum by a reference to its named component."""
    schemas = doc["components"]["schemas"]
    for node in list(_walk(doc)):
        values = node.get("enum")
        if not isinstance(values, list) or len(values) != len(set(values)):
            continue
        name = ENUMS.get(frozenset(values))
        if name is None:
            continue
        schemas.setdefault(name, {"type": "string", "enum": sorted(values)})
        for key in ("type", "enum"):
            node.pop(key, None)
        node["$ref"] = f"#/components/schemas/{name}"


def type_enums(doc: Document) -> None:
    """Give every enum the type of its values (generators type an untyped enum as unknown); but
    `[null]`, a constraint's "left out or null", which generators type `null` by itself."""
    for node in _walk(doc):
        values = node.get("enum")
        if isinstance(values, list) and "type" not in node and values != [None]:
            node["type"] = _enum_type(values)


def close_tuples(schemas: dict[str, Schema]) -> None:
    """A tuple's `items: false` said nothing its `maxItems` does not: generators refuse it."""
    for node in _walk(schemas):
        fixed = node.get("prefixItems")
        if node.get("items") is False and fixed and node.get("maxItems") == len(fixed):
            del node["items"]


def _reached(doc: Document, roots: list[Any]) -> set[str]:
    """The component schemas that `roots` reach, through references."""
    seen: set[str] = set()
    pending = list(roots)
    while pending:
        for node in _walk(pending.pop()):
            name = str(node.get("$ref", "")).rpartition("/")[2]
            if name and name not in seen:
                seen.add(name)
                pending.append(doc["components"]["schemas"][name])
    return seen


def _bodies_and_answers(doc: Document) -> tuple[set[str], set[str]]:
    """The component schemas that request bodies reach, and those that answers reach."""
    operations = [op for ops in doc["paths"].values() for op in ops.values()]
    bodies = [op["requestBody"] for op in operations if "requestBody" in op]
    return _reached(doc, bodies), _reached(doc, [op["responses"] for op in operations])


def request_components(doc: Document) -> set[str]:
    """The component schemas that only request bodies reach."""
    bodies, answers = _bodies_and_answers(doc)
    return bodies - answers


def answer_components(doc: Document) -> set[str]:
    """The component schemas that only answers reach."""
    bodies, answers = _bodies_and_answers(doc)
    return answers - bodies


def always_sent(doc: Document, omitting: set[str]) -> None:
    """An answer's member with a default is always sent (unless its Struct omits defaults,
    named in `omitting`): required, so a generated client needs no check that it is there."""
    schemas = doc["components"]["schemas"]
    for name in answer_components(doc) - omitting:
        schema = schemas[name]
        defaulted = [k for k, v in schema.get("properties", {}).items() if "default" in v]
        if defaulted:
            schema["required"] = [*schema.get("required", []), *defaulted]


def optional_defaults(doc: Document) -> None:
    """A request member with a default is optional: its default goes into its description.

    openapi-typescript makes a member with a `default` required (the server would always send
    it), which is true of answers only; a left-out member's default is the server's business.
    """
    schemas = doc["components"]["schemas"]
    for name in request_components(doc):
        for member in schemas[name].get("properties", {}).values():
            if "default" not in member:
                continue
            default = member.pop("default")
            if default is not None:
                said = f"default `{default}`"
                member["description"] = (
                    f"{member['description']}; {said}" if member.get("description") else said
                )


def header_schemas(doc: Document) -> None:
    """Every response header gets a schema: a string unless the route says more."""
    for ops in doc["paths"].values():
        for op in ops.values():
            for response in op["responses"].values():
                for header in response.get("headers", {}).values():
                    header.setdefault("schema", {"type": "string"})


def declare_security(doc: Document) -> None:
    """Every operation states its security: none (`[]`) unless its route declares one."""
    for ops in doc["paths"].values():
        for op in ops.values():
            op.setdefault("security", [])


EVENT_STREAM: Final = "text/event-stream"


def _event_text(event: dict[str, str]) -> str:
    return "".join(f"{field}: {event[field]}\n" for field in ("id", "event", "data")) + "\n"


def describe_streams(doc: Document) -> None:
    """An event stream's answer, as each reader takes it: a client generator reads the whole
    answer as text (`EventStream`, never one JSON body), and tools before OpenAPI 3.2 (a
    fuzzer) check each event against the schema's object choice, its `StreamEvent`."""
    schemas = doc["components"]["schemas"]
    for ops in doc["paths"].values():
        for op in ops.values():
            for response in op["responses"].values():
                media = response.get("content", {}).get(EVENT_STREAM)
                if media is None or "$ref" not in media["schema"]:
                    continue
                event = media["schema"]
                schemas["EventStream"] = {
                    "title": "EventStream",
                    "description": "Server-Sent Events as text: `id:`, `event:` and `data:` "
                    "lines per event, a blank line after each; comment lines (`:`) and "
                    "`retry:` advice are no events. Its events are `StreamEvent`s.",
                    "type": "string",
                    "contentMediaType": EVENT_STREAM,
                    "contentSchema": {"type": "array", "items": event},
                }
                media["schema"] = {
                    "description": "each event (a `StreamEvent`), or the whole answer as text",
                    "anyOf": [event, {"$ref": "#/components/schemas/EventStream"}],
                }
                for example in media.get("examples", {}).values():
                    example["value"] = _event_text(example["value"])


def ecmascript_patterns(doc: Document) -> None:
    """Every pattern as ECMAScript reads it: the server's closing `\\Z` (Python's end of the
    text) spelled `$`, which means the same there (`service.ledger.patterns`)."""
    for node in _walk(doc):
        if isinstance(node.get("pattern"), str):
            node["pattern"] = published(node["pattern"])


def make_portable(doc: Document, omitting: set[str]) -> None:
    """All of the above, in place; `omitting`: the components whose Struct omits defaults."""
    ecmascript_patterns(doc)
    type_enums(doc)
    name_enums(doc)
    close_tuples(doc["components"]["schemas"])
    always_sent(doc, omitting)
    optional_defaults(doc)
    header_schemas(doc)
    describe_streams(doc)
    declare_security(doc)
    doc["info"]["license"] = LICENSE
    doc["tags"] = TAGS
