"""Farms Race in real Chromium: players named one way, the result in view at the end, a map
readable on a phone, counts in words.

One person and three easy bots play a short Farms Race match (3 VP, a 2-round limit) to its end
at 1366 x 768, proposing trades when a trade window opens. Then:

* every line of the log ("What happened") names a player as "<name> (<Species>)": never a bare
  species ("offered Sheep …") nor a bare seat name ("Bot 2 accepted …"); so do the trade
  window's buttons and the prompts;
* the board's side panel shows the result (the winner, every player's final VP), not
  "— to play";
* counts agree with their nouns: "1 Armory", "2 Armories" (never "1 Armories");
* at 390 x 844 (a phone) the hex names, herd counts, Human tokens and coordinates are at least
  11 px tall on the screen, and the result with its score breakdown is in view at the top of
  the page.

Screenshots go to test-output/screenshots/farms-race-names-*.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from test_farms_race_board import READ, decide, wait_turn_or_end
from web_servers import running

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SPECIES = ("Cows", "Sheep", "Pigs", "Chickens")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-fr-names")
    db = f"sqlite:///{folder / 'e2e.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, size: dict[str, int], phone: bool = False) -> Any:
    options: dict[str, Any] = {"viewport": size}
    if phone:
        options.update(has_touch=True, is_mobile=True)
    page = browser.new_context(**options).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page: Any, name: str, full: bool = False) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"farms-race-names-{name}.png"
    page.screenshot(path=str(path), full_page=full)
    return path


def labels_of(names: list[str]) -> list[str]:
    return [f"{name} ({SPECIES[seat]})" for seat, name in enumerate(names)]


def misnamed(text: str, names: list[str]) -> list[str]:
    """The places where ``text`` names a player otherwise than "<name> (<Species>)"."""
    wrong = []
    for match in re.finditer(r"\b(" + "|".join(SPECIES) + r")\b", text):
        if not text[: match.start()].endswith("(") or text[match.end() : match.end() + 1] != ")":
            wrong.append(text[max(0, match.start() - 30) : match.end() + 10])
    for seat, name in enumerate(names):
        for match in re.finditer(re.escape(name) + r"\b", text):
            if not text[match.end() :].startswith(f" ({SPECIES[seat]})"):
                wrong.append(text[max(0, match.start() - 10) : match.end() + 30])
    return wrong


@pytest.fixture(scope="module")
def finished(server: Any, browser: Any) -> dict[str, Any]:
    """A short match played to its end by clicking; what was seen on the way."""
    page = new_page(browser, DESKTOP)
    page.goto(server.base + "/")
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "level": "easy"}] * 3
    params = {"first_player": "0", "target_vp": 3, "max_rounds": 2}
    created = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": "farms_race", "seats": seats, "params": params}),
        headers={"Content-Type": "application/json"},
    )
    assert created.status == 201, created.text()
    url = server.base + created.json()["url"]
    match_id = created.json()["id"]
    page.goto(url)
    page.wait_for_selector(".farms-race .fr-map")
    names = [
        s["name"]
        for s in page.request.get(f"{server.base}/api/matches/{match_id}").json()["match"]["seats"]
    ]
    seen: dict[str, Any] = {"seat_buttons": [], "prompts": [], "played_shot": False}
    counts: dict[str, int] = {}
    memo: dict[str, Any] = {}
    decisions = 0
    while wait_turn_or_end(page, 90) == "turn":
        state = page.evaluate(READ)
        seen["prompts"].append(page.locator(".fr-decision").inner_text())
        if state["phase"] in ("trade_slot", "trade_respond", "trade_propose"):
            seen["seat_buttons"] += page.locator(".fr-trade button.seat").all_inner_texts()
            seen["prompts"].append(page.locator(".fr-trade").inner_text())
            if not seen["played_shot"]:
                seen["played_shot"] = True
                shot(page, "desktop-trade")
        decide(page, state, memo, counts, extras=False)
        decisions += 1
        assert decisions < 500, f"the game did not end: {counts}"
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_function(
        "() => document.querySelectorAll('#events .turn-text').length >= 2", timeout=20_000
    )
    seen.update(page=page, url=url, names=names, match_id=match_id, counts=counts)
    return seen


def test_the_log_the_trades_and_the_prompts_name_each_player_by_name_and_species(
    finished: dict[str, Any],
) -> None:
    page, names = finished["page"], finished["names"]
    lines = page.locator("#events .turn-text").all_inner_texts()
    assert len(lines) >= 2
    wrong = {line: misnamed(line, names) for line in lines if misnamed(line, names)}
    assert not wrong, wrong
    # Others are named in the log (the bots' turns, the trades answered …).
    assert any(label in " ".join(lines) for label in labels_of(names)[1:])
    buttons = finished["seat_buttons"]
    assert buttons, finished["counts"]  # a trade window opened and offered its seats
    for text in buttons:
        assert any(label in text for label in labels_of(names)), text
        assert not misnamed(text, names), text
    for prompt in finished["prompts"]:
        assert not misnamed(prompt.replace(" (you)", ""), names), prompt
    assert page.errors == []


def test_the_expanded_turn_steps_name_each_player_by_name_and_species(
    finished: dict[str, Any],
) -> None:
    """The log's expanded steps name who acted as the rest of the page does ("Bot 3 (Sheep)
    propose …", never "Bot 3 propose …"): the server sends each seat's label in the view
    (``match.labels``) and the match page's ``seatLabel`` uses it."""
    page, names = finished["page"], finished["names"]
    page.locator("#events details.turn-steps").first.evaluate("(d) => { d.open = true; }")
    who = page.locator("#events .step .who").all_text_contents()
    assert who, "no step names its player"
    assert all(text in labels_of(names) for text in who), sorted(set(who))
    assert set(who) - {labels_of(names)[0]}, "the bots' steps name them too"
    labels = page.request.get(f"{page.url.split('/match/')[0]}/api/matches/{finished['match_id']}")
    assert labels.json()["match"]["labels"] == labels_of(names)


def test_after_the_end_the_side_panel_shows_the_result_not_who_is_to_play(
    finished: dict[str, Any],
) -> None:
    page, names = finished["page"], finished["names"]
    page.set_viewport_size(DESKTOP)
    side = page.locator(".fr-seats").inner_text()
    assert "to play" not in side
    winners = page.locator(".fr-seat.winner")
    assert winners.count() >= 1
    assert "winner" in winners.first.inner_text()
    assert re.search(r"Final: \d+ VP", side), side
    final = page.locator(".fr-decision .fr-final").inner_text()
    assert final.startswith("Game over: ")
    assert len(re.findall(r"\d+ VP", final)) == len(names), final
    assert not misnamed(final, names), final
    shot(page, "desktop-end")
    shot(page, "desktop-end-full", full=True)


def test_counts_agree_with_their_nouns(finished: dict[str, Any]) -> None:
    page = finished["page"]
    text = page.locator(".farms-race").inner_text()
    assert not re.search(r"\b1 (Armories|Barns|herds|VP tokens|cards|humans)\b", text), text
    assert not re.search(r"\(s\)", text), text
    words = page.evaluate(
        """async () => {
          const board = await import('/static/boards/farms_race.js');
          return [board.plural(1, 'Armory', 'Armories'), board.plural(2, 'Armory', 'Armories'),
                  board.plural(0, 'Barn', 'Barns')];
        }"""
    )
    assert words == ["1 Armory", "2 Armories", "0 Barns"]
    supply = page.locator(".fr-seat .small.muted", has_text="In supply").all_inner_texts()
    assert supply and all(re.search(r"\d+ (Armory|Armories)$", s) for s in supply), supply


ON_SCREEN = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getBoundingClientRect().width > 0)
  .map((el) => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a)"""


def test_on_a_phone_the_map_is_readable_and_the_result_comes_first(
    finished: dict[str, Any], browser: Any
) -> None:
    page = new_page(browser, PHONE, phone=True)
    page.goto(finished["url"])
    page.wait_for_selector(".farms-race[data-phase=over] .fr-map")
    page.wait_for_selector("#result:not([hidden]) #result-breakdown")
    sizes = {
        selector: page.evaluate(ON_SCREEN, selector)
        for selector in (
            ".fr-map .type-label",
            ".fr-map .coords",
            ".fr-map .chip-n",
            ".fr-map .token-n",
        )
    }
    assert sizes[".fr-map .type-label"] and sizes[".fr-map .coords"], sizes
    for selector, found in sizes.items():
        assert all(size >= 11 for size in found), (selector, min(found, default=None))
    # The hex names fit their hexes: no name wider than a hex.
    widths = page.evaluate(
        """() => [...document.querySelectorAll('.fr-map .type-label')]
          .filter((el) => el.getBoundingClientRect().width > 0)
          .map((el) => [el.getBBox().width, el.textContent])"""
    )
    assert widths and all(w < 69 for w, _ in widths), widths
    box = page.locator("#result").bounding_box()
    assert box is not None and box["height"] > 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "phone-end")
    shot(page, "phone-end-full", full=True)
    assert page.errors == []
