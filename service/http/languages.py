"""Problem details in the caller's language: `detail` follows `Accept-Language` when a gettext
catalog (`service/locale/<lang>/LC_MESSAGES/escopa.po`, read with Babel) has the message; the
`code` and `title` stay English for programs.

A problem carries its code, its English template and the template's values; the template is
the catalog's key, its context the problem's code: `msgctxt "game/not_found"`,
`msgid "no game '{game_id}'"`. The translation is formatted with the same values. A plural
entry counts with the template's first whole-number value (zero with the plural's form, "0
segundos", where CLDR's Portuguese rule gives it the singular). A value the catalog lists in
the context `<code>:<name>` is translated too (`{kind}` and `{kind2}` share `<code>:kind`).
A template no catalog entry has is said in English, and logged once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path
from string import Formatter
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from service.http.web import STATIC

LOCALE: Final = Path(__file__).resolve().parents[1] / "locale"
REGISTRY: Final = STATIC / "languages.json"
"""The one list of languages: the service, the pages and the terminal client read it."""
DOMAIN: Final = "escopa"


def registered(registry: Path = REGISTRY) -> list[dict[str, str]]:
    """The registry's languages, in its order: each one's `tag`, `catalog` and `name`."""
    languages = json.loads(registry.read_text(encoding="utf-8"))["languages"]
    return [{key: str(value) for key, value in one.items()} for one in languages]


def tags(registry: Path = REGISTRY) -> dict[str, str]:
    """The tags `Accept-Language` may name (lower case, a region's base too), and their
    catalog, from the registry of languages."""
    found = {one["tag"].lower(): one["catalog"] for one in registered(registry)}
    for tag, catalog in list(found.items()):
        found.setdefault(tag.split("-")[0], catalog)
    return found


LANGUAGES: Final = tags()
log = logging.getLogger("escopa")


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
def templates() -> dict[str, list[str]]:
    """The English templates of the catalogs (`escopa.pot`), by problem code, in its order."""
    with (LOCALE / f"{DOMAIN}.pot").open("rb") as source:
        catalog: Catalog = read_po(source)
    found: dict[str, list[str]] = {}
    for message in catalog:
        code = str(message.context or "")
        if message.id and code and ":" not in code:
            english = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            found.setdefault(code, []).append(str(english))
    return found


def kind(name: str) -> str:
    """The kind of value a placeholder holds: its name without a trailing number."""
    return name.rstrip("0123456789")


def names(template: str) -> list[str]:
    """A template's placeholders, in order."""
    return [name for _, name, _, _ in Formatter().parse(template) if name]


def localized(
    code: str,
    template: str,
    params: Mapping[str, object],
    header: str | None,
    *,
    raised: bool = True,
) -> tuple[str, str]:
    """The detail in the language the header asks for, and that language's tag (`en` when no
    catalog has this template). `raised`: the template is one the code raises, logged when no
    catalog has it (not a sentence made elsewhere, such as the framework's)."""
    english = template.format(**params)
    locale = language(header)
    if locale == "en":
        return english, "en"
    if template not in templates().get(code, []):
        if raised:
            _untranslated(code, template)
        return english, "en"
    text = translated(locale, code, template, params)
    return (english, "en") if text is None else (text, locale.replace("_", "-"))


@lru_cache(maxsize=1024)
def _untranslated(code: str, template: str) -> None:
    """Say once that a template has no catalog entry (reworded without its catalogs)."""
    log.warning("no catalog entry for %s %r: said in English", code, template)


def translated(locale: str, code: str, template: str, params: Mapping[str, object]) -> str | None:
    """A template's translation with its values (each text value translated when the catalog
    lists it), or None when the catalog lacks it."""
    words = translations(locale)
    said = {
        name: str(words.pgettext(f"{code}:{kind(name)}", value))
        if isinstance(value, str)
        else value
        for name, value in params.items()
    }
    count = counted(template, params)
    text = template
    if count is not None:  # a plural entry: its form for the count, zero taking the plural's
        text = str(words.npgettext(code, template, template, count or 2))
    if text == template:
        text = str(words.pgettext(code, template))
    return None if text == template else text.format(**said)


def counted(template: str, params: Mapping[str, object]) -> int | None:
    """The template's first whole-number value: the count a plural form follows."""
    for name in names(template):
        value = params.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
