"""Each language's glossary (`docs/glossary/<lang>.md`) and its catalogs agree: every term the
glossary lists is said in that language's catalogs (the web pages', the service's problem
details, the terminal game's), and no word it rules out is said in any of them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service.http.languages import registered
from tests.harness.english import said_in

ROOT = Path(__file__).resolve().parents[1]
GLOSSARIES = ROOT / "docs" / "glossary"
LANGUAGES = {one["tag"]: one["catalog"] for one in registered() if one["tag"] != "en"}
"""The pages' tag of each language, and its gettext catalogs' locale."""


def entries(lang: str) -> list[tuple[str, str, list[str]]]:
    """The glossary's rows: the English concept, the term, the words not to say."""
    rows = []
    for line in (GLOSSARIES / f"{lang}.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or set(cells[1]) <= set("-") or not line.startswith("|"):
            continue
        concept, term, ruled_out = cells
        rows.append((concept, term, [word.strip() for word in ruled_out.split(",") if word]))
    return rows[1:]  # the header's row left out


def said(lang: str) -> str:
    """Everything the language's three catalogs say, one message a line."""
    locale = LANGUAGES[lang]
    pages = json.loads((ROOT / f"service/http/web/static/locales/{lang}.json").read_text())
    messages = list(pages.values())
    for po in (
        ROOT / f"service/locale/{locale}/LC_MESSAGES/escopa.po",
        ROOT / f"clients/python/escopa_client/locale/{locale}/LC_MESSAGES/escopa_client.po",
    ):
        with po.open("rb") as source:
            for message in read_po(source, locale=locale):
                if message.id:
                    forms = message.string
                    messages += list(forms) if isinstance(forms, tuple) else [forms]
    return "\n".join(messages)


def ruled_out_in(word: str, text: str) -> list[str]:
    """Where a ruled-out word (`lance*`: any word it starts) is said in `text`, in any case;
    not in code nor in a message's argument names (`capture`, a member of the API's JSON, and
    `{capture, select, ...}` are no words of the language)."""
    words = re.sub(r"`[^`]*`|\{\w+(?:, (?:select|plural|number)|\})", "", text)
    stem = re.escape(word.rstrip("*")) + (r"\w*" if word.endswith("*") else "")
    return re.findall(rf"(?<!\w){stem}(?!\w)", words, re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_term_is_said_in_the_languages_catalogs(lang: str) -> None:
    text = said(lang)
    rows = entries(lang)
    assert len(rows) > 40, "cards, moves and scoring words"
    assert [(concept, term) for concept, term, _ in rows if not said_in(term, text)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_word_a_glossary_rules_out_is_said_in_the_languages_catalogs(lang: str) -> None:
    text = said(lang)
    found = {word: ruled_out_in(word, text) for _, _, out in entries(lang) for word in out}
    assert {word: where for word, where in found.items() if where} == {}


def test_a_ruled_out_word_is_found_as_a_word_or_a_stem() -> None:
    assert ruled_out_in("lance*", "o primeiro lance; dois Lances") == ["lance", "Lances"]
    assert ruled_out_in("saguão", "no saguão, não em saguãozinho") == ["saguão"]
    assert ruled_out_in("experto", "especialista, inexperto") == []
    assert ruled_out_in("captur*", "`capture` vai com `card`") == [], "code is no word"
    assert ruled_out_in("captur*", "{capture, select, other {{capture}}}") == []
