"""The names players take at the seats: kept as given (in NFC) when they show something,
refused when they hold what could hide or disguise them, or look the same as another seat's.

Shared by the API's bodies, the replays and the audits, so each bound is written once.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Annotated, Any, Final

from msgspec import Meta

from service.errors import ServiceError
from service.ledger.patterns import full

MAX_NAME: Final = 40

BIDI_CONTROLS: Final = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
SEPARATORS: Final = "\u2028\u2029"
CONTROLS: Final = "\x00-\x1f\x7f-\x9f"
INVISIBLE: Final = (
    " \t\u00a0\u00ad\u034f\u115f\u1160\u1680\u180e\u2000-\u200f\u202f\u205f-\u2064"
    "\u3000\u3164\ufeff\uffa0"
)
"""Blanks, zero-width and filler characters: a name must hold something else."""

NAME_PATTERN: Final = full(f"^(?![{INVISIBLE}]*$)[^{CONTROLS}{BIDI_CONTROLS}{SEPARATORS}]+$")

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


DEFAULT_IGNORABLE: Final = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
"""The ranges of Unicode's derived property Default_Ignorable_Code_Point (DerivedCoreProperties
.txt, Unicode 15.1): code points a renderer shows as nothing when it has no glyph for them
(soft hyphen, joiners, fillers, variation selectors, tags...). `unicodedata` has no such
property, so the ranges are written down once here."""

_IGNORABLE: Final = re.compile(
    "[" + "".join(f"\\U{low:08x}-\\U{high:08x}" for low, high in DEFAULT_IGNORABLE) + "]"
)
BLANK_SYMBOLS: Final = frozenset("\u2800")
"""Symbols drawn as an empty cell (the braille pattern blank), though not ignorable."""


def shows_something(name: str) -> bool:
    """Whether a name holds a letter, digit, punctuation or symbol that is drawn: not only
    blanks, marks, format characters or default-ignorable code points."""
    return any(
        unicodedata.category(char)[0] in "LNPS"
        and char not in BLANK_SYMBOLS
        and not _IGNORABLE.match(char)
        for char in name
    )


def name_key(name: str) -> str:
    """What a name looks like, to compare two: without default-ignorable code points, in NFKC,
    case-folded (Unicode's NFKC_Casefold) and without blanks at its ends."""
    folded = unicodedata.normalize("NFKC", _IGNORABLE.sub("", name)).casefold()
    return unicodedata.normalize("NFKC", folded).strip()


def shown_name(given: str, field: str) -> str:
    """`given` in NFC, if it can be shown; else `ServiceError` naming `field`: 422
    `name/invalid` for what the schema's pattern refuses (a name given where no pattern
    checked it first: a tournament's, its entrants'), 422 `name/invisible` for a name that
    shows nothing."""
    name = unicodedata.normalize("NFC", given)
    reason = unfit(name)
    if reason is not None:
        template, params = reason
        raise ServiceError("name/invalid", 422, "{field}: " + template, field=field, **params)
    if not shows_something(name):
        raise ServiceError(
            "name/invisible",
            422,
            "{field}: {name} shows nothing: it holds no letter, digit, punctuation or symbol that "
            "is drawn (only blanks, marks or invisible characters)",
            field=field,
            name=repr(name),
        )
    return name


def lookalike(name: str, others: Sequence[str]) -> int | None:
    """The seat among `others` (open seats: empty) whose name looks the same as `name`."""
    key = name_key(name)
    same = [seat for seat, other in enumerate(others) if other and name_key(other) == key]
    return same[0] if same else None


def player_names(names: Sequence[str], where: str = "players") -> tuple[str, ...]:
    """The seats' names in NFC (open seats: empty); `ServiceError` naming the seat (as
    `where[n]`) for a name that cannot be shown (`shown_name`), or that looks the same as an
    earlier seat's (422 `name/lookalike`): a seat could pass for another."""
    kept: list[str] = []
    for seat, given in enumerate(names):
        field = f"{where}[{seat}]"
        name = shown_name(given, field) if given else ""
        same = lookalike(name, kept) if name else None
        if same is not None:
            template, params = twin(name, same, kept[same])
            raise ServiceError("name/lookalike", 422, template, field=field, **params)
        kept.append(name)
    return tuple(kept)


def twin(name: str, seat: int, other: str) -> tuple[str, dict[str, Any]]:
    """Why `name` cannot sit beside seat `seat`'s `other` (a template naming `{field}`, and its
    values): the same name, said plainly, or one that only looks the same, said how it was
    compared."""
    params: dict[str, Any] = {"name": repr(name), "same": seat, "other": repr(other)}
    if name == other:
        return (
            "{field}: {name} is seat {same}'s name already; each seat needs a name of its own",
            params,
        )
    return (
        "{field}: {name} looks the same as seat {same}'s name {other} (compared without "
        "invisible characters, in NFKC and ignoring case); each seat needs a name of its own",
        params,
    )


def unfit(name: str) -> tuple[str, dict[str, Any]] | None:
    """Why a name cannot be shown as it is (what `NAME_PATTERN` refuses, said: a template and
    its values), or None."""
    for kind, chars in (
        ("bidirectional control", BIDI_CONTROLS),
        ("line or paragraph separator", SEPARATORS),
        ("control character", CONTROLS),
    ):
        found = re.search(f"[{chars}]", name)
        if found is not None:
            return f"holds the {kind} U+{{code}}", {"code": f"{ord(found.group()):04X}"}
    if re.fullmatch(f"[{INVISIBLE}]*", name):
        return "has no visible character", {}
    if len(name) > MAX_NAME:
        return "is longer than {count} characters in NFC", {"count": MAX_NAME}
    return None
