"""Every page, with something on it (`tests/harness/showcase.py`), in a real headless Chromium
in each language: it fits a 390 px screen, counts seats from 1, and in Português, Español and
Italiano it shows no English: none of the English catalog's words, in its text, its fields'
values, its labels or its frames."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from service.store.redis_server import RedisServer
from tests.harness.browser import PHONE, Chromium, Watched, chromium
from tests.harness.english import english_left
from tests.harness.pages import LANGUAGES, catalogs
from tests.harness.processes import Served, serve_processes
from tests.harness.showcase import BOT_BUDGET, Shown, showcase

CATALOGS = catalogs()
PAGES = ("start", "rules", "table", "finished-table", "waiting-table", "join", "replay",
         "tournament", "a-board", "entrant")  # fmt: skip


OTHERS = [lang for lang in LANGUAGES if lang != "en"]
# What a page says: its title, its text, its fields' values, its labels and the words its style
# shows (`data-turn`); the language picker, which names each language in its own, left out.
SAID = """() => {
  const texts = [document.title, document.body.innerText];
  const picker = document.querySelector("label.lang");
  if (picker) texts[1] = texts[1].replace(picker.innerText, "");
  for (const field of document.querySelectorAll("input:not([type=number]), textarea")) {
    texts.push(field.value, field.placeholder);
  }
  for (const element of document.querySelectorAll("[aria-label], [title], [data-turn]")) {
    texts.push(element.getAttribute("aria-label") ?? "", element.getAttribute("title") ?? "",
               element.dataset.turn ?? "");
  }
  return texts.join("\\n");
}"""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    folder = tmp_path_factory.mktemp("every-page")
    with serve_processes(redis_server.url, folder, 1, ESCOPA_BOT_BUDGET=BOT_BUDGET) as [served]:
        yield served


@pytest.fixture(scope="module")
def pages(server: Served) -> dict[str, Shown]:
    shown = {page.name: page for page in showcase(server.base)}
    assert tuple(shown) == PAGES
    return shown


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


def opened(server: Served, browser: Chromium, page: Shown, lang: str) -> Watched:
    """The page in a phone's browser speaking `lang`, drawn (its frames too)."""
    watched = browser.page(PHONE, locale=lang)
    watched.page.goto(f"{server.base}{page.path}")
    watched.page.wait_for_selector(page.drawn)
    for frame in watched.page.frames[1:]:
        frame.wait_for_selector("body[data-verified]")
    return watched


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_a_390_px_screen_in_each_language(
    server: Served, browser: Chromium, pages: dict[str, Shown], lang: str, page: str
) -> None:
    watched = opened(server, browser, pages[page], lang)
    frames = watched.page.frames
    widths = [frame.evaluate("document.scrollingElement.scrollWidth") for frame in frames]
    assert widths[0] <= PHONE["width"], f"{page} in {lang} is {widths[0]} px wide"
    for frame, width in zip(frames[1:], widths[1:], strict=True):
        inner = frame.evaluate("innerWidth")
        assert width <= inner, f"a frame of {page} in {lang} is {width} px wide in {inner} px"


def worded(lang: str, key: str, **args: object) -> str:
    """A catalog's message with the plain arguments given filled in, up to the first it lacks."""
    message = CATALOGS[lang][key]
    for name, value in args.items():
        message = message.replace(f"{{{name}}}", str(value))
    return message.split("{")[0]


SEATED_FROM_1: dict[str, tuple[str, str, dict[str, object]]] = {
    # a page's element, and the message it starts with: seat 0 shown as 1 (the bots' first, 2)
    "start": ("#bot-seats label", "common.Seat", {"seat": 2}),
    "table": ("#who", "play.who", {"name": "Ana", "seat": 1}),
    "waiting-table": ("#seated li", "common.Seat", {"seat": 1}),
    "tournament": ("#standings tr[data-entrant='0'] th", "tour.numbered", {"number": 1}),
    "entrant": ("#entrant-who", "tour.you.who", {"number": 1}),
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_seats_and_entrants_are_counted_from_1_on_every_page(
    server: Served, browser: Chromium, pages: dict[str, Shown], lang: str, page: str
) -> None:
    watched = opened(server, browser, pages[page], lang)
    text = "\n".join(frame.evaluate("document.body.innerText") for frame in watched.page.frames)
    for key in ("common.seat", "common.Seat"):
        assert worded(lang, key, seat=0) not in text, f"seat 0 on the {page} page"
    if page in SEATED_FROM_1:
        selector, key, args = SEATED_FROM_1[page]
        assert watched.page.inner_text(selector).startswith(worded(lang, key, **args))


def english_in(text: str, lang: str) -> list[str]:
    """The English catalog's words found in `text` that `lang`'s own catalog never says."""
    return english_left(text, CATALOGS["en"].values(), CATALOGS[lang].values())


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_shows_on_a_page_in_another_language(
    server: Served, browser: Chromium, pages: dict[str, Shown], lang: str, page: str
) -> None:
    watched = opened(server, browser, pages[page], lang)
    said = "\n".join(frame.evaluate(SAID) for frame in watched.page.frames)
    assert english_in(said, lang) == [], f"English on the {page} page in {lang}"


def test_the_english_words_are_found_as_words_and_a_languages_own_are_not() -> None:
    assert english_in("Rita (robô: expert) jogou", "pt-BR") == ["expert"]
    verified = CATALOGS["en"]["replay.verdict.passed"]
    assert verified.rstrip(".") in english_in(f"Partita 1 · {verified}", "it")
    assert english_in("Rita (robô: especialista) · Total · Buchholz", "pt-BR") == []
    assert english_in("Escopas nesta rodada", "pt-BR") == [], "a word both catalogs say"


# Every message that counts, worded with its counts at 0 in the page's language (its plain
# arguments "x", its selects' `other`), against the same message with its `one` branches taken
# out: zero must read as the plural, unless the message says zero its own way (`=0 {…}`).
ZERO_READ_AS_ONE = """async () => {
  const {t, format, lang} = await import("/web/i18n.js");
  const catalog = await (await fetch(`/web/locales/${lang}.json`)).json();
  const wrong = [];
  for (const [key, message] of Object.entries(catalog)) {
    if (!/\\{\\w+, plural,/.test(message) || message.includes("=0 {")) continue;
    const args = {};
    for (const [, name] of message.matchAll(/\\{(\\w+)\\}/g)) args[name] = "x";
    for (const [, name] of message.matchAll(/\\{(\\w+), select,/g)) args[name] = "other";
    for (const [, name] of message.matchAll(/\\{(\\w+), (?:plural|number)/g)) args[name] = 0;
    const plural = format(message.replace(/\\bone \\{/g, "unused {"), args);
    if (t(key, args) !== plural) wrong.push(`${key}: ${t(key, args)}`);
  }
  return wrong;
}"""


CAPTURED_NONE = {"pt-BR": "0 cartas recolhidas", "es": "0 cartas recogidas",
                 "en": "0 captured cards", "it": "0 carte prese"}  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_zero_takes_the_plural_in_each_language(
    server: Served, browser: Chromium, lang: str
) -> None:
    watched = browser.page(locale=lang)
    watched.page.goto(f"{server.base}/rules")
    watched.page.wait_for_selector("#lang")
    assert watched.page.evaluate(ZERO_READ_AS_ONE) == []
    captured = "async () => (await import('/web/i18n.js')).t('play.captured', {count: 0})"
    assert watched.page.evaluate(captured) == CAPTURED_NONE[lang]
