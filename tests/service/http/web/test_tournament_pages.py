"""A tournament's pages in a real headless Chromium against a real `escopa serve` and Redis: a
tournament of bots created from the start page and followed to its end on its page; a board as
every table of its round played it, stepped together; a running round's tables sealed (no game
to follow); an entrant's link that says where its table is; and a tournament of two people and
two bots played to its end by clicking, each person from their entrant link to their tables
and back, round after round."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx
import pytest
import redis
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as ClickTimeout

from service.store.redis_server import RedisServer
from tests.harness.api import Json
from tests.harness.browser import PHONE, Chromium, Watched, chromium
from tests.harness.pages import (
    CLICK_MS,
    LANGUAGES,
    WAIT,
    assert_accessible,
    assert_clean,
    my_turn,
    shoot,
    until,
)
from tests.harness.processes import Served, serve_processes
from tests.service.http.web.test_languages import assert_in_its_language

FINISHED = "body[data-status='finished']"
BOUND_MS = 300_000  # bounds a hang only: three bots, one an expert, took over 30 s when loaded
IDLE_CLOCK = {"turn_seconds": 3600, "bank_seconds": 0, "on_timeout": "bot"}
"""A person who never moves keeps the round running while a test looks at it."""
PLAYED_CLOCK = {"turn_seconds": 60, "bank_seconds": 60, "on_timeout": "bot"}
"""A person's clock while the test clicks for them: the stand-in would play a turn left two
minutes, so a test that waits that long sees a timeout in the log and fails."""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    with serve_processes(redis_server.url, tmp_path_factory.mktemp("tournament-web"), 1) as [s]:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


def read(server: Served, path: str, token: str | None = None) -> Json:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.get(f"{server.base}{path}", headers=headers, timeout=WAIT)
    answer.raise_for_status()
    found: Json = answer.json()
    return found


def create(server: Served, body: Json) -> Json:
    created = httpx.post(f"{server.base}/v1/tournaments", json=body, timeout=WAIT)
    assert created.status_code == 201, created.text
    found: Json = created.json()
    return found


@pytest.fixture(scope="module")
def finished(server: Served) -> Json:
    """Four bots, one round of two boards: two tables, scored by IMPs, created through the API
    and played by the service's bots to its end."""
    bots = [("Rita", "random"), ("Beto", "greedy"), ("Zeca", "random"), ("Lia", "greedy")]
    body = {"name": "Side cup", "rounds": 1, "boards": 2, "pairing": "swiss",
            "entrants": [{"name": name, "bot": level} for name, level in bots]}  # fmt: skip
    path = f"/v1/tournaments/{create(server, body)['tournament_id']}"
    until(lambda: read(server, path)["status"] == "finished", "the tournament's end", 300)
    return read(server, path)


@pytest.fixture(scope="module")
def running(server: Served) -> Json:
    """A person and three bots, one round of one board: the person's table waits for its
    person, so the round runs on (its answer: the creation's, with the tokens)."""
    entrants = [{"name": "Ana"}] + [{"name": n, "bot": "random"} for n in ("Rita", "Beto", "Zeca")]
    body = {"name": "Open cup", "rounds": 1, "boards": 1, "pairing": "swiss",
            "entrants": entrants, "clock": IDLE_CLOCK}  # fmt: skip
    return create(server, body)


def shown_standings(watched: Watched) -> list[Json]:
    """The standings table as the page shows it, by its rows' data."""
    found: list[Json] = watched.page.locator("#standings tbody tr[data-entrant]").evaluate_all(
        """rows => rows.map(r => ({rank: +r.dataset.rank, entrant: +r.dataset.entrant,
             total: +r.dataset.total, buchholz: +r.dataset.buchholz,
             rounds: [...r.querySelectorAll('td[data-result]')].map(
               td => td.dataset.result === 'bye' ? null : +td.dataset.result)}))"""
    )
    return found


def assert_tables_shown(watched: Watched, tournament: Json) -> None:
    """Each finished table links its game's replay and shows each board's scores (IMPs, or
    points when plain); a bye has neither."""
    page = watched.page
    for round_ in tournament["rounds"]:
        section = page.locator(f"section[data-round='{round_['round']}']")
        for number, table in enumerate(round_["tables"], start=1):
            item = section.locator(f"li[data-table='{number}']")
            links = item.locator("a[data-game]").evaluate_all("links => links.map(a => a.pathname)")
            assert links == [f"/replay/{game_id}" for game_id in table.get("game_ids", [])]
            boards = item.locator("li[data-board]").evaluate_all(
                "items => items.map(li => li.dataset.scores.split(',').map(Number))"
            )
            scores = table.get("imps", table.get("matchpoints"))
            assert boards == (scores if "b" in table else [])


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
    assert not any("/table" in url for url in watched.requests), "no entrant's reading"
    api = read(server, f"/v1/tournaments/{tournament_id}")
    assert api["status"] == "finished" and api["scoring"] == "plain", "one table a round"
    shown = shown_standings(watched)
    assert shown == [{k: s[k] for k in ("rank", "entrant", "total", "buchholz", "rounds")}
                     for s in api["standings"]]  # fmt: skip
    assert len(shown) == 3 and all(len(s["rounds"]) == 2 for s in shown)
    byes = page.locator("#standings td[data-bye='true']").all_inner_texts()
    assert len(byes) == 2 and all(text.endswith(" (bye)") for text in byes), "a bye each round"
    assert page.inner_text("#standings thead th:nth-child(3)") == "Points"
    assert "2 for a win and 1 each for a tie" in page.inner_text("#standings-intro")
    assert "Finished" in page.inner_text("#status")
    assert page.inner_text("#seed") == api["seed"]
    export = page.get_attribute("#export", "href")
    assert export == f"/v1/tournaments/{tournament_id}/export"
    assert httpx.get(f"{server.base}{export}", timeout=WAIT).status_code == 200
    assert_tables_shown(watched, api)
    assert page.locator("#entrant").is_hidden(), "no entrant's part without a link"
    shoot(watched, "tournament")
    assert_accessible(watched, "a finished tournament")
    assert_clean(server, watched)


def test_a_finished_tournament_shows_each_boards_imps_and_standings_by_them(
    server: Served, browser: Chromium, finished: Json
) -> None:
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/tournaments/{finished['tournament_id']}")
    page.wait_for_selector(FINISHED)

    assert finished["scoring"] == "imps"
    assert_tables_shown(watched, finished)
    assert page.inner_text("#standings thead th:nth-child(3)") == "IMPs"
    assert "By total IMPs" in page.inner_text("#standings-intro")
    shown = shown_standings(watched)
    assert [s["total"] for s in shown] == [s["total"] for s in finished["standings"]]
    table = finished["rounds"][0]["tables"][1]
    names = [e["name"] for e in finished["entrants"]]
    am, bm = table["imps"][0]
    said = page.inner_text("li[data-table='2'] li[data-board='1']")
    assert said == f"Board 1: {names[table['a']]} {am} IMP{'s' * (abs(am) != 1)}, " + (
        f"{names[table['b']]} {bm} IMP{'s' * (abs(bm) != 1)}"
    )
    assert all(a + b == 0 for t in finished["rounds"][0]["tables"] for a, b in t["imps"])
    assert_clean(server, watched)


def test_a_board_is_shown_as_every_table_of_its_round_played_it_and_stepped_together(
    server: Served, browser: Chromium, finished: Json
) -> None:
    watched = browser.page(bypass_csp=True)
    page = watched.page
    page.goto(f"{server.base}/tournaments/{finished['tournament_id']}")
    page.wait_for_selector(FINISHED)
    tables = finished["rounds"][0]["tables"]
    page.click("li[data-table='2'] li[data-board='2'] a", no_wait_after=True)
    page.wait_for_url(re.compile(r"/tables/1/2#board=2$"))
    until(lambda: page.inner_text("#heading") == "Round 1, board 2: every table", "the heading")
    sections = page.locator("#plays section")
    until(lambda: sections.count() == 2, "every table of the round")
    order = sections.evaluate_all("all => all.map(s => +s.dataset.table)")
    assert order == [2, 1], "the table the link came from first"
    names = [e["name"] for e in finished["entrants"]]
    level = {e["name"]: e["bot"] for e in finished["entrants"]}
    for number in order:
        table = tables[number - 1]
        am, bm = table["imps"][1]
        a, b = (names[table[k]] for k in ("a", "b"))
        title = page.inner_text(f"#plays section[data-table='{number}'] h3")
        assert title.startswith(f"Table {number}: {a} (bot: {level[a]}) at seat 1 ({am} IMP")
        assert f"{b} (bot: {level[b]}) at seat 2 ({bm} IMP" in title
    frames = [page.frame_locator(f"#plays section[data-table='{n}'] iframe") for n in order]
    for frame in frames:
        frame.locator("body[data-verified='passed']").wait_for()
        assert "round 2, hand 1" in frame.locator("#where").inner_text(), "at board 2's deal"
    shoot(watched, "tournament-board")

    page.click(".stepper button[data-step='End']")

    for frame, number in zip(frames, order, strict=True):
        game_id = tables[number - 1]["game_ids"][0]
        game = read(server, f"/v1/games/{game_id}")
        frame.locator(".outcome-line").wait_for()
        scores = frame.locator("#board-sides [data-score]").evaluate_all(
            "divs => divs.map(d => +d.dataset.score)"
        )
        assert scores == game["outcome"]["totals"]
    page.click(".stepper button[data-step='Home']")
    for frame in frames:
        frame.locator("#moves button[data-index='0'][aria-current='true']").wait_for()
        assert frame.locator("header a[href^='/rules']").get_attribute("target") == "_top"
    assert_accessible(watched, "a board at every table")
    page.click("#boards a[data-board='1']")
    until(lambda: page.inner_text("#heading") == "Round 1, board 1: every table", "board 1")
    for number in order:
        frame = page.frame_locator(f"#plays section[data-table='{number}'] iframe")
        frame.locator("body[data-verified='passed']").wait_for()
        assert "round 1, hand 1" in frame.locator("#where").inner_text(), "at board 1's deal"
    assert_clean(server, watched)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tournament_and_a_board_at_every_table_speak_the_browsers_language_at_390_px(
    server: Served, browser: Chromium, finished: Json, lang: str
) -> None:
    watched = browser.page(PHONE, locale=lang, bypass_csp=True)
    page = watched.page
    page.goto(f"{server.base}/tournaments/{finished['tournament_id']}")
    page.wait_for_selector(FINISHED)
    assert_in_its_language(watched, lang)
    assert_accessible(watched, f"a finished tournament in {lang}")
    page.click("li[data-table='1'] li[data-board='1'] a")
    until(lambda: page.locator("#plays iframe").count() == 2, "every table")
    assert_in_its_language(watched, lang)
    assert_clean(server, watched)


def test_a_running_rounds_tables_say_who_plays_whom_and_link_no_sealed_game(
    server: Served, browser: Chromium, running: Json
) -> None:
    tournament_id = running["tournament_id"]
    view = read(server, f"/v1/tournaments/{tournament_id}")
    watched = browser.page(bypass_csp=True)
    page = watched.page
    page.goto(f"{server.base}/tournaments/{tournament_id}")
    page.wait_for_selector("body[data-status='running']")

    tables = page.locator("section[data-round='1'] li[data-table]")
    assert tables.count() == 2
    for number, table in enumerate(view["rounds"][0]["tables"], start=1):
        item = page.locator(f"li[data-table='{number}']")
        assert item.get_attribute("data-done") == "false"
        names = [view["entrants"][table[k]]["name"] for k in ("a", "b")]
        said = item.inner_text()
        assert said.startswith(f"Table {number}: {names[0]}") and names[1] in said
        assert "being played" in said
    assert page.locator("#rounds a").count() == 0, "a sealed game is not linked"
    for table in view["rounds"][0]["tables"]:
        game = httpx.get(f"{server.base}/v1/games/{table['game_ids'][0]}", timeout=WAIT)
        assert game.status_code == 409 and game.json()["code"] == "tournament/sealed"
    assert page.locator("#rounds li[data-board]").count() == 0
    assert page.locator("#standings td[data-result]").count() == 0, "no round's result yet"
    assert "Round 1 of 1 is being played" in page.inner_text("#status")
    assert_accessible(watched, "a running round")
    assert_clean(server, watched)


def test_an_entrants_link_says_its_table_is_ready_keeps_the_token_and_takes_it_there(
    server: Served, browser: Chromium, running: Json
) -> None:
    tournament_id = running["tournament_id"]
    token = running["entrants"][0]["token"]
    mine = read(server, f"/v1/tournaments/{tournament_id}/table", token)
    assert mine["status"] == "playing"
    view = read(server, f"/v1/tournaments/{tournament_id}")
    table = next(t for t in view["rounds"][0]["tables"] if 0 in (t["a"], t["b"]))
    opponent = view["entrants"][table["b"] if table["a"] == 0 else table["a"]]
    watched = browser.page(bypass_csp=True)
    page = watched.page

    page.goto(f"{server.base}/tournaments/{tournament_id}#token={token}")

    page.wait_for_selector("body[data-entrant='playing']")
    assert urlsplit(page.url).fragment == "", "the token is out of the address bar"
    kept = page.evaluate("JSON.parse(localStorage.getItem('escopa:entrants'))")
    assert kept[tournament_id]["token"] == token
    assert page.inner_text("#entrant-who") == "You play as 1. Ana."
    seat = mine["seat"] + 1
    said = page.inner_text("#entrant-status")
    who = f"{opponent['name']} (bot: {opponent['bot']})"
    ready = f"Round 1: your table is ready. You hold seat {seat}, against {who}."
    assert said == (f"{ready} It is your turn." if mine["your_turn"] else ready)
    link = page.get_attribute("#entrant-play", "href")
    assert link == f"/play/{mine['game_id']}#token={token}"
    shoot(watched, "tournament-entrant")
    assert_accessible(watched, "an entrant's table ready")
    page.goto(f"{server.base}/tournaments/{tournament_id}")  # no token: the one kept
    page.wait_for_selector("body[data-entrant='playing']")

    page.click("#entrant-play", no_wait_after=True)

    page.wait_for_url(re.compile(rf"/play/{mine['game_id']}$"))
    page.wait_for_selector("#who:has-text('Ana')")
    assert page.inner_text("#who") == f"Ana (seat {seat})"
    assert page.get_attribute("#tournament-link", "href") == f"/tournaments/{tournament_id}"
    assert page.locator("#tournament-link").is_visible()
    assert page.locator("#abort").count() == 0, "a tournament's table cannot be aborted"
    assert_clean(server, watched)


def test_a_link_with_a_token_that_is_no_entrants_is_said_so_and_not_kept(
    server: Served, browser: Chromium, running: Json
) -> None:
    tournament_id = running["tournament_id"]
    watched = browser.page()
    page = watched.page

    page.goto(f"{server.base}/tournaments/{tournament_id}#token=not-a-token")

    until(lambda: page.inner_text("#entrant-status"), "the refusal")
    assert page.inner_text("#entrant-status").startswith("This link is not an entrant")
    assert page.locator("#entrant-play").is_hidden()
    kept = page.evaluate("JSON.parse(localStorage.getItem('escopa:entrants'))")
    assert tournament_id not in kept
    page.wait_for_timeout(2500)  # longer than the page waits between readings
    asked = [url for url in watched.requests if url.endswith("/table")]
    assert len(asked) == 1, "the token is not sent again"
    assert_clean(server, watched, expected=("status of 401",))


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


# --- two people play a whole tournament by clicking --------------------------------------------


@dataclass
class Person:
    """A person at their browser: their page, entrant number, what their tournament page said
    (each sentence once, in order), the games they were sent to, and what each game's page
    said once it was over (whether its replay was offered, and its words)."""

    watched: Watched
    entrant: int
    said: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    endings: list[tuple[bool, str]] = field(default_factory=list)
    done: bool = False


def on_tournament_page(person: Person) -> None:
    """Note what the page says; go to the table it says is ready (once each)."""
    page = person.watched.page
    page.wait_for_selector("body[data-entrant]")
    status = page.get_attribute("body", "data-entrant")
    said = page.inner_text("#entrant-status")
    if not person.said or person.said[-1] != said:
        person.said.append(said)
    if status == "finished":
        person.done = True
        return
    game = page.get_attribute("#entrant-play", "data-game")
    if status == "playing" and game and game not in person.games:
        person.games.append(game)
        page.click("#entrant-play", no_wait_after=True)
        page.wait_for_url(re.compile(rf"/play/{game}$"))
        page.wait_for_selector("body[data-version]")


def click_a_move(page: Page) -> None:
    """A claim when one is offered, else the hand's first card that plays and the first way
    to play it the page offers (a capture or a discard): clicks, as a person makes them."""
    claim = page.locator("#actions button[data-move^='claim:']")
    if claim.count():
        claim.first.click(timeout=CLICK_MS)
        return
    page.locator("#hand button.card:not([disabled])").first.click(timeout=CLICK_MS)
    page.locator("#actions button[data-move]").first.click(timeout=CLICK_MS)


def on_play_page(person: Person) -> None:
    """Play the seat's move when it is its turn (one try: the other person may be the one to
    move next, and waits for this loop); once the game is over, close the match's score and
    go back to the tournament."""
    watched = person.watched
    page = watched.page
    if page.locator("#tournament-back").count():
        with suppress(ClickTimeout):  # the last round, scored: shown if the page saw it live
            page.wait_for_selector("#round-dialog[open]", timeout=5_000)
        if page.locator("#round-dialog[open]").count():
            page.click("#round-close")
        offered = page.locator("#replay-link").is_visible()
        person.endings.append((offered, page.inner_text("#life")))
        page.click("#tournament-back", no_wait_after=True)
        page.wait_for_url(re.compile(r"/tournaments/[^/#]+$"))
        page.wait_for_selector("body[data-entrant]")
    elif my_turn(watched, 0):
        if page.locator("#round-dialog[open]").count():
            page.click("#round-close")
        with suppress(ClickTimeout):  # redrawn under the click (played or not): looked at again
            click_a_move(page)


def step(person: Person) -> None:
    """One look at the person's page, and what they would do there."""
    if "/play/" in person.watched.page.url:
        on_play_page(person)
    else:
        on_tournament_page(person)


def test_two_people_and_two_bots_play_a_tournament_to_its_end_by_clicking(
    server: Served, browser: Chromium
) -> None:
    entrants = [{"name": "Ana"}, {"name": "Bia"}] + [
        {"name": n, "bot": "random"} for n in ("Rita", "Beto")
    ]
    body = {"name": "Clicked cup", "rounds": 2, "boards": 1, "pairing": "swiss",
            "entrants": entrants, "clock": PLAYED_CLOCK}  # fmt: skip
    created = create(server, body)
    tournament_id = created["tournament_id"]
    people = []
    for entrant in (0, 1):
        person = Person(browser.page(), entrant)
        token = created["entrants"][entrant]["token"]
        person.watched.page.goto(f"{server.base}/tournaments/{tournament_id}#token={token}")
        people.append(person)

    for _ in range(5000):  # bounds a hang only
        if all(person.done for person in people):
            break
        for person in people:
            if not person.done:
                step(person)
    else:
        raise AssertionError([(p.said, p.games) for p in people])

    view = read(server, f"/v1/tournaments/{tournament_id}")
    assert view["status"] == "finished"
    standings = {s["entrant"]: s for s in view["standings"]}
    for person in people:
        mine = [
            t for r in view["rounds"] for t in r["tables"] if person.entrant in (t["a"], t["b"])
        ]
        assert person.games == [t["game_ids"][0] for t in mine], "sent to each of its tables"
        assert person.said[0].startswith("Round 1: your table is ready.")
        assert any(s.startswith("Round 2: your next table is ready.") for s in person.said)
        rank, total = standings[person.entrant]["rank"], standings[person.entrant]["total"]
        assert view["scoring"] == "imps"
        points = f"{total} IMP{'s' * (abs(total) != 1)}"  # CLDR: -1 takes the singular
        final = f"The tournament is over: you finished in place {rank}, with {points}."
        assert person.said[-1] == final
        assert len(person.endings) == 2, "each game's end offered the way back"
        for offered, words in person.endings:
            assert offered == ("opens when every table" not in words), "a sealed replay hidden"
        for game_id in person.games:
            seats = read(server, f"/v1/games/{game_id}")["players"]
            seat = next(s["seat"] for s in seats if s["name"] == entrants[person.entrant]["name"])
            log = read(server, f"/v1/games/{game_id}/log?limit=200")["entries"]
            moves = [e for e in log if e.get("seat") == seat and e["type"] in ("move", "timeout")]
            assert moves and all(e["type"] == "move" for e in moves), "every move clicked"
    assert_clean(server, *(p.watched for p in people))
