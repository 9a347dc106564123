"""The web pages' routes: HTML for browsers, JSON for others at `/`, the assets, the headers."""

from __future__ import annotations

import re

import pytest

from service.http.web import STATIC
from tests.harness.api import Client, create_game

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


async def test_a_browser_gets_the_start_page_at_the_root(client: Client) -> None:
    response = await client.get("/", headers={"Accept": BROWSER_ACCEPT})

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "Play against bots" in response.text and "Play with a friend" in response.text
    assert "Open games" in response.text
    assert "Accept" in response.headers["vary"]


@pytest.mark.parametrize("accept", [None, "*/*", "application/json"])
async def test_a_client_that_does_not_ask_for_html_gets_json_at_the_root(
    client: Client, accept: str | None
) -> None:
    headers = {} if accept is None else {"Accept": accept}
    response = await client.get("/", headers=headers)

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["docs"] == "/schema"


@pytest.mark.parametrize(
    ("path", "title", "framed_by"),
    [
        ("/play/abc123", "the table", "'none'"),
        ("/join/abc123", "take a seat", "'none'"),
        ("/replay/abc123", "replay", "'self'"),
        ("/replay/", "replay", "'self'"),
        ("/rules", "how to play", "'none'"),
        ("/tournaments/t123", "a tournament", "'none'"),
        ("/tournaments/t123/tables/1/2", "every table", "'none'"),
    ],
)
async def test_the_pages_are_served_with_a_policy_that_allows_only_this_service(
    client: Client, path: str, title: str, framed_by: str
) -> None:
    response = await client.get(path)

    assert response.status_code == 200
    assert title in response.text
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy
    assert f"frame-ancestors {framed_by}" in policy, "only the replay, and only by this service"
    assert response.headers["referrer-policy"] == "no-referrer"


async def test_every_script_and_style_a_page_names_is_served_by_the_service(
    client: Client,
) -> None:
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        assets = re.findall(r'(?:src|href)="(/web/[^"]+)"', html)
        assert assets, page
        for asset in assets:
            response = await client.get(asset)
            assert response.status_code == 200, asset
    for module in STATIC.glob("*.js"):
        for imported in re.findall(r'from "\./([^"]+)"', module.read_text()):
            assert (STATIC / imported).is_file(), f"{module.name} imports {imported}"
        response = await client.get(f"/web/{module.name}")
        assert response.headers["content-type"].startswith("text/javascript")


async def test_no_page_or_module_names_another_host(client: Client) -> None:
    for asset in (path for path in STATIC.rglob("*") if path.is_file()):
        text = asset.read_text()
        hosts = re.findall(r"https?://[^\s\"'`)]+", text)
        assert [h for h in hosts if not h.startswith("http://www.w3.org/2000/svg")] == [], asset


async def test_an_unknown_asset_is_a_404_not_a_500(client: Client) -> None:
    response = await client.get("/web/nothing-here.js")

    assert response.status_code == 404


async def test_the_pages_are_not_part_of_the_api_schema(client: Client) -> None:
    paths = (await client.get("/openapi.json")).json()["paths"]

    pages = ("/play", "/replay", "/web", "/rules", "/tournaments")
    assert not [p for p in paths if p == "/" or p.startswith(pages)]


async def test_the_table_page_is_the_same_for_every_game_and_holds_no_secret(
    client: Client,
) -> None:
    game = await create_game(client)
    page = (await client.get(f"/play/{game.id}")).text

    assert game.id not in page
    assert all(token not in page for token in game.tokens)
    assert page == (STATIC / "play.html").read_text()
