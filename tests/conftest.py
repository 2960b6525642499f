"""Fixtures shared by every test folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium per test module; a missing browser fails, never skips.

    Module scope matters: Playwright's sync API runs an event loop in this thread while it is
    open, which would break later tests that start their own (``asyncio.run``).
    """
    from playwright import sync_api  # a dev dependency: missing, it fails the test, never skips

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()
