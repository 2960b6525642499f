"""Real Chromium for the browser tests: Debian's package, driven by Playwright.

Playwright's own browser download does not work offline, so tests launch /usr/bin/chromium
(``scripts/test`` installs it when missing). Screenshots go to ``test-output/screenshots``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).parents[2] / "test-output" / "screenshots"


def new_page(browser: Any, width: int = 1366, height: int = 768, **context: Any) -> Any:
    """A page in a fresh browser context of ``width`` x ``height``; the page's uncaught
    script errors collect in ``page.errors`` (tests assert it stays empty)."""
    page = browser.new_context(viewport={"width": width, "height": height}, **context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def save_shot(page: Any, name: str) -> None:
    """A full-page screenshot ``test-output/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
