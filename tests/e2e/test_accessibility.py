"""Accessibility in real Chromium: axe-core finds no serious or critical violation, and no
player's colour is the only thing that tells the players apart.

* Accessibility: axe-core (``tests/e2e/package.json``, pinned; injected from
  ``tests/e2e/node_modules``, never a CDN) reports 0 violations of impact "serious" or
  "critical" on the lobby, on the new-match page of each game, on the match page of each game
  mid-game (a few moves played against a bot) at 1366 x 768 and at 390 x 844, and on the rules
  page of each game. No rule is turned off.
* Colour is never the only cue: every swatch in the match page's players list shows the seat's
  initial and is named for its player (aria-label).
* Keyboard: on each game's match page mid-game, every control of the board that takes a legal
  action can be reached with Tab (a button, or tabindex 0) and has an accessible name.

A missing axe-core fails (never skips): run ``npm ci --prefix tests/e2e``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import new_page, save_shot
from web_servers import running

from farmstead.core.registry import game_names

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
GAMES = game_names()
DESKTOP = (1366, 768)
PHONE = (390, 844)
# Our own moves played (through the API, picked at random from the legal ones) before a match
# page is checked: mid-game, the board shows pieces of both sides and the log has turns.
OWN_MOVES = 6
# The first turn is ours where a game lets us choose.
PARAMS: dict[str, dict[str, Any]] = {
    "rancho": {"first_player": "0"},
    "animal_farm": {"first_player": "0"},
    "fences": {"first_player": "0"},
    "livestock_uprising": {"first_player": "0"},
}
BLOCKING = ("serious", "critical")
# The board's controls that take an action when clicked, per game (as its board.js draws them).
BOARD_CONTROLS = (
    "#board button:not([disabled]), #board [role=button], #board [tabindex], "
    "#board .act, #board .target, #board .place, #board .selectable, #board .legal"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("a11y")
    db = f"sqlite:///{folder / 'a11y.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def a11y_page(browser: Any, size: tuple[int, int] = DESKTOP) -> Any:
    """A page of ``size``; its context bypasses the app's Content-Security-Policy (script from
    'self' only), which would refuse the inline script tag axe-core comes in."""
    return new_page(browser, *size, bypass_csp=True)


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on the page as it stands."""
    if not AXE.exists():
        pytest.fail(
            f"{AXE} is missing: run `npm ci --prefix tests/e2e` (scripts/test does) to install "
            "axe-core for the accessibility tests"
        )
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [v for v in found if v["impact"] in BLOCKING]


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:8]:
            lines.append(f"    {node['target']}: {node['failureSummary'].splitlines()[-1]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def check(page: Any, name: str) -> None:
    """No serious or critical axe-core violation on ``page`` (saved as a screenshot)."""
    save_shot(page, f"a11y-{name}")
    violations = axe_violations(page)
    if violations:
        pytest.fail(f"{name}: axe-core finds\n{describe(violations)}", pytrace=False)
    assert page.errors == []


def create(page: Any, server: Any, game: str) -> dict[str, Any]:
    """A match of ``game``, the page's browser in seat 1 against easy bots."""
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "Ann"}]
    info = page.request.get(f"{server.base}/api/games/{game}").json()
    seats += [{"kind": "bot", "level": "easy"}] * (info["min_players"] - 1)
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": game, "seats": seats, "params": PARAMS.get(game, {})}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    return dict(answer.json())


def play_a_few_moves(page: Any, server: Any, match_id: str, moves: int = OWN_MOVES) -> None:
    """Play ``moves`` of our own decisions (random legal ones, seeded) through the API; the
    bots answer in between. Stops early if the game ends."""
    rng = random.Random(f"{match_id}")
    played = 0
    deadline = time.monotonic() + 60
    url = f"{server.base}/api/matches/{match_id}"
    while played < moves:
        assert time.monotonic() < deadline, "the bots did not let us move"
        view = page.request.get(url).json()
        if view["match"]["status"] != "live":
            return
        if not view["you"]["to_act"] or not view["legal"]:
            page.wait_for_timeout(50)
            continue
        action = rng.choice(view["legal"])
        answer = page.request.post(
            f"{url}/actions",
            data=json.dumps({"action": action["id"], "expect": view["index"]}),
            headers={"Content-Type": "application/json"},
        )
        assert answer.status == 200, answer.text()
        played += 1


def open_mid_game(page: Any, server: Any, game: str) -> str:
    """Our match of ``game`` a few moves in, open at our turn; its id."""
    page.goto(server.base + "/")
    created = create(page, server, game)
    play_a_few_moves(page, server, created["id"])
    page.goto(server.base + created["url"])
    page.wait_for_selector("#board > *", timeout=30_000)
    page.wait_for_function(
        "() => /^(Your turn|Game over)/.test(document.querySelector('#status')?.textContent)",
        timeout=30_000,
    )
    page.wait_for_timeout(300)  # any entrance animation of the board has run
    return str(created["id"])


def test_lobby_has_no_serious_violation(server: Any, browser: Any) -> None:
    """Accessibility: axe-core, 0 serious or critical violations on the lobby (with a match of
    ours listed, at 1366 x 768)."""
    page = a11y_page(browser)
    page.goto(server.base + "/")
    create(page, server, "rancho")
    page.evaluate("() => localStorage.setItem('farmstead:my-matches', '[]')")
    page.goto(server.base + "/")
    page.wait_for_selector(".game-card")
    check(page, "lobby")


@pytest.mark.parametrize("game", GAMES)
def test_new_match_page_has_no_serious_violation(server: Any, browser: Any, game: str) -> None:
    """Accessibility: axe-core, 0 serious or critical violations on the new-match page of each
    game, its variant settings open."""
    page = a11y_page(browser)
    page.goto(f"{server.base}/new?game={game}")
    page.wait_for_selector("form.new-match .seat-row")
    if page.locator(".params:not([hidden]) > summary").count():
        page.locator(".params > summary").click()
    check(page, f"new-{game}")


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_has_no_serious_violation(server: Any, browser: Any, game: str) -> None:
    """Accessibility: axe-core, 0 serious or critical violations on the rules page of each
    game."""
    page = a11y_page(browser)
    page.goto(f"{server.base}/games/{game}")
    page.wait_for_selector("#rules-prose")
    check(page, f"rules-{game}")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "390x844"])
@pytest.mark.parametrize("game", GAMES)
def test_match_page_mid_game_has_no_serious_violation(
    server: Any, browser: Any, game: str, size: tuple[int, int]
) -> None:
    """Accessibility: axe-core, 0 serious or critical violations on the match page of each game
    a few moves into a game against a bot, at 1366 x 768 and 390 x 844."""
    page = a11y_page(browser, size)
    open_mid_game(page, server, game)
    check(page, f"match-{game}-{size[0]}")


# Every clickable element of the board, found through Chrome's DevTools protocol
# (DOMDebugger.getEventListeners over the board's subtree), with what Chrome's accessibility
# tree says of it: a control a mouse can use that the keyboard cannot reach shows up here.
CLICKABLE = """function () {
  const el = this;
  const r = el.getBoundingClientRect();
  const tag = el.tagName.toLowerCase();
  return {
    tag, cls: el.getAttribute('class') || '', id: el.id,
    visible: r.width > 0 && r.height > 0 && !el.closest('[hidden]'),
    disabled: !!el.disabled,
    focusable: el.tabIndex >= 0 && !el.disabled,
    // A part of a board control (a shortcut drawn inside it) is that control, checked itself.
    inControl: !!(el.parentElement && el.parentElement.closest('#board [role=button][tabindex="0"]')),
    svgRoot: tag === 'svg' && !(el.parentElement && el.parentElement.closest('svg')),
    pointer: getComputedStyle(el).cursor === 'pointer',
    html: el.outerHTML.slice(0, 160),
  };
}"""


def click_controls(page: Any) -> list[dict[str, Any]]:
    """The controls of the board: the visible, enabled elements under #board that listen for
    clicks (bubbling) and show a pointer (what looks clickable to a mouse user; an inert
    square whose click merely clears a selection does not), each with ``name`` and ``role``
    from Chrome's accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    board = cdp.send("Runtime.evaluate", {"expression": "document.querySelector('#board')"})
    listeners = cdp.send(
        "DOMDebugger.getEventListeners",
        {"objectId": board["result"]["objectId"], "depth": -1, "pierce": True},
    )["listeners"]
    nodes = {e["backendNodeId"] for e in listeners if e["type"] == "click" and not e["useCapture"]}
    found = []
    for backend in sorted(nodes):
        obj = cdp.send("DOM.resolveNode", {"backendNodeId": backend})["object"]
        answer = cdp.send(
            "Runtime.callFunctionOn",
            {"objectId": obj["objectId"], "functionDeclaration": CLICKABLE, "returnByValue": True},
        )
        assert "exceptionDetails" not in answer, answer
        info = answer["result"]["value"]
        if (
            not info["visible"]
            or info["disabled"]
            or info["svgRoot"]
            or not info["pointer"]
            or info["inControl"]
        ):
            continue
        ax = cdp.send(
            "Accessibility.getPartialAXTree", {"backendNodeId": backend, "fetchRelatives": False}
        )["nodes"]
        own: dict[str, Any] = next((n for n in ax if n.get("backendDOMNodeId") == backend), {})
        info["name"] = (own.get("name") or {}).get("value", "")
        info["role"] = (own.get("role") or {}).get("value", "")
        found.append(info)
    cdp.detach()
    return found


@pytest.mark.parametrize("game", GAMES)
def test_board_controls_are_reachable_by_tab_and_named(
    server: Any, browser: Any, game: str
) -> None:
    """Keyboard: on each game's match page mid-game (our turn), every control of the board that
    a click acts on (every element under #board with a click listener) can be reached with Tab
    (a button, or tabindex 0) and has an accessible name in Chrome's accessibility tree."""
    page = a11y_page(browser)
    open_mid_game(page, server, game)
    controls = click_controls(page)
    assert controls, "no control on the board: the check would check nothing"
    bad = [c for c in controls if not c["focusable"] or not c["name"].strip()]
    assert not bad, f"{game}: controls not reachable by Tab or unnamed:\n" + "\n".join(
        f"  focusable={c['focusable']} name={c['name']!r} role={c['role']}: {c['html']}"
        for c in bad
    )
    assert page.errors == []


def test_player_swatches_name_their_player(server: Any, browser: Any) -> None:
    """Colour is never the only cue: each swatch in the match page's players list shows the
    seat's number as visible text and carries an aria-label naming the player; the numbers
    differ between seats."""
    page = a11y_page(browser)
    open_mid_game(page, server, "farms_race")  # three seats
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#players li.player')].map((li) => {
          const s = li.querySelector('.swatch');
          return {
            name: li.querySelector('.name').textContent.trim(),
            text: s ? s.innerText.trim() : null,
            label: s ? s.getAttribute('aria-label') || '' : null,
            colour: s ? getComputedStyle(s).backgroundColor : null,
          };
        })"""
    )
    assert len(rows) >= 3, rows
    for row in rows:
        assert row["text"], f"{row['name']}'s swatch shows no letter or number: {row}"
        assert row["name"] in row["label"], f"{row['name']}'s swatch is not named for them: {row}"
    assert len({r["text"] for r in rows}) == len(rows), rows
    assert page.errors == []
