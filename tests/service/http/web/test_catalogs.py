"""The web pages' catalogs (`static/locales/<lang>.json`, ICU MessageFormat): every key in every
language, each message well formed with the same arguments as the English one, plurals with an
`other` branch, and every key the pages name present."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.http.web import STATIC
from tests.harness.pages import LANGUAGES, catalogs

CATALOGS = catalogs()
ENGLISH: dict[str, str] = CATALOGS["en"]


def arguments(message: str) -> set[str]:
    """The message's arguments as `name` or `name:type`, its plural and select branches checked:
    braces balance, and each plural or select has an `other` branch. Raises ValueError."""
    found: set[str] = set()
    depth, start, quoted = 0, 0, False
    for at, char in enumerate(message):
        if char == "'" and message[at + 1 : at + 2] in ("{", "}"):
            quoted = True
        elif char == "'" and quoted:
            quoted = False
        elif quoted:
            continue
        elif char == "{":
            depth += 1
            if depth == 1:
                start = at
        elif char == "}":
            depth -= 1
            if depth < 0:
                raise ValueError(f"an unopened brace in {message!r}")
            if depth == 0:
                found |= argument(message[start + 1 : at])
    if depth:
        raise ValueError(f"an unclosed brace in {message!r}")
    return found


def argument(body: str) -> set[str]:
    """One `{…}`: its name (and type), and the arguments inside its branches."""
    name, _, rest = body.partition(",")
    kind, _, options = rest.partition(",")
    kind = kind.strip()
    if not kind:
        return {name.strip()}
    if kind not in ("number", "plural", "select"):
        raise ValueError(f"unknown argument type {kind!r} in {{{body}}}")
    found = {f"{name.strip()}:{kind}"}
    if kind == "number":
        return found
    branches = re.findall(r"([=\w-]+)\s*\{", options)
    if "other" not in branches:
        raise ValueError(f"{{{body}}} has no other branch")
    inner = re.sub(r"([=\w-]+)\s*\{", "{", options)  # each branch as a plain group
    for branch in re.findall(r"\{((?:[^{}]|\{[^{}]*\})*)\}", inner):
        found |= arguments(branch)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_english_key_and_no_other(lang: str) -> None:
    assert sorted(set(ENGLISH) - set(CATALOGS[lang])) == [], "missing"
    assert sorted(set(CATALOGS[lang]) - set(ENGLISH)) == [], "not in the English catalog"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_message_is_well_formed_with_the_english_messages_arguments(lang: str) -> None:
    for key, message in CATALOGS[lang].items():
        assert message.strip(), f"{lang} {key} is empty"
        assert arguments(message) == arguments(ENGLISH[key]), f"{lang} {key}: {message!r}"


def test_a_message_without_an_other_branch_or_with_an_open_brace_is_refused() -> None:
    with pytest.raises(ValueError, match="no other branch"):
        arguments("{n, plural, one {# card}}")
    with pytest.raises(ValueError, match="unclosed"):
        arguments("{who played")
    assert arguments("'{id}' {n, plural, one {# of {who}} other {#}}") == {"n:plural", "who"}


def named_keys(static: Path) -> tuple[set[str], set[str]]:
    """The keys the pages name: whole (`t("play.hint")`, `data-i18n="…"`, a sentence of
    verify.js: `"verify.chain.order"`) and as a prefix of a key built from a value
    (`t(`card.rank.${rank}`)`, `named("level.name", level)`)."""
    code = "\n".join(path.read_text() for path in sorted(static.glob("*.js")))
    html = "\n".join(path.read_text() for path in sorted(static.glob("*.html")))
    whole = set(re.findall(r"\bt\(\"([\w.]+)\"", code))
    whole |= set(re.findall(r"data-i18n[\w-]*=\"([\w.]+)\"", html))
    whole |= set(re.findall(r"\"(verify\.[\w.]+)\"", code))
    prefixes = set(re.findall(r"\b(?:t|has)\(`([\w.]+)\$\{", code))
    prefixes |= set(re.findall(r"`((?:verify|clock)\.[\w.]+)\$\{", code))
    prefixes |= {f"{prefix}." for prefix in re.findall(r"\bnamed\(\"([\w.]+)\"", code)}
    return whole, prefixes


def test_every_key_the_pages_name_is_in_the_catalogs() -> None:
    whole, prefixes = named_keys(STATIC)
    assert len(whole) > 200, "the pages name their words by key"
    assert sorted(whole - set(ENGLISH)) == []
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in ENGLISH), prefix


def selected(message: str, value: str) -> str:
    """A message that is one select (`{x, select, a {…} other {…}}`) worded for `value`."""
    branches = dict(re.findall(r"([\w-]+) \{([^{}]*)\}", message.split(",", 2)[2]))
    return branches.get(value, branches["other"])


# Each check's status agrees with the check's name in gender and number, as it is said there.
AGREED = {
    "pt-BR": {"chain": "aprovada", "seed": "aprovado", "deals": "aprovadas", "signals": "aprovados",
              "clock": "aprovado", "life": "aprovados", "over": "aprovado", "cards": "aprovadas",
              "seen": "aprovado", "signature": "aprovada", "export": "aprovada"},
    "es": {"chain": "correcta", "seed": "correcto", "deals": "correctos", "signals": "correctas",
           "clock": "correcto", "life": "correctos", "over": "correcto", "cards": "correctas",
           "seen": "correcto", "signature": "correcta", "export": "correcta"},
    "it": {"chain": "superata", "seed": "superato", "deals": "superate", "signals": "superati",
           "clock": "superato", "life": "superati", "over": "superata", "cards": "superate",
           "seen": "superato", "signature": "superata", "export": "superata"},
}  # fmt: skip


@pytest.mark.parametrize("lang", AGREED)
def test_a_checks_status_agrees_with_the_checks_name(lang: str) -> None:
    passed = CATALOGS[lang]["check.status.passed"]
    assert {check: selected(passed, check) for check in AGREED[lang]} == AGREED[lang]
