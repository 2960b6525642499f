"""Livestock Uprising in real Chromium (Playwright with Debian's /usr/bin/chromium), by clicking.

A new user sets up a 2-player match against the heuristic bot from the lobby, picks a faction
by clicking it, places the barn by clicking a lit cell (LU-R17), then plays every turn by
clicking: a General, then a lit cell to step to or attack (LU-R29, LU-R33); troops from the
supply (LU-R67) and the General that receives them (LU-R70); cards when a card offers itself;
the decision buttons otherwise (end a phase, pass a window, pick a casualty …). The game runs
to its end: the stalemate rule with a short round limit (LU-R98; 4 rounds here, 30 by
default). Screenshots go to test-output/screenshots/livestock-uprising-*.png, at 1280x800 and
at phone width.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import save_shot
from web_servers import running

pytestmark = pytest.mark.browser

READ = """() => {
  const root = document.querySelector('.livestock-uprising');
  if (!root) return null;
  return {
    phase: root.dataset.phase,
    mine: root.dataset.mine === 'true',
    targets: document.querySelectorAll('.lu-board .target').length,
    attacks: document.querySelectorAll('.lu-board .target.attack').length,
    pieces: document.querySelectorAll('.lu-board .piece.selectable').length,
    marshal: document.querySelectorAll('.lu-supply button.marshal').length,
    cards: document.querySelectorAll('.lu-card button.play-card').length,
    buttons: [...document.querySelectorAll('.lu-actions button')].map((b) => b.textContent),
    battle: !!document.querySelector('.lu-battle'),
  };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-lu")
    db = f"sqlite:///{folder / 'e2e.db'}"
    args = ("--bot-delay", "0.02", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def shot(page: Any, name: str) -> None:
    save_shot(page, f"livestock-uprising-{name}")


def board_index(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-index") or -1)


def click_and_wait(page: Any, locator: Any) -> None:
    before = board_index(page)
    locator.first.click()
    page.wait_for_function(
        f"() => +document.querySelector('#board').dataset.index !== {before}", timeout=20000
    )


def wait_turn_or_end(page: Any, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = page.locator("#status").inner_text()
        if status.startswith("Game over"):
            return "over"
        state = page.evaluate(READ)
        if state and state["mine"] and status.lower().startswith("your"):
            return "turn"
        page.wait_for_timeout(40)
    raise AssertionError("no turn came within the time limit")


def decide(page: Any, state: dict[str, Any], counts: dict[str, int]) -> None:
    """One decision, chosen the way a keen new player would: attack when a lit cell offers
    it, act with a General, step to a lit cell, marshal a troop now and then, play a card that
    offers itself, and otherwise take the first decision button."""
    if state["attacks"]:
        counts["attacks"] += 1
        click_and_wait(page, page.locator(".lu-board .target.attack"))
    elif state["targets"]:
        counts["steps"] += 1
        click_and_wait(page, page.locator(".lu-board .target"))
    elif state["pieces"] and state["phase"] in (
        "action",
        "marshal_target",
        "transfer",
        "transfer_target",
        "card_target",
        "ambush",
    ):
        counts["pieces"] += 1
        click_and_wait(page, page.locator(".lu-board .piece.selectable"))
    elif state["marshal"] and counts["marshal_turn"] < 2:
        counts["marshal"] += 1
        counts["marshal_turn"] += 1
        click_and_wait(page, page.locator(".lu-supply button.marshal"))
    elif state["cards"] and counts["cards"] < 3:
        counts["cards"] += 1
        click_and_wait(page, page.locator(".lu-card button.play-card"))
    else:
        assert state["buttons"], f"nothing to click in phase {state['phase']}"
        if state["phase"] == "action":
            counts["marshal_turn"] = 0
        click_and_wait(page, page.locator(".lu-actions button"))


def test_new_user_plays_livestock_uprising_against_a_bot_to_the_end(
    server: Any, browser: Any
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=livestock_uprising]")
    page.click("article[data-game=livestock_uprising] a:has-text('Set up a match')")
    page.wait_for_selector("#create")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:medium")
    page.click(".params summary")
    page.fill("#param-stalemate_round_limit", "4")
    page.fill("#param-first_player", "0")
    page.click("#create")
    page.wait_for_selector(".livestock-uprising")
    assert wait_turn_or_end(page) == "turn"
    # Setup: the faction by its button, the barn by a lit cell (LU-R7, LU-R17).
    click_and_wait(page, page.locator(".lu-actions button:has-text('Lead the Goats')"))
    assert wait_turn_or_end(page) == "turn"
    assert page.evaluate(READ)["phase"] == "place_barn"
    shot(page, "barn")
    click_and_wait(page, page.locator(".lu-board .target"))
    counts = {"attacks": 0, "steps": 0, "pieces": 0, "marshal": 0, "cards": 0, "marshal_turn": 0}
    decisions = 0
    while wait_turn_or_end(page) == "turn":
        state = page.evaluate(READ)
        if decisions == 12:
            shot(page, "play")
        decide(page, state, counts)
        decisions += 1
        assert decisions < 800, "the game did not end"
    shot(page, "result")
    assert counts["pieces"] > 0 and counts["steps"] > 0, counts
    result = page.locator("#result").inner_text()
    assert "Game over" in result
    log_text = page.locator("#events").text_content() or ""
    assert "Goats" in log_text
    if counts["marshal"]:  # tokens depend on the tiles drawn; when we marshaled, the log says so
        assert "Marshal" in log_text
    assert errors == []
    # Phone width: the same finished board lays out in one column.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    shot(page, "phone")
    width = page.evaluate("() => document.querySelector('.livestock-uprising').scrollWidth")
    assert width <= 400
