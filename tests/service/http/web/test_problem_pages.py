"""Problems as the start page shows them, in a real headless Chromium against a server that
needs an API key: in the page's own words where its catalog has a sentence for the problem's
code (a key missing or wrong, two seats with one name), and never a detail's Markdown code
spans as literal backticks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from playwright.sync_api import Page

from service.store.redis_server import RedisServer
from tests.harness.browser import Chromium, chromium
from tests.harness.pages import LANGUAGES, catalogs, until
from tests.harness.processes import Served, serve_processes

KEY = "a key the pages are given"
CATALOGS = catalogs()


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    folder = tmp_path_factory.mktemp("web-problems")
    with serve_processes(redis_server.url, folder, 1, ESCOPA_API_KEYS=KEY) as [served]:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


def refusal(page: Page, form: str, said: str) -> str:
    """Submit the start page's form `form` and wait until `said` (an element's selector) says
    something new; that text."""
    before = page.inner_text(said) if page.locator(said).count() else ""
    page.click(f"#{form} button[type=submit]")
    new = until(lambda: (text := page.inner_text(said)) not in ("", before) and text, said)
    return str(new)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_or_wrong_api_key_is_told_in_the_pages_words_and_no_backtick_shows(
    server: Served, browser: Chromium, lang: str
) -> None:
    words = CATALOGS[lang]
    page = browser.page(locale=lang).page
    page.goto(f"{server.base}/")
    page.wait_for_selector("#bots button[type=submit]:not([disabled])")
    page.wait_for_selector("#lobby[data-loaded], #lobby li.error")

    assert refusal(page, "bots", "#bots-error") == words["home.told.auth/api_key_required"]
    page.click("#bots summary")
    page.fill("#bots-apikey", "not the key")
    assert refusal(page, "bots", "#bots-error") == words["home.told.auth/invalid_api_key"]
    assert refusal(page, "board-form", "#board") == words["home.told.auth/api_key_required"]

    shown = page.evaluate("document.body.innerText")
    assert "`" not in shown, "a detail's code span is shown as its text"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_seats_named_the_same_are_told_so_plainly(
    server: Served, browser: Chromium, lang: str
) -> None:
    page = browser.page(locale=lang).page
    page.goto(f"{server.base}/")
    page.wait_for_selector("#start button[type=submit]:not([disabled])")
    page.fill("#names input[name=name0]", "Ana")
    page.fill("#names input[name=name1]", "Ana")
    page.click("#start summary")
    page.fill("#apikey", KEY)

    told = refusal(page, "start", "#start-error")

    assert told == CATALOGS[lang]["home.told.name/lookalike"]
    assert "NFKC" not in told
