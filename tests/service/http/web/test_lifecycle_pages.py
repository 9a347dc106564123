"""A game's life in the web pages, in a real headless Chromium against a real `escopa serve`.

Two people who share only a link (two browser contexts) open a game, play, one resigns and
both land on the same rematch; a lobby game is joined from the start page. The replay viewer
verifies games with joins, a seat left, a resignation, an abort and a rematch, and names the
check a tampered one fails. No page logs an error or calls another host.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import redis

from service.store.redis_server import RedisServer
from tests.harness.api import Json, chosen_seed
from tests.harness.browser import PHONE, Chromium, Watched, chromium
from tests.harness.pages import (
    WAIT,
    address,
    api_client,
    assert_clean,
    click_to_game,
    my_turn,
    play_by_clicks,
    rehashed,
    shoot,
    until,
    version,
)
from tests.harness.processes import Served, serve_processes

LIFE_CHECK = "Seats and the match's end"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    folder = tmp_path_factory.mktemp("web-life")
    with serve_processes(redis_server.url, folder, 1) as [served]:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_some(http: httpx.Client, game_id: str, tokens: dict[int, str], moves: int) -> Json:
    """`moves` random legal moves by whichever seat is to play; the last view."""
    rng = random.Random(moves)
    view: Json = http.get(f"/v1/games/{game_id}").json()
    for _ in range(moves):
        auth = bearer(tokens[view["turn"]])
        legal = http.get(f"/v1/games/{game_id}/legal-moves", headers=auth).json()
        move = {"move": rng.choice(legal["moves"])["id"], "expected_version": legal["version"]}
        view = http.post(f"/v1/games/{game_id}/moves", json=move, headers=auth).json()["view"]
    return view


@pytest.fixture(scope="module")
def resigned(server: Served) -> Json:
    """A game with an open seat taken by invite, six moves, seat 1's resignation and a
    rematch; its export."""
    with api_client(server) as http:
        body = {
            "players": ["Ana", {"open": True}],
            "seed": chosen_seed("web life 1"),
            "rules": {"target": 3},
        }
        game = http.post("/v1/games", json=body).json()
        gid = game["game_id"]
        invite = game["players"][1]["invite"]
        joined = http.post(f"/v1/games/{gid}/join", json={"invite": invite, "name": "Bia"})
        tokens = {0: game["players"][0]["token"], 1: joined.json()["token"]}
        play_some(http, gid, tokens, 6)
        assert http.post(f"/v1/games/{gid}/resign", headers=bearer(tokens[1])).is_success
        assert http.post(f"/v1/games/{gid}/rematch", headers=bearer(tokens[0])).is_success
        export: Json = http.get(f"/v1/games/{gid}/export").json()
    assert [e["type"] for e in export["entries"]][-3:] == ["move", "resigned", "rematch"]
    return export


@pytest.fixture(scope="module")
def aborted(server: Served) -> Json:
    """A 3-player game: a seat taken, left and taken again by someone else, then aborted
    while it waits; its export."""
    with api_client(server) as http:
        body = {
            "players": ["Ana", {"open": True}, {"open": True}],
            "seed": chosen_seed("web life 2"),
        }
        game = http.post("/v1/games", json=body).json()
        gid = game["game_id"]
        creator = bearer(game["players"][0]["token"])
        first = http.post(
            f"/v1/games/{gid}/join", json={"invite": game["players"][1]["invite"], "name": "Bia"}
        ).json()
        assert http.post(f"/v1/games/{gid}/leave", headers=bearer(first["token"])).is_success
        invites = http.get(f"/v1/games/{gid}", headers=creator).json()["invites"]
        again = next(i["invite"] for i in invites if i["seat"] == 1)
        assert http.post(f"/v1/games/{gid}/join", json={"invite": again, "name": "Caio"}).is_success
        assert http.post(f"/v1/games/{gid}/abort", headers=creator).is_success
        export: Json = http.get(f"/v1/games/{gid}/export").json()
    types = [e["type"] for e in export["entries"]]
    assert types == ["created", "joined", "left", "joined", "aborted"]
    return export


def server_replay_hash(server: Served, game_id: str) -> str:
    report = httpx.get(f"{server.base}/v1/games/{game_id}/audit", timeout=WAIT).json()
    assert report["ok"], report
    return str(report["replay_hash"])


@pytest.mark.parametrize("which", ["resigned", "aborted"])
def test_a_game_with_joins_and_an_early_end_verifies_in_the_browser(
    server: Served, browser: Chromium, request: pytest.FixtureRequest, which: str
) -> None:
    export: Json = request.getfixturevalue(which)
    watched = browser.page()
    page = watched.page
    game_id = export["game_id"]
    page.goto(f"{server.base}/replay/{game_id}")
    page.wait_for_selector("body[data-verified]")
    statuses = dict(
        page.locator("#checks li").evaluate_all(
            "items => items.map(i => [i.dataset.check, i.dataset.status])"
        )
    )
    assert page.get_attribute("body", "data-verified") == "passed", statuses
    assert statuses[LIFE_CHECK] == "passed"
    assert statuses["Signature of the final head"] == "passed"
    assert page.inner_text("#replay-hash") == server_replay_hash(server, game_id)
    moves = page.locator("#moves button").all_inner_texts()
    assert len(moves) == len(export["entries"])
    if which == "resigned":
        assert "Bia takes seat 2 — the game is dealt" in moves[1]
        assert moves[-2] == "Bia resigns — the match is over"
        assert "a rematch is offered: game " in moves[-1]
        page.keyboard.press("End")
        assert "Bia resigned: Ana won at 0\N{EN DASH}0 after 0 rounds." in page.inner_text("#score")
    else:
        assert [m.split(" (")[0] for m in moves[1:4]] == [
            "Bia takes seat 2",
            "seat 2 is open again",
            "Caio takes seat 2",
        ]
        assert "Ana aborts the match" in moves[-1]
        page.keyboard.press("End")
        assert "Aborted at 0\N{EN DASH}0\N{EN DASH}0 after 0 rounds: no winner." in page.inner_text(
            "#score"
        )
    assert_clean(server, watched)


def resignation(entries: list[Json]) -> Json:
    return next(e for e in entries if e["type"] == "resigned")


def winner_resigns(export: Json) -> Json:
    """The resignation's outcome says the resigning seat won (re-hashed)."""
    outcome = resignation(export["entries"])["events"][0]["outcome"]
    outcome["winner"], outcome["seats"] = 1, [1]
    return rehashed(export)


def taken_twice(export: Json) -> Json:
    """The join names the creator's seat, which was never open (re-hashed)."""
    next(e for e in export["entries"] if e["type"] == "joined")["seat"] = 0
    return rehashed(export)


def not_waiting(export: Json) -> Json:
    """The waiting game's first state hash is another state's (re-hashed)."""
    export["entries"][0]["state_hash"] = export["entries"][-1]["state_hash"]
    return rehashed(export)


def rematch_first(export: Json) -> Json:
    """The rematch offered before the resignation ended the match (re-numbered, re-hashed)."""
    entries = export["entries"]
    entries[-2], entries[-1] = entries[-1], entries[-2]
    for seq, entry in enumerate(entries, 1):
        entry["seq"] = seq
    return rehashed(export)


@pytest.mark.parametrize(
    ("tamper", "detail"),
    [
        (winner_resigns, "the outcome's winner is 1, not 0"),
        (taken_twice, "seat 1 is not open"),  # the API's seat 0, counted from 1 on the pages
        (not_waiting, "seq 1: the state_hash is not that of the waiting game"),
        (rematch_first, "a rematch is offered once the match is over"),
    ],
    ids=["winner resigns", "seat taken twice", "not the waiting state", "rematch first"],
)
def test_a_tampered_life_fails_the_check_of_seats_and_the_end_by_name(
    server: Served, browser: Chromium, resigned: Json, tamper: Any, detail: str
) -> None:
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/replay/")
    page.wait_for_selector("#lang")  # worded, and listening
    page.evaluate(
        "(text) => { document.getElementById('paste').value = text; }",
        json.dumps(tamper(json.loads(json.dumps(resigned)))),
    )
    page.click("#paste-go")
    page.wait_for_selector("body[data-verified='failed']")
    item = page.locator(f'#checks li[data-check="{LIFE_CHECK}"]')
    assert item.get_attribute("data-status") == "failed"
    assert detail in item.inner_text()
    assert page.get_attribute("#checks li[data-check='Hash chain']", "data-status") == "passed"
    assert_clean(server, watched)


def game_of(watched: Watched) -> str:
    return urlsplit(watched.page.url).path.rsplit("/", 1)[1]


def token_of(watched: Watched, game_id: str) -> str:
    key = f"escopa:token:{game_id}"
    return str(watched.page.evaluate("(key) => sessionStorage.getItem(key)", key))


def open_with_a_friend(
    server: Served, watched: Watched, name: str, lobby: bool = False, players: int = 2
) -> str:
    """On `/`: a game with friends (every seat but 0 open), to 3 points; the creator's table.
    Its id."""
    page = watched.page
    page.goto(f"{server.base}/")
    page.fill("#friend-name", name)
    page.select_option("#friend-players", str(players))
    page.fill("#friend-target", "3")
    if lobby:
        page.check("#friend-lobby")
    page.click("#friend button[type=submit]", no_wait_after=True)
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#waiting:not([hidden])")
    assert "token" not in address(page), "the token leaves the address bar"
    return game_of(watched)


def test_two_people_sharing_only_a_link_play_then_one_resigns_and_both_land_on_the_rematch(
    server: Served, browser: Chromium
) -> None:
    ana = browser.page()
    game_id = open_with_a_friend(server, ana, "Ana")
    seated = ana.page.locator("#seated li").all_inner_texts()
    assert seated == ["Seat 1: Ana (you)", "Seat 2: open"]
    assert "Waiting for players: 1 of 2 seats taken" in ana.page.inner_text("#status")
    link = str(ana.page.get_attribute("#invites li[data-seat='1'] a", "href"))
    parts = urlsplit(link)
    assert parts.path == f"/join/{game_id}" and parts.fragment.startswith("invite=")
    invite = parts.fragment.removeprefix("invite=")
    assert ana.page.is_visible("#abort") and not ana.page.is_visible("#resign")
    shoot(ana, "table-waiting")

    bia = browser.page(PHONE)  # another context: only the link is shared
    bia.page.goto(link)
    bia.page.wait_for_selector("#join:not([hidden])")
    assert "invite" not in address(bia.page), "the invite leaves the address bar"
    assert "Ana invites you" in bia.page.inner_text("#game-line")
    assert bia.page.evaluate("document.activeElement.id") == "join-name"
    bia.page.keyboard.type("Bia")  # by keyboard alone
    shoot(bia, "join-phone")
    bia.page.keyboard.press("Enter")
    bia.page.wait_for_url(f"**/play/{game_id}")
    until(lambda: version(bia) and version(ana) == version(bia), "both tables dealt")
    assert bia.page.inner_text("#who") == "Bia (seat 2)"
    assert not ana.page.is_visible("#waiting"), "the creator's table follows the join"
    assert "Bia takes seat 2" in ana.page.inner_text("#log")
    assert bia.page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]

    seats, at = [ana, bia], version(ana)
    asker = until(lambda: next((w for w in seats if my_turn(w, at)), None), "a turn")
    asker.page.select_option("#hint-level", "greedy")  # the hint level is the person's choice
    asker.page.click("#hint-button")
    asker.page.wait_for_selector("#hint:not([hidden])")
    assert asker.page.inner_text("#hint").startswith("Hint (greedy bot): ")
    for _ in range(4):
        actor = until(lambda a=at: next((w for w in seats if my_turn(w, a)), None), "a turn")
        play_by_clicks(actor)
        at = until(lambda w=actor, a=at: version(w) > a and version(w), "the move's answer")
    assert not bia.page.is_visible("#abort"), "no abort once a seat has played"
    # Both tables drawn at the last move: a redraw after the click would take the focus off
    # "Yes, resign" before Enter reaches it.
    until(lambda: version(ana) == version(bia) >= at, "both tables at the last move")

    bia.page.click("#resign")
    assert bia.page.evaluate("document.activeElement.id") == "resign-yes"
    bia.page.keyboard.press("Enter")
    for watched, line in ((ana, "You win! "), (bia, "You lose. ")):
        until(lambda w=watched: w.page.is_visible("#outcome"), "the outcome")
        assert watched.page.inner_text("#outcome").startswith(line + "Bia resigned: Ana won")
    view = httpx.get(f"{server.base}/v1/games/{game_id}", timeout=WAIT).json()
    assert view["outcome"]["result"] == "resigned" and view["outcome"]["resigned"] == [1]

    old = {w.page: token_of(w, game_id) for w in seats}
    click_to_game(ana, "#rematch", game_id)
    rematch = game_of(ana)
    until(lambda: bia.page.inner_text("#rematch") == "Play the rematch", "the rematch offered")
    bia.page.click("#rematch", no_wait_after=True)
    bia.page.wait_for_url(f"**/play/{rematch}")
    until(lambda: version(ana) and version(bia), "both rematch tables")
    assert ana.page.inner_text("#who") == "Ana (seat 1)"
    assert bia.page.inner_text("#who") == "Bia (seat 2)"
    fresh = [token_of(w, rematch) for w in seats]
    assert len(set(fresh)) == 2 and not set(fresh) & set(old.values())
    for seat, token in enumerate(fresh):
        mine = httpx.get(f"{server.base}/v1/games/{rematch}", headers=bearer(token), timeout=WAIT)
        assert mine.json()["seat"] == seat and mine.json()["status"] == "playing"
    assert_clean(server, ana, bia)
    sent = [url for w in seats for url in w.requests]
    assert not [url for url in sent if invite in url], "the invite was in a request line"
    log = "\n".join(server.log_lines())
    assert invite not in log and not any(t in log for t in [*old.values(), *fresh])


def test_the_lobby_lists_a_public_game_whose_seat_is_taken_from_it_and_the_game_aborted(
    server: Served, browser: Chromium
) -> None:
    caio = browser.page()
    game_id = open_with_a_friend(server, caio, "Caio", lobby=True)
    assert caio.page.is_visible("#lobby-note"), "the creator is told the lobby lists it"

    spectator = browser.page()
    spectator.page.goto(f"{server.base}/play/{game_id}")
    take = spectator.page.locator("#take-seat a[data-seat='1']")
    take.wait_for()
    assert str(take.get_attribute("href")) == f"/join/{game_id}#seat=1"
    assert spectator.page.inner_text("#who") == "Spectator"

    duda = browser.page()
    duda.page.goto(server.base + "/")
    listed = duda.page.locator(f"#lobby li[data-game='{game_id}']")
    listed.wait_for()
    assert "Caio" in listed.inner_text() and "1 open seat of 2" in listed.inner_text()
    duda.page.evaluate("document.getElementById('friend').previousElementSibling.scrollIntoView()")
    shoot(duda, "lobby", full_page=False)
    listed.locator("a[data-seat='1']").click()
    duda.page.wait_for_selector("#join:not([hidden])")
    assert "Seat 2 is open" in duda.page.inner_text("#game-line")
    duda.page.fill("#join-name", "Duda")
    duda.page.click("#join-go", no_wait_after=True)
    duda.page.wait_for_url(f"**/play/{game_id}")
    until(lambda: version(duda) and version(caio) == version(duda), "both tables dealt")
    assert duda.page.inner_text("#who") == "Duda (seat 2)"
    duda.page.click("#abort")  # dealt, but no seat has played yet: it may still be aborted
    duda.page.click("#abort-yes")
    for watched in (caio, duda):
        until(lambda w=watched: w.page.is_visible("#outcome"), "the outcome")
        assert "Aborted at 0\N{EN DASH}0 after 0 rounds: no winner." in watched.page.inner_text(
            "#outcome"
        )
        assert not watched.page.is_visible("#resign")
    duda.page.goto(server.base + "/")
    duda.page.wait_for_selector("#lobby[data-loaded]")
    assert duda.page.locator(f"#lobby li[data-game='{game_id}']").count() == 0, "still listed"
    assert_clean(server, caio, duda, spectator)


def invite_links(watched: Watched) -> dict[int, str]:
    return {
        int(str(item.get_attribute("data-seat"))): str(item.locator("a").get_attribute("href"))
        for item in watched.page.locator("#invites li").all()
    }


def test_a_seat_left_while_the_game_waits_is_open_again_with_a_new_invite_then_aborted(
    server: Served, browser: Chromium
) -> None:
    eva = browser.page(PHONE)
    game_id = open_with_a_friend(server, eva, "Eva", players=3)
    first = invite_links(eva)
    assert sorted(first) == [1, 2]
    width = eva.page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the waiting table is {width} px wide on a 390 px screen"
    fabio = browser.page()
    fabio.page.goto(first[1])
    fabio.page.fill("#join-name", "Fábio")
    fabio.page.click("#join-go", no_wait_after=True)
    fabio.page.wait_for_url(f"**/play/{game_id}")
    fabio.page.wait_for_selector("#waiting:not([hidden])")
    assert "Waiting for players: 2 of 3 seats taken" in fabio.page.inner_text("#status")
    assert not fabio.page.is_visible("#invites-box"), "only the creator sees the invites"
    until(lambda: "Seat 2: Fábio" in eva.page.inner_text("#seated"), "the join, live")
    assert sorted(invite_links(eva)) == [2]

    assert not eva.page.is_visible("#leave"), "the creator aborts rather than leaves"
    fabio.page.click("#leave", no_wait_after=True)
    fabio.page.wait_for_url(f"{server.base}/")
    until(lambda: sorted(invite_links(eva)) == [1, 2], "the seat open again, live")
    again = invite_links(eva)
    assert again[1] != first[1] and again[2] == first[2], "a new invite for the seat left"
    assert "seat 2 is open again" in eva.page.inner_text("#log")

    eva.page.click("#abort")
    eva.page.click("#abort-yes")
    until(lambda: eva.page.is_visible("#outcome"), "the outcome")
    assert "no winner" in eva.page.inner_text("#outcome")
    assert not eva.page.is_visible("#rematch"), "nothing was dealt: no rematch to offer"
    assert_clean(server, eva, fabio)


def test_a_seat_kept_on_this_device_is_resumed_after_its_tab_is_closed_then_forgotten(
    server: Served, browser: Chromium
) -> None:
    first = browser.page()
    page = first.page
    page.goto(f"{server.base}/")
    page.wait_for_selector("#lang")
    assert not page.is_visible("#mine-box"), "nothing kept yet"
    page.fill("#bots-name", "Gil")
    page.click("#bots button[type=submit]", no_wait_after=True)
    page.wait_for_url(f"{server.base}/play/*")
    until(lambda: version(first), "the table")
    game_id = urlsplit(page.url).path.rsplit("/", 1)[1]
    assert not page.is_checked("#keep-seat"), "kept only when asked"
    page.check("#keep-seat")
    link = str(page.get_attribute("#seat-link", "href"))
    assert link.startswith(f"{server.base}/play/{game_id}#token=")
    context = page.context
    page.close()  # the tab closed: its session storage gone

    again = context.new_page()
    again.goto(f"{server.base}/")
    listed = again.locator(f"#my-games li[data-game='{game_id}']")
    listed.wait_for()
    assert "Gil" in listed.inner_text()
    listed.locator("a").click(no_wait_after=True)
    again.wait_for_url(f"{server.base}/play/{game_id}")
    again.wait_for_selector("body[data-version]")
    assert again.inner_text("#who") == "Gil (seat 1)", "the seat resumed, not a spectator"
    assert again.is_checked("#keep-seat")
    assert again.locator("#hand .card").count() > 0

    again.uncheck("#keep-seat")  # forgotten on this device: the next tab is a spectator's
    third = context.new_page()
    third.goto(f"{server.base}/play/{game_id}")
    third.wait_for_selector("body[data-version]")
    assert third.inner_text("#who") == "Spectator"
    third.goto(f"{server.base}/")
    third.wait_for_selector("#lang")
    assert not third.is_visible("#mine-box")
    assert_clean(server, first)


def test_the_start_page_shows_a_ladders_leaderboard_its_provisional_players_and_a_problem(
    server: Served, browser: Chromium
) -> None:
    with api_client(server) as http:
        held = {
            p: http.post("/v1/players", json={"player_id": p}).json() for p in ("web-1", "web-2")
        }
        body = {
            "players": [
                {"name": "Eva", "player_id": "web-1", **held["web-1"]},
                {"name": "Flor", "player_id": "web-2", **held["web-2"]},
            ],
            "rated": True,
        }
        game = http.post("/v1/games", json=body).json()
        resigned = http.post(
            f"/v1/games/{game['game_id']}/resign", headers=bearer(game["players"][1]["token"])
        )
        assert resigned.status_code == 200
    watched = browser.page()
    watched.page.goto(server.base + "/")
    watched.page.fill("#board-ladder", "escopa-2p")
    watched.page.click("#board-form button")
    until(lambda: "No player listed" in watched.page.inner_text("#board"), "no one listed")
    watched.page.check("#board-provisional")  # one game each: listed only when asked
    watched.page.click("#board-form button")
    first = watched.page.locator("#board li[data-player='web-1']")
    first.wait_for()
    assert first.inner_text().startswith("1. Eva (web-1) · ")
    assert first.inner_text().endswith(" · 1 game")
    watched.page.fill("#board-ladder", "chess-2p")
    watched.page.click("#board-form button")
    until(lambda: "no ladder" in watched.page.inner_text("#board"), "the unknown ladder's problem")
    assert_clean(server, watched, expected=("404",))


def test_a_rated_game_against_a_bot_keeps_its_players_secret_on_the_device_as_a_seat(
    server: Served, browser: Chromium
) -> None:
    mine = browser.page()
    page = mine.page
    game_ids = []
    for _ in range(2):  # the second game names the id with the secret kept by the first
        page.goto(f"{server.base}/")
        page.fill("#bots-player", "web-rated")
        page.click("#bots button[type=submit]", no_wait_after=True)
        page.wait_for_url(f"{server.base}/play/*")
        game_ids.append(urlsplit(page.url).path.rsplit("/", 1)[1])
    kept = json.loads(page.evaluate("localStorage.getItem('escopa:players')"))
    assert list(kept) == ["web-rated"] and kept["web-rated"].startswith("ps_")
    for game_id in game_ids:
        view = httpx.get(f"{server.base}/v1/games/{game_id}", timeout=WAIT).json()
        assert view["rated"] is True and view["players"][0]["name"] == "Ana"
    page.goto(f"{server.base}/")
    options = page.locator("#kept-players option")  # filled once the catalog has loaded
    until(lambda: options.evaluate_all("o => o.map(e => e.value)") == ["web-rated"], "the ids")
    other = browser.page()  # another device: the id is held, and its secret is not here
    other.page.goto(f"{server.base}/")
    other.page.fill("#bots-player", "web-rated")
    other.page.click("#bots button[type=submit]")
    until(lambda: "held already" in other.page.inner_text("#bots-error"), "the id's problem")
    assert other.page.evaluate("localStorage.getItem('escopa:players')") is None
    assert_clean(server, mine)
    assert_clean(server, other, expected=("409",))
