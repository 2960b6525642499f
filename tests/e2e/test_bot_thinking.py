"""A bot's turn on the match page, in real Chromium: while a bot thinks the status counts the
seconds ("Bot 1 is thinking… 1 s"), and its turn reaches the board in a few changes — one per
step of the turn in words — not one per atomic decision.

The page used to say "Bot 1 (bot) is playing…" with nothing moving for as long as a search ran,
and then replayed a Rancho bot's some fifty decisions one paced change at a time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import new_page, save_shot
from web_servers import running

pytestmark = pytest.mark.browser

SLOW = "slow=mcts:iterations=0,seconds=5@8"
"""A search level that uses all of its turn's budget (about 2 s, ``BotLevel.turn_seconds``)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("bot-thinking")
    db = f"sqlite:///{folder / 'thinking.db'}"
    args = ("--bot-level", SLOW, "--bot-delay", "1.0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def test_a_thinking_bot_shows_the_seconds_and_its_turn_arrives_in_few_changes(
    browser: Any, server: Any
) -> None:
    page = new_page(browser, 390, 844)
    seats = [{"kind": "bot", "level": "slow"}] * 2
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": "rancho", "seats": seats}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    page.goto(server.base + answer.json()["url"])
    page.wait_for_selector("#board")
    page.evaluate(
        """() => {
          window.boardChanges = 0;
          new MutationObserver(() => window.boardChanges++).observe(
            document.querySelector('#board'), { attributes: true, attributeFilter: ['data-index'] });
        }"""
    )
    status = page.locator("#status")
    page.wait_for_function(
        "() => /is thinking… [1-9] s/.test(document.querySelector('#status').textContent)",
        timeout=15000,
    )
    assert re.search(r"Bot [12] is thinking… \d s", status.inner_text())
    save_shot(page, "phone-rancho-bot-thinking")
    # Four bot turns later: each arrived in a few changes (its roll, its line of decisions).
    page.wait_for_function(
        "() => document.querySelectorAll('#events li.turn').length >= 6", timeout=30000
    )
    turns = page.locator("#events li.turn").count()
    changes = page.evaluate("window.boardChanges")
    assert changes <= 3 * turns, (changes, turns)
    assert page.errors == []
