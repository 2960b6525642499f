"""Farms Race in real Chromium (Playwright with Debian's /usr/bin/chromium), by clicking.

* One person and three easy bots play the default game (Mutations, Spies and Nukes on) from the
  lobby to its end, at 1280 x 800, by clicking the board the way a person would: a Mutation
  card, a lit start region, a lit region to move into, a source region, the "+" herd buttons
  on it, Confirm; a Barn by the Build panel and a lit region; Spies and Nukes from the Build
  panel and the payment buttons; a Nuke token or a Pocket Nuke card, then a lit target; the
  units in the combat panel for each damage point; the trade window's buttons (a proposal
  built with the + buttons); the decision buttons otherwise. A low target (4 VP) and a short
  round cap (FR-R54) end the game within a couple of minutes.
* An online match in two browser contexts (the guest on a phone, 390 x 844): neither sees the
  other's resource cards, Spy cards or dealt Mutations (FR-16), in the page, the log or the
  JSON its cookies fetch, and neither can act for the other.
* The board at phone width: the map scales into the window, panels stack below it, nothing
  overflows sideways, and the things to tap are in view.

Screenshots go to test-output/screenshots/farms-race-*.png.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from web_servers import running

pytestmark = pytest.mark.browser

READ = """() => {
  const root = document.querySelector('.farms-race');
  if (!root) return null;
  const all = (sel) => [...document.querySelectorAll(sel)];
  return {
    phase: root.dataset.phase,
    mine: root.dataset.mine === 'true',
    mode: root.dataset.mode,
    regions: all('.fr-map .region.act').map((g) => ({ region: +g.dataset.region, cls: g.getAttribute('class') })),
    takes: all('.fr-map .take').map((g) => g.dataset.health),
    heals: all('.fr-map .herd.heal-me').length,
    units: all('.fr-unit.act').map((b) => b.dataset.hit),
    menu: all('.fr-menu button.region-choice').map((b) => b.dataset.type),
    buttons: all('.fr-decision button[data-action]').map((b) => b.dataset.type),
    modes: all('.fr-builds button.build-mode').map((b) => b.dataset.mode),
    spies: all('.fr-hand button.play-spy').map((b) => b.dataset.card),
    launches: all('button.launch').map((b) => b.dataset.source),
    gives: all('.fr-offer button.give').length,
    asks: all('.fr-offer button.ask').length,
    tradeGives: all('.fr-supply-trade button.trade-give').length,
  };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-fr")
    db = f"sqlite:///{folder / 'e2e.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, width: int = 1280, height: int = 800, phone: bool = False) -> Any:
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if phone:
        options.update(has_touch=True, is_mobile=True)
    page = browser.new_context(**options).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page: Any, name: str, full: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"farms-race-{name}.png"
    page.screenshot(path=str(path), full_page=full)
    return path


def board_index(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-index") or -1)


def click_and_wait(page: Any, locator: Any) -> None:
    """Click and wait for the next view (the board's log index changes)."""
    before = board_index(page)
    locator.first.click()
    page.wait_for_function(
        f"() => +document.querySelector('#board').dataset.index !== {before}", timeout=20_000
    )


def wait_turn_or_end(page: Any, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    status = ""
    while time.monotonic() < deadline:
        status = page.locator("#status").inner_text()
        if status.startswith("Game over"):
            return "over"
        if (
            status.lower().startswith("your turn")
            and not page.locator("#board.pending").count()
            and page.locator(".farms-race[data-mine=true]").count()
        ):
            return "turn"
        page.wait_for_timeout(30)
    raise AssertionError(f"no decision came within {timeout}s; status {status!r}")


def region(page: Any, kind: str) -> Any:
    """The lit regions whose click does ``kind`` (a CSS class of the board: move, source …)."""
    return page.locator(f".fr-map .region.act.{kind}")


def decide(
    page: Any,
    state: dict[str, Any],
    memo: dict[str, Any],
    counts: dict[str, int],
    click_and_wait: Callable[[Any, Any], None] = click_and_wait,
    reach: Callable[[Any, Any], None] = lambda page, locator: None,
    extras: bool = True,
) -> None:
    """One decision, by clicking what a keen new player would: build and buy when offered, try
    a Spy card and a Nuke, make a move or two a turn, fight on, answer trades, end the phase.

    ``click_and_wait`` clicks and waits for the next view; ``reach`` checks a control before
    a click that sends nothing (the phone test: both fail when the control is out of view).
    Without ``extras`` the player leaves the optional Spy cards, Nukes, buildings, buys and
    heals alone (they lie under the map on a phone) and only moves, fights, trades and ends."""
    phase = state["phase"]
    turn = memo.setdefault("turn", {})

    def tick(name: str) -> None:
        counts[name] = counts.get(name, 0) + 1

    if state["menu"]:  # a region offering several actions: its menu is open
        order = ["BARN", "ARMORY", "MOVE_TO", "HEAL"]
        kind = min(state["menu"], key=lambda t: order.index(t) if t in order else 9)
        tick(f"menu:{kind}")
        return click_and_wait(
            page, page.locator(f".fr-menu button.region-choice[data-type={kind}]")
        )
    if phase == "choose_mutation":
        tick("mutation")
        return click_and_wait(page, page.locator("button.choose-mutation"))
    if state["units"]:  # a damage point: click one of our units in the combat or nuke panel
        tick("hit")
        return click_and_wait(page, page.locator(".fr-unit.act"))
    if phase == "move_select":
        if state["takes"] and turn.get("taken", 0) < 3:
            turn["taken"] = turn.get("taken", 0) + 1
            tick("take")
            health = "healthy" if "healthy" in state["takes"] else "injured"
            return click_and_wait(page, page.locator(f".fr-map .take.{health}"))
        if "CONFIRM" in state["buttons"]:
            turn["taken"] = 0
            tick("confirm")
            return click_and_wait(page, page.locator(".fr-decision button.confirm"))
        if region(page, "source").count():
            tick("source")
            return click_and_wait(page, region(page, "source"))
        tick("cancel")
        return click_and_wait(page, page.locator(".fr-decision button.cancel"))
    if phase == "fly_source" and turn.get("flown"):
        tick("fly_done")
        return click_and_wait(page, page.locator(".fr-flying button.done"))
    if phase == "fly_health" and state["takes"]:
        turn["flown"] = True
        tick("fly")
        return click_and_wait(page, page.locator(".fr-map .take"))
    if phase == "trade_slot":
        if "SEAT" in state["buttons"] and counts.get("propose", 0) < 2:
            tick("propose")  # to the last seat: it got starting resources (FR-4 step 7)
            return click_and_wait(page, page.locator(".fr-trade button.seat").last)
        return click_and_wait(page, page.locator(".fr-trade button.pass"))
    if phase == "trade_propose" and "SUBMIT" not in state["buttons"]:
        if not state["gives"] and not state["asks"]:  # nothing to offer or ask: withdraw
            tick("withdraw")
            return click_and_wait(page, page.locator(".fr-trade button.cancel"))
        selector = ".fr-offer button.give" if state["gives"] else ".fr-offer button.ask"
        tick("offer")
        return click_and_wait(page, page.locator(selector))
    if phase == "trade_propose":
        tick("submit")
        return click_and_wait(page, page.locator(".fr-decision button.submit"))
    if phase == "trade_respond":
        kind = (
            "accept" if "ACCEPT" in state["buttons"] and counts.get("accept", 0) < 2 else "decline"
        )
        tick(kind)
        return click_and_wait(page, page.locator(f".fr-decision button.{kind}"))
    if phase == "payment":
        for selector in ("button.pay_normal", "button.pay_four", ".fr-payment button.resource"):
            if page.locator(selector).count():
                tick("pay")
                return click_and_wait(page, page.locator(selector))
    if phase in ("actions", "resources", "discard_phase") and not extras:
        turn.update(spy=True, nuke=True, barn=True, BUY_NUKE=True, BUY_SPY=True, heal=True)
    if phase in ("actions", "resources", "discard_phase"):
        if state["spies"] and not turn.get("spy"):
            turn["spy"] = True
            tick("spy")
            return click_and_wait(page, page.locator(".fr-hand button.play-spy"))
        launches = [s for s in state["launches"] if s in ("token", "pocket_nuke")]
        if launches and not turn.get("nuke"):
            turn["nuke"] = True
            tick("launch")
            return click_and_wait(page, page.locator("button.launch"))
        if "BARN" in state["modes"] and not turn.get("barn"):
            turn["barn"] = True
            tick("barn")
            barn = page.locator(".fr-builds button.build-mode[data-mode=BARN]")
            reach(page, barn)
            barn.first.click()  # no request
            page.wait_for_selector(".farms-race[data-mode=BARN]")
            return click_and_wait(page, region(page, "build"))
        for buy in ("BUY_NUKE", "BUY_SPY"):
            if buy in state["buttons"] and not turn.get(buy):
                turn[buy] = True
                tick(buy.lower())
                return click_and_wait(page, page.locator(f".fr-builds button.{buy.lower()}"))
        if state["heals"] and not turn.get("heal"):
            turn["heal"] = True
            tick("heal")
            return click_and_wait(page, page.locator(".fr-map .herd.heal-me"))
        moves = region(page, "move")
        if phase == "actions" and moves.count() and turn.get("moves", 0) < 2:
            turn["moves"] = turn.get("moves", 0) + 1
            tick("move_to")
            pick = moves.nth(counts["move_to"] % moves.count())
            before = board_index(page)
            reach(page, pick)
            pick.click()
            if not page.locator(".fr-menu").count():
                page.wait_for_function(
                    f"() => +document.querySelector('#board').dataset.index !== {before}"
                )
            return None
        if page.locator(".fr-enders button").count():
            memo["turn"] = {}
            tick("end")
            return click_and_wait(page, page.locator(".fr-enders button"))
    if phase in ("combat", "attacker_decides", "defender_decides", "spy_window"):
        for selector in (".fr-combat button.continue", ".fr-combat button.pass"):
            if page.locator(selector).count():
                tick("combat")
                return click_and_wait(page, page.locator(selector))
    if state["regions"]:  # a start, a building, a target, a retreat, a flight …
        tick(f"region:{phase}")
        return click_and_wait(page, page.locator(".fr-map .region.act"))
    assert state["buttons"], f"nothing to click in phase {phase}: {state}"
    tick(f"button:{phase}")
    return click_and_wait(page, page.locator(".fr-decision button[data-action]"))


def play_to_the_end(page: Any, limit: int = 900) -> dict[str, int]:
    counts: dict[str, int] = {}
    memo: dict[str, Any] = {}
    decisions = 0
    shots = {"move_select", "allocate_attacker", "allocate_defender", "trade_propose"}
    while wait_turn_or_end(page) == "turn":
        state = page.evaluate(READ)
        if state["phase"] in shots:
            shots.discard(state["phase"])
            shot(page, f"desktop-{state['phase'].replace('_', '-')}", full=False)
        decide(page, state, memo, counts)
        decisions += 1
        assert decisions < limit, f"the game did not end: {counts}"
    return counts


def test_one_person_and_three_bots_play_farms_race_to_the_end_by_clicking(
    server: Any, browser: Any
) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=farms_race]")
    page.click("article[data-game=farms_race] a:has-text('Set up a match')")
    page.wait_for_selector("#create")
    page.select_option("#players", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:easy")
    page.click(".params summary")
    page.fill("#param-target_vp", "4")
    page.fill("#param-max_rounds", "3")
    page.fill("#param-first_player", "0")
    page.click("#create")
    page.wait_for_selector(".farms-race .fr-map")
    assert page.locator(".fr-map .region").count() == 25
    assert wait_turn_or_end(page) == "turn"
    shot(page, "desktop-mutation")
    assert page.locator("button.choose-mutation").count() == 2  # FR-4: two dealt, ours to see
    started = time.monotonic()
    counts = play_to_the_end(page)
    elapsed = time.monotonic() - started
    shot(page, "desktop-result")
    page.wait_for_selector("#result:not([hidden])")
    assert "Game over" in page.locator("#result").inner_text()
    # We chose our Mutation and start by clicking, moved herds by clicking the map, and ended
    # phases; combat and builds depend on the dice, so they are counted, not required.
    assert counts.get("mutation") == 1 and counts.get("region:choose_start") == 1, counts
    assert counts.get("move_to", 0) > 0 and counts.get("end", 0) > 0, counts
    assert counts.get("take", 0) + counts.get("confirm", 0) > 0, counts
    log_text = page.locator("#events").text_content() or ""
    assert "move into" in log_text and "resource dice" in log_text
    assert page.errors == []
    print(f"farms race by clicking: {elapsed:.0f}s, {counts}")


def test_online_farms_race_neither_seat_sees_or_acts_for_the_other(
    server: Any, browser: Any
) -> None:
    """FR-16: resource cards, Spy cards and dealt Mutations are their owner's only."""
    host = new_page(browser)
    host.goto(server.base + "/new?game=farms_race")
    host.wait_for_selector("#create")
    host.select_option("#players", "4")
    # Seats 3 and 4 in turn order get starting resources (FR-4 step 7): the two people.
    host.select_option("#seat-0", "bot:easy")
    host.select_option("#seat-1", "bot:easy")
    host.select_option("#seat-2", "human:me")
    host.select_option("#seat-3", "human:invite")
    host.fill("#seat-name-2", "Alice")
    host.fill("#seat-name-3", "Bob")
    host.click(".params summary")
    host.fill("#param-first_player", "0")
    host.click("#create")
    host.wait_for_selector(".invite input")
    invite = host.locator(".invite input").input_value()
    assert re.search(r"/match/\w+/join/3#.+", invite)
    guest = new_page(browser, 390, 844, phone=True)
    guest.goto(invite)
    guest.wait_for_selector(".farms-race .fr-map")
    match_id = guest.url.rstrip("/").split("/")[-1]

    # Alice (seat 3) is dealt two Mutations and chooses one; Bob must not see which were dealt.
    assert wait_turn_or_end(host) == "turn"
    dealt = host.locator(".fr-card.mutation").evaluate_all(
        "els => els.map(e => e.dataset.mutation)"
    )
    names = host.locator(".fr-card.mutation strong").all_inner_texts()
    assert len(dealt) == 2
    guest.wait_for_function("() => document.querySelector('.farms-race')?.dataset.decider === '2'")
    guest_text = guest.locator("body").inner_text()
    for name in names:
        assert name not in guest_text, f"Bob sees Alice's dealt Mutation {name}"
    assert guest.locator(".farms-race[data-mine=true]").count() == 0
    assert guest.locator(".fr-map .region.act, button[data-action]").count() == 0
    shot(guest, "phone-guest-waiting")
    # Bob's cookies cannot act for Alice.
    refused = guest.request.post(
        f"{server.base}/api/matches/{match_id}/actions",
        data=json.dumps({"action": 0, "seat": 2}),
        headers={"Content-Type": "application/json"},
    )
    assert refused.status == 403, refused.text()
    click_and_wait(host, host.locator("button.choose-mutation"))
    assert wait_turn_or_end(host) == "turn"
    click_and_wait(host, region(host, "start"))

    # Bob chooses his Mutation and start by tapping, on the phone.
    assert wait_turn_or_end(guest) == "turn"
    shot(guest, "phone-guest-mutation", full=False)
    click_and_wait(guest, guest.locator("button.choose-mutation"))
    assert wait_turn_or_end(guest) == "turn"
    click_and_wait(guest, region(guest, "start"))

    # Both now hold starting resources: each sees its own cards and only the other's count.
    def view_of(page: Any) -> dict[str, Any]:
        return dict(page.request.get(f"{server.base}/api/matches/{match_id}").json())

    deadline = time.monotonic() + 30
    while True:
        host_view, guest_view = view_of(host), view_of(guest)
        obs_h, obs_g = host_view["observation"], guest_view["observation"]
        if obs_h["seats"][2]["hand_size"] and obs_g["seats"][3]["hand_size"]:
            break
        assert time.monotonic() < deadline, "no starting resources"
        time.sleep(0.2)
    for obs, me, other in ((obs_h, 2, 3), (obs_g, 3, 2)):
        assert obs["you"] == me
        assert "hand" in obs["seats"][me] and "spies" in obs["seats"][me]
        for secret in ("hand", "spies", "spies_fresh", "dealt_mutations"):
            assert secret not in obs["seats"][other], (me, secret)
    for page, me, other in ((host, 2, 3), (guest, 3, 2)):
        view = view_of(page)
        page.wait_for_function(
            f"() => +document.querySelector('#board').dataset.index >= {view['index']}"
        )
        seats = view["observation"]["seats"]
        shown = page.evaluate(
            """() => [...document.querySelectorAll('.fr-hand .res-n')]
                  .reduce((t, n) => t + Number(n.textContent), 0)"""
        )
        assert shown == seats[me]["hand_size"] > 0
        other_row = page.locator(f".fr-seat[data-seat='{other}']").inner_text()
        assert f"Cards: {seats[other]['hand_size']}" in other_row
        assert page.locator(".fr-hand").count() == 1  # one hand on the page: our own
    # Bob's log never names a card Alice was dealt.
    guest_log = guest.locator("#events").text_content() or ""
    for name in names:
        assert f"dealt {name}" not in guest_log
    assert "dealt a Mutation face down" in guest_log
    shot(host, "desktop-host")
    shot(guest, "phone-guest")
    assert host.errors == [] and guest.errors == []


PHONE = {"width": 390, "height": 844}


def in_view(page: Any, locator: Any) -> None:
    """Fail unless ``locator`` lies inside the phone's window as the page stands (never
    scrolled): a player would have had to scroll to reach it."""
    box = locator.first.bounding_box()
    assert box is not None and box["width"] > 0, locator
    inside = (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= PHONE["width"] + 0.5
        and box["y"] + box["height"] <= PHONE["height"] + 0.5
    )
    if not inside or page.evaluate("() => [window.scrollX, window.scrollY]") != [0, 0]:
        shot(page, "phone-out-of-view", full=False)
        raise AssertionError(f"{locator} is out of view at {box}")


def tap(page: Any, locator: Any) -> None:
    """Tap ``locator`` if, as the page stands (never scrolled), it lies inside the window."""
    in_view(page, locator)
    click_and_wait(page, locator)


def test_farms_race_board_fits_a_phone_and_keeps_the_taps_in_view(
    server: Any, browser: Any
) -> None:
    """At 390 x 844 the map scales to the width, the panels stack under it, nothing overflows
    sideways, and what must be tapped now is in view without scrolling: the Mutation cards, a
    start region (a random map: seats choose edge regions, FR-3.7), the trade window's Pass,
    a region to move into, its source, the "+" herd button, Confirm, and End phase."""
    page = new_page(browser, PHONE["width"], PHONE["height"], phone=True)
    page.goto(server.base + "/")
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "easy"}] * 3
    created = page.request.post(
        server.base + "/api/matches",
        data=json.dumps(
            {"game": "farms_race", "seats": seats, "params": {"first_player": "0", "map": "random"}}
        ),
        headers={"Content-Type": "application/json"},
    )
    assert created.status == 201, created.text()
    page.goto(server.base + created.json()["url"])
    page.wait_for_selector(".farms-race .fr-map")
    box = page.locator(".fr-map").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"] and box["y"] + box["height"] < 600
    assert wait_turn_or_end(page) == "turn"
    shot(page, "phone-mutation", full=False)
    tap(page, page.locator("button.choose-mutation"))
    assert wait_turn_or_end(page) == "turn"
    assert page.locator(".fr-map .region.act.start").count() >= 12  # the free edge regions
    tap(page, page.locator(".fr-map .region.act.start"))
    moved = False
    ended = False
    for _ in range(60):
        assert wait_turn_or_end(page) == "turn"
        phase = page.evaluate(READ)["phase"]
        if phase == "actions" and not moved and region(page, "move").count():
            moved = True
            tap(page, region(page, "move"))
            shot(page, "phone-move", full=False)
            continue
        if phase == "move_select":
            for selector in (".fr-map .take", ".fr-decision button.confirm"):
                if page.locator(selector).count():
                    tap(page, page.locator(selector))
                    break
            else:
                tap(page, region(page, "source"))
            continue
        if phase in ("actions", "resources", "discard_phase"):
            if phase == "discard_phase":
                ended = True
            tap(page, page.locator(".fr-enders button"))
            if ended:
                break
            continue
        if phase == "trade_slot":
            tap(page, page.locator(".fr-trade button.pass"))
            continue
        state = page.evaluate(READ)
        if state["units"]:
            tap(page, page.locator(".fr-unit.act"))
        elif state["regions"]:
            tap(page, page.locator(".fr-map .region.act"))
        else:
            tap(page, page.locator(".fr-decision button[data-action]"))
    assert moved and ended
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "phone-after-turn", full=False)
    shot(page, "phone-full-page")
    assert page.errors == []


# --- every legal action of every phase is on the board ---------------------------------------
# Variants and Mutations chosen so that random play reaches every kind of decision: Flying,
# Lucky, Deranged and Hyper-Intelligent payments, Zombie escapes, Adorable's humans, North
# Korean's nukes, Stealing, the new-player redo, Experienced starting resources, Open Trading.
VARIANTS: tuple[tuple[int, dict[str, Any]], ...] = (
    (4, {}),
    (4, {"mutations": "flying,lucky,deranged,hyper_intelligent", "stealing": True}),
    (4, {"mutations": "zombie,adorable,north_korean,radioactive", "open_trading": True}),
    (4, {"mutations": "regenerative,parasitic,blue_blooded,zombie", "new_player_redo": True}),
    (3, {"map": "random", "experienced": True, "mutations": "adorable,zombie,lucky"}),
)
PER_PHASE = 3  # views kept per (variant, phase)
COMMON = {"actions", "move_select", "trade_slot", "trade_propose", "trade_respond", "resources"}

REACH = """async (text) => {
  const views = JSON.parse(text);
  const board = await import('/static/boards/farms_race.js');
  const data = await board.setup({ name: 'farms_race' });
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  const out = [];
  let n = 0;
  const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  for (const view of views) {
    let acted = null;
    const ctx = { act: (id) => { acted = id; }, data };
    const draw = (v) => board.render(box, { ...v, index: ++n }, ctx);
    const missing = [];
    const errors = [];
    try {
      // Actions with an element of their own: one drawing, each element clicked (a click only
      // calls ctx.act, which draws nothing here).
      draw(view);
      const later = [];
      for (const a of view.legal) {
        const direct = box.querySelector(`[data-action="${a.id}"]`);
        if (!direct) { later.push(a); continue; }
        acted = null;
        click(direct);
        if (acted !== a.id) missing.push(`${a.json.type}: ${a.label}`);
      }
      // The others take two clicks: a region (and its menu), or a Supply trade's two kinds.
      for (const a of later) {
        draw(view);
        acted = null;
        if (a.json.type === 'TRADE') {
          const give = box.querySelector(`button.trade-give[data-give="${a.json.give}"]`);
          if (give) {
            click(give);
            const take = box.querySelector(`button.trade-take[data-action="${a.id}"]`);
            if (take) click(take);
          }
        } else {
          const region = [...box.querySelectorAll('[data-actions]')].find((g) => g.dataset.actions.split(' ').includes(String(a.id)));
          if (region) {
            click(region);
            const choice = acted === null && box.querySelector(`.fr-menu button[data-action="${a.id}"]`);
            if (choice) click(choice);
          }
        }
        if (acted !== a.id) missing.push(`${a.json.type}: ${a.label}`);
      }
      // The same position for every other seat, a spectator and the replay: no errors.
      for (const seat of [...view.others, null]) {
        board.render(box, { ...view, observation: view.views[String(seat)], legal: [], seat, toAct: false, index: ++n }, ctx);
      }
      board.render(box, { ...view, legal: [], toAct: false, replay: true, index: ++n }, ctx);
    } catch (err) {
      errors.push(String((err && err.stack) || err));
    }
    out.push({ phase: view.observation.phase, missing, errors });
  }
  return out;
}"""


def sample_views() -> list[dict[str, Any]]:
    """Decision points of seeded random games, with the decider's view and everyone else's."""
    import random

    from farmstead.core.registry import load_game

    views: list[dict[str, Any]] = []
    for number, (players, params) in enumerate(VARIANTS):
        game = load_game("farms_race", players=players, target_vp=6, max_rounds=6, **params)
        kept: dict[str, int] = {}
        for seed in range(6):
            rng = random.Random(1000 * number + seed)
            state = game.new_initial_state()
            steps = 0
            while not state.is_terminal() and steps < 2500:
                steps += 1
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(
                        rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                    )
                    continue
                seat = state.current_player()
                legal = state.legal_actions()
                phase = state.observation(None)["phase"]
                if kept.get(phase, 0) < PER_PHASE and (phase not in COMMON or rng.random() < 0.2):
                    kept[phase] = kept.get(phase, 0) + 1
                    others = [(seat + 1) % players]
                    views.append(
                        {
                            "observation": state.observation(seat),
                            "legal": [
                                {
                                    "id": a,
                                    "label": state.action_to_string(a),
                                    "json": state.action_to_json(a),
                                }
                                for a in legal
                            ],
                            "seat": seat,
                            "toAct": True,
                            "replay": False,
                            "events": [],
                            "match": {
                                "id": f"harness{number}",
                                "seats": [{"seat": s, "name": f"P{s + 1}"} for s in range(players)],
                            },
                            "game": {"name": "farms_race", "params": []},
                            "others": others,
                            "views": {
                                **{str(s): state.observation(s) for s in others},
                                "None": state.observation(None),
                            },
                        }
                    )
                state.apply_action(rng.choice(legal))
    return views


def test_every_legal_action_of_every_phase_is_offered_on_the_board(
    server: Any, browser: Any
) -> None:
    """The board never strands a player: in decision points of every phase (random games of
    several variants), each legal action is reached by clicking the board — a region (and its
    menu), a herd, a unit, a card, a Supply trade's two kinds, or a decision button — and the
    same positions draw without error for the other seats, a spectator and the replay."""
    views = sample_views()
    page = new_page(browser)
    page.goto(server.base + "/api/health")
    results = page.evaluate(REACH, json.dumps(views))  # a string: quick to hand over
    phases = {r["phase"] for r in results}
    problems = [r for r in results if r["missing"] or r["errors"]]
    assert not problems, problems[:5]
    expected = {
        "choose_mutation", "choose_start", "actions", "move_select", "allocate_attacker",
        "attacker_decides", "resources", "discard_phase", "payment", "trade_slot",
        "trade_propose", "trade_respond", "fly_source", "fly_health", "fly_dest", "lucky_face",
        "nuke_target", "start_choice", "redo_offer", "steal_victim",
    }  # fmt: skip
    assert expected <= phases, sorted(expected - phases)
    assert page.errors == []
    print(
        f"{len(views)} views, {sum(len(v['legal']) for v in views)} actions, phases {sorted(phases)}"
    )


def test_ten_turns_of_farms_race_on_a_phone_without_scrolling(server: Any, browser: Any) -> None:
    """Farms Race on a phone: at 390 x 844, ten of our turns against three bots
    (Mutations on, as the lobby proposes), every decision tapped where it lies in view without
    scrolling: Mutation, start, moves, fights, trade answers, damage, phase ends."""
    page = new_page(browser, PHONE["width"], PHONE["height"], phone=True)
    page.goto(server.base + "/")
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "easy"}] * 3
    created = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": "farms_race", "seats": seats, "params": {"first_player": "0"}}),
        headers={"Content-Type": "application/json"},
    )
    assert created.status == 201, created.text()
    match_id = created.json()["id"]
    page.goto(server.base + created.json()["url"])
    page.wait_for_selector(".farms-race .fr-map")

    def turns_done() -> int:
        answer = page.request.get(f"{server.base}/api/matches/{match_id}/events?since=0&limit=5000")
        return len([t for t in answer.json()["turns"] if t["seat"] == 0 and t["complete"]])

    counts: dict[str, int] = {}
    memo: dict[str, Any] = {}
    decisions = 0
    while turns_done() < 10:
        if wait_turn_or_end(page) == "over":
            break
        decide(page, page.evaluate(READ), memo, counts, tap, in_view, extras=False)
        decisions += 1
        assert decisions < 600, f"ten turns did not pass: {counts}"
    assert turns_done() >= 10, counts
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "phone-ten-turns", full=False)
    assert page.errors == []
