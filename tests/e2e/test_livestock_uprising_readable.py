"""Livestock Uprising's farm is readable, in real Chromium (Playwright with Debian's Chromium).

A 2-player match against the heuristic bot, set up from the lobby; the player leads the Goats
and places the barn. On the first Action Phase every General of both factions stands on its
own barn (LU-R8, LU-R17):

* the pieces sharing a cell do not overlap (their bounding boxes are apart) and each one is the
  element under its own centre, so each can be clicked, at 1366x768 and at 390x844; clicking one
  General picks that General;
* a legend on the board says in words what the stars, the attack/defence numbers, the shapes
  and the rings mean;
* every piece has a light ring with a dark edge around its faction colour (seen on every tile
  colour), and each faction has its own shape, so nothing rests on colour alone;
* no visible text, tooltip or accessible name shows an internal code (``GO-G1``) or a raw card
  timing (``BATTLE_PRE``, "battle post dice", ...).

Screenshots: test-output/screenshots/livestock-uprising-readable-{desktop,phone}.png.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from web_servers import running

pytestmark = pytest.mark.browser

CODE = re.compile(r"\b(?:[A-Z]{2}|S\d)-(?:G\d|SA|SF\d)\b")
TIMING_IDS = re.compile(
    r"\b(?:OWN_ANY|OWN_ACTION|OWN_HARVEST|OWN_MARSHAL|OWN_TRANSFER|BATTLE_PRE|BATTLE_POST_DICE"
    r"|CASUALTY|AFTER_WIN|ENEMY_MOVE_END)\b"
)
TIMINGS = re.compile(
    r"\b(?:own any|own action|own harvest|own marshal|own transfer|battle pre|battle post dice"
    r"|after win|enemy move end)\b",
    re.IGNORECASE,
)

PHASE = """() => {
  const root = document.querySelector('.livestock-uprising');
  return root ? {phase: root.dataset.phase, mine: root.dataset.mine === 'true'} : null;
}"""

# Each piece's box on the page, and whether the element under the centre of its shape is part
# of that piece (so a click there reaches it).
PIECES = """() => [...document.querySelectorAll('.lu-board .piece')].map((p) => {
  const r = p.getBoundingClientRect();
  const shape = p.querySelector('.body') || p.querySelector('circle');
  const s = shape.getBoundingClientRect();
  const hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
  return {
    piece: p.dataset.piece, cell: p.dataset.cell || null,
    left: r.left, top: r.top, right: r.right, bottom: r.bottom,
    hit: !!hit && p.contains(hit),
  };
})"""

# What a person reads or hears: the visible text, SVG text, tooltips and accessible names.
WORDS = """() => {
  const root = document.querySelector('.livestock-uprising');
  const out = [root.innerText];
  for (const el of root.querySelectorAll('text, title')) out.push(el.textContent);
  for (const el of root.querySelectorAll('[aria-label]')) out.push(el.getAttribute('aria-label'));
  for (const el of root.querySelectorAll('[title]')) out.push(el.getAttribute('title'));
  return out;
}"""

# The ring around each piece: its fill (light or gold) and a dark edge; the faction's shape.
RINGS = """() => [...document.querySelectorAll('.lu-board .piece')].map((p) => {
  const halo = p.querySelector('.halo');
  if (!halo) return {piece: p.dataset.piece, halo: false};
  const cs = getComputedStyle(halo);
  const rgb = (c) => (c.match(/\\d+(\\.\\d+)?/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  return {
    piece: p.dataset.piece, halo: true, shape: p.dataset.shape || null,
    fill: lum(rgb(cs.fill)), stroke: cs.stroke === 'none' ? null : lum(rgb(cs.stroke)),
    strokeWidth: parseFloat(cs.strokeWidth),
  };
})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-lu-readable")
    db = f"sqlite:///{folder / 'e2e.db'}"
    args = ("--bot-delay", "0.02", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def board_index(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-index") or -1)


def click_and_wait(page: Any, locator: Any) -> None:
    before = board_index(page)
    locator.first.click()
    page.wait_for_function(
        f"() => +document.querySelector('#board').dataset.index !== {before}", timeout=20000
    )


def wait_for_my(page: Any, phase: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = page.evaluate(PHASE)
        status = page.locator("#status").inner_text().lower()
        if state and state["mine"] and state["phase"] == phase and status.startswith("your"):
            return
        page.wait_for_timeout(40)
    raise AssertionError(f"my {phase} did not come")


def overlaps(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return not (
        a["right"] <= b["left"]
        or b["right"] <= a["left"]
        or a["bottom"] <= b["top"]
        or b["bottom"] <= a["top"]
    )


def check_stacks(page: Any, where: str) -> None:
    pieces = page.evaluate(PIECES)
    mine = [p for p in pieces if p["piece"].startswith("GO-")]
    assert len(mine) == 3, pieces
    assert len(pieces) == 6, pieces  # the bot's three Generals share its barn too
    for i, a in enumerate(pieces):
        for b in pieces[i + 1 :]:
            assert not overlaps(a, b), f"{where}: {a} and {b} overlap"
    for p in pieces:
        page.locator(f".lu-board .piece[data-piece='{p['piece']}']").scroll_into_view_if_needed()
    for p in page.evaluate(PIECES):
        assert p["hit"], f"{where}: {p['piece']} is covered by another element"
        assert p["right"] - p["left"] >= 12, f"{where}: {p['piece']} is too small to read"


def check_words(page: Any) -> None:
    for text in page.evaluate(WORDS):
        assert not CODE.search(text or ""), f"a code is shown: {text!r}"
        assert not TIMING_IDS.search(text or ""), f"a card timing id is shown: {text!r}"
        assert not TIMINGS.search(text or ""), f"a raw card timing is shown: {text!r}"
    factions = page.locator(".lu-factions").inner_text()
    assert "Goats' 1-star General" in factions
    label = page.locator(".lu-board .piece[data-piece='GO-G2']").get_attribute("aria-label")
    assert label and label.startswith("Goats' 2-star General"), label


def check_legend(page: Any) -> None:
    legend = page.locator(".lu-legend")
    assert legend.is_visible()
    text = legend.inner_text().lower()
    for word in ("star", "attack", "defence", "super army", "goats", "ring", "fortified"):
        assert word in text, f"the legend does not explain {word!r}: {text}"


def check_rings(page: Any) -> None:
    rings = page.evaluate(RINGS)
    for ring in rings:
        assert ring["halo"], f"{ring['piece']} has no ring"
        assert ring["fill"] > 0.6, ring  # a light (white or gold) ring
        assert ring["stroke"] is not None and ring["stroke"] < 0.3, ring  # with a dark edge
        assert ring["strokeWidth"] >= 1, ring
    shapes = {r["piece"][:2]: r["shape"] for r in rings}
    assert None not in shapes.values() and len(set(shapes.values())) == len(shapes), shapes


def test_generals_on_a_barn_are_readable_and_clickable_with_a_legend_and_words(
    server: Any, browser: Any
) -> None:
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=livestock_uprising]")
    page.click("article[data-game=livestock_uprising] a:has-text('Set up a match')")
    page.wait_for_selector("#create")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:medium")
    page.click(".params summary")
    page.fill("#param-first_player", "0")
    page.click("#create")
    page.wait_for_selector(".livestock-uprising")
    wait_for_my(page, "choose_faction")
    click_and_wait(page, page.locator(".lu-actions button:has-text('Lead the Goats')"))
    wait_for_my(page, "place_barn")
    click_and_wait(page, page.locator(".lu-board .target"))
    wait_for_my(page, "action")

    check_stacks(page, "1366x768")
    check_legend(page)
    check_rings(page)
    check_words(page)
    page.screenshot(
        path=str(SCREENSHOTS / "livestock-uprising-readable-desktop.png"), full_page=True
    )

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    check_stacks(page, "390x844")
    check_legend(page)
    page.locator(".lu-board .piece[data-piece='GO-G1']").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "livestock-uprising-readable-phone.png"))
    width = page.evaluate("() => document.querySelector('.livestock-uprising').scrollWidth")
    assert width <= 400

    # A click on the 2-star General, which shares the barn with the other two, picks it.
    click_and_wait(page, page.locator(".lu-board .piece[data-piece='GO-G2'] .body"))
    wait_for_my(page, "move")
    assert "active" in (
        page.locator(".lu-board .piece[data-piece='GO-G2']").get_attribute("class") or ""
    )
    check_words(page)
    assert errors == []
