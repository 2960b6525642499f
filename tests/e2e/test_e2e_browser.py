"""Browser tests in real Chromium (Playwright with Debian's /usr/bin/chromium).

* A new user sets up Rancho against a bot from the home page and plays it to the end by
  clicking the board and the panels (buying a pasture with a trade, placing animals, rolling),
  then opens the result screen, the replay viewer and the record download.
* Reloading mid-game resumes exactly where the seat was (an open trade included).
* An online match in two browser contexts: one seat cannot act for the other, and each sees the
  other's moves live.

Screenshots of each page go to test-output/screenshots/.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from web_servers import running

pytestmark = pytest.mark.browser

SHOTS = SCREENSHOTS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e")
    db = f"sqlite:///{folder / 'e2e.db'}"
    args = ("--bot-delay", "0.05", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, width: int = 1280, height: int = 800) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": height}, accept_downloads=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def board_index(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-index") or -1)


def click_and_wait(page: Any, locator: Any) -> None:
    """Click and wait for the next view (the board's log index changes)."""
    before = board_index(page)
    locator.first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('#board')?.dataset.index) !== {before}",
        timeout=10_000,
    )


def wait_turn_or_end(page: Any, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = page.locator("#status").inner_text()
        if status.startswith("Game over"):
            return "over"
        if "your turn" in status.lower() and not page.locator("#board.pending").count():
            return "turn"
        page.wait_for_timeout(50)
    raise AssertionError(f"no turn within {timeout}s; status {status!r}")


def buy_a_pasture_with_a_trade(page: Any) -> None:
    """Trade the sheep for 6 rabbits, then click a pasture and pay 4 rabbits (RA-R10, RA-R17)."""
    trade = page.locator(".panel.trade")
    click_and_wait(page, trade.locator("tr[data-kind=sheep] button.give"))
    for _ in range(6):
        click_and_wait(page, trade.locator("tr[data-kind=rabbit] button.take"))
    assert "Balanced" in trade.inner_text()
    shot(page, "rancho-trade-balanced")
    click_and_wait(page, page.locator("button.confirm"))
    click_and_wait(page, page.locator(".rancho-board .cell.buy"))
    for _ in range(4):
        if "Balanced" in page.locator(".panel.trade").inner_text():
            break
        click_and_wait(page, page.locator(".panel.trade tr[data-kind=rabbit] button.give"))
    click_and_wait(page, page.locator("button.confirm"))


def take_turn(page: Any, state: dict[str, Any]) -> None:
    """One decision by clicking what a person would click."""
    for selector in (
        "button.keep-dog",
        ".panel.order button",
        ".panel.return button",
        ".rancho-board .cell.place",
        "button.end-turn",
    ):
        target = page.locator(selector)
        if target.count():
            if selector.endswith(".place"):
                # One click places a rabbit or sheep; a cow or horse takes a click per space,
                # and the loop comes back here until the last one is placed.
                # force: a rabbit stack drawn on the space takes the click and passes it on
                target.first.click(force=True)
                page.wait_for_timeout(60)
                return
            click_and_wait(page, target)
            return
    if not state["bought"] and page.locator(".rancho-board .cell.buy").count():
        trade = page.locator(".panel.trade")
        if trade.locator("tr[data-kind=sheep] button.give").count():
            buy_a_pasture_with_a_trade(page)
            state["bought"] = True
            shot(page, "rancho-after-purchase")
            return
    if page.locator("button.roll").count():
        click_and_wait(page, page.locator("button.roll"))
        return
    click_and_wait(page, page.locator(".panel.other button, .panel button.action"))


def test_new_user_plays_rancho_against_a_bot_to_the_end(server: Any, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("article[data-game=rancho]")
    shot(page, "lobby")
    page.click("article[data-game=rancho] a:has-text('Set up a match')")
    page.wait_for_selector("#create")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:easy")
    page.click(".params summary")
    page.fill("#param-max_rounds", "4")
    page.fill("#param-first_player", "0")
    shot(page, "new-match")
    page.click("#create")
    page.wait_for_selector(".rancho-board")
    shot(page, "rancho-start")
    state = {"bought": False}
    decisions = 0
    while wait_turn_or_end(page) == "turn":
        take_turn(page, state)
        decisions += 1
        assert decisions < 400, "the game did not end"
    assert state["bought"], "the pasture purchase by clicking never happened"
    page.wait_for_selector("#result:not([hidden])")
    assert "Game over" in page.locator("#result").inner_text()
    shot(page, "rancho-result")
    # The log in words shows dice rolls and our purchase (in the turns' steps).
    log_text = page.locator("#events").text_content() or ""
    assert "Dice:" in log_text and "Buy pasture" in log_text
    assert " rolled " in page.locator("#events").inner_text()  # the turns' summaries

    with page.expect_download() as download_info:
        page.click("#record-link")
    record = json.loads(Path(download_info.value.path()).read_text())
    assert record["format"] == "farmstead-record/1" and record["game"] == "rancho"

    page.click("#replay-link")
    page.wait_for_selector("#replay-slider")
    # The replay goes turn by turn, not step by step.
    turns = int(page.locator("#replay-slider").get_attribute("max") or 0)
    assert 0 < turns < len(record["actions"])
    page.click("#replay-forward")
    page.wait_for_function(
        f"() => document.querySelector('#replay-step').textContent === 'turn 1 / {turns}'"
    )
    page.click("#replay-last-step")
    page.wait_for_function(
        f"() => document.querySelector('#replay-step').textContent === 'turn {turns} / {turns}'"
    )
    page.click("#replay-back")
    page.wait_for_function(
        f"() => document.querySelector('#replay-step').textContent === 'turn {turns - 1} / {turns}'"
    )
    page.wait_for_selector(".rancho-board")
    shot(page, "rancho-replay")
    assert page.errors == []


def create_via_api(page: Any, server: Any, seats: list[dict[str, Any]], **params: Any) -> dict:
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": "rancho", "seats": seats, "params": params}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    return dict(answer.json())


def test_reload_mid_game_resumes_exactly(server: Any, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create_via_api(
        page, server, [{"kind": "human"}, {"kind": "bot", "agent": "random"}], first_player="0"
    )
    page.goto(server.base + created["url"])
    assert wait_turn_or_end(page) == "turn"
    click_and_wait(page, page.locator(".panel.trade tr[data-kind=sheep] button.give"))
    click_and_wait(page, page.locator(".panel.trade tr[data-kind=rabbit] button.take"))
    before = page.locator(".panel.trade .balance").inner_text()
    index = board_index(page)
    page.reload()
    page.wait_for_selector(".rancho-board")
    assert board_index(page) == index
    assert page.locator(".panel.trade .balance").inner_text() == before
    assert "You still owe" not in before and "1 sheep" in before
    shot(page, "rancho-after-reload")
    click_and_wait(page, page.locator("button.cancel"))
    click_and_wait(page, page.locator("button.roll"))
    assert board_index(page) > index
    assert page.errors == []


def test_online_match_in_two_browsers_one_seat_cannot_act_for_the_other(
    server: Any, browser: Any
) -> None:
    host = new_page(browser)
    host.goto(server.base + "/new?game=rancho")
    host.wait_for_selector("#create")
    host.select_option("#players", "2")
    host.select_option("#seat-1", "human:invite")
    host.fill("#seat-name-0", "Alice")
    host.fill("#seat-name-1", "Bob")
    host.click("#create")
    host.wait_for_selector(".invite input")
    invite = host.locator(".invite input").input_value()
    assert re.search(r"/match/\w+/join/1#.+", invite)
    shot(host, "online-host")

    guest = new_page(browser, 390, 844)  # a phone
    guest.goto(invite)
    guest.wait_for_selector(".rancho-board")
    assert "/join/" not in guest.url  # the token left the address bar
    shot(guest, "online-guest-phone")
    match_id = guest.url.rstrip("/").split("/")[-1]

    pages = {"Alice": host, "Bob": guest}
    status = host.locator("#status").inner_text()
    mover, waiter = ("Alice", "Bob") if status.startswith("Your turn") else ("Bob", "Alice")
    assert pages[waiter].locator("#status").inner_text() == f"Waiting for {mover}"
    assert pages[waiter].locator("button.roll").count() == 0
    assert pages[waiter].locator(".rancho-board .cell.clickable").count() == 0
    # The waiting browser's own cookies cannot make the other seat's move.
    refused = pages[waiter].request.post(
        f"{server.base}/api/matches/{match_id}/actions",
        data=json.dumps({"action": 0}),
        headers={"Content-Type": "application/json"},
    )
    assert refused.status == 403 and "not your turn" in refused.json()["message"]
    before = board_index(pages[waiter])
    click_and_wait(pages[mover], pages[mover].locator("button.roll"))
    pages[waiter].wait_for_function(
        f"() => Number(document.querySelector('#board').dataset.index) > {before}"
    )
    assert " rolled " in pages[waiter].locator("#events").inner_text()
    shot(pages[waiter], "online-live-update")
    assert host.errors == [] and guest.errors == []


def test_api_docs_render_under_their_content_security_policy(server: Any, browser: Any) -> None:
    """The API docs page has a strict policy (its one inline script allowed by its hash):
    Swagger UI's scripts and styles run under it with no policy violation, and it draws the
    OpenAPI 3.1 schema: the routes are listed, with no "Unable to render"."""
    page = new_page(browser)
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    answer = page.goto(server.base + "/docs")
    assert "script-src 'self' 'sha256-" in answer.headers["content-security-policy"]
    page.wait_for_selector(".swagger-ui svg.svg-assets", state="attached", timeout=15_000)
    page.wait_for_selector(".opblock-summary-path", timeout=15_000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    for route in ("/api/games", "/api/matches", "/api/matches/{match_id}/actions"):
        assert any(p.replace("\u200b", "") == route for p in paths), (route, paths)
    assert "Unable to render" not in page.locator("body").inner_text()
    shot(page, "api-docs")
    assert violations == [] and page.errors == []
