"""Problem details in the caller's language: `detail` follows `Accept-Language` when a gettext
catalog has it, `code` and `title` stay English; every template is in every catalog with its
placeholders, plurals take the language's form."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from service.http.languages import LOCALE, language, localized
from tests.harness.api import Client, assert_problem, create_game

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
        ("es", 2, "vuelve a intentarlo en 2 segundos"),
    ],
)
def test_a_count_takes_the_languages_plural_form_and_its_words_are_translated(
    header: str, seconds: int, said: str
) -> None:
    detail = f"too many hints from this client; retry in {seconds} s"
    text, spoken = localized("rate/limited", detail, header)
    assert said in text and "hints" not in text
    assert spoken == {"it": "it", "pt-BR": "pt-BR", "es": "es"}[header]


def test_a_detail_no_template_matches_stays_english() -> None:
    assert localized("game/not_found", "a detail said otherwise", "it") == (
        "a detail said otherwise",
        "en",
    )


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
