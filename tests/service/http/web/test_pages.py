"""The web pages in a real headless Chromium against a real `escopa serve` and Redis.

A whole match is played by clicking in two seats' pages, and another against a bot; a finished
game's replay is compared,
position by position, with the API's replay; tampered or re-signed exports fail the check they
break. Every
page is watched: no console error, no request to any host but the service. With
`ESCOPA_SCREENSHOTS=<folder>` the README's pictures are saved there (`make screenshots`).
"""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import redis

from service.store.redis_server import RedisServer
from tests.harness.api import Json, canonical, capturing_cards, chosen_seed, find_seed
from tests.harness.browser import DESKTOP, PHONE, Chromium, Watched, chromium
from tests.harness.pages import (
    WAIT,
    address,
    api_client,
    assert_clean,
    click_to_game,
    my_turn,
    play_by_clicks,
    play_by_keyboard,
    rehashed,
    shoot,
    until,
    version,
)
from tests.harness.processes import Served, serve_processes
from tests.harness.signing import (
    OTHER_KEY,
    SIGNING_KEY,
    export_signed_bytes,
    key_id,
    public_text,
    sign,
)

SEED = chosen_seed("web table 1")
HINTS = "1/600"  # one hint for the whole module: the second is refused (429)
SIGNATURE = "Signature of the final head"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    redis.Redis.from_url(redis_server.url).flushall()
    folder = tmp_path_factory.mktemp("web")
    with serve_processes(redis_server.url, folder, 1, ESCOPA_HINT_RATE_LIMIT=HINTS) as [served]:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    with chromium() as opened:
        yield opened


@pytest.fixture(scope="module")
def played(server: Served) -> tuple[Json, dict[int, Json]]:
    """A finished 2-player game to 3 points, played through the API; its export, and the
    receipts the service answered, by seq."""
    rng = random.Random(19)
    with api_client(server) as http:
        body = {
            "players": ["Ana", "Bia"],
            "seed": chosen_seed("web replay"),
            "rules": {"target": 3},
        }
        game = http.post("/v1/games", json=body).json()
        tokens = [p["token"] for p in game["players"]]
        view, receipts = game["view"], {1: game["receipt"]}
        while view["status"] != "finished":
            auth = {"Authorization": f"Bearer {tokens[view['turn']]}"}
            legal = http.get(f"/v1/games/{game['game_id']}/legal-moves", headers=auth).json()
            move = {"move": rng.choice(legal["moves"])["id"], "expected_version": legal["version"]}
            answer = http.post(f"/v1/games/{game['game_id']}/moves", json=move, headers=auth)
            view = answer.json()["view"]
            receipts[answer.json()["version"]] = answer.json()["receipt"]
        export: Json = http.get(f"/v1/games/{game['game_id']}/export").json()
        return export, receipts


@pytest.fixture(scope="module")
def finished(played: tuple[Json, dict[int, Json]]) -> Json:
    """The finished game's export."""
    return played[0]


@pytest.fixture(scope="module")
def signalled(server: Served) -> Json:
    """A finished 4-player match to 1 point in which seat 0 signalled its partner; its export."""
    rng = random.Random(23)
    with api_client(server) as http:
        body = {"players": ["Ana", "Bia", "Caio", "Duda"], "preset": "escopa"}
        game = http.post("/v1/games", json=body | {"rules": {"target": 1}}).json()
        url = f"/v1/games/{game['game_id']}"
        auth = [{"Authorization": f"Bearer {p['token']}"} for p in game["players"]]
        assert http.post(f"{url}/signals", json={"signal": "guindis"}, headers=auth[0]).is_success
        view = game["view"]
        while view["status"] != "finished":
            seat = view["turn"] if view["turn"] is not None else 0
            legal = http.get(f"{url}/legal-moves", headers=auth[seat]).json()
            move = rng.choice(legal["moves"]) | {"expected_version": legal["version"]}
            view = http.post(f"{url}/moves", json=move, headers=auth[seat]).json()["view"]
        export: Json = http.get(f"{url}/export").json()
        return export


def close_round(watched: Watched, round_no: int, shot: str | None) -> None:
    """The round's score is shown category by category; then Continue."""
    page = watched.page
    page.wait_for_selector(f"#round-dialog[open] table.score[data-round='{round_no}']")
    rows = page.locator("#round-dialog table.score tbody th").all_inner_texts()
    assert "Most cards" in rows and "Seven of diamonds" in rows and "Match total" in rows
    if shot:
        shoot(watched, shot, full_page=False)  # the dialog's backdrop covers the viewport
    assert page.evaluate("document.activeElement.id") == "round-close"
    page.keyboard.press("Enter")
    page.wait_for_selector("#round-dialog:not([open])", state="attached")


REFUSED_HINT = "the server responded with a status of 429 (Too Many Requests)"


def test_a_whole_match_is_played_by_clicking_in_both_seats_pages(
    server: Served, browser: Chromium
) -> None:
    home = browser.page()
    home.page.goto(f"{server.base}/")
    home.page.select_option("#preset", "escopa")
    home.page.fill("#target", "3")
    home.page.click("#start summary")
    home.page.fill("#seed", SEED)  # the same match every run
    home.page.click("#start button[type=submit]")
    links = [
        str(home.page.get_attribute(f"#seat-links a[data-seat='{seat}']", "href"))
        for seat in (0, 1)
    ]
    game_id = urlsplit(links[0]).path.rsplit("/", 1)[1]
    tokens = [urlsplit(link).fragment.removeprefix("token=") for link in links]
    seats = [browser.page() for _ in links]
    for watched, link in zip(seats, links, strict=True):
        watched.page.goto(link)
        until(lambda w=watched: version(w), "the table")
        assert "token" not in address(watched.page), "the token leaves the address bar"
    phone = browser.page(PHONE)
    phone.page.goto(links[0])
    spectator = browser.page()
    spectator.page.goto(f"{server.base}/play/{game_id}")
    http = api_client(server)
    rounds, moves, at, pictured = 0, 0, version(seats[0]), False
    while True:
        sheet = http.get(f"/v1/games/{game_id}/score").json()
        if len(sheet["rounds"]) > rounds:
            rounds = len(sheet["rounds"])
            for watched in seats:
                close_round(watched, rounds, "round-score-desktop" if watched is seats[0] else None)
            close_round(phone, rounds, "round-score-phone")
        if sheet["status"] == "finished":
            break
        actor = until(lambda a=at: next((w for w in seats if my_turn(w, a)), None), "a turn")
        if moves < 2:
            play_by_keyboard(actor)
        else:
            play_by_clicks(actor)
        at = until(lambda w=actor, a=at: version(w) > a and version(w), "the move's answer")
        moves += 1
        if moves >= 8 and not pictured:  # mid-game, once the seat to play can capture
            until(lambda a=at: version(phone) >= a and version(seats[0]) >= a, "every page")
            chooser = until(lambda a=at: next((w for w in seats if my_turn(w, a)), None), "a turn")
            playable = chooser.page.locator("#hand button.card:not([disabled])")
            for index in range(playable.count()):  # the picture: a card chosen, what it takes
                playable.nth(index).click()
                if chooser.page.locator("#actions button[data-move*='+']").count():
                    pictured = True
                    shoot(chooser, "table-desktop")
                    break
            chooser.page.keyboard.press("Escape")
            if not pictured:
                continue
            shoot(phone, "table-phone")
            width = phone.page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= PHONE["width"], f"the table is {width} px wide on a 390 px screen"
            unnamed = (
                seats[0]
                .page.locator(".card")
                .evaluate_all(
                    "cards => cards.map(c => [c, c.getAttribute('aria-label') || c.textContent])"
                    ".filter(([c, name]) => !name.trim()"
                    " || (c.dataset.card && !name.includes(c.dataset.card))"
                    " || c.querySelector('svg').getAttribute('aria-hidden') !== 'true').length"
                )
            )
            assert unnamed == 0, "every card has a text alternative naming it"

    assert pictured, "no capture was ever offered"
    sheet = http.get(f"/v1/games/{game_id}/score").json()
    winner = sheet["outcome"]["winner"]
    for seat, watched in enumerate(seats):
        until(lambda w=watched: w.page.is_visible("#outcome"), "the outcome")
        outcome = watched.page.inner_text("#outcome")
        assert ("You win!" if seat == winner else "You lose.") in outcome
        assert "\N{EN DASH}".join(map(str, sheet["totals"])) in outcome
    final = http.get(f"/v1/games/{game_id}").json()
    until(lambda: version(spectator) == final["version"], "the spectator's table")
    assert spectator.page.inner_text("#who") == "Spectator"
    assert not spectator.page.is_visible("#hand")
    shown = spectator.page.get_attribute("#table .cards", "data-cards")
    assert shown == " ".join(final["table"])
    seats[0].page.click("#replay-link")  # then replayed and verified in the same browser
    seats[0].page.wait_for_selector("body[data-verified='passed']")
    seen = seats[0].page.locator("#checks li[data-check='The log this browser saw']")
    assert seen.get_attribute("data-status") == "passed"
    assert f"seq {final['version']}" in seen.inner_text()
    assert_clean(server, home, *seats, phone, spectator)
    log = "\n".join(server.log_lines())
    assert game_id in log and all(token not in log for token in tokens), "a token reached the log"
    http.close()


def read_position(page: Any, players: int) -> Json:
    """What the replay page shows: each seat's cards, the table, each side's pile and score."""
    seats = [
        page.get_attribute(f"#seats [data-seat='{seat}'] .cards", "data-cards")
        for seat in range(players)
    ]
    sides = page.locator("#board-sides .side").evaluate_all(
        "boxes => boxes.map(b => [b.querySelector('[data-captured]').dataset.captured,"
        " b.querySelector('[data-escopas]').dataset.escopas,"
        " b.querySelector('[data-score]').dataset.score].map(Number))"
    )
    return {
        "hands": [s.split() if s else [] for s in seats],
        "table": (page.get_attribute("#board-table .cards", "data-cards") or "").split(),
        "sides": sides,
    }


def api_position(server: Served, export: Json, seq: int) -> Json:
    """The API's replay of the game up to `seq`, as the same figures."""
    game = export["entries"][0]["game"]
    moves = [
        {"seat": e["seat"], "move": e["move"]}
        for e in export["entries"][1:seq]
        if e["type"] in ("move", "deal")
    ]
    overrides = {k: v for k, v in game["rules"].items() if k != "players"}
    body = {"players": game["players"], "rules": overrides, "seed": game["seed"]}
    body |= {"client_seed": game["client_seed"], "moves": moves, "include_state": True}
    answer = httpx.post(f"{server.base}/v1/replays", json=body, timeout=WAIT).json()
    logged = [e["state_hash"] for e in export["entries"][:seq] if e["state_hash"]]
    assert answer["state_hash"] == logged[-1], f"the API's replay differs from the log at {seq}"
    state = answer["state"]
    sides = zip(state["captured"], state["escopas"], state["scores"], strict=True)
    return {
        "hands": state["hands"],
        "table": state["table"],
        "sides": [[len(pile), escopas, score] for pile, escopas, score in sides],
    }


def test_the_replay_shows_at_each_position_what_the_api_replays_there(
    server: Served, browser: Chromium, finished: Json
) -> None:
    watched = browser.page()
    page = watched.page
    game_id = finished["game_id"]
    page.goto(f"{server.base}/replay/{game_id}")
    page.wait_for_selector("body[data-verified]")
    assert page.get_attribute("body", "data-verified") == "passed"
    statuses = page.locator("#checks li").evaluate_all(
        "items => items.map(i => [i.dataset.check, i.dataset.status])"
    )
    assert dict(statuses) == {
        "Hash chain": "passed",
        "Seed commitment": "passed",
        "Deals from the seeded shuffle": "passed",
        "The match is over": "passed",
        "Moves use the cards dealt": "passed",
        SIGNATURE: "passed",
    }
    audited = httpx.get(f"{server.base}/v1/games/{game_id}/audit", timeout=WAIT).json()
    assert page.inner_text("#replay-hash") == audited["replay_hash"]
    entries = finished["entries"]
    last = len(entries)
    players = len(entries[0]["game"]["players"])
    assert page.locator("#moves button").count() == last

    page.keyboard.press("Home")
    for step in range(1, 6):  # the arrow keys, one move at a time
        assert read_position(page, players) == api_position(server, finished, step)
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert address(page).endswith("#m=5")
    middle = last // 2
    page.click(f"#moves button[data-seq='{middle}']")  # the move list
    assert read_position(page, players) == api_position(server, finished, middle)
    page.keyboard.press("End")
    assert read_position(page, players) == api_position(server, finished, last)
    assert page.locator("#score table.score").count() == 1
    assert "won" in page.inner_text("#score")

    page.keyboard.press("Home")
    page.keyboard.press("]")  # the next round starts where its first hand is dealt
    starts = [
        e["seq"]
        for e in entries
        if any(ev["type"] == "dealt" and ev["hand"] == 1 and ev["round"] == 2 for ev in e["events"])
    ]
    assert address(page).endswith(f"#m={starts[0]}")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert read_position(page, players) == api_position(server, finished, starts[0] + 4)
    assert "Round 1" in page.inner_text("#score caption")  # the last round scored so far
    shoot(watched, "replay-desktop")
    page.keyboard.press("[")
    assert address(page).endswith(f"#m={starts[0]}")
    page.keyboard.press("[")
    assert address(page).endswith("#m=1")

    phone = browser.page(PHONE)
    phone.page.goto(f"{server.base}/replay/{game_id}#m={starts[0] + 2}")  # a position's link
    phone.page.wait_for_selector("body[data-verified]")
    assert read_position(phone.page, players) == api_position(server, finished, starts[0] + 2)
    assert phone.page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    shoot(phone, "replay-phone")
    assert_clean(server, watched, phone)


def forged_deal(export: Json) -> Json:
    """Give a seat another card in the first deal (one byte), as docs/audit.md's example."""
    dealt = next(e for e in export["entries"][0]["events"] if e["type"] == "dealt")
    card = dealt["hands"][1][0]
    dealt["hands"][1][0] = card[0] + ("D" if card[1] != "D" else "C")
    return export


def other_seat(export: Json) -> Json:
    """A move's entry says another seat played it (re-hashed)."""
    entry = next(e for e in export["entries"] if e["type"] == "move")
    played = next(ev for ev in entry["events"] if ev["type"] == "played")
    entry["seat"] = played["seat"] = 1 - played["seat"]
    return rehashed(export)


def wrong_salt(export: Json) -> Json:
    """The chosen seed's revealed salt changed (re-hashed): the commitment no longer holds."""
    game = export["entries"][0]["game"]
    game["seed_salt"] = "0" * len(game["seed_salt"])
    return rehashed(export)


def unsalted(export: Json) -> Json:
    """The salt dropped (re-hashed), as if the seed had been committed to plainly."""
    del export["entries"][0]["game"]["seed_salt"]
    return rehashed(export)


def unrevealed(export: Json) -> Json:
    """The seed hidden again (re-hashed), as in a game not over: no deal can be checked."""
    export["entries"][0]["game"]["seed"] = None
    return rehashed(export)


def unlinked(export: Json) -> Json:
    del export["entries"][5]
    return export


def replay_page_loaded(server: Served, browser: Chromium) -> Watched:
    """The replay page with no request of its own left: its one read as it loads (the presets)
    answered, which a loaded machine may send after a moment without requests."""
    watched = browser.page()
    with watched.page.expect_response(lambda r: r.url.endswith("/v1/rules/presets")):
        watched.page.goto(f"{server.base}/replay/")
    watched.page.wait_for_load_state("networkidle")
    return watched


@pytest.mark.parametrize(
    ("tamper", "check", "detail"),
    [
        (forged_deal, "Hash chain", "seq 1: hash does not match its content"),
        (
            lambda e: rehashed(forged_deal(e)),
            "Deals from the seeded shuffle",
            "seq 1: round 1 hand 1",
        ),
        (other_seat, "Moves use the cards dealt", "is not in seat"),
        (unlinked, "Hash chain", "seq 6: entries missing or out of order"),
        (wrong_salt, "Seed commitment", "seq 1: seed does not match seed_commitment"),
        (unsalted, "Seed commitment", "seq 1: seed does not match seed_commitment"),
        (unrevealed, "Deals from the seeded shuffle", "seq 1: the seed is not revealed"),
    ],
    ids=[
        "a changed card",
        "a changed card re-hashed",
        "another seat's move",
        "an entry gone",
        "a wrong seed salt",
        "the seed salt gone",
        "the seed hidden",
    ],
)
def test_a_tampered_export_opened_without_the_server_fails_the_check_it_breaks(
    server: Served,
    browser: Chromium,
    finished: Json,
    tmp_path: Path,
    tamper: Any,
    check: str,
    detail: str,
) -> None:
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(tamper(json.loads(json.dumps(finished)))))
    watched = replay_page_loaded(server, browser)
    page = watched.page
    before = len(watched.requests)
    if tamper is unlinked:  # pasted
        page.evaluate(
            "(text) => { document.getElementById('paste').value = text; }", forged.read_text()
        )
        page.click("#paste-go")
    else:  # chosen as a file
        page.set_input_files("#file", str(forged))
    page.wait_for_selector("body[data-verified]")
    assert page.get_attribute("body", "data-verified") == "failed"
    item = page.locator(f"#checks li[data-check='{check}']")
    assert item.get_attribute("data-status") == "failed"
    assert detail in item.inner_text()
    assert watched.requests[before:] == [], "the export was verified without the server"
    assert_clean(server, watched)


def test_the_worked_example_of_docs_audit_verifies_in_the_browser_with_its_head(
    server: Served, browser: Chromium
) -> None:
    example = Path(__file__).resolve().parents[4] / "docs" / "examples" / "export.json"
    watched = browser.page()
    watched.page.goto(f"{server.base}/replay/")
    watched.page.wait_for_selector("#lang")  # the page is worded and listens
    watched.page.evaluate(  # dropped on the page, as a file dragged from the desktop
        """(text) => {
            const dropped = new DataTransfer();
            dropped.items.add(new File([text], "export.json", { type: "application/json" }));
            document.dispatchEvent(new DragEvent("drop", { dataTransfer: dropped, bubbles: true }));
        }""",
        example.read_text(),
    )
    watched.page.wait_for_selector("body[data-verified='passed']")
    chain = watched.page.inner_text("#checks li[data-check='Hash chain']")
    assert "73 entries" in chain
    assert "eeda4a73ed841a5644b8dd925310a6e4bc8e8c58c4c49facdd3045d6c6087511" in chain
    assert_clean(server, watched)


def test_a_missed_capture_is_offered_to_the_next_seat_and_claimed_in_one_click(
    server: Served, browser: Chromium
) -> None:
    seed, state = find_seed(lambda s: bool(capturing_cards(s)), prefix="web-claim")
    assert state.turn is not None
    with api_client(server) as http:
        game = http.post("/v1/games", json={"players": ["Ana", "Bia"], "seed": seed}).json()
        tokens = [p["token"] for p in game["players"]]
        missed = capturing_cards(state)[0]
        auth = {"Authorization": f"Bearer {tokens[state.turn]}"}
        body = {"card": missed, "capture": [], "expected_version": game["version"]}
        assert http.post(f"/v1/games/{game['game_id']}/moves", json=body, headers=auth).is_success
        claimant = 1 - state.turn
        watched = browser.page()
        watched.page.goto(f"{server.base}/play/{game['game_id']}#token={tokens[claimant]}")
        claim = watched.page.locator("#actions button[data-move^='claim:']").first
        claim.wait_for()
        offered = str(claim.get_attribute("data-move"))
        assert missed in offered
        claim.click()
        until(lambda: version(watched) == game["version"] + 2, "the claim's answer")
        log = http.get(f"/v1/games/{game['game_id']}/log?after=0").json()["entries"]
        assert log[-1]["move"] == offered
        assert log[-1]["seat"] == claimant
    assert_clean(server, watched)


def test_a_partner_signal_is_sent_from_the_page_and_read_by_the_partner_only(
    server: Served, browser: Chromium
) -> None:
    names = ["Ana", "Bia", "Caio", "Duda"]
    with api_client(server) as http:
        game = http.post("/v1/games", json={"players": names, "preset": "escopa"}).json()
    links = {p["seat"]: f"/play/{game['game_id']}#token={p['token']}" for p in game["players"]}
    sender, partner, opponent = browser.page(), browser.page(), browser.page(PHONE)
    for watched, seat in ((sender, 0), (partner, 2), (opponent, 1)):
        watched.page.goto(server.base + links[seat])
        until(lambda w=watched: version(w), "the table")
    sender.page.click("#actions button[data-signal='guindis']")
    said = "Ana signals: I hold the seven of diamonds"
    for reader in (partner, sender):  # from their views: signals are not in the log's stream
        until(lambda r=reader: said in r.page.inner_text("#signals"), "the signal")
    polled = opponent.page.evaluate("performance.getEntriesByType('resource').length")
    until(
        lambda: opponent.page.evaluate("performance.getEntriesByType('resource').length") > polled,
        "the opponent's page asking again",
    )
    assert opponent.page.locator("#signals li").count() == 0
    assert not opponent.page.is_visible("#signals-box")
    assert "signal" not in opponent.page.inner_text("#log")
    assert opponent.page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert_clean(server, sender, partner, opponent)


def test_the_signals_the_last_entry_records_are_replayed_and_verified_in_the_browser(
    server: Served, browser: Chromium, signalled: Json
) -> None:
    last = signalled["entries"][-1]
    assert [(s["seat"], s["signal"]) for s in last["signals"]] == [(0, "guindis")]
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/replay/{signalled['game_id']}")
    page.wait_for_selector("body[data-verified]")
    assert page.get_attribute("body", "data-verified") == "passed"
    for check in ("Hash chain", "Seed commitment", "Partner signals"):
        assert page.get_attribute(f"#checks li[data-check='{check}']", "data-status") == "passed"
    final = page.locator(f"#moves button[data-seq='{last['seq']}']").inner_text()
    assert "Ana signals: I hold the seven of diamonds" in final

    forged = json.loads(json.dumps(signalled))
    forged["entries"][-1]["signals"][0]["after"] = last["seq"]  # not sent before the end
    page.goto(f"{server.base}/replay/")
    page.wait_for_selector("#lang")  # worded, and listening
    page.evaluate(
        "(text) => { document.getElementById('paste').value = text; }",
        json.dumps(rehashed(forged)),
    )
    page.click("#paste-go")
    page.wait_for_selector("body[data-verified='failed']")
    item = page.locator("#checks li[data-check='Partner signals']")
    assert item.get_attribute("data-status") == "failed"
    assert f"after entry {last['seq']} is out of order" in item.inner_text()
    assert page.get_attribute("#checks li[data-check='Hash chain']", "data-status") == "passed"
    assert_clean(server, watched)


SHUFFLE_VECTORS = [  # docs/shuffle.md section 8: the key, the round, the whole deck top first
    (
        "escopa",
        1,
        "3C QH 6D 4S 7D AC 3S 4C KD KC JS 5H 2H KH AS QC JD JH 6C 7H QD 5S 3D KS 2S "
        "4H 5D 5C AH 6H 7C 7S QS 2C AD 3H 4D 2D JC 6S",
    ),
    (
        "Guindis 7D",
        1,
        "AC 6H JH KD 6C AH 5C QH 7S 6D KS 4C 6S QD 4H 7H 7C 5S JS 4D QS 2S 3C 3S "
        "2D 3H AD KH QC 7D KC 3D 5D 2H AS JC 4S 5H 2C JD",
    ),
    (
        "ação",
        3,
        "5S 3H 7S KS AS 4H 3D 2D AD 3C 2C 7H JH JD 7D 2H QD 5D AC 5C QC AH QS KH JC 6C "
        "7C KD 6S 2S 4S JS 6D 3S QH 6H 4C KC 4D 5H",
    ),
]
AWKWARD = {
    "é": ["ação", "\u2028", 'a"b\\c', "tab\there\n", "\x01\x1f\x7f", "😀"],
    "b": -3,
    "a": {"z": None, "ä": True, "Z": [1, 0]},
    "😀": 1,  # after U+FFFF in code-point order, before it in UTF-16's
    "\uffff": 2,
}


def test_verify_js_gives_the_shuffle_test_vectors_and_pythons_canonical_json(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page()
    watched.page.goto(f"{server.base}/replay/")
    decks = watched.page.evaluate(
        """async (vectors) => {
            const v = await import("/web/verify.js");
            const decks = [];
            for (const [seed, round] of vectors) {
                const key = await v.hmacKey(v.shuffleKey({ seed, client_seed: null }));
                decks.push((await v.shuffledDeck(key, round)).join(" "));
            }
            return decks;
        }""",
        [[seed, round_no] for seed, round_no, _ in SHUFFLE_VECTORS],
    )
    assert decks == [deck for _, _, deck in SHUFFLE_VECTORS]
    text = watched.page.evaluate(
        "async (value) => (await import('/web/verify.js')).canonical(value)", AWKWARD
    )
    assert text.encode() == canonical(AWKWARD)
    assert_clean(server, watched)


def test_a_deal_that_is_due_is_offered_as_one_button_when_auto_deal_is_off(
    server: Served, browser: Chromium
) -> None:
    with api_client(server) as http:
        body = {"players": ["Ana", "Bia"], "rules": {"auto_deal": False}}
        game = http.post("/v1/games", json=body).json()
        assert game["view"]["status"] == "dealing"
        watched = browser.page()
        watched.page.goto(
            f"{server.base}/play/{game['game_id']}#token={game['players'][1]['token']}"
        )
        deal = watched.page.locator("#actions button[data-move='deal']")
        deal.click()
        until(lambda: version(watched) == game["version"] + 1, "the deal")
        view = http.get(
            f"/v1/games/{game['game_id']}",
            headers={"Authorization": f"Bearer {game['players'][1]['token']}"},
        ).json()
    assert view["status"] == "playing"
    shown = watched.page.get_attribute("#hand .cards", "data-cards")
    assert shown == " ".join(view["hand"]) and len(view["hand"]) == 3
    assert watched.page.get_attribute("#table .cards", "data-cards") == " ".join(view["table"])
    assert_clean(server, watched)


def play_chosen(watched: Watched, move: str) -> None:
    """Play `move` (a legal move's id) by clicking: its card, the table cards it takes, then
    the one option left; a claim by its button."""
    page = watched.page
    if move.startswith("claim:"):
        page.click(f"#actions button[data-move='{move}']")
        return
    card, *takes = move.split("+")
    page.click(f"#hand button.card[data-card='{card}']")
    for taken in takes:
        page.click(f"#table button[data-card='{taken}']")
    page.click(f"#actions button[data-move='{move}']")


def ask_hint(watched: Watched) -> Any:
    """Click Hint; the line it shows."""
    watched.page.click("#hint-button")
    shown = watched.page.locator("#hint")
    shown.wait_for(state="visible")
    return shown


def test_a_match_against_a_bot_is_played_by_clicking_with_a_hint_and_its_signature_checks(
    server: Served, browser: Chromium
) -> None:
    person = browser.page()
    page = person.page
    page.goto(f"{server.base}/")
    page.select_option("#bots-players", "2")
    page.select_option("#bot-seats select[data-seat='1']", "expert")
    page.fill("#bots-target", "3")
    page.click("#bots summary")
    page.fill("#bots-seed", chosen_seed("web bot 4"))  # the same match every run
    page.click("#bots button[type=submit]", no_wait_after=True)
    page.wait_for_url(f"{server.base}/play/*")
    until(lambda: version(person), "the table")
    assert "token" not in address(page), "the token leaves the address bar"
    game_id = urlsplit(page.url).path.rsplit("/", 1)[1]
    token = page.evaluate("(id) => sessionStorage.getItem(`escopa:token:${id}`)", game_id)
    auth = {"Authorization": f"Bearer {token}"}
    http = api_client(server)
    url = f"/v1/games/{game_id}"
    players = http.get(url).json()["players"]
    assert players == [
        {"seat": 0, "name": "Ana", "bot": None},
        {"seat": 1, "name": "Rita", "bot": "expert"},
    ]
    bot = page.locator("#others [data-seat='1']")
    assert bot.get_attribute("data-bot") == "expert"
    assert "Rita (bot: expert)" in bot.inner_text()

    rounds, moves, at = 0, 0, 0
    while True:
        until(
            lambda a=at: my_turn(person, a) or http.get(url).json()["status"] == "finished",
            "the person's turn",
        )
        sheet = http.get(f"{url}/score").json()
        if len(sheet["rounds"]) > rounds:
            rounds = len(sheet["rounds"])
            close_round(person, rounds, None)
        if sheet["status"] == "finished":
            break
        played = version(person)  # the answer to wait for is past the version played at
        if moves == 0:  # a hint: a legal move, its cards highlighted, then played by clicking
            legal = http.get(f"{url}/legal-moves", headers=auth).json()
            hinted = str(ask_hint(person).get_attribute("data-move"))
            assert hinted in [move["id"] for move in legal["moves"]]
            assert "Hint (expert bot): " in page.inner_text("#hint")
            shoot(person, "table-bot-hint")
            if not hinted.startswith("claim:"):
                lit = page.locator(".hinted").evaluate_all("cs => cs.map(c => c.dataset.card)")
                assert sorted(lit) == sorted(hinted.split("+"))
            play_chosen(person, hinted)
        else:
            if moves == 1:  # the module's one hint is spent: the 429 is said in words
                refused = ask_hint(person)
                assert "hints are rate-limited" in refused.inner_text()
                assert refused.get_attribute("data-move") == ""
            play_by_clicks(person)
        at = until(lambda p=played: version(person) > p and version(person), "the move's answer")
        moves += 1

    log = http.get(f"{url}/log?after=0").json()["entries"]
    by_seat = [sum(1 for e in log if e["type"] == "move" and e["seat"] == s) for s in (0, 1)]
    assert by_seat[0] == moves, "every move of the person's was chosen in the page"
    assert by_seat[1] >= moves - 1 > 10, "the bot played its turns"
    until(lambda: len(log) == page.locator("#log li").count(), "every move in the page's log")
    assert "Rita played" in page.inner_text("#log"), "the bot's moves arrive live"
    winner = sheet["outcome"]["winner"]
    until(lambda: page.is_visible("#outcome"), "the outcome")
    assert ("You win!" if winner == 0 else "You lose.") in page.inner_text("#outcome")

    page.click("#replay-link")  # replayed, and its signature checked against GET /v1/keys
    page.wait_for_selector("body[data-verified='passed']")
    signature = page.locator(f"#checks li[data-check='{SIGNATURE}']")
    assert signature.get_attribute("data-status") == "passed"
    assert f"key {key_id(SIGNING_KEY)} signed game {game_id}'s head (seq {len(log)}" in (
        signature.inner_text()
    )
    page.goto(f"{server.base}/play/{game_id}")  # back at the table: a rematch, bots stay bots
    click_to_game(person, "#rematch", game_id)
    until(lambda: version(person), "the rematch's table")
    assert page.get_attribute("#others [data-seat='1']", "data-bot") == "expert"
    assert http.get(url).json()["rematch"] == urlsplit(page.url).path.rsplit("/", 1)[1]
    assert_clean(server, person, expected=(REFUSED_HINT,))  # the browser logs the refused hint
    http.close()


def resigned(export: Json, key: str) -> Json:
    """The export re-signed with `key` (a forger's own), over its head as audit.md defines."""
    last = export["entries"][-1]
    message = export_signed_bytes(export["game_id"], last["seq"], last["hash"])
    export["signature"] = {"key_id": key_id(key), "signature": sign(key, message)}
    return export


def relabelled(export: Json) -> Json:
    export["game_id"] = "0" * len(export["game_id"])
    return export


def unsigned(export: Json) -> Json:
    del export["signature"]
    export["format"] = "escopa-export-v1"
    return export


@pytest.mark.parametrize(
    ("tamper", "status", "detail"),
    [
        (lambda e: e, "passed", f"key {key_id(SIGNING_KEY)} signed game "),
        (
            lambda e: rehashed(forged_deal(e)),
            "failed",
            f"the signature of key {key_id(SIGNING_KEY)} does not hold for game ",
        ),
        (
            lambda e: resigned(rehashed(forged_deal(e)), OTHER_KEY),
            "failed",
            f"signed by key {key_id(OTHER_KEY)}, which is not a key given "
            f"(known: {key_id(SIGNING_KEY)})",
        ),
        (relabelled, "failed", "the chain is not the one the service signed"),
        (unsigned, "failed", "the export carries no signature (escopa-export-v1)"),
    ],
    ids=["untouched", "rebuilt", "re-signed by another key", "relabelled", "unsigned"],
)
def test_an_export_dropped_with_no_server_checks_its_signature_against_a_pasted_key(
    server: Served, browser: Chromium, finished: Json, tamper: Any, status: str, detail: str
) -> None:
    watched = replay_page_loaded(server, browser)
    page = watched.page
    before = len(watched.requests)
    page.evaluate(
        "(text) => { document.getElementById('paste').value = text; }",
        json.dumps(tamper(json.loads(json.dumps(finished)))),
    )
    page.click("#paste-go")
    page.wait_for_selector("body[data-verified]")
    item = page.locator(f"#checks li[data-check='{SIGNATURE}']")
    if tamper is unsigned:
        assert item.get_attribute("data-status") == "not-checked"
        assert "not checked: this export is not signed" in item.inner_text()
    else:
        assert item.get_attribute("data-status") == "not-checked"
        assert "not checked (no key): signed by key " in item.inner_text()
    page.click("#key-box summary")
    page.fill("#key", public_text(SIGNING_KEY))
    page.click("#key-go")
    page.wait_for_selector(f"#checks li[data-check='{SIGNATURE}'][data-status='{status}']")
    assert detail in item.inner_text()
    assert page.get_attribute("body", "data-verified") == status
    assert watched.requests[before:] == [], "the signature was checked without the server"
    assert_clean(server, watched)


@pytest.mark.parametrize(
    ("form", "signature", "detail"),
    [
        ("escopa-export-v3", "failed", "does not hold for game "),
        ("escopa-export-v2", "passed", "signed game "),  # a v2 signature is a receipt
    ],
)
def test_an_export_cut_short_and_signed_with_a_genuine_receipt_is_refused_naming_why(
    server: Served,
    browser: Chromium,
    played: tuple[Json, dict[int, Json]],
    form: str,
    signature: str,
    detail: str,
) -> None:
    export, receipts = played
    receipt = receipts[19]  # the service's own answer to the move that made seq 19
    cut = export | {"format": form, "entries": export["entries"][:19]}
    cut["signature"] = {"key_id": receipt["key_id"], "signature": receipt["signature"]}
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/replay/")
    page.wait_for_selector("#lang")  # worded, and listening
    page.evaluate("(text) => { document.getElementById('paste').value = text; }", json.dumps(cut))
    page.click("#paste-go")
    page.wait_for_selector("body[data-verified]")
    page.click("#key-box summary")
    page.fill("#key", public_text(SIGNING_KEY))
    page.click("#key-go")
    page.wait_for_selector(f"#checks li[data-check='{SIGNATURE}'][data-status='{signature}']")

    assert page.get_attribute("body", "data-verified") == "failed"
    over = page.locator("#checks li[data-check='The match is over']")
    assert over.get_attribute("data-status") == "failed"
    assert "the log ends at seq 19 before the match is over" in over.inner_text()
    assert detail in page.inner_text(f"#checks li[data-check='{SIGNATURE}']")
    assert_clean(server, watched)


def test_a_pasted_key_that_is_not_a_key_is_named_and_checks_nothing(
    server: Served, browser: Chromium, finished: Json
) -> None:
    watched = browser.page()
    page = watched.page
    page.goto(f"{server.base}/replay/")
    page.wait_for_selector("#lang")  # worded, and listening
    page.evaluate(
        "(text) => { document.getElementById('paste').value = text; }", json.dumps(finished)
    )
    page.click("#paste-go")
    page.wait_for_selector("body[data-verified]")
    page.click("#key-box summary")
    page.fill(
        "#key", json.dumps({"keys": [{"id": "0" * 16, "public_key": public_text(OTHER_KEY)}]})
    )
    page.click("#key-go")
    page.wait_for_selector("#key-error:has-text('the id is not that of its public key')")
    item = page.locator(f"#checks li[data-check='{SIGNATURE}']")
    assert item.get_attribute("data-status") == "not-checked"
    assert_clean(server, watched)


def test_a_four_player_game_against_bots_gives_the_person_a_bot_partner_at_each_chosen_level(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page(PHONE)
    page = watched.page
    page.goto(f"{server.base}/")
    page.fill("#bots-name", "Léa")
    page.select_option("#bots-players", "4")
    for seat, level in ((1, "random"), (2, "greedy"), (3, "expert")):
        page.select_option(f"#bot-seats select[data-seat='{seat}']", level)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    page.click("#bots button[type=submit]", no_wait_after=True)
    page.wait_for_url(f"{server.base}/play/*")
    until(lambda: version(watched), "the table")
    game_id = urlsplit(page.url).path.rsplit("/", 1)[1]
    view = httpx.get(f"{server.base}/v1/games/{game_id}", timeout=WAIT).json()
    assert [(p["name"], p["bot"]) for p in view["players"]] == [
        ("Léa", None),
        ("Rita", "random"),
        ("Beto", "greedy"),
        ("Zeca", "expert"),
    ]
    assert view["rules"]["players"] == 4 and [s["seats"] for s in view["sides"]] == [[0, 2], [1, 3]]
    shown = page.locator("#others [data-bot]").evaluate_all(
        "boxes => boxes.map(b => [b.dataset.seat, b.dataset.bot,"
        " b.querySelector('h2').textContent])"
    )
    assert shown == [
        ["1", "random", "Rita (bot: random)"],
        ["2", "greedy", "Beto (bot: greedy)"],
        ["3", "expert", "Zeca (bot: expert)"],
    ]
    assert page.inner_text("#sides [data-side='0'] h2") == "Léa & Beto"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert_clean(server, watched)


def test_the_start_page_keeps_the_choices_made_before_its_script_ran(
    server: Served, browser: Chromium
) -> None:
    watched = browser.page()
    page = watched.page
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/web/locales/*.json", hold)  # the script waits on its catalog
    page.goto(f"{server.base}/")
    until(lambda: page.wait_for_timeout(20) or held, "the catalog's request, held")
    page.select_option("#bots-players", "4")
    page.select_option("#players", "3")
    page.fill("#tour-entrants", "4")
    page.select_option("#tour-pairing", "round_robin")
    held[0].continue_()
    page.wait_for_selector("#bots button[type=submit]:not([disabled])")  # the script's last step
    seats = page.locator("#bot-seats select").evaluate_all("s => s.map(e => e.dataset.seat)")
    assert seats == ["1", "2", "3"], "a bot for each seat but the person's, of four"
    assert page.locator("#names input").count() == 3
    assert page.input_value("#tour-rounds") == "3", "a round robin of four plays three rounds"
    assert_clean(server, watched)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_table_and_the_replay_open_at_their_header(
    server: Served, browser: Chromium, finished: Json, size: dict[str, int]
) -> None:
    with api_client(server) as http:
        game = http.post("/v1/games", json={"players": ["Ana", {"name": "G", "bot": "greedy"}]})
        created = game.json()
        auth = {"Authorization": f"Bearer {created['players'][0]['token']}"}
        url = f"/v1/games/{created['game_id']}"
        for _ in range(4):  # a log longer than its box
            until(lambda: http.get(url).json()["turn"] == 0, "your turn")
            legal = http.get(f"{url}/legal-moves", headers=auth).json()
            move = {"move": legal["moves"][0]["id"], "expected_version": legal["version"]}
            assert http.post(f"{url}/moves", json=move, headers=auth).is_success
    watched = browser.page(size)
    page = watched.page
    page.goto(f"{server.base}/play/{created['game_id']}#token={created['players'][0]['token']}")
    until(lambda: version(watched) >= 8, "the table")
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") == 0, "the table opened scrolled past its header"
    page.goto(f"{server.base}/replay/{finished['game_id']}#m=40")
    page.wait_for_selector("body[data-verified]")
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") == 0, "the replay opened scrolled past its header"
    assert_clean(server, watched)


def two_seats(http: httpx.Client, seed: str) -> tuple[str, list[str]]:
    """A new 2-player game dealt from `seed`: its id and its seats' tokens."""
    body = {"players": ["Ana", "Bia"], "seed": chosen_seed(seed)}
    created = http.post("/v1/games", json=body).json()
    return created["game_id"], [p["token"] for p in created["players"]]


def first_legal_move(http: httpx.Client, game_id: str, tokens: list[str]) -> int:
    """Play the first legal move of the seat to act, through the API; the version it made."""
    url = f"/v1/games/{game_id}"
    auth = {"Authorization": f"Bearer {tokens[http.get(url).json()['turn']]}"}
    legal = http.get(f"{url}/legal-moves", headers=auth).json()
    body = {"move": legal["moves"][0]["id"], "expected_version": legal["version"]}
    played = http.post(f"{url}/moves", json=body, headers=auth)
    assert played.is_success, played.text
    return int(played.json()["version"])


def test_a_view_read_that_fails_for_a_moment_is_read_again_and_its_problem_cleared(
    server: Served, browser: Chromium
) -> None:
    with api_client(server) as http:
        game_id, tokens = two_seats(http, "a read again")
        watched = browser.page()
        page = watched.page
        page.goto(f"{server.base}/play/{game_id}#token={tokens[1]}")
        first = until(lambda: version(watched), "the table")
        failed: list[str] = []

        def fail_once(route: Any) -> None:
            if failed:
                route.continue_()
                return
            failed.append(route.request.url)
            route.abort()

        page.route(f"{server.base}/v1/games/{game_id}", fail_once)
        first_legal_move(http, game_id, tokens)
        until(lambda: version(watched) > first, "the move, read again after the failed read")
    assert failed == [f"{server.base}/v1/games/{game_id}"], "one read of the view failed"
    until(lambda: page.inner_text("#error") == "", "the passing problem cleared")
    assert all("Failed to load resource" in error for error in watched.errors), watched.errors


def test_a_new_entry_reads_the_view_once_and_leaves_the_buttons_it_draws_again_in_place(
    server: Served, browser: Chromium
) -> None:
    with api_client(server) as http:
        game_id, tokens = two_seats(http, "buttons in place")
        url = f"/v1/games/{game_id}"
        at = first_legal_move(http, game_id, tokens)  # past it: the seat may resign, not abort
        watched = browser.page()
        page = watched.page
        page.goto(f"{server.base}/play/{game_id}#token={tokens[0]}")
        until(lambda: version(watched) == at and page.locator("#log li").count() == at, "the log")
        page.evaluate("document.querySelector('#resign').drawnFirst = true")  # not in its HTML
        at = first_legal_move(http, game_id, tokens)
        until(lambda: version(watched) == at, "the new entry's view")
    kept = page.evaluate("document.querySelector('#resign').drawnFirst === true")
    assert kept, "the resign button drawn again is the same element, not its twin"
    reads = [u for u in watched.requests if urlsplit(u).path == url]
    assert len(reads) == 2, f"the view at load and after the new entry only: {reads}"
    assert_clean(server, watched)


# Where the number of a wrapped item of the replay's move list is drawn (its `::marker`, which no
# DOM method measures): the rows of the list's left gutter beside the item that hold ink, read
# from a screenshot decoded in the page's own canvas.
INK_ROWS = """async (png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  const [width, height] = [image.width, image.height];
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, width, height).data;
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = 4 * (y * width + x);
      if (pixels[at] + pixels[at + 1] + pixels[at + 2] < 3 * 128) { rows.push(y); break; }
    }
  }
  return rows;
}"""
WRAPPED = """() => {
  const line = parseFloat(getComputedStyle(document.querySelector("#moves button")).lineHeight);
  const item = [...document.querySelectorAll("#moves li:not(.dealt)")]
    .find((li) => li.querySelector("button").getBoundingClientRect().height > 1.8 * line);
  item.scrollIntoView({block: "center"});
  const list = document.querySelector("#moves").getBoundingClientRect();
  const box = item.getBoundingClientRect();
  const text = item.querySelector("button").getBoundingClientRect();
  return {x: list.left, y: box.top, width: box.left - list.left, height: box.height,
          firstLine: [text.top - box.top, text.top - box.top + 1.5 * line]};
}"""


def test_a_wrapped_moves_number_sits_beside_its_first_line(
    server: Served, browser: Chromium, finished: Json
) -> None:
    watched = browser.page(PHONE)
    page = watched.page
    page.goto(f"{server.base}/replay/{finished['game_id']}")
    page.wait_for_selector("body[data-verified]")
    found = page.evaluate(WRAPPED)
    clip = {key: found[key] for key in ("x", "y", "width", "height")}
    shot = base64.b64encode(page.screenshot(clip=clip)).decode()
    scale = page.evaluate("devicePixelRatio")
    rows = page.evaluate(INK_ROWS, shot)
    assert rows, "the item's number is drawn in the gutter"
    top, bottom = (edge * scale for edge in found["firstLine"])
    assert top <= min(rows) and max(rows) <= bottom, (rows, found)
    assert_clean(server, watched)
