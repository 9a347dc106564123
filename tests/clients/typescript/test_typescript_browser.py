"""The TypeScript client in a real browser (Debian's headless Chromium): two tables play a whole
match against a live `escopa serve`, following the events with `EventSource` and stream tickets
(a browser's `EventSource` cannot send `Authorization`).

The page and the client's modules are answered by the test at the server's own address
(Playwright's routing), so the client talks to the API from the same origin, as a page that
the service served would.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Route
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.clients.typescript.test_typescript_client import CLIENT, ROOT
from tests.harness.browser import chromium

SEED = "cba46d6187786bc20b77db3839d0b201"
"""The match's seed: with each seat playing its last legal move, it ends at entry 217 (a seed
strong enough for the service to take). Server seeds gave matches of 181 to 1,333 entries, and
the longest overran the page's three minutes on a loaded machine."""

PAGE = """<!doctype html>
<script type="importmap">
{"imports": {"escopa-client": "/__client/src/index.js",
             "openapi-fetch": "/__client/openapi-fetch.mjs"}}
</script>
<script type="module">
import { createApi, followEvents, Table, unwrap } from "escopa-client";
const failed = (reason) => { window.result ??= { error: String(reason?.stack ?? reason) }; };
window.addEventListener("unhandledrejection", (event) => failed(event.reason));
window.addEventListener("error", (event) => failed(event.error ?? event.message));
const baseUrl = location.origin;
const api = createApi({ baseUrl });
const body = { players: ["Ana", "Bia"], seed: "SEED" };
const game = unwrap(await api.POST("/v1/games", { body }));
const gameId = game.game_id;
const token = (seat) => game.players[seat].token;
const seqs = [];
const seen = [null, null];
window.progress = { gameId, seqs, seen };
const onEntry = (seat) => (entry, view) => {
  seen[seat] = { seq: entry.seq, version: view.version, status: view.status, turn: view.turn };
};
const spectator = (async () => {
  const events = followEvents({ baseUrl, gameId, token: token(0) });
  for await (const entry of events) seqs.push(entry.seq);
})();
const decide = ({ legal }) => legal.moves[legal.moves.length - 1];
const views = await Promise.all([0, 1].map((seat) =>
  new Table({ baseUrl, gameId, token: token(seat), decide, onEntry: onEntry(seat) }).play()));
await spectator;
window.result = { seqs, version: views[0].version, statuses: views.map((view) => view.status) };
</script>
""".replace("SEED", SEED)


def stream(url: str) -> bool:
    """Whether `url` opens a game's events stream."""
    return urlparse(url).path.endswith("/events")


def client_file(route: Route) -> None:
    """The page, the client's compiled modules, and openapi-fetch's, at the server's address."""
    path = urlparse(route.request.url).path.removeprefix("/__client/")
    if path == "index.html":
        route.fulfill(body=PAGE, content_type="text/html")
        return
    if path == "openapi-fetch.mjs":
        file = ROOT / "node_modules" / "openapi-fetch" / "dist" / "index.mjs"
    else:
        file = CLIENT / "dist" / path
    assert file.resolve().is_relative_to(ROOT) and file.is_file(), path
    route.fulfill(body=file.read_text(), content_type="text/javascript")


def test_two_tables_play_a_match_in_a_browser_following_events_with_stream_tickets(
    served: tuple[str, Path], built: None
) -> None:
    base, _ = served
    with chromium() as browser:
        watched = browser.page()
        page = watched.page
        headers: list[dict[str, str]] = []
        page.on(
            "request",
            lambda request: headers.append(request.headers) if stream(request.url) else None,
        )
        page.route(f"{base}/__client/**", client_file)
        page.goto(f"{base}/__client/index.html")
        try:
            page.wait_for_function("window.result !== undefined", timeout=180_000)
        except PlaywrightTimeout:
            progress = page.evaluate("JSON.stringify(window.progress)")
            raise AssertionError(f"no result; the page saw {progress}") from None
        result = json.loads(page.evaluate("JSON.stringify(window.result)"))
        assert "error" not in result, result["error"]
        assert watched.errors == []

    assert result["statuses"] == ["finished", "finished"]
    assert result["version"] == 217, "the seeded match is played as it always was"
    assert result["seqs"] == list(range(1, result["version"] + 1))
    streams = [url for url in watched.requests if stream(url)]
    assert len(streams) >= 3, "the spectator and each table followed the events"
    for url in streams:
        query = parse_qs(urlparse(url).query)
        assert len(query["ticket"][0]) == 32, url
    assert headers and all("authorization" not in sent for sent in headers)
    tickets = [url for url in watched.requests if url.endswith("/stream-tickets")]
    assert len(tickets) >= len(streams)
