"""Turn clocks in the web pages, in a real headless Chromium against a real `escopa serve`.

A person at a clocked table against a bot sees its time counted down (from the view's
`ms_left`, so a device clock an hour wrong does not matter), waits, and sees the loss on time;
the replay viewer reads the timeout in words and verifies the game; a bot's move for a seat
out of time and an abort for want of a first move read in words too; a tampered deadline fails
the clock check; the start page's clock choice reaches the game's rules.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
import redis

from service.store.redis_server import RedisServer
from tests.harness.api import Json, chosen_seed
from tests.harness.browser import PHONE, Chromium, chromium
from tests.harness.pages import (
    api_client,
    assert_clean,
    my_turn,
    play_by_clicks,
    rehashed,
    until,
    version,
)
from tests.harness.processes import Served, serve_processes

CLOCK = {"turn_seconds": 2, "bank_seconds": 1, "on_timeout": "forfeit"}
SKEWED = "{ const real = Date.now; Date.now = () => real() + 3600000; }"  # an hour fast
LOST = "Ana ran out of time and lost on time"
FIRST_MOVE_SECONDS = "20"  # the service aborts a clocked game whose first move is this late:
# long enough for a page to load and play its first move on a busy machine


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    folder = tmp_path_factory.mktemp("web-clock")
    env = {"ESCOPA_FIRST_MOVE_TIMEOUT": FIRST_MOVE_SECONDS}
    with serve_processes(redis_server.url, folder, 1, **env) as [served]:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


@pytest.fixture(scope="module")
def timed_out(server: Served, browser: Chromium) -> Json:
    """A game against a greedy bot with 2 s a turn and 1 s of bank, forfeit on timeout, in
    which the person (a phone's width, its device clock an hour fast) plays once, then waits
    until the clock runs out; what the page showed, and the game's export."""
    with api_client(server) as http:
        gid, token = create(http, CLOCK)
        person = browser.page(PHONE)
        page = person.page
        page.add_init_script(SKEWED)
        page.goto(f"{server.base}/play/{gid}#token={token}")
        until(lambda: my_turn(person, 1), "the person's first turn", timeout=20)
        opening = page.inner_text("#my-clock")
        before = version(person)
        play_by_clicks(person)  # the clock runs from a seat's first own move
        # The countdown read once the page shows the turn after the bot's answer (two entries
        # on), never the first move's countdown still shown while the move is on its way.
        until(lambda: my_turn(person, before + 2), "the person's second turn", timeout=20)
        left = "(e => e.dataset.running === 'true' && e.dataset.left !== '' && e.dataset.left)"
        lefts = []
        for _ in range(3):
            shown = until(lambda: page.eval_on_selector("#my-clock", left), "the countdown")
            lefts.append(int(shown))
            page.wait_for_timeout(300)
        shown = {
            "opening": opening,
            "lefts": lefts,
            "mine": page.inner_text("#my-clock"),
            "bot": page.inner_text("#others [data-clock-seat='1']"),
            "live": page.inner_text("#clock-live"),
            "width": page.evaluate("document.documentElement.scrollWidth"),
        }
        page.wait_for_selector("#outcome:not([hidden])", timeout=15000)
        shown |= {
            "outcome": page.inner_text("#outcome"),
            "status": page.inner_text("#status"),
            "log": page.inner_text("#log"),
        }
        assert_clean(server, person)
        person.page.close()
        export: Json = http.get(f"/v1/games/{gid}/export").json()
        return {"shown": shown, "export": export, "game_id": gid}


def create(http: httpx.Client, clock: Json) -> tuple[str, str]:
    """A game of Ana (seat 0, to play first with this seed) against a greedy bot, with `clock`:
    its id and Ana's token."""
    body = {
        "players": ["Ana", {"name": "Rita", "bot": "greedy"}],
        "seed": chosen_seed("web clock 1"),
        "rules": {"clock": clock},
    }
    game = http.post("/v1/games", json=body).json()
    return game["game_id"], game["players"][0]["token"]


def test_a_seat_out_of_time_has_the_bots_move_played_for_it_in_words_and_the_replay_verifies(
    server: Served, browser: Chromium
) -> None:
    with api_client(server) as http:
        gid, token = create(http, CLOCK | {"on_timeout": "bot"})
    person = browser.page()
    page = person.page
    page.goto(f"{server.base}/play/{gid}#token={token}")
    until(lambda: my_turn(person, 1), "the person's first turn", timeout=20)
    play_by_clicks(person)
    line = until(
        lambda: re.search(r"Ana ran out of time: the bot played [^;\n]+", page.inner_text("#log")),
        "the bot's move for Ana",
    )
    with api_client(server) as http:  # over: the replay opens
        auth = {"Authorization": f"Bearer {token}"}
        assert http.post(f"/v1/games/{gid}/resign", headers=auth).is_success
    page.goto(f"{server.base}/replay/{gid}")
    until(lambda: page.evaluate("document.body.dataset.verified"), "the checks", timeout=20)
    assert page.evaluate("document.body.dataset.verified") == "passed"
    assert line.group(0) in page.inner_text("#moves"), "the replay says it in the same words"
    assert_clean(server, person)


def test_a_clocked_game_whose_first_move_never_comes_is_aborted_and_says_so(
    server: Served, browser: Chromium
) -> None:
    with api_client(server) as http:
        gid, token = create(http, CLOCK)
    person = browser.page()
    page = person.page
    page.goto(f"{server.base}/play/{gid}#token={token}")
    page.wait_for_selector("#outcome:not([hidden])", timeout=90_000)
    assert "Ana ran out of time: the match is aborted (no first move)" in page.inner_text("#log")
    assert page.inner_text("#outcome").startswith("Aborted at 0\N{EN DASH}0")
    assert_clean(server, person)


def test_the_persons_time_is_counted_down_from_the_views_ms_left_whatever_the_device_clock(
    timed_out: Json,
) -> None:
    shown = timed_out["shown"]
    lefts = shown["lefts"]
    assert 0 <= lefts[-1] < lefts[0] <= 3000, f"counting down within 2 s + 1 s: {lefts}"
    assert re.fullmatch(r"(0:0[0-3] \+ bank 0:01|bank 0:0[01]|time is up)", shown["mine"]), shown
    assert shown["bot"] == "bank 0:01", "the other seat shows its bank"
    assert re.fullmatch(r"0:[0-2]\d for the first move", shown["opening"]), shown["opening"]
    assert "Your time: " in shown["live"], "the live region tells whose time runs"
    assert shown["width"] <= 390, "the table fits a phone's width"


def test_after_the_wait_the_table_shows_the_timeout_in_words_and_the_loss_on_time(
    timed_out: Json,
) -> None:
    shown = timed_out["shown"]
    assert LOST in shown["log"]
    assert shown["outcome"].startswith("You lose. Ana lost on time: Rita won at 0\N{EN DASH}0")
    assert shown["status"] == shown["outcome"]
    entry = timed_out["export"]["entries"][-1]
    assert (entry["type"], entry["seat"], entry["move"]) == ("timeout", 0, "forfeit")


def test_the_replay_of_a_game_lost_on_time_reads_the_timeout_and_verifies_in_the_browser(
    server: Served, browser: Chromium, timed_out: Json
) -> None:
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/replay/{timed_out['game_id']}")
    until(lambda: page.evaluate("document.body.dataset.verified"), "the checks", timeout=20)
    statuses = page.locator("#checks li").evaluate_all(
        "items => items.map(i => [i.dataset.check, i.dataset.status])"
    )
    assert ["Turn clock", "passed"] in statuses, statuses
    assert all(status == "passed" for _, status in statuses), statuses
    moves = page.locator("#moves button").all_inner_texts()
    assert moves[-1] == f"{LOST} — the match is over"
    page.keyboard.press("End")
    assert "Ana lost on time: Rita won" in page.inner_text("#score")
    assert_clean(server, watched)


def test_a_timeout_whose_deadline_is_moved_after_it_fails_the_clock_check_in_the_browser(
    server: Served, browser: Chromium, timed_out: Json
) -> None:
    export = copy.deepcopy(timed_out["export"])
    export["entries"][-1]["deadline"] = "2999-01-01T00:00:00.000Z"
    forged = rehashed(export)
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/replay/")
    page.wait_for_selector("#lang")  # worded, and listening
    page.fill("#paste", json.dumps(forged))
    page.click("#paste-go")
    until(lambda: page.evaluate("document.body.dataset.verified"), "the checks", timeout=20)
    clock = page.locator("#checks li[data-check='Turn clock']")
    assert clock.get_attribute("data-status") == "failed"
    seq = forged["entries"][-1]["seq"]
    assert f"seq {seq}: the timeout came at" in clock.inner_text()
    assert page.get_attribute("#checks li[data-check='Hash chain']", "data-status") == "passed"
    assert_clean(server, watched)


def test_the_start_pages_clock_choice_gives_the_game_against_bots_its_clock(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/")
    page.select_option("#bots-clock", "30:120:bot")
    page.click("#bots button[type=submit]", no_wait_after=True)
    page.wait_for_url(f"{server.base}/play/*")
    until(lambda: version(watched), "the table")
    game_id = urlsplit(page.url).path.rsplit("/", 1)[1]
    with api_client(server) as http:
        first = http.get(f"/v1/games/{game_id}/log?after=0&limit=1").json()["entries"][0]
    clock = first["game"]["rules"]["clock"]
    assert (clock["turn_seconds"], clock["bank_seconds"], clock["on_timeout"]) == (30, 120, "bot")
    bot_clock = "#others [data-clock-seat='1']"
    until(lambda: "bank" in page.inner_text(bot_clock), "the bot's clock past its first move")
    assert "bank 2:00" in page.inner_text(bot_clock)
    live = page.inner_text("#clock-live")
    said = "Clock: 30 s a turn + 2:00 bank; out of time: a bot plays the turn."
    assert live.startswith(said), live
    assert_clean(server, watched)
