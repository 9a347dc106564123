"""Problem details in the caller's language: `detail` follows `Accept-Language` when a gettext
catalog has it, `code` and `title` stay English; every template is in every catalog with its
placeholders, plurals take the language's form."""

from __future__ import annotations

import ast
import logging
import re
from http import HTTPStatus
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service.http.languages import LANGUAGES, LOCALE, language, localized, registered, templates
from service.http.web import STATIC
from tests.harness.api import Client, Json, assert_problem, create_game

CATALOGS = ("pt_BR", "es", "it")


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        (None, "en"),
        ("pt-BR,pt;q=0.9,en;q=0.8", "pt_BR"),
        ("es-AR,es;q=0.9", "es"),
        ("de-DE, it;q=0.4, en;q=0.3", "it"),
        ("fr, en;q=0.9, es;q=0.8", "en"),
        ("it;q=0, es;q=0.1", "es"),
        ("*", "en"),
        ("pt;q=abc, it", "it"),
    ],
)
def test_the_most_wanted_language_with_a_catalog_is_chosen(header: str | None, chosen: str) -> None:
    assert language(header) == chosen


@pytest.mark.parametrize("locale", CATALOGS)
def test_every_template_is_translated_in_every_catalog_with_its_placeholders(locale: str) -> None:
    with (LOCALE / "escopa.pot").open("rb") as source:
        template = {(m.context, str(m.id)) for m in read_po(source) if m.id}
    with (LOCALE / locale / "LC_MESSAGES" / "escopa.po").open("rb") as source:
        catalog = read_po(source, locale=locale)
    assert {(m.context, str(m.id)) for m in catalog if m.id} == template
    for message in catalog:
        if not message.id:
            continue
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(forms) == (catalog.num_plurals if isinstance(message.id, tuple) else 1)
        for form in forms:
            assert form, (locale, english)
            assert set(re.findall(r"\{\w+\}", form)) == set(re.findall(r"\{\w+\}", english))


@pytest.mark.parametrize(
    ("header", "seconds", "said"),
    [
        ("it", 1, "riprova tra 1 secondo"),
        ("it", 30, "riprova tra 30 secondi"),
        ("pt-BR", 1, "tente de novo em 1 segundo"),
        ("pt-BR", 0, "tente de novo em 0 segundos"),  # zero takes the plural
        ("es", 2, "vuelve a intentarlo en 2 segundos"),
    ],
)
def test_a_count_takes_the_languages_plural_form_and_its_words_are_translated(
    header: str, seconds: int, said: str
) -> None:
    template = "too many {what} from this client; retry in {retry_after} s"
    params = {"what": "hints", "retry_after": seconds}
    text, spoken = localized("rate/limited", template, params, header)
    assert said in text and "hints" not in text
    assert spoken == {"it": "it", "pt-BR": "pt-BR", "es": "es"}[header]


def test_a_reworded_template_no_catalog_has_is_said_in_english_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    reworded = "there is no game '{game_id}' here"
    with caplog.at_level(logging.WARNING, logger="escopa"):
        said = localized("game/not_found", reworded, {"game_id": "g1"}, "it")
    assert said == ("there is no game 'g1' here", "en")
    assert any(reworded in record.getMessage() for record in caplog.records)
    kept = localized("game/not_found", "no game '{game_id}'", {"game_id": "g1"}, "it")
    assert kept[1] == "it" and "g1" in kept[0] and "no game" not in kept[0]


def test_a_sentence_made_elsewhere_without_an_entry_is_english_and_not_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    framework = "players: a; rules: b"
    with caplog.at_level(logging.WARNING, logger="escopa"):
        said = localized("request/invalid", framework, {}, "es", raised=False)
    assert said == (framework, "en")
    assert not [record for record in caplog.records if framework in record.getMessage()]


async def test_an_unknown_game_is_told_in_portuguese_its_code_and_title_in_english(
    client: Client,
) -> None:
    response = await client.get("/v1/games/nosuchgame", headers={"Accept-Language": "pt-BR"})
    problem = assert_problem(response, 404, "game/not_found")
    assert problem["detail"] == "não existe o jogo 'nosuchgame'"
    assert problem["title"] == "Not found"
    assert response.headers["content-language"] == "pt-BR"
    english = await client.get("/v1/games/nosuchgame")
    assert assert_problem(english, 404, "game/not_found")["detail"] == "no game 'nosuchgame'"
    assert "content-language" not in english.headers


async def test_a_move_out_of_turn_and_a_stale_version_are_told_in_spanish_and_italian(
    client: Client,
) -> None:
    game = await create_game(client)
    turn = (await game.view())["turn"]
    other = 1 - turn
    headers = game.auth(other) | {"Accept-Language": "es-ES,es;q=0.9"}
    legal = await client.get(f"{game.url}/legal-moves", headers=game.auth(turn))
    move = {"expected_version": 1, "move": legal.json()["moves"][0]["id"]}
    response = await client.post(f"{game.url}/moves", json=move, headers=headers)
    problem = assert_problem(response, 409, "move/not_your_turn")
    assert problem["detail"] == f"es el turno del puesto {turn}, no del puesto {other}"
    stale = {"expected_version": 7, "move": move["move"]}
    headers = game.auth(turn) | {"Accept-Language": "it"}
    response = await client.post(f"{game.url}/moves", json=stale, headers=headers)
    problem = assert_problem(response, 409, "game/version_conflict")
    assert problem["detail"] == ("expected_version 7 è superata: la partita è alla versione 1")


ROOT = Path(__file__).resolve().parents[3]
MEDIA_TYPES = frozenset({"application/json", "text/html"})
"""Strings shaped like a problem code that are media types."""
UNRAISED = frozenset({"engine/error"})
"""`EngineError`'s class default: every raise names its own code."""


def source_strings() -> list[str]:
    """Every string engine/ and service/ write: constants, and f-strings' literal parts."""
    found = []
    for package in ("engine", "service"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.append(node.value)
    return found


def defined_codes() -> set[str]:
    """The problem codes the service defines: every string shaped `area/name` in its code."""
    shaped = {text for text in source_strings() if re.fullmatch(r"[a-z]+/[a-z_]+", text)}
    return shaped - MEDIA_TYPES - UNRAISED


def test_every_problem_code_the_service_defines_has_a_detail_in_the_catalogs() -> None:
    codes = defined_codes()
    assert {"game/not_found", "move/capture_required", "webhook/url_invalid"} <= codes
    assert sorted(codes - set(templates())) == []


def test_every_catalog_entry_says_words_the_service_says() -> None:
    """A detail reworded in the code, and not in the catalogs, fails here (the status phrases
    are the framework's details)."""
    said = " ".join([*source_strings(), *(status.phrase for status in HTTPStatus)])
    words = set(re.findall(r"[A-Za-z]{3,}", said))
    with (LOCALE / "escopa.pot").open("rb") as source:
        entries = [
            str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(source) if m.id
        ]
    unsaid = {
        entry: sorted(set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", " ", entry))) - words)
        for entry in entries
    }
    assert {entry: gone for entry, gone in unsaid.items() if gone} == {}


@pytest.mark.parametrize(
    ("code", "template", "params", "header", "said"),
    [
        (
            "request/invalid",
            "{field}: must be {kind} of {compared} {size} {units}",
            {
                "field": "players",
                "kind": "a list",
                "compared": "at least",
                "size": "2",
                "units": "items",
            },
            "pt-BR",
            "players: deve ser uma lista de pelo menos 2 itens",
        ),
        (
            "request/invalid",
            "{field}: must be {kind}, not {kind2}",
            {"field": "players[1]", "kind": "a string or an object", "kind2": "an integer"},
            "es",
            "players[1]: debe ser un texto o un objeto, no un entero",
        ),
        (
            "rules/invalid",
            "{field}: must be {kind} {compared} {bound}",
            {"field": "rules.target", "kind": "an integer", "compared": "at least", "bound": "1"},
            "it",
            "rules.target: deve essere un intero che valga almeno 1",
        ),
        (
            "request/invalid",
            'a player is a name, {{"name", "player_id"}}, {{"name", "bot"}} or {{"open": true}}',
            {},
            "es",
            'un jugador es un nombre, {"name", "player_id"}, {"name", "bot"} o {"open": true}',
        ),
        (
            "move/card_not_on_table",
            "{card} is not on the table ({table})",
            {"card": "5H", "table": "empty"},
            "it",
            "5H non è sul tavolo (vuoto)",
        ),
    ],
)
def test_a_template_is_said_with_its_values_and_each_listed_value_translated(
    code: str, template: str, params: dict[str, object], header: str, said: str
) -> None:
    assert localized(code, template, params, header)[0] == said


PEOPLE_MEET = [
    ("post", "/v1/games", {"players": ["Ana"]}, 400, "request/invalid"),
    (
        "post",
        "/v1/games",
        {"players": ["Ana", "Bia"], "rules": {"target": 0}},
        422,
        "rules/invalid",
    ),
    ("post", "/v1/games", {"players": ["Ana", "ANA"]}, 422, "name/lookalike"),
    ("post", "/v1/games", {"players": ["Ana", "Bia"], "seed": "abc"}, 422, "request/weak_seed"),
    ("post", "/v1/games", {"players": ["Ana", "Bia"], "playerz": 1}, 400, "request/invalid"),
    ("get", "/v1/nothing", None, 404, "route/not_found"),
    ("delete", "/v1/rules/presets", None, 405, "route/method_not_allowed"),
]


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), PEOPLE_MEET)
async def test_a_problem_a_person_meets_is_told_in_each_language(
    client: Client, method: str, path: str, body: Json | None, status: int, code: str
) -> None:
    english = assert_problem(await client.request(method, path, json=body), status, code)
    for header, spoken in (("pt-BR", "pt-BR"), ("es-AR", "es"), ("it-IT", "it")):
        asked = {"Accept-Language": header}
        response = await client.request(method, path, json=body, headers=asked)
        problem = assert_problem(response, status, code)
        assert response.headers["content-language"] == spoken, (header, problem["detail"])
        assert problem["detail"] != english["detail"]
        assert problem["title"] == english["title"]


RAISERS = {"ServiceError": 2, "IllegalMove": 1, "InvalidMove": 1, "_refused": 2}
"""The calls that raise a problem, and where their English template is among the arguments
(after the code); `refused` takes it second (webhooks) or third (streams)."""


def raised_templates() -> list[tuple[str, str, str]]:
    """Every (place, code, template) raised with a literal code and template in engine/ and
    service/; a `RulesError`'s template is its reason after `{field}: `."""
    found = []
    for package in ("engine", "service"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                texts = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
                name, place = node.func.id, f"{path.relative_to(ROOT)}:{node.lineno}"
                at = RAISERS.get(name, 1 if "webhook" in path.name else 2)
                if name == "RulesError" and len(texts) > 1 and texts[1] is not None:
                    code = texts[2] if len(texts) > 2 else "rules/invalid"
                    found.append((place, str(code), "{field}: " + str(texts[1])))
                elif name in (*RAISERS, "refused") and len(texts) > at:
                    code, template = texts[0], texts[at]
                    if code is not None and template is not None:
                        found.append((place, str(code), str(template)))
    return found


def test_every_template_raised_is_in_the_catalogs() -> None:
    """A template reworded in the code without its catalogs fails here (at run time it is
    said in English, and logged)."""
    raised = raised_templates()
    assert len(raised) > 100
    known = templates()
    assert [entry for entry in raised if entry[2] not in known.get(entry[1], [])] == []


def test_every_registered_language_has_the_services_catalog_and_the_pages() -> None:
    for one in registered():
        if one["catalog"] != "en":
            assert (LOCALE / one["catalog"] / "LC_MESSAGES" / "escopa.po").is_file()
        assert (STATIC / "locales" / f"{one['tag']}.json").is_file()
        assert LANGUAGES[one["tag"].lower()] == one["catalog"]
