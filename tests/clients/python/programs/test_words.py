"""`escopa play` in the player's language: chosen by `--lang`, else the environment's; every
message of the template in every gettext catalog, with its placeholders and plural forms; the
board and the score said in the region's words."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel import Locale
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from escopa_client.programs.screen import board, level_word, outcome_text
from escopa_client.programs.words import LANGUAGES, LOCALE, REGISTRY, _, ngettext, pick, speak
from service.http.languages import REGISTRY as SERVICE_REGISTRY
from service.http.languages import registered
from tests.clients.python.programs.test_terminal import game_view, text_of

CATALOGS = ("pt_BR", "es", "it")


@pytest.fixture
def spoken() -> Iterator[None]:
    """Whatever a test speaks, English again after it."""
    yield
    speak("en")


@pytest.mark.parametrize(
    ("asked", "environ", "chosen"),
    [
        ("pt-BR", {"LANG": "it_IT.UTF-8"}, "pt_BR"),
        (None, {"LANG": "es_AR.UTF-8"}, "es"),
        (None, {"LANGUAGE": "de:it", "LANG": "pt_BR.UTF-8"}, "it"),
        (None, {"LC_ALL": "C.UTF-8", "LANG": "pt_PT.UTF-8"}, "pt_BR"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_language_is_asked_or_the_environments_else_english(
    asked: str | None, environ: dict[str, str], chosen: str
) -> None:
    assert pick(asked, environ) == chosen


@pytest.mark.parametrize("locale", CATALOGS)
def test_every_message_is_in_every_catalog_with_its_placeholders(locale: str) -> None:
    with (LOCALE / "escopa_client.pot").open("rb") as source:
        template = {str(m.id) for m in read_po(source) if m.id}
    with (LOCALE / locale / "LC_MESSAGES" / "escopa_client.po").open("rb") as source:
        catalog = read_po(source, locale=locale)
    assert {str(m.id) for m in catalog if m.id} == template
    for message in catalog:
        if not message.id:
            continue
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            assert form, (locale, english)
            assert set(re.findall(r"\{[^}]*\}", form)) == set(re.findall(r"\{[^}]*\}", english))


@pytest.mark.usefixtures("spoken")
def test_the_board_is_said_in_brazilian_portuguese_and_the_score_in_italian() -> None:
    speak("pt_BR")
    shown = text_of(board(game_view(), 0, "french"))
    assert "sua mão" in shown and "vez de: você" in shown
    assert "E (especialista) jogou 4♥ e levou A♠" in shown, "a bot's level in its words too"
    assert "your hand" not in shown
    speak("it")
    assert ngettext("after {count} round", "after {count} rounds", 1) == "dopo {count} mano"
    assert ngettext("after {count} round", "after {count} rounds", 4) == "dopo {count} mani"
    view = game_view()
    outcome = view.to_dict() | {
        "outcome": {"winner": 0, "seats": [0], "totals": [21, 9], "rounds": 4, "result": "won"}
    }
    final = type(view).from_dict(outcome).outcome
    assert final is not None
    assert outcome_text(final, view, 0) == "partita finita: vinci 21-9 dopo 4 mani"


@pytest.mark.usefixtures("spoken")
@pytest.mark.parametrize(
    ("locale", "hand"),
    [("es", "7 oros, K bastos"), ("pt_BR", "7 ouros, K paus"), ("it", "7 denari, K bastoni")],
)
def test_the_naipes_are_said_in_the_players_language_and_the_labels_stay_apart(
    locale: str, hand: str
) -> None:
    speak(locale)
    shown = text_of(board(game_view(), 0, "spanish"))
    assert hand in shown
    last = re.escape(_("last move"))
    expert = re.escape(level_word("expert"))
    assert re.search(rf"{last} +E \({expert}\) ", shown), "a long label still has a space after it"


def test_the_template_holds_every_message_the_terminal_says() -> None:
    """A message said through `_` or `ngettext` and missing from the template would be said in
    English in every language: the template is what `pybabel extract` finds (docs/terminal.md)."""
    programs = LOCALE.parent / "programs"
    keywords = {"_": None, "ngettext": (1, 2)}
    found = {
        message if isinstance(message, str) else message[0]
        for _file, _line, message, _comments, _context in extract_from_dir(
            programs, keywords=keywords
        )
    }
    with (LOCALE / "escopa_client.pot").open("rb") as source:
        template = {
            str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(source) if m.id
        }
    assert sorted(found - template) == [], "said, and in no catalog"
    assert sorted(template - found) == [], "in the catalogs, and said nowhere"


@pytest.mark.usefixtures("spoken")
@pytest.mark.parametrize("locale", [*CATALOGS, "en"])
def test_zero_takes_the_plural_in_every_language(locale: str) -> None:
    """CLDR's rule (Babel's) calls 2 the plural, `other`, in each language, and zero takes its
    form: "0 cartas" in Português, where CLDR's Portuguese rule gives zero the singular."""
    assert Locale.parse(locale).plural_form(2) == "other"
    speak(locale)
    with (LOCALE / "escopa_client.pot").open("rb") as source:
        counting = [m.id for m in read_po(source) if isinstance(m.id, tuple)]
    assert counting, "the catalogs have messages that count"
    for singular, plural in counting:
        assert ngettext(singular, plural, 0) == ngettext(singular, plural, 2), singular
    if locale == "pt_BR":
        assert (
            ngettext("after {count} round", "after {count} rounds", 0)
            == "depois de {count} rodadas"
        )


def test_the_client_holds_a_copy_of_the_services_list_of_languages() -> None:
    """The separately installed client reads its own copy (`make languages` makes it)."""
    assert REGISTRY.read_bytes() == SERVICE_REGISTRY.read_bytes()
    for one in registered():
        catalog = one["catalog"]
        assert catalog == "en" or (LOCALE / catalog / "LC_MESSAGES" / "escopa_client.po").is_file()
        assert LANGUAGES[one["tag"].lower().replace("-", "_")] == catalog
