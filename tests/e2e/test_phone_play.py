"""Phones: a browser test per game at 390 x 844 plays 10 turns with no manual scrolling needed
to act.

Each game is played from the lobby at 390 x 844 against a bot for ten of the player's turns by
tapping the board and its buttons. Before every tap the test checks that the thing to tap is
inside the window as it stands — the test never scrolls — and that the page is still at its
top. Also: a match opened from a scrolled lobby starts at the top, and a grown Fences farm
zooms and pans by wheel, pinch and buttons.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from web_servers import running

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TURNS = 10
# The first turn is ours; Animal Farm as the lobby proposes it (its setup played by tapping).
PARAMS: dict[str, dict[str, Any]] = {
    "rancho": {"first_player": "0"},
    "animal_farm": {"first_player": "0", "no_progress_plies": 80},
    "fences": {"first_player": "0"},
    "livestock_uprising": {"first_player": "0"},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("phone")
    db = f"sqlite:///{folder / 'phone.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def phone_page(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"phone-{name}.png"))


class OutOfView(AssertionError):
    """The player would have had to scroll to reach what must be tapped."""


def tap(page: Any, locator: Any, force: bool = False) -> None:
    """Tap ``locator`` if, as the page stands, it lies inside the window; else fail."""
    target = locator.first
    box = target.bounding_box()
    scrolled = page.evaluate("() => [window.scrollX, window.scrollY]")
    inside = (
        box is not None
        and box["width"] > 0
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= PHONE["width"] + 0.5
        and box["y"] + box["height"] <= PHONE["height"] + 0.5
    )
    if not inside or scrolled != [0, 0]:
        shot(page, "out-of-view")
        raise OutOfView(f"{target} at {box}, page scrolled to {scrolled}")
    target.click(force=force)


def settle(page: Any) -> None:
    """Let the tap's request go out and its view come back."""
    page.wait_for_timeout(40)
    page.wait_for_function(
        "() => !document.querySelector('#board.pending, .fences[data-busy], .animal-farm.busy')",
        timeout=15_000,
    )


def my_turns(page: Any, server: Any, match_id: str) -> tuple[int, bool]:
    """How many of seat 1's turns are over, and whether the game is."""
    turns = page.request.get(f"{server.base}/api/matches/{match_id}/events?since=0&limit=5000")
    view = page.request.get(f"{server.base}/api/matches/{match_id}").json()
    done = [t for t in turns.json()["turns"] if t["seat"] == 0 and t["complete"]]
    return len(done), view["match"]["status"] == "finished"


def wait_my_move(page: Any, timeout: float = 60.0) -> bool:
    """Wait until it is our move (True) or the game is over (False)."""
    deadline = time.monotonic() + timeout
    status = ""
    while time.monotonic() < deadline:
        status = page.locator("#status").inner_text()
        if status.startswith("Game over"):
            return False
        if (
            status.lower().startswith("your turn")
            and not page.locator("#board.pending, .fences[data-busy], .animal-farm.busy").count()
        ):
            return True
        page.wait_for_timeout(40)
    raise AssertionError(f"no move within {timeout}s; status {status!r}")


def play_turns(
    page: Any, server: Any, game: str, decide: Callable[[Any, dict[str, Any]], None]
) -> int:
    """Play ten of our turns of ``game`` against the easy bot (which will not end the game
    first), from the lobby's list of our matches."""
    page.goto(server.base + "/")
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps(
            {
                "game": game,
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}],
                "params": PARAMS.get(game, {}),
            }
        ),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    match_id = answer.json()["id"]
    page.evaluate(
        "(id) => localStorage.setItem('farmstead:my-matches', JSON.stringify([id]))", match_id
    )
    page.reload()
    tap(page, page.locator(f"#your-list li[data-match='{match_id}'] a.button"))
    page.wait_for_selector("#board > *", timeout=30_000)
    assert page.evaluate("() => window.scrollY") == 0
    memo: dict[str, Any] = {"turn": 0}
    taps = 0
    while True:
        done, over = my_turns(page, server, match_id)
        if done >= TURNS or over:
            break
        if done != memo["turn"]:
            memo.clear()
            memo["turn"] = done
        if not wait_my_move(page):
            break
        decide(page, memo)
        settle(page)
        taps += 1
        assert taps < 40 * TURNS, "the turns did not end"
    shot(page, game)
    done, over = my_turns(page, server, match_id)
    assert done >= TURNS, (done, over)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    return done


def rancho(page: Any, memo: dict[str, Any]) -> None:
    """Answer a predator's question, place animals by tapping the board, roll, end the turn."""
    for selector in ("button.keep-dog", ".panel.order button", ".panel.return button"):
        if page.locator(selector).count():
            return tap(page, page.locator(selector))
    cells = page.locator(".rancho-board .cell.place")
    if cells.count():
        return tap(page, cells, force=True)  # a rabbit stack drawn on it takes the tap
    for selector in ("button.end-turn", "button.roll", ".panel.other button"):
        if page.locator(selector).count():
            return tap(page, page.locator(selector))
    raise AssertionError("nothing to tap in Rancho")


def animal_farm(page: Any, memo: dict[str, Any]) -> None:
    """Move one unit a few squares by tapping it and a lit square, then end the turn."""
    board = page.locator(".af-board")
    if board.get_attribute("data-phase") == "setup":  # place each piece on a lit square
        suggested = page.locator(".af-board .square.target.place.suggested")
        return tap(page, suggested if suggested.count() else page.locator(".square.place"))
    if board.get_attribute("data-phase") == "displace":
        return tap(page, page.locator(".af-board .square.target.displace"))
    reach = page.locator(".af-board .square.reach")
    if page.locator(".af-board .unit.selected").count() and reach.count() and not memo.get("moved"):
        memo["moved"] = True
        return tap(page, reach.nth(reach.count() // 2))
    if not memo.get("moved"):
        units = page.locator(".af-board .unit.selectable")
        if units.count():
            memo["tries"] = memo.get("tries", 0) + 1
            if memo["tries"] > 2:
                memo["moved"] = True
            return tap(page, units.nth(memo["turn"] % units.count()))
    return tap(page, page.locator("button.end-turn"))  # stops a moving unit and ends the turn


def fences(page: Any, memo: dict[str, Any]) -> None:
    """Pick a hand tile, tap a lit square, place the tile, build no barn (or discard)."""
    mode = page.locator(".fences").get_attribute("data-mode")
    if mode == "compose":
        if not page.locator(".fences-hand .hand-tile.chosen").count():
            return tap(page, page.locator(".fences-hand .hand-tile:not([disabled])"))
        if page.locator("button.place-tile:not([disabled])").count():
            return tap(page, page.locator("button.place-tile"))
        return tap(page, page.locator(".fences-farm .cell.legal"))
    if mode == "build":
        return tap(page, page.locator("button.no-barn"))
    if mode == "discard":
        return tap(page, page.locator(".fences-hand .hand-tile:not([disabled])"))
    raise AssertionError(f"nothing to tap in Fences (mode {mode})")


def livestock_uprising(page: Any, memo: dict[str, Any]) -> None:
    """Choose the faction, place the barn, move Generals to lit squares, end each phase."""
    phase = page.locator(".lu-board").get_attribute("data-phase") or ""
    for selector in (".lu-board .target.attack", ".lu-board .target"):
        if page.locator(selector).count() and memo.get("steps", 0) < 3:
            memo["steps"] = memo.get("steps", 0) + (phase != "place_barn")
            return tap(page, page.locator(selector))
    pieces = page.locator(".lu-board .piece.selectable")
    if phase == "action" and pieces.count() and not memo.get("acted"):
        memo["acted"] = True
        return tap(page, pieces)
    return tap(page, page.locator(".lu-actions button"))


@pytest.mark.parametrize(
    ("game", "decide"),
    [
        ("rancho", rancho),
        ("animal_farm", animal_farm),
        ("fences", fences),
        ("livestock_uprising", livestock_uprising),
    ],
)
def test_ten_turns_on_a_phone_without_scrolling(
    server: Any, browser: Any, game: str, decide: Callable[[Any, dict[str, Any]], None]
) -> None:
    page = phone_page(browser)
    play_turns(page, server, game, decide)
    assert page.errors == []


def test_a_match_opened_from_a_scrolled_lobby_starts_at_the_top(server: Any, browser: Any) -> None:
    """A match opened from a lobby scrolled down used to stay 745 px down, its board
    off-screen. It now opens at the top, the board in view; Back returns to the lobby."""
    page = phone_page(browser)
    page.goto(server.base + "/")
    card = page.locator("article[data-game=livestock_uprising]")
    card.scroll_into_view_if_needed()
    assert page.evaluate("() => window.scrollY") > 300
    card.locator("button.quick-start").click()
    page.wait_for_selector(".lu-board")
    assert page.evaluate("() => window.scrollY") == 0
    box = page.locator("#board").bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"] / 2
    assert page.errors == []


def test_a_grown_fences_farm_zooms_and_pans(server: Any, browser: Any) -> None:
    """A finished Fences farm used to shrink to ~23 px tiles on a phone with no zoom. The farm
    zooms at the pointer with the wheel and a two-finger pinch, pans by dragging once zoomed,
    has zoom buttons, keeps its zoom across moves, and a drag never counts as a tap."""
    page = phone_page(browser)
    page.goto(server.base + "/")
    seats = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    created = page.request.post(
        server.base + "/api/matches",
        data='{"game": "fences", "seats": ' + str(seats).replace("'", '"') + "}",
        headers={"Content-Type": "application/json"},
    ).json()
    deadline = time.monotonic() + 120
    while (
        page.request.get(f"{server.base}/api/matches/{created['id']}").json()["match"]["status"]
        != "finished"
    ):
        assert time.monotonic() < deadline
        page.wait_for_timeout(200)
    page.goto(f"{server.base}/match/{created['id']}")
    farm = page.locator(".fences-farm")
    farm.wait_for()
    wrap = page.locator(".zoomable")

    def tile_px() -> float:
        return float(
            page.evaluate(
                """() => {
                  const svg = document.querySelector('.fences-farm');
                  const vb = svg.viewBox.baseVal;
                  return svg.getBoundingClientRect().width / vb.width * 100;
                }"""
            )
        )

    whole = tile_px()
    assert whole < 40, whole  # the whole farm is small on a phone: zoom is needed
    page.click(".zoom-in")
    page.click(".zoom-in")
    assert tile_px() > 2 * whole
    assert float(wrap.get_attribute("data-zoom") or 1) > 2
    page.click(".zoom-fit")
    assert abs(tile_px() - whole) < 0.5
    # The wheel zooms at the pointer.
    box = farm.bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_timeout(50)
    zoomed = tile_px()
    assert zoomed > 1.5 * whole
    # A drag pans (the view box moves) and is not a tap.
    before = farm.get_attribute("viewBox")
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 40, steps=5)
    page.mouse.up()
    assert farm.get_attribute("viewBox") != before
    # A two-finger pinch zooms further (pointer events as a touch screen sends them).
    page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector('.fences-farm');
          const fire = (type, id, px, py) => svg.dispatchEvent(new PointerEvent(type, {
            pointerId: id, pointerType: 'touch', clientX: px, clientY: py, bubbles: true, isPrimary: id === 1 }));
          fire('pointerdown', 1, x - 20, y);
          fire('pointerdown', 2, x + 20, y);
          for (let d = 20; d <= 60; d += 10) {
            window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, pointerType: 'touch', clientX: x - d, clientY: y }));
            window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 2, pointerType: 'touch', clientX: x + d, clientY: y }));
          }
          window.dispatchEvent(new PointerEvent('pointerup', { pointerId: 1, pointerType: 'touch' }));
          window.dispatchEvent(new PointerEvent('pointerup', { pointerId: 2, pointerType: 'touch' }));
        }""",
        [cx, cy],
    )
    assert tile_px() > 1.5 * zoomed
    shot(page, "fences-zoomed")
    assert page.errors == []
