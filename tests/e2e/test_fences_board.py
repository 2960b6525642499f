"""Fences in real Chromium (Playwright with Debian's /usr/bin/chromium), by clicking only.

* A whole 2-player game against the heuristic bot, set up from the home page and the new-match
  page (``first_player = 0``, so the human lays the first tile, FE-R35). Each turn a hand tile
  is clicked, the cells where it fits light up (FE-R8, FE-R9), the tile is turned with the R key
  and by clicking it on the farm, the preview's fit marks say whether every fence continues,
  and "Place tile" (or Enter) sends it; then a barn is built by clicking a glowing field of the
  tile just placed (FE-R41 … FE-R43) or "No barn" is clicked; a stuck hand is discarded by
  clicking it (FE-R37). The other seat's hand shows as tile backs only (FE-R22). The game runs
  to the result screen, every tile placed or discarded (FE-R58), and the replay shows the end.
* A phone-width (390 px) game from the new-match page: a few turns by tapping, no sideways
  scrolling.
* A reload in the middle of a placement (the tile already picked up) resumes it: the cell is
  clicked, the tile turned, then placed.
* The board module alone on positions of the spec's worked examples (FE-T1, FE-T4, FE-T5,
  FE-T10), built by the rules engine: what it draws and which action ids its clicks send.

No parameter shortens the game (2 players use 48 tiles, FE-R28). Screenshots go to
test-output/screenshots/fences-*.png.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from browser_kit import new_page as kit_new_page
from fe_helpers import (
    BLUE,
    ORANGE,
    YELLOW,
    barn_action,
    cell_action,
    draw,
    game,
    place,
    position,
    rot_action,
    slot_of,
)
from web_servers import running

from farmstead.games.fences.game import FencesState

pytestmark = pytest.mark.browser

SHOTS = SCREENSHOTS
TILES_TWO_PLAYERS = 48  # FE-R28: the unmarked tiles

READ = """() => {
  const root = document.querySelector('.fences');
  if (!root) return null;
  return {
    turn: root.dataset.turn, mode: root.dataset.mode, phase: root.dataset.phase,
    busy: !!root.dataset.busy || !!document.querySelector('#board.pending'),
    tiles: +root.dataset.tiles, supply: +root.dataset.supply, discards: +root.dataset.discards,
    status: document.querySelector('#status').textContent,
  };
}"""


FILL_A_HOLE = """(turn) => {
  const placed = new Set([...document.querySelectorAll('.fences-farm .tiles .tile[data-cell]')]
    .map((g) => g.dataset.cell));
  const cells = [...document.querySelectorAll('.fences-farm .cell.legal')].map((g) => g.dataset.cell);
  const around = (key) => {
    const [r, c] = key.split(',').map(Number);
    return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].filter(([y, x]) => placed.has(`${y},${x}`)).length;
  };
  const best = Math.max(...cells.map(around));
  const top = cells.map((k, i) => [k, i]).filter(([k]) => around(k) === best);
  return top[turn % top.length][1];
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-fences")
    db = f"sqlite:///{folder / 'fences.db'}"
    args = ("--bot-delay", "0.02", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, width: int = 1280, height: int = 800) -> Any:
    return kit_new_page(browser, width, height)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"fences-{name}.png"), full_page=True)


def read(page: Any) -> dict[str, Any]:
    state = page.evaluate(READ)
    assert state is not None, "the Fences board is not on the page"
    return dict(state)


def wait_decision(page: Any, timeout: float = 30.0) -> str:
    """The board's mode once this seat must decide and nothing is on its way; "over" at the end."""
    deadline = time.monotonic() + timeout
    state: dict[str, Any] = {}
    while time.monotonic() < deadline:
        state = page.evaluate(READ) or {"status": "", "turn": "", "busy": True, "mode": "none"}
        if state["status"].startswith("Game over"):
            return "over"
        if state["turn"] == "mine" and not state["busy"] and state["mode"] != "none":
            return str(state["mode"])
        page.wait_for_timeout(40)
    raise AssertionError(f"no decision within {timeout}s; board {state}")


def wait_changed(page: Any, key: str, before: int, timeout: float = 15_000) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('.fences')?.dataset.{key}) !== {before}"
        " || document.querySelector('#status').textContent.startsWith('Game over')",
        timeout=timeout,
    )


def check_other_hand_hidden(page: Any) -> None:
    """FE-R22: the bot's hand shows as tile backs (plus tiles it had to reveal), never faces."""
    state = read(page)
    backs = page.locator('.hand-backs[data-seat="1"] .tile-back').count()
    shown = page.locator('.hand-backs[data-seat="1"] .known-tile').count()
    assert page.locator(".fences-hand .hand-tile").count() <= 2
    assert page.locator(".hand-tile:not(.fences-hand .hand-tile)").count() == 0
    if state["supply"] > 0:
        assert backs + shown == 2, (backs, shown)
    assert shown == 0 or state["discards"] > 0  # only a stuck hand is ever shown (FE-R37)


def choose_and_place(page: Any, turn: int, shots: dict[str, bool]) -> None:
    """Pick a hand tile, click a lit cell, turn it by key and by click, place it."""
    state = read(page)
    enabled = page.locator(".fences-hand .hand-tile:not([disabled])")
    assert enabled.count() >= 1
    enabled.nth(turn % enabled.count()).click()
    if state["tiles"] == 0:
        # FE-R35: the first tile goes at (0, 0) as printed; there is nothing to turn.
        assert page.locator(".cell.legal").count() == 1
        assert page.locator(".cell.legal").get_attribute("data-cell") == "0,0"
        assert page.locator("button.rotate-cw").is_disabled()
        assert page.locator(".ghost.fits").count() == 1
        page.click("button.place-tile")
        wait_changed(page, "tiles", 0)
        return
    chosen = page.locator(".fences-hand .hand-tile.chosen")
    rot = int(chosen.get_attribute("data-rot") or 0)
    page.keyboard.press("r")  # turning before a cell is chosen turns the hand tile
    assert int(chosen.get_attribute("data-rot") or 0) == (rot + 1) % 4
    cells = page.locator(".fences-farm .cell.legal")
    assert cells.count() >= 1
    # Like a player out to close fields: a lit cell with the most tiles around it.
    pick = page.evaluate(FILL_A_HOLE, turn)
    cells.nth(pick).click()
    ghost = page.locator(".fences-farm .ghost.chosen")
    assert ghost.count() == 1
    # Clicking a cell turns the tile to a rotation that fits there: every mark is a tick.
    assert "fits" in (ghost.get_attribute("class") or "")
    assert page.locator(".ghost .fit-mark.bad").count() == 0
    assert page.locator(".ghost .fit-mark.ok").count() >= 1  # it touches at least one tile
    assert page.locator("button.place-tile").is_enabled()
    if turn % 3 == 1:
        # Shift+R turns it back by hand; where that clashes, the red marks say so and the
        # place button is off; a click on the tile turns it on to the next way it fits.
        page.keyboard.press("Shift+R")
        if "clashes" in (ghost.get_attribute("class") or ""):
            assert page.locator(".ghost .fit-mark.bad").count() >= 1
            assert page.locator("button.place-tile").is_disabled()
            shots.setdefault("clash", False)
            if not shots["clash"]:
                shot(page, "clash")
                shots["clash"] = True
        ghost.click()
        assert "fits" in (ghost.get_attribute("class") or "")
        assert page.locator("button.place-tile").is_enabled()
    if turn == 8:
        shot(page, "mid-preview")
    before = read(page)["tiles"]
    if turn % 2:
        page.keyboard.press("Enter")
    else:
        page.click("button.place-tile")
    wait_changed(page, "tiles", before)


def decide(page: Any, mode: str, turn: int, shots: dict[str, bool], skip_barn: bool = False) -> str:
    """One decision by clicking; returns what was done. In a barn decision ``skip_barn`` clicks
    "no barn" instead of building."""
    if mode == "compose":
        choose_and_place(page, turn, shots)
        return "placed"
    if mode == "build":
        targets = page.locator(".fences-farm .barn-target")
        assert targets.count() >= 1 and page.locator("button.no-barn").count() == 1
        before = page.locator("#board").get_attribute("data-index")
        if not skip_barn:
            # The barn drawn faintly inside the field: a triangle's box centre may lie on its
            # fence, where the neighbouring field takes the click.
            targets.first.locator(".ghost-barn").click()
            done = "barn"
        else:
            page.click("button.no-barn")
            done = "no barn"
        page.wait_for_function(
            f"() => document.querySelector('#board').dataset.index !== '{before}'"
        )
        return done
    if mode == "discard":
        before = read(page)["discards"]
        page.locator(".fences-hand .hand-tile.discard").first.click()
        wait_changed(page, "discards", before)
        return "discarded"
    raise AssertionError(f"unexpected mode {mode}")


def test_fences_whole_game_against_a_bot_by_clicking(server: Any, browser: Any) -> None:
    """A whole game by clicking, hands hidden (FE-R22), the end
    when every tile is placed or discarded (FE-R58), scores and completed fields shown."""
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=fences]")
    page.click("article[data-game=fences] a:has-text('Set up a match')")
    page.wait_for_selector("#create")
    assert page.locator("#game").input_value() == "fences"
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:medium")
    page.click(".params summary")
    page.fill("#param-first_player", "0")
    page.click("#create")
    page.wait_for_selector(".fences-farm")
    assert wait_decision(page) == "compose"
    shot(page, "start")

    done: dict[str, int] = {}
    shots: dict[str, bool] = {}
    turn = 0
    while (mode := wait_decision(page)) != "over":
        if mode == "compose":
            check_other_hand_hidden(page)
        # The first barn decision declines, every later one builds: both buttons get clicked
        # whatever the tiles dealt (barns run out after a few builds).
        what = decide(page, mode, turn, shots, skip_barn="no barn" not in done)
        done[what] = done.get(what, 0) + 1
        if what == "placed":
            turn += 1
            if not shots.get("scored") and page.locator(".completed-field").count():
                shot(page, "first-completed-field")
                shots["scored"] = True
        assert sum(done.values()) < 200, "the game did not end"

    assert done.get("placed", 0) >= 20 and done.get("barn", 0) >= 1 and done.get("no barn", 0) >= 1
    page.wait_for_selector("#result:not([hidden])")
    assert "Game over" in page.locator("#result").inner_text()
    end = read(page)
    assert end["supply"] == 0 and end["tiles"] + end["discards"] == TILES_TWO_PLAYERS  # FE-R58
    # Every completed field on the farm is listed with its scoring, and the winner named by
    # the result screen has the top score on the board's score table (FE-R60).
    assert page.locator(".completed-field").count() == page.locator(".scoring-list li").count()
    scores = [int(t.split()[0]) for t in page.locator(".fences-seats .score").all_inner_texts()]
    names = [t.strip() for t in page.locator("#result .returns td:first-child").all_inner_texts()]
    winner_text = page.locator("#result .winner").inner_text()
    if len(set(scores)) == 1:
        assert "draw" in winner_text
    else:
        for name, score in zip(names, scores, strict=True):
            assert (name in winner_text) == (score == max(scores)), (names, scores, winner_text)
    shot(page, "end")

    page.click("#replay-link")
    page.wait_for_selector("#replay-slider")
    page.click("#replay-last-step")
    page.wait_for_function(
        f"() => document.querySelector('.fences')?.dataset.tiles === '{end['tiles']}'"
    )
    assert page.locator(".fences-farm .cell.legal").count() == 0  # nothing to act on
    shot(page, "replay-end")
    assert page.errors == []


def test_fences_on_a_phone(server: Any, browser: Any) -> None:
    """390 px wide: the hand sits above the farm, nothing scrolls sideways, tapping plays."""
    page = new_page(browser, 390, 844)
    page.goto(server.base + "/new?game=fences")
    page.wait_for_selector("#create")
    page.select_option("#seat-1", "bot:easy")
    page.click(".params summary")
    page.fill("#param-first_player", "1")
    page.click("#create")
    page.wait_for_selector(".fences-farm")
    shots: dict[str, bool] = {}
    placed = 0
    turn = 0
    while (mode := wait_decision(page)) != "compose" or placed < 4:
        assert mode != "over"
        if decide(page, mode, turn, shots) == "placed":
            placed += 1
            turn += 1
    page.locator(".fences-hand .hand-tile:not([disabled])").first.click()
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"the page scrolls sideways ({wide}px)"
    hand = page.locator(".fences-hand").bounding_box()
    farm = page.locator(".fences-farm").bounding_box()
    assert hand and farm and hand["y"] < farm["y"] and farm["x"] + farm["width"] <= 390
    shot(page, "phone")
    assert page.errors == []


def to_a_later_placement(server: Any, browser: Any) -> tuple[Any, dict[str, Any]]:
    """A new page on a game against ``random`` (we lay the first tile, FE-R35), played by
    clicking until we are to pick a tile with at least two on the farm; returns the page and
    the match as created."""
    page = new_page(browser)
    page.goto(server.base + "/")
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps(
            {
                "game": "fences",
                "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
                "params": {"first_player": "0"},
            }
        ),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    created = answer.json()
    page.goto(server.base + created["url"])
    page.wait_for_selector(".fences-farm")
    shots: dict[str, bool] = {}
    turn = 0
    while True:
        mode = wait_decision(page)
        if mode == "compose" and read_tiles(page) >= 2:
            return page, dict(created)
        if decide(page, mode, turn, shots) == "placed":
            turn += 1


def test_fences_reload_mid_placement_resumes(server: Any, browser: Any) -> None:
    """The tile already picked up (SELECT sent, as another client of the seat might): after a
    reload the board offers the cells for that tile, then its rotations, then places it."""
    page, created = to_a_later_placement(server, browser)
    view = page.request.get(f"{server.base}/api/matches/{created['id']}").json()
    select = next(a for a in view["legal"] if a["json"]["type"] == "SELECT")
    picked = page.request.post(
        f"{server.base}/api/matches/{created['id']}/actions",
        data=json.dumps({"action": select["id"], "expect": view["index"]}),
        headers={"Content-Type": "application/json"},
    )
    assert picked.status == 200, picked.text()
    page.reload()
    assert wait_decision(page) == "cell"
    assert page.locator(".fences-hand .hand-tile.chosen").count() == 1
    cells = page.locator(".fences-farm .cell.legal")
    assert cells.count() >= 1
    before = page.locator("#board").get_attribute("data-index")
    cells.first.click()
    page.wait_for_function(f"() => document.querySelector('#board').dataset.index !== '{before}'")
    assert wait_decision(page) == "rotate"
    ghost = page.locator(".fences-farm .ghost.chosen")
    assert "fits" in (ghost.get_attribute("class") or "")
    rot = int(ghost.get_attribute("data-rot") or 0)
    page.keyboard.press("r")
    assert int(page.locator(".fences-farm .ghost").get_attribute("data-rot") or 0) == (rot + 1) % 4
    page.locator(".fences-farm .ghost").click()  # on to the next rotation that fits
    assert "fits" in (page.locator(".fences-farm .ghost").get_attribute("class") or "")
    tiles = read_tiles(page)
    page.click("button.place-tile")
    wait_changed(page, "tiles", tiles)
    # Our tile is down; the bot, which may only play after it, can have placed its own tile in
    # the same update.
    assert read_tiles(page) in (tiles + 1, tiles + 2)
    shot(page, "after-reload")
    assert page.errors == []


def read_tiles(page: Any) -> int:
    return int(read(page)["tiles"])


# --- the board module on the spec's worked examples ------------------------------------------
MOUNT = """async (view) => {
  if (!window.__fences) {
    const m = await import('/static/boards/fences.js');
    const data = await m.setup({ name: 'fences' });
    for (const href of ['/static/style.css', '/static/boards/fences.css']) {
      const css = document.createElement('link');
      css.rel = 'stylesheet';
      css.href = href;
      document.head.append(css);
      await new Promise((ok) => css.addEventListener('load', ok));
    }
    const box = document.createElement('section');
    box.className = 'board-area';
    box.id = 'board';
    document.body.replaceChildren(box);
    window.__fences = { m, data, box, acts: [] };
  }
  const f = window.__fences;
  f.m.render(f.box, view, { act: (id) => f.acts.push(id), data: f.data });
  await new Promise((ok) => setTimeout(ok, 0));
  return f.acts;
}"""


def board_view(state: FencesState, seat: int | None, index: int) -> dict[str, Any]:
    """What the server sends ``seat`` (views.seat_view), built from the rules engine."""
    to_act = seat is not None and int(state.current_player()) == seat
    legal = [
        {"id": a, "label": state.action_to_string(a), "json": state.action_to_json(a)}
        for a in (state.legal_actions() if to_act else [])
    ]
    n = state.cfg.num_players
    seats = [{"seat": i, "kind": "human", "name": f"Seat {i + 1}", "open": False} for i in range(n)]
    return {
        "observation": state.observation(seat),
        "legal": legal,
        "seat": seat,
        "toAct": to_act,
        "match": {"seats": seats, "status": "live", "params": {}},
        "game": {"name": "fences"},
        "events": [],
        "index": index,
        "replay": False,
    }


def mount(page: Any, state: FencesState, seat: int | None, index: int) -> list[int]:
    return list(page.evaluate(MOUNT, board_view(state, seat, index)))


def ghost_rot(page: Any) -> int:
    return int(page.locator(".fences-farm .ghost.chosen").get_attribute("data-rot") or -1)


def test_fences_board_on_the_spec_examples(server: Any, browser: Any) -> None:
    """FE-T5 (fence fit, FE-R9) and the placement sent as SELECT, CELL, ROTATE; FE-T4 (barn
    only on the unbarned field, FE-R42); FE-T1 (the completed field and its scoring, FE-R48,
    FE-R50, FE-R53, FE-R43); FE-T10 (a stuck hand is discarded by clicking, FE-R37)."""
    page = new_page(browser)
    page.goto(server.base + "/api/health")

    # FE-T5: F05 at (0,0) r0; Blue holds F03 (an O tile: never at (0,1), (a)) and F06 (a C
    # tile: at (0,1) only r2 and r3 fit, (b)).
    g = game()
    s0 = position(g, [("F05", 0, 0, 0)], hands={BLUE: ["F03", "F06"]})
    mount(page, s0, BLUE, 10)
    page.click('.hand-tile[data-tile="F03"]')
    lit = page.locator(".cell.legal").evaluate_all("(els) => els.map((e) => e.dataset.cell)")
    assert sorted(lit) == ["0,-1", "1,0"]  # the open W and S ports of (0,0)
    page.click('.hand-tile[data-tile="F06"]')
    assert page.locator('.cell.legal[data-cell="1,1"]').count() == 0  # (e) corner contact only
    page.click('.cell.legal[data-cell="0,1"]')
    assert ghost_rot(page) == 2  # the first rotation that fits, turning right from r0
    page.locator(".ghost.chosen").click()
    assert ghost_rot(page) == 3
    page.keyboard.press("r")  # r0: an open W port against the fenced E port of (0,0)
    assert ghost_rot(page) == 0 and page.locator(".ghost.clashes").count() == 1
    assert page.locator('.ghost .fit-mark.bad[data-edge="3"]').count() == 1
    assert page.locator("button.place-tile").is_disabled()
    shot(page, "spec-t5-clash")
    page.keyboard.press("r")
    assert ghost_rot(page) == 1 and page.locator(".ghost.clashes").count() == 1
    page.keyboard.press("r")
    assert ghost_rot(page) == 2 and page.locator('.ghost .fit-mark.ok[data-edge="3"]').count() == 1
    page.locator(".ghost.chosen").click()
    assert ghost_rot(page) == 3
    # Place: SELECT goes first; each later step goes once the previous one has come back.
    page.click("button.place-tile")
    acts = page.evaluate("() => window.__fences.acts")
    assert acts == [slot_of(s0, "F06")]
    assert page.locator(".fences[data-busy]").count() == 1
    s1 = s0.clone()
    s1.apply_action(acts[-1])
    acts = mount(page, s1, BLUE, 11)
    assert acts[-1] == cell_action(s1, 0, 1)
    s2 = s1.clone()
    s2.apply_action(acts[-1])
    acts = mount(page, s2, BLUE, 12)
    assert acts[-1] == rot_action(s2, 3) and len(acts) == 3
    s3 = s2.clone()
    s3.apply_action(acts[-1])
    assert mount(page, s3, BLUE, 13) == acts  # the plan is done: nothing more is sent
    assert page.locator(".fences[data-busy]").count() == 0
    assert page.locator('.fences-farm .tile[data-cell="0,1"]').get_attribute("data-rot") == "3"

    # FE-T4: Orange's F34 at (0,2) r0 joins Blue's barned field; only [1] may take a barn.
    s = position(
        g,
        [("F05", 0, 0, 3), ("F03", 0, 1, 0)],
        barns=[(BLUE, 0, 0, 1)],
        hands={ORANGE: ["F34", "F20"]},
        active=ORANGE,
    )
    place(s, "F34", 0, 2, 0)
    mount(page, s, BLUE, 20)  # another seat sees no targets and Orange's hand as backs
    assert page.locator(".barn-target").count() == 0
    assert page.locator('.hand-backs[data-seat="2"] .tile-back').count() == 1
    assert page.locator('.hand-backs[data-seat="2"] [data-tile]').count() == 0  # FE-R22
    acts = mount(page, s, ORANGE, 21)
    targets = page.locator(".fences-farm .barn-target")
    assert targets.count() == 1 and targets.get_attribute("data-field") == "1"
    targets.locator(".ghost-barn").click()
    acts = page.evaluate("() => window.__fences.acts")
    assert acts[-1] == barn_action(s, 1)

    # FE-T1: Yellow (Farmer Tim) closes the corner field with Blue's barn: Blue +6, Yellow +3;
    # only the open main field (1,0)[1] may take a barn (FE-R43).
    s = position(
        g,
        [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)],
        barns=[(BLUE, 0, 0, 0)],
        hands={YELLOW: ["F05", "F20"]},
        active=YELLOW,
        farmers={YELLOW: "FC01", BLUE: "FC02"},
    )
    place(s, "F05", 1, 0, 0)
    mount(page, s, YELLOW, 30)
    assert page.locator(".fences-farm .completed-field").count() == 1
    assert page.locator(".fences-farm .completed-field .score-badge text").text_content() == "6"
    assert page.locator(".fences-farm .completed-part.fresh").count() == 4
    scored = page.locator(".scoring-list li").inner_text()
    # Seats by their names (here the mounted page's "Seat 1" for Blue), not colours (the list
    # once read "Barns: Yellow +7").
    assert "3 cows: worth 6 (one kind, doubled)" in scored
    assert "Barn owners: Seat 1 scores 6" in scored
    assert "Farmer Tim: Seat 2 scores 3 more (the field has at least 1 cow)" in scored
    assert [int(x.split()[0]) for x in page.locator(".fences-seats .score").all_inner_texts()] == [
        6,
        3,
        0,
        0,
    ]
    targets = page.locator(".fences-farm .barn-target")
    assert targets.count() == 1 and targets.get_attribute("data-field") == "1"
    shot(page, "spec-t1-scored")

    # FE-T10: Yellow's two O tiles fit nowhere next to a lone X tile: both are shown to
    # everyone, and Yellow discards one by clicking it.
    g2 = game(2)
    s = position(
        g2,
        [("F49", 0, 0, 0)],
        hands={BLUE: ["F05"], YELLOW: ["F02", "F03"]},
        active=BLUE,
        phase="draw",
        supply={"F05": 2, "F06": 3},
        fill_hands=False,
    )
    draw(s, "F05")
    assert s.phase_name() == "discard"
    mount(page, s, BLUE, 40)
    shown = page.locator('.hand-backs[data-seat="1"] .known-tile')
    assert shown.count() == 2 and page.locator('.hand-backs[data-seat="1"] .tile-back').count() == 0
    mount(page, s, YELLOW, 41)
    assert "No tile fits" in page.locator("#fences-prompt").inner_text()
    assert page.locator(".fences-hand .hand-tile.discard").count() == 2
    page.click('.fences-hand .hand-tile[data-tile="F03"]')
    acts = page.evaluate("() => window.__fences.acts")
    assert acts[-1] == s.cfg.layout.discard + 1
    assert page.errors == []


def test_fences_hint_highlights_a_legal_move_and_another_seats_hint_is_refused(
    server: Any, browser: Any
) -> None:
    """Hints: "Suggest a move" asks the strongest bot for the seat to move; the
    board takes the suggested tile, cell and turn into the composer and marks them, the
    suggestion is legal (FE-R8, FE-R9: it fits; placing it is accepted), and a hint for the
    other seat is refused."""
    page, created = to_a_later_placement(server, browser)
    view = page.request.get(f"{server.base}/api/matches/{created['id']}").json()
    legal = {a["id"] for a in view["legal"]}
    with page.expect_response(lambda r: r.url.endswith("/hint")) as asked:
        page.click("#hint")
    hint = asked.value.json()
    assert asked.value.status == 200, hint
    assert hint["action"]["id"] in legal and hint["action"]["json"]["type"] == "SELECT"
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.locator("#hint-box .hint-line").inner_text().startswith(hint["line"][0]["label"])
    slot = hint["action"]["json"]["slot"]
    page.wait_for_selector(f'.fences-hand .hand-tile.chosen.hinted[data-slot="{slot}"]')
    cell = next(s["json"]["cell"] for s in hint["line"] if s["json"]["type"] == "CELL")
    ghost = page.locator(f'.fences-farm .ghost.hinted[data-cell="{cell[0]},{cell[1]}"]')
    assert ghost.count() == 1 and "fits" in (ghost.get_attribute("class") or "")
    assert page.locator("button.place-tile").is_enabled()
    shot(page, "hint")
    refused = page.request.post(
        f"{server.base}/api/matches/{created['id']}/hint",
        data=json.dumps({"seat": 1}),
        headers={"Content-Type": "application/json"},
    )
    assert refused.status == 403, refused.text()
    tiles = read_tiles(page)
    page.click("button.place-tile")
    wait_changed(page, "tiles", tiles)
    placed = page.request.get(f"{server.base}/api/matches/{created['id']}").json()
    tile = placed["observation"]["board"][tiles]
    assert tile["cell"] == cell
    assert page.locator("#hint-box").is_hidden()  # a new position drops the suggestion
    assert not page.errors, page.errors
