"""The terms a game is set up with: seats, player names, seeds and overrides of the rules.

Shared by the API's bodies, the replays and the audits, so each bound is written once.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from engine.rules import Points, PointValue, Rules, SeatNumber
from service.errors import ServiceError

MAX_NAME: Final = 40

Seat = SeatNumber

_PRINTABLE = r"^[^\x00-\x1f\x7f]+$"

BIDI_CONTROLS: Final = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
SEPARATORS: Final = "\u2028\u2029"
CONTROLS: Final = "\x00-\x1f\x7f-\x9f"
INVISIBLE: Final = (
    " \t\u00a0\u00ad\u034f\u115f\u1160\u1680\u180e\u2000-\u200f\u202f\u205f-\u2064"
    "\u3000\u3164\ufeff\uffa0"
)
"""Blanks, zero-width and filler characters: a name must hold something else."""

NAME_PATTERN: Final = f"^(?![{INVISIBLE}]*$)[^{CONTROLS}{BIDI_CONTROLS}{SEPARATORS}]+$"

PlayerName = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_NAME,
        pattern=NAME_PATTERN,
        description="1-40 characters, kept in NFC, with a visible one; no control, "
        "bidirectional or line-separator characters; each seat's own",
    ),
]


BotLevel = Literal["random", "greedy", "expert"]
"""A bot's level (docs/bots.md): the names of `bots.LEVELS`."""


def player_names(names: Sequence[str]) -> tuple[str, ...]:
    """The seats' names in NFC; `ServiceError` (400, naming the seat) for a name that could
    pass for another or for nothing, or one that another seat has already."""
    kept: list[str] = []
    seats: dict[str, int] = {}
    for seat, given in enumerate(names):
        name = unicodedata.normalize("NFC", given)
        same = seats.setdefault(name, seat)
        reason = unfit(name) or (
            f"is the name of seat {same} too; each seat needs its own" if same != seat else None
        )
        if reason is not None:
            field = f"players[{seat}]"
            raise ServiceError("request/invalid", 400, f"{field}: {reason}", field=field)
        kept.append(name)
    return tuple(kept)


def unfit(name: str) -> str | None:
    """Why a name cannot be shown as it is (what `NAME_PATTERN` refuses, said), or None."""
    for kind, chars in (
        ("bidirectional control", BIDI_CONTROLS),
        ("line or paragraph separator", SEPARATORS),
        ("control character", CONTROLS),
    ):
        found = re.search(f"[{chars}]", name)
        if found is not None:
            return f"holds the {kind} U+{ord(found.group()):04X}"
    if re.fullmatch(f"[{INVISIBLE}]*", name):
        return "has no visible character"
    if len(name) > MAX_NAME:
        return f"is longer than {MAX_NAME} characters in NFC"
    return None


Seed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description="1-200 characters of printable text (no control characters)",
    ),
]

ClientSeed = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        pattern=_PRINTABLE,
        description="the client's seed, 1-200 characters of printable text (no control "
        "characters); the shuffle key is `server_seed:client_seed`",
    ),
]

CommitmentId = Annotated[
    str,
    Meta(
        min_length=24,
        max_length=24,
        pattern="^[0-9a-f]{24}$",
        description="a commitment's id from POST /v1/commitments: 24 lowercase hexadecimal "
        "characters",
    ),
]


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
        name, members, module=__name__, namespace=namespace, forbid_unknown_fields=True,
        kw_only=True,
    )  # fmt: skip


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
