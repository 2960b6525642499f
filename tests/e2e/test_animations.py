"""Animations that explain a change, in real Chromium (Playwright with Debian's Chromium).

Bots play a match of each game (random bots, a short delay between their moves) while the page
watches it as a spectator; a MutationObserver set up before the page's scripts records every
element that gets the ``anim`` class of board-kit's ``markChanged``, with the board's log
index at that moment.

* Animations: after a bot's move the element that changed gets its animation class, for all
  five games — Farms Race (a region gaining, losing or changing hands, its herds, the dice),
  Livestock Uprising (a piece sliding or popping in, a cell's losses), Rancho (a seat's animal
  counter, a new animal on the board, a space whose animals were lost), Animal Farm (a unit
  sliding from its old square), Fences (a newly placed tile popping in) — and nothing animates
  on the page's first render.
* Animations: with the system's reduced-motion preference (the browser context's
  ``reduced_motion="reduce"``) no animation class is set and no animation runs while the bots
  play; the toggle says "Animations: off" and cannot be turned on.
* Animations: the match page's "Animations: on/off" toggle turns them off for the whole site
  (``localStorage["farmstead:animations"]``), and Farms Race's old dice setting
  (``farms_race:animations``) is carried over to it.
* Animations: a key press ends the running animations at once (the class is gone right after).
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

RECORD = """
window.__anims = [];
window.__firstIndex = null;
const index = () => {
  const board = document.querySelector('#board');
  return board && board.dataset.index !== undefined ? +board.dataset.index : null;
};
const describe = (el) => {
  const path = [];
  for (let e = el; e && e.nodeType === 1 && path.length < 4; e = e.parentElement) {
    path.push(e.getAttribute('class') || e.tagName.toLowerCase());
  }
  return { cls: el.getAttribute('class'), path: path.join(' < '), index: index() };
};
const seen = new WeakSet();
const take = (el) => {
  if (seen.has(el)) return;
  seen.add(el);
  window.__anims.push(describe(el));
};
new MutationObserver((records) => {
  if (window.__firstIndex === null && index() !== null) window.__firstIndex = index();
  for (const r of records) {
    if (r.type === 'attributes') {
      if (r.target.classList && r.target.classList.contains('anim')) take(r.target);
      else if (r.target.classList) seen.delete(r.target);
    } else {
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        if (n.classList.contains('anim')) take(n);
        for (const el of n.querySelectorAll('.anim')) take(el);
      }
    }
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
"""

# Per game: the root of its board and what an animated element of a move looks like.
GAMES: dict[str, tuple[str, str]] = {
    "farms_race": (".farms-race", r"anim-(gain|loss|flash|capture|pop|roll)"),
    "livestock_uprising": (".livestock-uprising", r"anim-(slide|pop|loss|gain)"),
    "rancho": (".rancho", r"anim-(gain|loss|pop)"),
    "animal_farm": (".animal-farm", r"anim-(slide|pop|loss)"),
    "fences": (".fences", r"anim-pop"),
}
# Where those elements are: a part of the game's board drawn from the observation.
PLACES: dict[str, str] = {
    "farms_race": r"\b(region|herd|fr-dice|human-token)\b",
    "livestock_uprising": r"\b(piece|tile)\b",
    "rancho": r"\b(seat-count|piece|cell)\b",
    "animal_farm": r"\b(unit|square)\b",
    "fences": r"\b(tile|barn)\b",
}
PLAYERS = {"farms_race": 4, "livestock_uprising": 2, "rancho": 2, "animal_farm": 2, "fences": 2}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-anim")
    db = f"sqlite:///{folder / 'anim.db'}"
    args = ("--bot-delay", "0.25", "--bot-step-delay", "0.1", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def bots_match(page: Any, server: Any, game: str) -> str:
    """A match of random bots only (the page watches it as a spectator); its page's URL."""
    seats = [{"kind": "bot", "agent": "random"}] * PLAYERS[game]
    created = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": game, "seats": seats}),
        headers={"Content-Type": "application/json"},
    )
    assert created.status == 201, created.text()
    return str(server.base + created.json()["url"])


def watch(browser: Any, server: Any, game: str, before_load: str = "", **context: Any) -> Any:
    page = new_page(browser, **context)
    page.add_init_script(RECORD + before_load)
    page.goto(server.base + "/")
    page.goto(bots_match(page, server, game))
    page.wait_for_selector(GAMES[game][0])
    return page


def board_index(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-index") or -1)


def wait_moves(page: Any, moves: int, timeout: float = 30_000) -> None:
    """Wait until the bots made ``moves`` more moves (or the match ended)."""
    start = board_index(page)
    page.wait_for_function(
        f"""() => +document.querySelector('#board').dataset.index >= {start + moves}
              || /Game over/.test(document.querySelector('#status').textContent)""",
        timeout=timeout,
    )


def anims(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.__anims"))


def running_animations(page: Any) -> list[str]:
    """The names of the CSS animations of the animation classes (and the dice) running now."""
    return list(
        page.evaluate(
            """() => document.getAnimations().map((a) => a.animationName || '')
                 .filter((n) => n.startsWith('anim-') || n === 'fr-tumble')"""
        )
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_a_bots_move_animates_what_changed_and_the_first_render_does_not(
    server: Any, browser: Any, game: str
) -> None:
    """Animations: the element a bot's move changed gets its animation class (the game's
    kind of change, on the board's part that changed); none on the page's first render."""
    page = watch(browser, server, game)
    kind, place = GAMES[game][1], PLACES[game]
    page.wait_for_function(
        "([kind, place]) => window.__anims.some((a) => new RegExp(kind).test(a.cls)"
        " && new RegExp(place).test(a.path))",
        arg=[kind, place],
        timeout=60_000,
    )
    found = anims(page)
    first = page.evaluate("() => window.__firstIndex")
    assert first is not None
    assert all(a["index"] != first for a in found), (first, found[:5])
    assert any(re.search(kind, a["cls"]) and re.search(place, a["path"]) for a in found), found
    save_shot(page, f"animations-{game}")
    assert page.errors == []


@pytest.mark.parametrize("game", ["farms_race", "livestock_uprising", "rancho"])
def test_reduced_motion_animates_nothing(server: Any, browser: Any, game: str) -> None:
    """Animations: under prefers-reduced-motion: reduce no animation class is set and no
    animation runs while the bots play; the toggle shows "Animations: off", disabled."""
    page = watch(browser, server, game, reduced_motion="reduce")
    toggle = page.locator("#animations")
    assert toggle.inner_text() == "Animations: off"
    assert toggle.is_disabled()
    for _ in range(6):
        wait_moves(page, 2)
        assert running_animations(page) == []
    assert anims(page) == []
    assert page.errors == []


@pytest.mark.parametrize("game", ["farms_race", "livestock_uprising", "rancho"])
def test_the_toggle_turns_animations_off(server: Any, browser: Any, game: str) -> None:
    """Animations: "Animations: on" in the match page's header turns them off (remembered
    site-wide); then no animation class is set while the bots play."""
    page = watch(browser, server, game)
    toggle = page.locator("#animations")
    assert toggle.inner_text() == "Animations: on"
    toggle.click()
    assert toggle.inner_text() == "Animations: off"
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.evaluate("() => localStorage.getItem('farmstead:animations')") == "off"
    page.evaluate("() => { window.__anims = []; }")
    for _ in range(6):
        wait_moves(page, 2)
        assert running_animations(page) == []
    assert anims(page) == []
    toggle.click()
    assert toggle.inner_text() == "Animations: on"
    assert page.errors == []


def test_farms_race_dice_setting_carries_over_to_the_site_wide_toggle(
    server: Any, browser: Any
) -> None:
    """Animations: Farms Race's old "Animations off" for its dice (``farms_race:animations``)
    becomes the site-wide setting: the toggle shows off and nothing animates."""
    page = watch(
        browser,
        server,
        "farms_race",
        before_load="localStorage.setItem('farms_race:animations', 'off');",
    )
    page.wait_for_function("() => window.__firstIndex !== null")
    page.evaluate("() => localStorage.removeItem('farms_race:animations')")  # not set again
    assert page.locator("#animations").inner_text() == "Animations: off"
    assert page.evaluate("() => localStorage.getItem('farmstead:animations')") == "off"
    wait_moves(page, 4)
    assert anims(page) == []
    assert page.locator(".fr-anim-toggle").count() == 0  # one toggle, the page's
    assert page.errors == []


@pytest.mark.parametrize("game", ["farms_race", "livestock_uprising", "rancho"])
def test_a_key_press_skips_the_running_animations(server: Any, browser: Any, game: str) -> None:
    """Animations: a key press ends the running animations at once: an element that was
    still animating when the key went down has lost its class, and its badges, by the time
    the key event has been handled (read inside the event, so a slow machine cannot blur it)."""
    page = watch(browser, server, game)
    page.evaluate(
        """() => {
             window.__keys = [];
             const probe = () => window.__probe;
             window.addEventListener('keydown', () => {
               window.__before = !!probe() && probe().classList.contains('anim');
             }, true);
             window.addEventListener('keydown', () => {
               window.__keys.push({
                 before: window.__before,
                 still: probe().classList.contains('anim'),
                 badges: probe().querySelectorAll('.anim-delta').length });
             });
           }"""
    )
    seen: dict[str, Any] = {}
    for attempt in range(10):
        page.wait_for_function(
            """() => { const el = document.querySelector('.anim');
                       if (el) { window.__probe = el; }
                       return !!el; }""",
            timeout=60_000,
            polling="raf",
        )
        page.keyboard.press("Shift")
        seen = page.evaluate(f"() => window.__keys[{attempt}]")
        if seen["before"]:  # the key arrived while the element was animating
            break
    assert seen["before"], "no key press arrived during an animation in ten tries"
    assert not seen["still"] and seen["badges"] == 0, seen
    assert page.errors == []
