"""The terminal game's words in the player's language: one gettext catalog per language
(`escopa_client/locale/<lang>/LC_MESSAGES/escopa_client.po`, read with Babel), chosen by
`--lang`, else the environment's `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG`, else English.
The messages are the English words themselves (`_("your hand")`), as gettext has them."""

from __future__ import annotations

import gettext
import json
from collections.abc import Mapping
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE: Final = Path(__file__).resolve().parents[1] / "locale"
REGISTRY: Final = Path(__file__).resolve().parents[1] / "languages.json"
"""The service's list of languages, copied into this package (`make languages`)."""
DOMAIN: Final = "escopa_client"


def tags(registry: Path = REGISTRY) -> dict[str, str]:
    """The languages there are catalogs for (English is the messages themselves), by tag as
    the environment writes it (`pt_br`; a region's base too)."""
    languages = json.loads(registry.read_text(encoding="utf-8"))["languages"]
    found = {str(one["tag"]).lower().replace("-", "_"): str(one["catalog"]) for one in languages}
    for tag, catalog in list(found.items()):
        found.setdefault(tag.split("_")[0], catalog)
    return found


LANGUAGES: Final = tags()
_spoken: list[gettext.NullTranslations] = [gettext.NullTranslations()]


def pick(asked: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: `asked` (`--lang`), else the first the environment names that we
    have (`pt_BR.UTF-8`, `es:en`), else English; a region we lack counts as its language."""
    names = [asked] if asked else []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        names += environ.get(variable, "").split(":")
    for name in names:
        tag = (name or "").split(".")[0].replace("-", "_").lower()
        found = LANGUAGES.get(tag) or LANGUAGES.get(tag.split("_")[0])
        if found:
            return found
    return "en"


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """A language's catalog, compiled once in memory from its `.po` file."""
    if language == "en":
        return gettext.NullTranslations()
    with (LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        messages = read_po(source, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def speak(language: str) -> None:
    """Say everything from now on in `language` (a key of the catalogs, or `en`)."""
    _spoken[0] = catalog(language)


def _(message: str) -> str:
    """A message in the language spoken."""
    return _spoken[0].gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """A message that counts, in the language spoken and its plural forms (the catalog's, which
    Babel writes from CLDR), zero taking the plural (`plural_count`)."""
    return _spoken[0].ngettext(singular, plural, plural_count(count))


def plural_count(count: int) -> int:
    """The count whose plural form `count` takes: itself, but zero takes the form of 2, the
    plural (CLDR's `other`) in every language spoken here, where CLDR's Portuguese rule gives
    zero the singular and Brazil says "0 cartas"."""
    return 2 if count == 0 else count
