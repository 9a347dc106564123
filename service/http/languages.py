"""Problem details in the caller's language: `detail` follows `Accept-Language` when a gettext
catalog (`service/locale/<lang>/LC_MESSAGES/escopa.po`, read with Babel) has the message; the
`code` and `title` stay English for programs.

A catalog's entry is the English detail as a template, its context the problem's code:
`msgctxt "game/not_found"`, `msgid "no game '{game_id}'"`. The detail raised is matched against
the code's templates and its values put in the translation; plural entries count with their
first number (zero with the plural's, "0 segundos", where CLDR's Portuguese rule gives it the
singular). A value the catalog lists in the context `<code>:<name>` is translated too, and a
placeholder with such a list matches only its values (`{kind}` and `{kind2}` share the list of
`<code>:kind`), so `must be {kind} of {compared} {size} {units}` reads a detail one way only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LOCALE: Final = Path(__file__).resolve().parents[1] / "locale"
LANGUAGES: Final = {"pt-br": "pt_BR", "pt": "pt_BR", "es": "es", "it": "it", "en": "en"}
"""The tags `Accept-Language` may name (lower case, a region's base too), and their catalog."""
DOMAIN: Final = "escopa"


@dataclass(frozen=True)
class Template:
    """One catalog entry: its English template, as a pattern capturing the values."""

    message: str
    pattern: re.Pattern[str]


def language(header: str | None) -> str:
    """The catalog for an `Accept-Language` header: its most wanted language we have (a
    region we have no catalog for counts as its base language), else English."""
    wanted: list[tuple[float, int, str]] = []
    for at, item in enumerate((header or "").split(",")):
        tag, _, weight = item.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        tag = tag.strip().lower()
        found = LANGUAGES.get(tag) or LANGUAGES.get(tag.split("-")[0])
        if found and quality > 0:
            wanted.append((-quality, at, found))
    return min(wanted)[2] if wanted else "en"


@cache
def translations(locale: str) -> Translations:
    """A language's catalog, compiled once in memory from its `.po` file."""
    with (LOCALE / locale / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        catalog = read_po(source, locale=locale, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


@cache
def templates() -> dict[str, list[Template]]:
    """The English templates of the catalogs (`escopa.pot`), by problem code, in its order."""
    with (LOCALE / f"{DOMAIN}.pot").open("rb") as source:
        catalog: Catalog = read_po(source)
    messages = [m for m in catalog if m.id and m.context]
    values: dict[str, list[str]] = {}
    for message in messages:
        if ":" in str(message.context):
            values.setdefault(str(message.context), []).append(str(message.id))
    found: dict[str, list[Template]] = {}
    for message in messages:
        code = str(message.context)
        if ":" in code:
            continue
        english = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
        choices = {name: values.get(f"{code}:{kind(name)}", []) for name in names(english)}
        found.setdefault(code, []).append(Template(english, pattern(english, choices)))
    return found


def kind(name: str) -> str:
    """The kind of value a placeholder holds: its name without a trailing number."""
    return name.rstrip("0123456789")


def names(template: str) -> list[str]:
    """A template's placeholders, in order."""
    return re.findall(r"\{(\w+)\}", template)


def pattern(template: str, choices: dict[str, list[str]] | None = None) -> re.Pattern[str]:
    """A template as a pattern: each `{name}` captures one of its `choices` (the longest
    first), or any value when it has none; the rest is literal."""
    parts = re.split(r"\{(\w+)\}", template)
    literal = parts[0::2]
    groups = []
    for name in parts[1::2]:
        listed = sorted((choices or {}).get(name, []), key=len, reverse=True)
        either = "|".join(re.escape(value) for value in listed)
        groups.append(f"(?P<{name}>{either or '.+?'})")
    body = "".join(re.escape(text) + g for text, g in zip(literal, [*groups, ""], strict=True))
    return re.compile(body, re.DOTALL)


def localized(code: str, detail: str, header: str | None) -> tuple[str, str]:
    """The detail in the language the header asks for, and that language's tag (`en` when no
    catalog has this detail)."""
    locale = language(header)
    if locale == "en":
        return detail, "en"
    for template in templates().get(code, []):
        matched = template.pattern.fullmatch(detail)
        if matched:
            text = translated(locale, code, template.message, matched.groupdict())
            if text is not None:
                return text, locale.replace("_", "-")
    return detail, "en"


def translated(locale: str, code: str, message: str, values: dict[str, str]) -> str | None:
    """A template's translation with its values (each one translated when the catalog has it),
    or None when the catalog lacks it."""
    words = translations(locale)
    said = {name: str(words.pgettext(f"{code}:{kind(name)}", v)) for name, v in values.items()}
    numbers = [int(value) for value in values.values() if value.isdigit()]
    text = message
    if numbers:  # a plural entry: its form for the first number, zero taking the plural's
        text = str(words.npgettext(code, message, message, numbers[0] or 2))
    if text == message:
        text = str(words.pgettext(code, message))
    return None if text == message else text.format(**said)
