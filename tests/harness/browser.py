"""A real headless Chromium (Debian's `chromium`) driven by Playwright, watching each page.

Playwright's own browser downloads are never used: the system's executable is launched. A click
that navigates passes `no_wait_after=True` and the test then waits for the URL it expects: the
click's own wait for a navigation it scheduled once stalled past its timeout, the click done.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, sync_playwright

CHROMIUM: Final = "/usr/bin/chromium"
FLAGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
)
PHONE: Final = {"width": 390, "height": 844}
DESKTOP: Final = {"width": 1280, "height": 900}


@dataclass
class Watched:
    """A page with every console error, uncaught exception and request URL it produced."""

    page: Page
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            self.errors.append(f"{message.type}: {message.text}")

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)


@dataclass
class Chromium:
    browser: Browser
    watched: list[Watched] = field(default_factory=list)

    def page(
        self,
        viewport: dict[str, int] = DESKTOP,
        locale: str | None = None,
        bypass_csp: bool = False,
    ) -> Watched:
        """A new page in its own context (its own session and local storage), watched from the
        start; `locale` is the browser's language (`navigator.languages`, `Accept-Language`),
        `bypass_csp` lets a test inject a script of its own (axe-core)."""
        context = self.browser.new_context(  # type: ignore[arg-type]
            viewport=viewport, locale=locale, bypass_csp=bypass_csp
        )
        page = context.new_page()
        page.set_default_timeout(60_000)  # bounds a hang only: a busy machine is slow
        watched = Watched(page)
        page.on("console", watched.on_console)
        page.on("pageerror", lambda error: watched.errors.append(f"exception: {error}"))
        page.on("request", watched.on_request)
        self.watched.append(watched)
        return watched


@contextmanager
def chromium() -> Iterator[Chromium]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(FLAGS))
        try:
            yield Chromium(browser)
        finally:
            browser.close()
