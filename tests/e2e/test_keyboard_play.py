"""Keyboard-only play in real Chromium: a Rancho match against a bot is started from the lobby
and ten of the player's turns are played with the keyboard alone.

Keyboard: the only input is ``page.keyboard`` (Tab to move the focus, Enter and Space to press);
no mouse click, no ``element.click()``, no script that acts. The test reads the page (which
element has the focus, which board controls are lit, whose turn it is) to decide how often to
press Tab. Each turn: the dice are rolled with the "Roll the dice" button, the bred animals are
placed by focusing lit spaces of the SVG board (role=button, tabindex 0) and pressing Space,
predator questions are answered, and the turn is ended. A board control the keyboard cannot
reach or press fails the test (the Tab walk runs out, or the press changes nothing), as does a
lit space that is not a named button or a Space press that also scrolls the page.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import new_page, save_shot
from web_servers import running

pytestmark = pytest.mark.browser

TURNS = 10
TAB_LIMIT = 400  # Tab presses to reach one control before the test gives up
# What to press, in order of preference, and the key that presses it: a question first (which
# predator first, keep the dog, an animal to give back), then a lit space to place an animal
# on, then ending the turn, then rolling the dice.
CHOICES = (
    (".rancho .panel.order button", "Enter"),
    (".rancho button.keep-dog", "Enter"),
    (".rancho .panel.return button", "Enter"),
    (".rancho-board .cell.place", "Space"),
    (".rancho button.end-turn", "Enter"),
    (".rancho button.roll", "Space"),
    (".rancho .panel.other button", "Enter"),
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("keyboard")
    db = f"sqlite:///{folder / 'keyboard.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def focused_matches(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        )
    )


def tab_to(page: Any, selector: str) -> int:
    """Press Tab until the focused element matches ``selector``; the presses it took."""
    for presses in range(TAB_LIMIT):
        if focused_matches(page, selector):
            return presses
        page.keyboard.press("Tab")
    save_shot(page, "keyboard-lost")
    raise AssertionError(f"{selector} not reached in {TAB_LIMIT} Tab presses")


def board_state(page: Any) -> str:
    """What a press on the board changes: the view's index and the board's markup."""
    return str(
        page.evaluate(
            "() => (document.querySelector('#board')?.dataset.index || '') + "
            "(document.querySelector('#board')?.innerHTML.length || 0)"
        )
    )


def my_turns(page: Any, server: Any, match_id: str) -> tuple[int, bool]:
    """How many of seat 1's turns are over, and whether the game is (read from the API)."""
    base = f"{server.base}/api/matches/{match_id}"
    turns = page.request.get(f"{base}/events?since=0&limit=5000").json()["turns"]
    over = page.request.get(base).json()["match"]["status"] == "finished"
    return len([t for t in turns if t["seat"] == 0 and t["complete"]]), over


def wait_my_move(page: Any, timeout: float = 60.0) -> bool:
    """Wait until it is our move (True) or the game is over (False)."""
    deadline = time.monotonic() + timeout
    status = ""
    while time.monotonic() < deadline:
        status = page.locator("#status").inner_text()
        if status.startswith("Game over"):
            return False
        ready = status.startswith("Your turn") and not page.locator("#board.pending").count()
        if ready and any(page.locator(s).count() for s, _ in CHOICES):
            return True
        page.wait_for_timeout(40)
    raise AssertionError(f"no move within {timeout}s; status {status!r}")


def test_ten_rancho_turns_with_the_keyboard_only(server: Any, browser: Any) -> None:
    """Keyboard: a Rancho match is created from the lobby's "Play against a bot" with Tab and
    Enter, and ten of our turns are played with Tab, Enter and Space alone (dice, placing
    animals on the SVG board's spaces, predator questions, ending the turn)."""
    page = new_page(browser, 1366, 768)
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=rancho] button.quick-start")
    tab_to(page, "article[data-game=rancho] button.quick-start")
    page.keyboard.press("Enter")
    page.wait_for_url("**/match/*", timeout=30_000)
    page.wait_for_selector(".rancho-board", timeout=30_000)
    match_id = page.url.rstrip("/").split("/")[-1]
    presses = {"Enter": 0, "Space": 0}
    spaces_placed = 0
    steps = 0
    while True:
        done, over = my_turns(page, server, match_id)
        if done >= TURNS or over:
            break
        if not wait_my_move(page):
            break
        selector, key = next((s, k) for s, k in CHOICES if page.locator(s).count())
        tab_to(page, selector)
        if selector.endswith(".cell.place"):  # an SVG space: a named button to screen readers
            named = page.evaluate(
                "() => [document.activeElement.getAttribute('role'), "
                "document.activeElement.getAttribute('aria-label')]"
            )
            assert named[0] == "button" and named[1], named
        before = board_state(page)
        scrolled = page.evaluate("() => window.scrollY")
        page.keyboard.press(key)
        presses[key] += 1
        spaces_placed += selector.endswith(".cell.place")
        page.wait_for_function(
            "(before) => !document.querySelector('#board.pending') && "
            "(document.querySelector('#board')?.dataset.index || '') + "
            "(document.querySelector('#board')?.innerHTML.length || 0) !== before",
            arg=before,
            timeout=15_000,
        )
        if key == "Space":  # Space pressed the control; it did not scroll the page too
            assert page.evaluate("() => window.scrollY") == scrolled, selector
        steps += 1
        assert steps < 30 * TURNS, "the turns did not end"
    save_shot(page, "keyboard-rancho")
    done, over = my_turns(page, server, match_id)
    assert done >= TURNS or over, (done, over)
    assert done >= 3, f"only {done} turns played"
    assert presses["Enter"] and presses["Space"], presses
    assert spaces_placed, "no animal was placed on the board from the keyboard"
    print(f"keyboard: {done} turns, presses {presses}, spaces placed {spaces_placed}")
    assert page.errors == []
