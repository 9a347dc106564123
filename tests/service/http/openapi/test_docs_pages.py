"""The interactive docs render in a real browser with every asset from the service: headless
Chromium loads `/schema/swagger` and `/schema` from a live server, and no request leaves it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Browser, Page, Route, async_playwright

from service.app import openapi_document as document
from tests.harness.api import serve_apps

CHROMIUM = "/usr/bin/chromium"  # Debian's `chromium` package (.ci/run installs it)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def summaries(webhooks: bool = False) -> list[str]:
    """The summary of every operation in the API document (`webhooks`: and of every event the
    service POSTs to a webhook, which Swagger UI lists beside them)."""
    sections = [document()["paths"], *([document()["webhooks"]] if webhooks else [])]
    return sorted(
        operation["summary"]
        for section in sections
        for operations in section.values()
        for operation in operations.values()
    )


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        await launched.close()


async def load(
    browser: Browser, url: str, console: list[str] | None = None
) -> tuple[Page, list[str]]:
    """A page at `url` whose requests off the server's host are refused and recorded (and its
    console's warnings and errors in `console`, when given)."""
    page = await browser.new_page()
    if console is not None:
        page.on(
            "console",
            lambda m: console.append(m.text) if m.type in {"warning", "error"} else None,
        )
    outside: list[str] = []
    host = urlsplit(url).netloc

    async def only_local(route: Route) -> None:
        target = urlsplit(route.request.url)
        if target.scheme in {"data", "blob"} or target.netloc == host:
            await route.continue_()
        else:
            outside.append(route.request.url)
            await route.abort()

    await page.route("**/*", only_local)
    await page.goto(url)
    return page, outside


async def test_swagger_ui_renders_every_operation_from_the_service_alone(
    redis_url: str, browser: Browser
) -> None:
    async with serve_apps(redis_url, 1) as (client,):
        page, outside = await load(browser, f"{client.base_url}/schema/swagger")
        await page.wait_for_selector(".opblock", timeout=30_000)
        shown = await page.eval_on_selector_all(
            ".opblock-summary-description", "nodes => nodes.map(n => n.textContent.trim())"
        )
        await page.close()

    assert sorted(shown) == summaries(webhooks=True)
    assert outside == [], f"requests left the host: {outside}"


async def test_redoc_renders_every_operation_from_the_service_alone(
    redis_url: str, browser: Browser
) -> None:
    async with serve_apps(redis_url, 1) as (client,):
        console: list[str] = []
        page, outside = await load(browser, f"{client.base_url}/schema", console)
        await page.wait_for_selector("[data-section-id^='operation/']", timeout=30_000)
        shown = await page.eval_on_selector_all(
            "[data-section-id^='operation/'] h2", "nodes => nodes.map(n => n.textContent.trim())"
        )
        await page.close()

    events = sorted(set(summaries(webhooks=True)) - set(summaries()))
    assert len(events) == len(document()["webhooks"])
    marked = [f"{summary} Webhook" for summary in events]  # Redoc marks an event so
    assert sorted(" ".join(text.split()) for text in shown) == sorted(summaries() + marked)
    assert outside == [], f"requests left the host: {outside}"
    assert console == [], "Redoc read the document without a warning"
