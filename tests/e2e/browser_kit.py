"""Real Chromium for the browser tests: Debian's package, driven by Playwright.

Playwright's own browser download does not work offline, so tests launch /usr/bin/chromium
(``scripts/test`` installs it when missing). Screenshots go to ``test-output/screenshots``.
"""

from __future__ import annotations

from pathlib import Path

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
