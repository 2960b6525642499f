"""Animal Farm in real Chromium (Playwright with Debian's /usr/bin/chromium), by clicking only.

* A whole game against the random bot, set up from the new-match page (the bot is Player 1, so
  the board is seen turned for Player 2): the setup by clicking squares, then turns in which a
  unit is clicked, its reachable squares light up and a lit square is clicked; the horse
  attacks when it can and the attacked unit's square is chosen by clicking (AF-R11 … AF-R14);
  pigs raid the enemy feed pile, pick it up with the panel button and carry it home (AF-R19,
  AF-R23); "End turn" ends each turn. The game runs to the result screen.
* A phone-width (390 px) quick start against the heuristic bot from the home page: quick setup,
  one move by clicking, end of turn.

Params that shorten the game: ``max_plies = 40`` (AF-R24 draw limit; the default is 200).
Screenshots go to test-output/screenshots/animal-farm-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from web_servers import running

pytestmark = pytest.mark.browser

SHOTS = SCREENSHOTS
MAX_PLIES = 40

# Reads the board the way a person looks at it: what is drawn where, and what is lit.
READ_BOARD = """() => {
  const svg = document.querySelector('.af-board');
  if (!svg) return null;
  const cls = (g) => (g.getAttribute('class') || '').split(' ');
  return {
    you: svg.dataset.you,
    phase: svg.dataset.phase,
    busy: !!document.querySelector('.animal-farm.busy, #board.pending'),
    squares: [...svg.querySelectorAll('.square')].map((g) => ({
      x: +g.dataset.x, y: +g.dataset.y, cls: cls(g),
      steps: +((g.querySelector('.steps') || {}).textContent || 0),
    })),
    units: [...svg.querySelectorAll('.unit')].map((g) => ({
      name: g.dataset.unit, x: +g.dataset.x, y: +g.dataset.y, cls: cls(g),
      carrying: g.dataset.carrying || null,
    })),
    piles: [...svg.querySelectorAll('.pile')].map((g) => ({
      name: g.dataset.pile, x: +g.dataset.x, y: +g.dataset.y, carrier: g.dataset.carriedBy || null,
    })),
  };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-af")
    db = f"sqlite:///{folder / 'e2e.db'}"
    args = ("--bot-delay", "0.05", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, width: int = 1280, height: int = 800) -> Any:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"animal-farm-{name}.png"), full_page=True)


def board_index(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-index") or -1)


def read(page: Any) -> dict[str, Any]:
    state = page.evaluate(READ_BOARD)
    assert state is not None, "the Animal Farm board is not on the page"
    return dict(state)


def settle(page: Any, before: int, timeout: float = 15.0) -> None:
    """Wait until the view moved past log index ``before`` and no queued step is in flight."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if board_index(page) != before and not read(page)["busy"]:
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"the board did not settle after index {before}")


def click_and_settle(page: Any, locator: Any) -> None:
    before = board_index(page)
    locator.first.click()
    settle(page, before)


def wait_turn_or_end(page: Any, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    status = ""
    while time.monotonic() < deadline:
        status = page.locator("#status").inner_text()
        if status.startswith("Game over"):
            return "over"
        if status.lower().startswith("your turn") and not read(page)["busy"]:
            return "turn"
        page.wait_for_timeout(40)
    raise AssertionError(f"no turn within {timeout}s; status {status!r}")


# --- what a player looks at -------------------------------------------------------------------


def square_at(page: Any, x: int, y: int) -> Any:
    return page.locator(f".af-board .square[data-x='{x}'][data-y='{y}']")


def unit_named(page: Any, name: str) -> Any:
    return page.locator(f".af-board .unit[data-unit='{name}']")


def lit(state: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [s for s in state["squares"] if kind in s["cls"]]


def base_rows(you: str) -> tuple[int, int]:
    """Rows of the player's base on the standard layout (spec 3.2; the test uses it)."""
    return (0, 3) if you == "P1" else (8, 11)


def rows_from_home(you: str, y: int) -> int:
    lo, hi = base_rows(you)
    return lo - y if y < lo else (y - hi if y > hi else 0)


def choose(page: Any, name: str) -> dict[str, Any]:
    """Click one of our units; return the board with its moves lit."""
    unit_named(page, name).click()
    page.wait_for_selector(f".af-board .unit.selected[data-unit='{name}']", timeout=5000)
    return read(page)


def cancel_choice(page: Any) -> None:
    page.locator("button.cancel-selection").click()
    page.wait_for_selector(".af-board .unit.selected", state="detached", timeout=5000)


def finish_unit(page: Any) -> None:
    """Stop the active unit if the board has not already stopped it."""
    if read(page)["phase"] == "active" and page.locator("button.stop").count():
        click_and_settle(page, page.locator("button.stop"))


def move_to(page: Any, square: dict[str, Any], stats: dict[str, int]) -> None:
    """Click a lit square (or the enemy unit standing on it) and wait for the walk to end."""
    state = read(page)
    enemy = next(
        (u for u in state["units"] if (u["x"], u["y"]) == (square["x"], square["y"])), None
    )
    target = unit_named(page, enemy["name"]) if enemy else square_at(page, square["x"], square["y"])
    click_and_settle(page, target)
    if read(page)["phase"] == "displace":
        stats["attacks"] += 1
        if not stats["displace_shot"]:
            shot(page, "displace")
            stats["displace_shot"] = 1
        # The attacker chooses the square: click one of the orange squares.
        click_and_settle(page, page.locator(".af-board .square.target.displace"))


def head_home(page: Any, name: str, stats: dict[str, int]) -> None:
    """With the active pig, walk to the reachable square closest to (or in) our base."""
    state = read(page)
    you = state["you"]
    options = lit(state, "reach")
    if options:
        best = min(options, key=lambda s: (rows_from_home(you, s["y"]), s["steps"]))
        move_to(page, best, stats)
    finish_unit(page)


def secured(state: dict[str, Any], pile: dict[str, Any]) -> bool:
    """AF-R23 from our side: lying in our base, or carried by our pig standing there."""
    you = state["you"]
    if pile["carrier"] and not pile["carrier"].startswith(you):
        return False
    return rows_from_home(you, pile["y"]) == 0


def free_units(state: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [u for u in state["units"] if "selectable" in u["cls"] and f"-{kind}" in u["name"]]


def horse_attack(page: Any, stats: dict[str, int]) -> None:
    """If our horse can attack (a red-lit square), attack and send the unit away."""
    horses = free_units(read(page), "horse")
    if not horses:
        return
    state = choose(page, horses[0]["name"])
    attacks = lit(state, "attack")
    if not attacks:
        cancel_choice(page)
        return
    move_to(page, attacks[0], stats)
    finish_unit(page)


def raid(page: Any, stats: dict[str, int]) -> None:
    """Pigs go for every pile not yet secured: carry it home, pick it up, or steal it."""
    for _ in range(3):
        state = read(page)
        if state["phase"] != "idle":
            return
        you = state["you"]
        todo = [p for p in state["piles"] if not secured(state, p)]
        pigs = free_units(state, "pig")
        if not todo or not pigs:
            return
        pile = todo[0]
        carrier = pile["carrier"]
        if carrier and carrier.startswith(you):
            if carrier not in [p["name"] for p in pigs]:
                return  # the carrier has moved this turn
            choose(page, carrier)
            before = board_index(page)
            head_home(page, carrier, stats)
            if board_index(page) == before:
                return
            continue
        pig = min(pigs, key=lambda u: abs(u["x"] - pile["x"]) + abs(u["y"] - pile["y"]))
        state = choose(page, pig["name"])
        on_pile = [
            s
            for s in lit(state, "attack" if carrier else "reach")
            if (s["x"], s["y"]) == (pile["x"], pile["y"])
        ]
        if on_pile:
            move_to(page, on_pile[0], stats)
            pick = page.locator(f"button.pick-up[data-pile='{pile['name']}']")
            if pick.count():
                click_and_settle(page, pick)
                stats["pickups"] += 1
            elif carrier and read(page)["phase"] == "active":
                stats["steals"] += 1  # AF-R16: the attacking pig took the pile
            carrying = unit_named(page, pig["name"]).get_attribute("data-carrying")
            if carrying == pile["name"] and not stats["mid_shot"]:
                # Mid-game: the pig carries the pile (drawn on it), its way home lit.
                shot(page, "mid-game")
                stats["mid_shot"] = 1
            head_home(page, pig["name"], stats)
            continue
        options = lit(state, "reach")
        if not options:
            cancel_choice(page)
            return
        best = min(options, key=lambda s: abs(s["x"] - pile["x"]) + abs(s["y"] - pile["y"]))
        move_to(page, best, stats)
        finish_unit(page)
        return


def setup_by_clicking(page: Any) -> None:
    """Place each piece by clicking its suggested square (else any lit square) (AF-R2)."""
    state = read(page)
    assert state["phase"] == "setup"
    suggested = page.locator(".af-board .square.target.suggested")
    target = suggested if suggested.count() else page.locator(".af-board .square.target.place")
    click_and_settle(page, target)


def test_whole_game_against_a_bot_by_clicking(server: Any, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=animal_farm]")
    page.click("article[data-game=animal_farm] a:has-text('Set up a match')")
    page.wait_for_selector("#create")
    page.select_option("#seat-1", "bot:easy")
    page.click(".params summary")
    page.select_option("#param-first_player", "1")  # the bot is Player 1 (AF-R1)
    page.fill("#param-max_plies", str(MAX_PLIES))
    page.click("#create")
    page.wait_for_selector(".af-board")

    stats = {"attacks": 0, "pickups": 0, "steals": 0, "turns": 0, "placed": 0}
    stats.update(displace_shot=0, mid_shot=0)
    while wait_turn_or_end(page) == "turn":
        state = read(page)
        if state["phase"] == "setup":
            if stats["placed"] == 0:
                assert state["you"] == "P2"
                # The bot (Player 1) has set up; its pieces are drawn at the top for us.
                assert len([u for u in state["units"] if u["name"].startswith("P1")]) == 7
                shot(page, "setup")
            setup_by_clicking(page)
            stats["placed"] += 1
            assert stats["placed"] <= 8
            continue
        if stats["turns"] == 0:
            shot(page, "start")
        horse_attack(page, stats)
        raid(page, stats)
        if read(page)["phase"] == "active":
            finish_unit(page)
        click_and_settle(page, page.locator("button.end-turn"))
        stats["turns"] += 1
        assert stats["turns"] <= MAX_PLIES // 2 + 1, "the game did not end"

    assert stats["placed"] == 8
    page.wait_for_selector("#result:not([hidden])")
    assert "Game over" in page.locator("#result").inner_text()
    page.wait_for_selector(".af-result")
    shot(page, "end")
    final = read(page)
    assert final["phase"] == "over"
    # The clicks did what a player meant: a pile was picked up (or stolen) and carried.
    assert stats["pickups"] + stats["steals"] >= 1 and stats["mid_shot"], stats
    log_text = page.locator("#events").text_content() or ""
    assert "pick up" in log_text or "attacking" in log_text
    print(f"\nAnimal Farm browser game: {stats}; result: {page.locator('.af-result').inner_text()}")

    # The replay viewer draws the same board, without actions.
    page.click("#replay-link")
    page.wait_for_selector("#replay-slider")
    page.click("#replay-last-step")
    page.wait_for_selector(".af-board[data-phase=over]")
    page.click("#replay-back")
    page.wait_for_selector(".af-board[data-phase=idle]")
    assert page.locator(".af-board .square.reach, .af-board .square.target").count() == 0
    assert page.errors == []


def test_phone_width_quick_start_and_one_move(server: Any, browser: Any) -> None:
    page = new_page(browser, 390, 844)
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=animal_farm]")
    page.click("article[data-game=animal_farm] button.quick-start")
    page.wait_for_selector(".af-board")
    assert wait_turn_or_end(page) == "turn"
    # Quick setup places every remaining piece on the suggested squares (AF-R2, AF-R4).
    click_and_settle(page, page.locator("button.quick-setup"))
    deadline = time.monotonic() + 20
    while read(page)["phase"] == "setup" or read(page)["busy"]:
        assert time.monotonic() < deadline, "quick setup did not finish"
        page.wait_for_timeout(50)
    assert wait_turn_or_end(page) == "turn"
    state = read(page)
    you = state["you"]
    mine = [u for u in state["units"] if u["name"].startswith(you)]
    assert len(mine) == 7
    # The board fits the phone's width: nothing scrolls sideways.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, width
    pig = free_units(state, "pig")[0]
    state = choose(page, pig["name"])
    reach = lit(state, "reach")
    assert reach and all(s["steps"] <= 10 for s in reach)  # AF-R5: 10 pig moves
    shot(page, "phone-reach")
    far = max(reach, key=lambda s: s["steps"])
    stats = {"attacks": 0, "displace_shot": 1}
    move_to(page, far, stats)
    moved = next(u for u in read(page)["units"] if u["name"] == pig["name"])
    assert (moved["x"], moved["y"]) == (far["x"], far["y"])
    pools = page.locator(".pool[data-kind=pig] .pool-num").inner_text()
    assert pools == f"{10 - far['steps']}/10"
    finish_unit(page)
    click_and_settle(page, page.locator("button.end-turn"))
    shot(page, "phone-after-move")
    assert page.errors == []
