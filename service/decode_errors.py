"""msgspec's validation errors read once, as a field and a sentence a person can act on.

msgspec says `Expected `int` >= 1 - at `$.rules.target``; a client should read
`rules.target: must be an integer of at least 1`, and never an internal regular expression.
Every place of the service that decodes untrusted data (the API's bodies and parameters, the
rules a game is created with, the audit) words its errors here; the engine only says which
field msgspec refused (`engine.RulesError.invalid`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final, NamedTuple

import msgspec.inspect as mi

NOUNS: Final[dict[str, str]] = {
    "str": "a string",
    "int": "an integer",
    "float": "a number",
    "bool": "true or false",
    "null": "null",
    "array": "a list",
    "object": "an object",
}
COMPARED: Final[dict[str, str]] = {
    ">=": "at least",
    "<=": "at most",
    ">": "greater than",
    "<": "less than",
}
UNITS: Final[dict[str, str]] = {"str": "characters", "array": "items", "object": "members"}
_GOT = re.compile(r"Expected `(.+?)`, got `(.+?)`")
_BOUND = re.compile(r"Expected `(\w+)` (>=|<=|>|<) (\S+)$")
_LENGTH = re.compile(r"Expected `(\w+)` of length (>=|<=) (\d+)$")
_MISSING = re.compile(r"Object missing required field `(.+)`")
_UNKNOWN = re.compile(r"Object contains unknown field `(.+)`")
_ENUM = re.compile(r"Invalid enum value (.+)")
_PARTS = re.compile(r"\[\d+\]|[^.\[\]]+")


class Invalid(NamedTuple):
    """What is wrong: the dotted field (`rules.target`, `players[1]`; None: the whole value)
    and what it must be, as a template and its values (`must be {kind}, not {kind2}`)."""

    field: str | None
    reason: str
    reasons: dict[str, Any]

    @property
    def problem(self) -> str:
        """What the value must be, in English."""
        return self.reason.format(**self.reasons)

    @property
    def template(self) -> str:
        """The template of a problem's `detail`: `{field}: must be ...`."""
        return "{field}: " + self.reason

    @property
    def params(self) -> dict[str, Any]:
        """The template's values, the field's among them."""
        return {"field": self.field or "body", **self.reasons}

    @property
    def detail(self) -> str:
        """The sentence for a problem's `detail`: `rules.target: must be ...`."""
        return self.template.format(**self.params)


def explain(error: Exception | str, shape: Any = None, field: str | None = None) -> Invalid:
    """Read a msgspec validation message about a value of type `shape` (None: unknown).

    `field` names the value when the message has no path (a header, a query parameter), and
    `shape` is then the type of that value.
    """
    text, _, where = str(error).partition(" - at `$")
    inside = where.rstrip("`").lstrip(".")
    path = inside or field or ""
    node = _at(shape, inside) if shape is not None else None
    for pattern, member in ((_MISSING, True), (_UNKNOWN, False)):
        named = pattern.match(text)
        if named:
            full = _join(path, named.group(1))
            if member:
                return Invalid(full, "is required", {})
            allowed = ", ".join(_members(node)) if node is not None else ""
            if allowed:
                return Invalid(
                    full, "is not a member here; allowed: {allowed}", {"allowed": allowed}
                )
            return Invalid(full, "is not a member here", {})
    return Invalid(path or None, *_sentence(text, node))


def _sentence(text: str, node: Any) -> tuple[str, dict[str, Any]]:
    """What a value must be, from msgspec's words (never its regular expressions): a template
    and its values."""
    if found := _GOT.match(text):
        kinds = {"kind": _nouns(found.group(1)), "kind2": _nouns(found.group(2))}
        return "must be {kind}, not {kind2}", kinds
    if found := _LENGTH.match(text):
        kind, op, size = found.groups()
        said = {"kind": _noun(kind), "compared": COMPARED[op], "size": size}
        return "must be {kind} of {compared} {size} {units}", {
            **said,
            "units": UNITS.get(kind, "items"),
        }
    if found := _BOUND.match(text):
        kind, op, bound = found.groups()
        said = {"kind": _noun(kind), "compared": COMPARED[op], "bound": bound}
        return "must be {kind} {compared} {bound}", said
    if found := _ENUM.match(text):
        allowed = _choices(node) if node is not None else ""
        value = {"value": found.group(1)}
        if allowed:
            return "{value} is not allowed; allowed: {allowed}", {**value, "allowed": allowed}
        return "{value} is not allowed", value
    if "matching regex" in text:
        described = _description(node) if node is not None else None
        if described:
            return "must be {described}", {"described": described}
        return "is not in the form this field allows", {}
    return (text[:1].lower() + text[1:]).replace("{", "{{").replace("}", "}}"), {}


def _noun(kind: str) -> str:
    return NOUNS.get(kind, f"`{kind}`")


def _nouns(kinds: str) -> str:
    return " or ".join(_noun(k.strip()) for k in kinds.split("|"))


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _forms(node: Any) -> Iterator[Any]:
    """The node and what it wraps: an annotation's type, a union's members."""
    yield node
    if isinstance(node, mi.Metadata):
        yield from _forms(node.type)
    elif isinstance(node, mi.UnionType):
        for member in node.types:
            yield from _forms(member)


def _at(shape: Any, path: str) -> Any:
    """The type found at `path` (`rules.points`, `moves[3].seat`) inside `shape`, or None."""
    node: Any = mi.type_info(shape)
    for part in _PARTS.findall(path):
        node = _step(node, part)
        if node is None:
            return None
    return node


def _step(node: Any, part: str) -> Any:
    for form in _forms(node):
        if part.startswith("["):
            if isinstance(form, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
                return form.item_type
        elif isinstance(form, mi.StructType):
            for field in form.fields:
                if field.encode_name == part:
                    return field.type
        elif isinstance(form, mi.DictType):
            return form.value_type
    return None


def _members(node: Any) -> list[str]:
    for form in _forms(node):
        if isinstance(form, mi.StructType):
            return [field.encode_name for field in form.fields]
    return []


def _choices(node: Any) -> str:
    """The values a field allows: its literals, and the kinds of its other forms."""
    literals: list[str] = []
    others: list[str] = []
    for form in _forms(node):
        if isinstance(form, mi.LiteralType):
            literals += [repr(value) for value in form.values]
        elif isinstance(form, mi.IntType):
            low, high = form.ge, form.le
            span = f" from {low} to {high}" if low is not None and high is not None else ""
            others.append(f"an integer{span}")
    return ", ".join(literals + others)


def _description(node: Any) -> str | None:
    for form in _forms(node):
        if isinstance(form, mi.Metadata) and form.extra_json_schema:
            described = form.extra_json_schema.get("description")
            if isinstance(described, str):
                return described
    return None
