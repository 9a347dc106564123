"""What the browser tests of the web pages share: waiting on a page, playing in it, and
checking that it logged no error and called no other host."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as ClickTimeout

from service.http.languages import registered
from service.http.web import STATIC
from tests.harness.api import Json, entry_hash
from tests.harness.browser import Watched
from tests.harness.processes import Served

SHOTS = os.environ.get("ESCOPA_SCREENSHOTS")
LANGUAGES = tuple(one["tag"] for one in registered())


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def assert_accessible(watched: Watched, state: str) -> None:
    """axe-core (the npm package, injected from node_modules: the page's context must bypass its
    CSP) finds no violation of WCAG 2.2 A or AA in the page as it is now (`state` names it)."""
    page = watched.page
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}}))"
        ".violations.map(v => `${v.id}: ${v.help} (`"
        " + v.nodes.map(n => n.target.join(' ')).join(', ') + ')')",
        WCAG_22_AA,
    )
    assert found == [], f"{state}: {found}"


def catalogs() -> dict[str, dict[str, str]]:
    """The web pages' message catalogs, by language."""
    folder = STATIC / "locales"
    return {lang: json.loads((folder / f"{lang}.json").read_text()) for lang in LANGUAGES}


WAIT = 60.0  # bounds a hang only
CLICK_MS = 5_000  # a card that stays gone this long was redrawn away


def api_client(server: Served) -> httpx.Client:
    """A client of the served API for a page test's own requests; its timeout bounds a hang."""
    return httpx.Client(base_url=server.base, timeout=WAIT)


def address(page: Page) -> str:
    """The page's address as the page has it now: `page.url` follows the browser's navigation
    events, which may arrive after a key's or a script's `history.replaceState` has run."""
    return str(page.evaluate("location.href"))


def shoot(watched: Watched, name: str, full_page: bool = True) -> None:
    """Save a screenshot for the README when asked to."""
    if SHOTS:
        watched.page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full_page)


def until(check: Any, what: str, timeout: float = WAIT) -> Any:
    """Poll `check()` until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def click_to_game(watched: Watched, selector: str, game_id: str) -> None:
    """Click a button that takes the page from game `game_id` to another (a rematch); a refusal
    fails with the page's own words, a click that did nothing with what the page asked and said."""
    page = watched.page
    page.click(selector, no_wait_after=True)

    def moved_or_refused() -> bool | str:
        try:
            return game_id not in page.url or page.inner_text("#error").strip()
        except PlaywrightError:  # the page is navigating: asked again
            return False

    try:
        until(moved_or_refused, f"{selector} to leave game {game_id}")
    except AssertionError as hung:
        asked = [url for url in watched.requests if "/v1/" in url][-5:]
        raise AssertionError(f"{hung}; last calls {asked}; console {watched.errors}") from None
    assert game_id not in page.url, f"{selector} was refused: {page.inner_text('#error')}"


def version(watched: Watched) -> int:
    shown = watched.page.evaluate("document.body.dataset.version")
    return int(shown) if shown else 0


def my_turn(watched: Watched, at_least: int) -> bool:
    shown, turn, choices = watched.page.evaluate(
        "[Number(document.body.dataset.version || 0),"
        " document.body.dataset.myTurn === 'true',"
        " document.querySelectorAll('#hand button.card:not([disabled]), #actions [data-move]')"
        ".length]"
    )
    return bool(shown >= at_least and turn and choices)


def play_by_clicks(watched: Watched, tries: int = 5) -> str:
    """Choose a move in the page: a claim when offered, else a capture when a card has one
    (its table cards clicked, then the one option left), else a discard. Returns the move.
    A card gone under the click (a late answer redrew the hand) starts the choice again."""
    try:
        return _choose_by_clicks(watched)
    except ClickTimeout:
        if tries <= 1:
            raise
        return play_by_clicks(watched, tries - 1)


def _choose_by_clicks(watched: Watched) -> str:
    page = watched.page
    claim = page.locator("#actions button[data-move^='claim:']")
    playable = "#hand button.card:not([disabled]), #actions button[data-move^='claim:']"
    until(lambda: page.locator(playable).count(), "a card to play (the page redrawn)")
    if claim.count():
        chosen = claim.first.get_attribute("data-move")
        claim.first.click()
        return str(chosen)
    cards = page.locator("#hand button.card:not([disabled])")
    discard = None
    for index in range(cards.count()):
        cards.nth(index).click(timeout=CLICK_MS)
        options = page.locator("#actions button[data-move]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.move)"
        )
        captures = [o for o in options if "+" in o and not o.startswith("claim:")]
        if captures:
            move = str(captures[0])
            for card in move.split("+")[1:]:
                page.click(f"#table button[data-card='{card}']")
            left = page.locator("#actions button[data-move]").evaluate_all(
                "buttons => buttons.map(b => b.dataset.move).filter(m => !m.startsWith('claim:'))"
            )
            assert left == [move], f"after choosing {move}'s cards the page still offers {left}"
            page.click(f"#actions button[data-move='{move}']")
            return move
        discard = options[-1] if options else discard
    if discard is None:  # the view was redrawn between the looks (a late answer): again
        return _choose_by_clicks(watched)
    page.click(f"#actions button[data-move='{discard}']")
    return str(discard)


def play_by_keyboard(watched: Watched, patient: bool = True) -> bool:
    """Tab to the first playable card, Enter to choose it, Enter on the first option offered.
    Not `patient`: False when no option takes the focus within seconds (a newer view came
    between the keys), nothing played."""
    page = watched.page
    playable = page.locator("#hand button.card:not([disabled])")
    if not patient and not playable.count():
        return False
    playable.first.focus()
    page.keyboard.press("Enter")
    focused = "document.activeElement.dataset.move"
    try:
        until(lambda: page.evaluate(focused), "focus on an option", timeout=WAIT if patient else 3)
    except AssertionError:
        if patient:
            raise
        return False
    page.keyboard.press("Enter")
    return True


def assert_clean(server: Served, *pages: Watched, expected: tuple[str, ...] = ()) -> None:
    """No console error (but each `expected` one, exactly once), no request to another host."""
    for watched in pages:
        unexpected = [e for e in watched.errors if not any(x in e for x in expected)]
        assert unexpected == [], unexpected
        for text in expected:
            assert sum(text in e for e in watched.errors) == 1, (text, watched.errors)
        foreign = [url for url in watched.requests if not url.startswith(server.base + "/")]
        assert foreign == [], foreign


def rehashed(export: Json) -> Json:
    """The chain recomputed after a change, as a forger who knows the format would."""
    prev = "0" * 64
    for entry in export["entries"]:
        entry["prev_hash"] = prev
        entry["hash"] = entry_hash(entry)
        prev = entry["hash"]
    return export
