"""A tournament's pages in a real headless Chromium against a real `escopa serve` and Redis: a
tournament of bots created from the start page and followed to its end on its page, and a
table's two plays of the same board side by side, each in the replay viewer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
import redis

from service.store.redis_server import RedisServer
from tests.harness.api import Json
from tests.harness.browser import PHONE, Chromium, Watched, chromium
from tests.harness.pages import LANGUAGES, WAIT, assert_accessible, assert_clean, shoot, until
from tests.harness.processes import Served, serve_processes
from tests.service.http.web.test_languages import assert_in_its_language

FINISHED = "body[data-status='finished']"
BOUND_MS = 300_000  # bounds a hang only: three bots, one an expert, took over 30 s when loaded


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    with serve_processes(redis_server.url, tmp_path_factory.mktemp("tournament-web"), 1) as [s]:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


def read(server: Served, path: str) -> Json:
    answer = httpx.get(f"{server.base}{path}", timeout=WAIT)
    answer.raise_for_status()
    found: Json = answer.json()
    return found


@pytest.fixture(scope="module")
def finished(server: Served) -> Json:
    """A tournament of a random bot and a greedy one, one round of two boards, created through
    the API and played by the service's bots to its end."""
    body = {"name": "Side cup", "rounds": 1, "boards": 2, "pairing": "swiss", "entrants": [
        {"name": "Rita", "bot": "random"}, {"name": "Beto", "bot": "greedy"}]}  # fmt: skip
    created = httpx.post(f"{server.base}/v1/tournaments", json=body, timeout=WAIT).json()
    path = f"/v1/tournaments/{created['tournament_id']}"
    until(lambda: read(server, path)["status"] == "finished", "the tournament's end")
    return read(server, path)


def shown_standings(watched: Watched) -> list[Json]:
    """The standings table as the page shows it, by its rows' data."""
    found: list[Json] = watched.page.locator("#standings tbody tr[data-entrant]").evaluate_all(
        """rows => rows.map(r => ({rank: +r.dataset.rank, entrant: +r.dataset.entrant,
             total: +r.dataset.total, buchholz: +r.dataset.buchholz,
             rounds: [...r.querySelectorAll('td[data-result]')].map(
               td => td.dataset.result === 'bye' ? null : +td.dataset.result)}))"""
    )
    return found


def test_a_tournament_of_bots_created_on_the_start_page_is_followed_to_its_end_on_its_page(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page(bypass_csp=True)  # axe-core is injected
    page = watched.page
    page.goto(f"{server.base}/")
    page.fill("#tour-name", "Web cup")
    page.fill("#tour-entrants", "3")
    page.select_option("#tour-levels", "mixed")  # random, greedy, expert: results apart
    page.select_option("#tour-pairing", "swiss")
    page.fill("#tour-rounds", "2")
    page.fill("#tour-boards", "1")
    page.click("#tour button[type=submit]", no_wait_after=True)
    page.wait_for_url(re.compile(r"/tournaments/[^/]+$"))
    tournament_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("body[data-status]")
    assert page.inner_text("#name") == "Web cup"

    page.wait_for_selector(FINISHED, timeout=BOUND_MS)

    reading = f"{server.base}/v1/tournaments/{tournament_id}"
    reads = watched.requests.count(reading)
    assert reads >= 2, "read again while it ran"
    page.wait_for_timeout(2500)  # longer than the page waits between readings
    assert watched.requests.count(reading) == reads, "and not once it is over"
    api = read(server, f"/v1/tournaments/{tournament_id}")
    assert api["status"] == "finished"
    shown = shown_standings(watched)
    assert shown == [{k: s[k] for k in ("rank", "entrant", "total", "buchholz", "rounds")}
                     for s in api["standings"]]  # fmt: skip
    assert len(shown) == 3 and all(len(s["rounds"]) == 2 for s in shown)
    assert sum(s["rounds"].count(None) for s in shown) == 2, "a bye each round, said so"
    assert "Finished" in page.inner_text("#status")
    assert page.inner_text("#seed") == api["seed"]
    export = page.get_attribute("#export", "href")
    assert export == f"/v1/tournaments/{tournament_id}/export"
    assert httpx.get(f"{server.base}{export}", timeout=WAIT).status_code == 200
    for round_ in api["rounds"]:
        section = page.locator(f"section[data-round='{round_['round']}']")
        for number, table in enumerate(round_["tables"], start=1):
            item = section.locator(f"li[data-table='{number}']")
            links = item.locator("a[data-game]").evaluate_all("links => links.map(a => a.pathname)")
            assert links == [f"/play/{game_id}" for game_id in table.get("game_ids", [])]
            boards = item.locator("li[data-board]").evaluate_all(
                "items => items.map(li => +li.dataset.result)"
            )
            assert boards == (table["results"] if "b" in table else [])
    shoot(watched, "tournament")
    assert_accessible(watched, "a finished tournament")
    assert_clean(server, watched)


def test_a_tables_two_plays_of_a_board_are_shown_side_by_side_and_stepped_together(
    server: Served, browser: Chromium, finished: Json
) -> None:
    watched = browser.page(bypass_csp=True)
    page = watched.page
    page.goto(f"{server.base}/tournaments/{finished['tournament_id']}")
    page.wait_for_selector(FINISHED)
    (table,) = finished["rounds"][0]["tables"]
    page.click("li[data-table='1'] li[data-board='2'] a", no_wait_after=True)
    page.wait_for_url(re.compile(r"/tables/1/1#board=2$"))
    names = [e["name"] for e in finished["entrants"]]
    heading = f"Round 1, table 1: {names[table['a']]} against {names[table['b']]}"
    until(lambda: page.inner_text("#heading") == heading, "the table's heading")
    frames = [page.frame_locator(f"section[data-play='{play}'] iframe") for play in (1, 2)]
    for frame in frames:
        frame.locator("body[data-verified='passed']").wait_for()
        assert "round 2, hand 1" in frame.locator("#where").inner_text(), "at board 2's deal"
    shoot(watched, "tournament-board")

    page.click(".stepper button[data-step='End']")

    for frame, game_id, seats in zip(frames, table["game_ids"], table["seats"], strict=True):
        game = read(server, f"/v1/games/{game_id}")
        players = ", ".join(names[entrant] for entrant in seats)
        assert f"game {game_id} · {players}" in frame.locator("#game-label").inner_text()
        frame.locator(".outcome-line").wait_for()
        scores = frame.locator("#board-sides [data-score]").evaluate_all(
            "divs => divs.map(d => +d.dataset.score)"
        )
        assert scores == game["outcome"]["totals"]
    page.click(".stepper button[data-step='Home']")
    for frame in frames:
        frame.locator("#moves button[data-index='0'][aria-current='true']").wait_for()
        assert frame.locator("header a[href^='/rules']").get_attribute("target") == "_top"
    assert_accessible(watched, "a board's two plays")
    assert_clean(server, watched)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tournament_and_its_tables_two_plays_speak_the_browsers_language_at_390_px(
    server: Served, browser: Chromium, finished: Json, lang: str
) -> None:
    watched = browser.page(PHONE, locale=lang, bypass_csp=True)
    page = watched.page
    page.goto(f"{server.base}/tournaments/{finished['tournament_id']}")
    page.wait_for_selector(FINISHED)
    assert_in_its_language(watched, lang)
    assert_accessible(watched, f"a finished tournament in {lang}")
    page.click("li[data-board='1'] a")
    until(lambda: page.locator("#plays iframe").count() == 2, "both plays")
    assert_in_its_language(watched, lang)
    assert_clean(server, watched)


def test_a_tournament_that_is_not_there_is_said_so_and_not_read_again(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/tournaments/no-such-cup")
    until(lambda: page.inner_text("#error"), "the problem")
    page.wait_for_timeout(2500)  # longer than a running tournament's reading again

    reads = [url for url in watched.requests if "/v1/tournaments/" in url]
    assert reads == [f"{server.base}/v1/tournaments/no-such-cup"]
    assert page.get_attribute("body", "data-status") is None
    assert_clean(server, watched, expected=("status of 404",))


def test_the_start_pages_tournament_form_fits_a_round_robin_and_says_a_refusal_in_words(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page(PHONE)
    page = watched.page
    page.goto(f"{server.base}/")
    page.wait_for_selector("#tour-preset option[value='escoba']", state="attached")  # presets read
    page.fill("#tour-entrants", "4")
    page.select_option("#tour-pairing", "round_robin")
    assert page.input_value("#tour-rounds") == "3", "n - 1 rounds"
    page.fill("#tour-entrants", "5")
    assert page.input_value("#tour-rounds") == "5", "n with an odd count"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    page.select_option("#tour-pairing", "swiss")
    page.fill("#tour-rounds", "9")

    page.click("#tour button[type=submit]")

    until(lambda: page.inner_text("#tour-error"), "the refusal")
    said = page.inner_text("#tour-error")
    assert "a Swiss tournament of 5 entrants plays at most 4 rounds" in said
    assert urlsplit(page.url).path == "/", "the page stays, its form as it was"
    assert_clean(server, watched, expected=("status of 422",))
