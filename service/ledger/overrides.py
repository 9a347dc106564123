"""Overrides of the rules a game is set up with: each option of the engine's `Rules` (but the
number of players), optional, of the same type and bounds, so each bound is written once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from msgspec import UNSET, UnsetType

from engine.rules import Points, PointValue, Rules


class PrimeiraValues(msgspec.Struct, forbid_unknown_fields=True):
    """The primeira value of each rank."""

    A: PointValue
    two: PointValue = msgspec.field(name="2")
    three: PointValue = msgspec.field(name="3")
    four: PointValue = msgspec.field(name="4")
    five: PointValue = msgspec.field(name="5")
    six: PointValue = msgspec.field(name="6")
    seven: PointValue = msgspec.field(name="7")
    Q: PointValue
    J: PointValue
    K: PointValue


def optional_copy(
    name: str, source: type[msgspec.Struct], doc: str, skip: frozenset[str], types: dict[str, Any]
) -> type[msgspec.Struct]:
    """A closed Struct with `source`'s members but `skip`, each optional (UNSET when left out),
    of the same type and bounds unless `types` gives another: so an override is written once."""
    members = [
        (info.name, types.get(info.name, info.type) | UnsetType, UNSET)
        for info in msgspec.structs.fields(source)
        if info.name not in skip
    ]
    namespace = {"__doc__": doc}
    return msgspec.defstruct(
        name,
        members,
        module=__name__,
        namespace=namespace,
        forbid_unknown_fields=True,
        kw_only=True,
    )


class Override(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What the type checker knows of an override built by `optional_copy`."""


if TYPE_CHECKING:
    PointsOverride = Override
    RulesOverride = Override
else:
    PointsOverride = optional_copy(
        "PointsOverride",
        Points,
        "Points per category to override; 0 switches a category off.",
        frozenset(),
        {},
    )
    RulesOverride = optional_copy(
        "RulesOverride",
        Rules,
        "Options that override the preset; any option left out keeps the preset's value.",
        frozenset({"players"}),  # the number of names
        {"points": PointsOverride, "primeira_values": PrimeiraValues},
    )
