"""Every page, with something on it (`tests/harness/showcase.py`), in a real headless Chromium
in each language: it fits a 390 px screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from service.store.redis_server import RedisServer
from tests.harness.browser import PHONE, Chromium, Watched, chromium
from tests.harness.pages import LANGUAGES
from tests.harness.processes import Served, serve_processes
from tests.harness.showcase import BOT_BUDGET, Shown, showcase

PAGES = ("start", "rules", "table", "finished-table", "waiting-table", "join", "replay",
         "tournament", "two-plays")  # fmt: skip


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
