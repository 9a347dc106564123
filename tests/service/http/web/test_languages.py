"""The pages in each of their languages, in a real headless Chromium whose language is set.

A whole match against a bot is played in pt-BR, es, en and it (the browser's language picks the
page's); each page says `<html lang>`, shows no catalog key and no words of another language
(beyond card codes and the language picker's names); a language picked on one page is kept for
the next. With `ESCOPA_SCREENSHOTS=<folder>` the README's pictures of the table in pt-BR and es
are saved there (`make screenshots`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import redis
from playwright.sync_api import Page

from service.http.web import STATIC
from service.store.redis_server import RedisServer
from tests.harness.api import chosen_seed
from tests.harness.browser import DESKTOP, PHONE, Chromium, Watched, chromium
from tests.harness.pages import (
    LANGUAGES,
    api_client,
    assert_accessible,
    assert_clean,
    catalogs,
    my_turn,
    play_by_keyboard,
    shoot,
    until,
    version,
)
from tests.harness.processes import Served, serve_processes

CATALOGS = catalogs()
KEYS = "|".join(re.escape(key) for key in CATALOGS["en"])
# The page's own text: the language picker (each language named in its own words) left out.
PAGE_TEXT = """() => {
  const copy = document.body.cloneNode(true);
  for (const other of copy.querySelectorAll("label.lang, [lang]")) other.remove();
  return copy.textContent.replace(/\\s+/g, " ");
}"""


def fragments(message: str) -> list[str]:
    """A message's fixed words: what stays between its arguments and tags, without its plural
    branches' punctuation."""
    text = re.sub(r"<[^>]+>", "|", message)
    while "{" in text:  # the innermost arguments first, until none is left
        text = re.sub(r"\{[^{}]*\}", "|", text)
    return [part.strip(" .,:;()\N{EN DASH}-·…?!") for part in text.split("|")]


def foreign_words(lang: str) -> set[str]:
    """Phrases of the other catalogs that no message of `lang` holds: seen on a page in `lang`,
    they would be words of another language."""
    own = " ".join(CATALOGS[lang].values())
    found = set()
    for other, catalog in CATALOGS.items():
        if other == lang:
            continue
        for message in catalog.values():
            for part in fragments(message):
                if len(part) >= 12 and " " in part and part not in own:
                    found.add(part)
    return found


def assert_in_its_language(watched: Watched, lang: str) -> None:
    """The page says its language, shows no key of the catalogs and no other language's words."""
    page = watched.page
    assert page.get_attribute("html", "lang") == lang
    text = page.evaluate(PAGE_TEXT)
    keys = re.findall(rf"(?<![\w.])(?:{KEYS})(?!\w)", text)
    assert keys == [], f"raw keys on {page.url}"
    foreign = sorted(part for part in foreign_words(lang) if part in text)
    assert foreign == [], f"words of another language on the {lang} page {page.url}"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    folder = tmp_path_factory.mktemp("web-languages")
    with serve_processes(redis_server.url, folder, 1) as [served]:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


def close_round(watched: Watched) -> None:
    """The round's score dialog, closed by the keyboard."""
    page = watched.page
    page.wait_for_selector("#round-dialog[open] table.score")
    page.keyboard.press("Enter")
    page.wait_for_selector("#round-dialog:not([open])", state="attached")


def start_page(server: Served, browser: Chromium, lang: str) -> Watched:
    """The start page in a browser speaking `lang`, worded, its lobby read, axe allowed in."""
    watched = browser.page(locale=lang, bypass_csp=True)
    watched.page.goto(f"{server.base}/")
    watched.page.wait_for_selector("#lobby[data-loaded]")
    return watched


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_match_against_a_bot_is_played_in_the_browsers_language(
    server: Served, browser: Chromium, lang: str
) -> None:
    person = start_page(server, browser, lang)
    page = person.page
    assert_in_its_language(person, lang)
    assert_accessible(person, "the start page")
    assert page.locator("#bot-seats select").input_value() == "greedy", "a first bot to beat"
    page.select_option("#bot-seats select[data-seat='1']", "random")
    if lang == "es":  # Spain's game, drawn in its naipes (the README's picture)
        page.select_option("#bots-preset", "escoba")
    page.fill("#bots-target", "1")
    page.click("#bots summary")
    page.fill("#bots-seed", chosen_seed(f"web languages {lang}"))
    page.click("#bots button[type=submit]", no_wait_after=True)
    page.wait_for_url(f"{server.base}/play/*")
    until(lambda: version(person), "the table")
    game_id = page.url.rsplit("/", 1)[1]
    http = api_client(server)
    at, pictured = 0, False
    for _ in range(500):  # bounds a hang only: a match against a bot is about 60 turns
        until(
            lambda a=at: (
                my_turn(person, a)
                or page.is_visible("#round-dialog[open]")
                or http.get(f"/v1/games/{game_id}").json()["status"] == "finished"
            ),
            "the person's turn",
        )
        if page.is_visible("#round-dialog[open]"):
            assert_accessible(person, "the round's score")
            close_round(person)
            continue
        if http.get(f"/v1/games/{game_id}").json()["status"] == "finished":
            break
        if not pictured and at >= 6 and lang in ("pt-BR", "es"):
            pictured = True
            assert_in_its_language(person, lang)  # mid-game: the log, the sides, the status
            assert_accessible(person, "the table")
            shoot(person, f"table-{lang}-desktop")
            page.set_viewport_size(PHONE)  # the same seat's table on a phone
            assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
            assert_accessible(person, "the table at 390 px")
            shoot(person, f"table-{lang}-phone")
            page.set_viewport_size(DESKTOP)
        played = version(person)  # the answer to wait for is past the version played at
        if not play_by_keyboard(person, patient=False):
            continue  # the view moved on under the keys: look again
        try:
            at = until(lambda p=played: version(person) > p and version(person), "an answer", 15)
        except AssertionError:
            continue  # the keys met a view redrawn under them: nothing played, look again
    until(lambda: page.is_visible("#outcome"), "the outcome")
    assert_in_its_language(person, lang)
    if page.is_visible("#round-dialog[open]"):
        close_round(person)
    assert_accessible(person, "the match's end")
    page.goto(f"{server.base}/replay/{game_id}")
    page.wait_for_selector("body[data-verified='passed']")
    assert page.get_attribute("#verdict", "data-verdict") == "passed"
    assert_in_its_language(person, lang)
    assert_accessible(person, "the replay")
    assert_clean(server, person)


def rows(page: Page) -> list[str]:
    """The categories the rules page's points table scores, in its order."""
    found = page.locator("#points tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.category)"
    )
    return [str(category) for category in found]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_says_how_to_play_and_a_presets_points_in_each_language(
    server: Served, browser: Chromium, lang: str
) -> None:
    watched = start_page(server, browser, lang)
    page = watched.page
    words = CATALOGS[lang]
    page.click("header a[href='/rules']")
    page.wait_for_selector("#points tbody tr")
    assert page.input_value("#preset") == "escopa"
    assert "7 + 5 + 3 = 15" in page.inner_text("#example"), "a capture's sum, shown"
    assert page.inner_text("#sweep") == words["rules.escopa"]
    assert {"seven_of_diamonds", "opponents_under_10", "all_sevens"} <= set(rows(page))
    points = page.inner_text("#points")
    assert words["category.seven_of_diamonds"] in points
    assert words["rules.category.seven_of_diamonds"] in points, "what a category means"
    said = dict(
        page.locator("#options li").evaluate_all(
            "l => l.map(i => [i.dataset.option, i.textContent])"
        )
    )
    assert set(said) == {"bonus", "rotation", "capture", "missed", "signals", "tie"}
    assert page.inner_text("#target") == words["rules.target"].replace("{target}", "21")
    assert_in_its_language(watched, lang)
    assert_accessible(watched, "the rules")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    shoot(watched, f"rules-{lang}-phone")
    page.set_viewport_size(DESKTOP)
    page.select_option("#preset", "escoba")
    until(lambda: "opponents_under_10" not in rows(page), "escoba's points")
    assert page.url.endswith("/rules?preset=escoba")
    assert page.inner_text("li[data-option='missed']") != said["missed"], "a miss stays in escoba"
    assert page.inner_text("li[data-option='signals']") != said["signals"], "and no signals"
    page.goto(f"{server.base}/rules?preset=escova")
    page.wait_for_selector("#points tbody tr")
    assert page.input_value("#preset") == "escova" and "31" in page.inner_text("#target")
    assert_in_its_language(watched, lang)
    assert_clean(server, watched)


@pytest.mark.parametrize("page", sorted(p.name for p in STATIC.glob("*.html")))
def test_every_page_links_how_to_play(page: str) -> None:
    assert 'href="/rules"' in (STATIC / page).read_text()


def test_the_tables_how_to_play_link_names_its_games_preset(
    server: Served, browser: Chromium
) -> None:
    watched = table(server, browser, "escoba", "it")
    page = watched.page
    link = "header a[data-i18n='common.rules']"
    until(lambda: page.get_attribute(link, "href") == "/rules?preset=escoba", "the preset's rules")
    page.click(link)
    page.wait_for_selector("#points tbody tr")
    assert page.input_value("#preset") == "escoba"
    assert "opponents_under_10" not in rows(page)
    assert_clean(server, watched)


def picked(page: Page, select: str, value: str) -> None:
    """A choice in one of the header's pickers: the page loads again, worded or drawn anew."""
    with page.expect_navigation():
        page.select_option(select, value)
    page.wait_for_selector(select)


def test_the_language_picked_on_a_page_is_kept_for_the_next_and_its_problems_speak_it(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page(locale="en-GB")
    page = watched.page
    page.goto(f"{server.base}/")
    page.wait_for_selector("#lang")
    assert page.get_attribute("html", "lang") == "en"
    picked(page, "#lang", "it")
    assert page.get_attribute("html", "lang") == "it"
    assert page.inner_text("#bots button[type=submit]") == "Gioca"
    page.goto(f"{server.base}/replay/")
    page.wait_for_selector("#lang")
    assert page.get_attribute("html", "lang") == "it"
    assert page.input_value("#lang") == "it"
    assert_in_its_language(watched, "it")
    page.goto(f"{server.base}/play/nosuchgame")  # a problem, asked for in Italian too
    until(lambda: page.inner_text("#error"), "the problem shown")
    assert page.inner_text("#error") == "la partita 'nosuchgame' non esiste"
    assert_clean(server, watched, expected=("404",))


MARKS = "#hand svg [class^='mark-']"  # French suits' marks; naipes draw emblems, never these
NAMED = "card => card.getAttribute('aria-label') || card.textContent"  # a card's name as read
NEAREST = """async () => {
  const {presetOf} = await import("/web/decks.js");
  const presets = await (await fetch("/v1/rules/presets")).json();
  const clock = {turn_seconds: 30, bank_seconds: 120, on_timeout: "bot"};
  return [
    presetOf({...presets.escoba, target: 31, players: 4}, presets),
    presetOf({...presets.escova, target: 21}, presets),
    presetOf({...presets.escopa, clock, capture: "mandatory"}, presets),
  ];
}"""  # a preset's game with its target, players or clock changed is still that preset's


def table(server: Served, browser: Chromium, preset: str, lang: str) -> Watched:
    """A new game of `preset` against a bot, its person's table open in a browser speaking
    `lang` (a fresh device: nothing kept), drawn."""
    with api_client(server) as http:
        body = {"players": ["Ana", {"name": "Rita", "bot": "greedy"}], "preset": preset}
        game = http.post("/v1/games", json=body).json()
    watched = browser.page(locale=lang)
    watched.page.goto(f"{server.base}/play/{game['game_id']}#token={game['players'][0]['token']}")
    watched.page.wait_for_selector("#hand .card svg")
    return watched


def test_an_escoba_game_draws_naipes_in_english_and_an_escopa_game_french_suits_in_spanish(
    server: Served, browser: Chromium
) -> None:
    escoba = table(server, browser, "escoba", "en-GB")
    assert escoba.page.input_value("#deck") == "spanish"
    assert escoba.page.locator(MARKS).count() == 0, "naipes for escoba, though the page is English"
    assert " of " in escoba.page.eval_on_selector("#hand .card", NAMED), "its words in English"
    assert escoba.page.evaluate(NEAREST) == ["escoba", "escova", "escopa"]
    escopa = table(server, browser, "escopa", "es-ES")
    assert escopa.page.input_value("#deck") == "french"
    assert escopa.page.locator(MARKS).count() > 0, "French suits for escopa, though in Spanish"
    assert " de " in escopa.page.eval_on_selector("#hand .card", NAMED), "its words in Spanish"
    assert_clean(server, escoba, escopa)


def test_the_deck_switched_on_the_page_is_kept_for_that_presets_games_the_words_stay(
    server: Served, browser: Chromium
) -> None:
    watched = table(server, browser, "escopa", "es-ES")
    page = watched.page
    picked(page, "#deck", "spanish")
    page.wait_for_selector("#hand .card svg")
    assert page.input_value("#deck") == "spanish"
    assert page.locator(MARKS).count() == 0, "naipes, once picked"
    assert page.get_attribute("html", "lang") == "es", "the words stay Spanish"
    with api_client(server) as http:
        game = http.post("/v1/games", json={"players": ["Ana", {"name": "Rita", "bot": "greedy"}]})
    created = game.json()
    page.goto(f"{server.base}/play/{created['game_id']}#token={created['players'][0]['token']}")
    page.wait_for_selector("#hand .card svg")
    assert page.input_value("#deck") == "spanish", "the next escopa game on this device"
    assert page.locator(MARKS).count() == 0
    page.goto(f"{server.base}/replay/")
    page.wait_for_selector("#deck")
    drawn = "async () => (await import('/web/cards.js')).cardSvg('QD').outerHTML"
    assert "mark-red" not in page.evaluate(drawn), "no game open: escopa's deck, as picked"
    assert_clean(server, watched)


def test_a_browser_language_with_a_region_we_have_no_catalog_for_gets_its_base_language(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page(locale="es-AR")
    watched.page.goto(f"{server.base}/replay/")
    watched.page.wait_for_selector("#lang")
    assert watched.page.get_attribute("html", "lang") == "es"
    assert_in_its_language(watched, "es")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_the_waiting_table_the_join_page_and_a_confirmation_pass_axe(
    server: Served, browser: Chromium, lang: str
) -> None:
    with api_client(server) as http:
        body = {"players": ["Ana", {"open": True}], "lobby": True}
        game = http.post("/v1/games", json=body).json()
    game_id, token = game["game_id"], game["players"][0]["token"]
    creator = start_page(server, browser, lang)
    creator.page.wait_for_selector(f"#lobby li[data-game='{game_id}']")
    assert_in_its_language(creator, lang)
    assert_accessible(creator, "the lobby with a game")
    creator.page.goto(f"{server.base}/play/{game_id}#token={token}")
    creator.page.wait_for_selector("#invites li")
    assert_in_its_language(creator, lang)
    assert_accessible(creator, "the waiting table with its invites")
    invite = str(creator.page.get_attribute("#invites a.invite-link", "href"))
    guest = browser.page(PHONE, locale=lang, bypass_csp=True)
    guest.page.goto(invite)
    guest.page.wait_for_selector("#join:not([hidden])")
    assert_in_its_language(guest, lang)
    assert_accessible(guest, "the join page")
    guest.page.fill("#join-name", "Bia")
    guest.page.click("#join-go", no_wait_after=True)
    guest.page.wait_for_url(f"{server.base}/play/*")
    until(lambda: version(guest) and guest.page.is_visible("#resign"), "the dealt table")
    guest.page.click("#resign")
    guest.page.wait_for_selector("#resign-yes")
    assert guest.page.evaluate("document.activeElement.id") == "resign-yes"
    assert_in_its_language(guest, lang)
    assert_accessible(guest, "a resignation asked again, at 390 px")
    assert_clean(server, creator, guest)
