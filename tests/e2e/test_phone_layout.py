"""Phone first: at 390 x 844 every page fits the window's width and the new-match form of every
game is set up and created by tapping.

What used to go wrong: at 390 px the new-match form laid out 600-700 px wide (a select is as wide
as its longest option, a fieldset as wide as its content), so its selects and notes were cut off
and taps on "Variant settings" and "Create the match" landed on other elements; and the lobby of
a browser with no match of its own printed the word "null" where its matches would be.

Each test here drives a phone-sized, touch-enabled Chromium: it taps (never clicks), checks
before every tap that the element under the finger is the one meant, and checks after every page
that the page does not scroll sideways. The forms are photographed to test-output/screenshots.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import save_shot
from web_servers import running

from farmstead.core.registry import game_names

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
GAMES = game_names()
# The smallest tap target people can hit reliably with a finger (Apple's and Google's guides say
# 44 and 48 CSS px); a rounding half pixel is allowed.
TAP_MIN = 43.5
# The controls of the new-match form a finger has to hit.
TAPPABLE = (
    "form.new-match select, form.new-match input[type=text], form.new-match input[type=number], "
    "form.new-match button, form.new-match summary"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("phone-layout")
    db = f"sqlite:///{folder / 'phone-layout.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, viewport: dict[str, int] = PHONE) -> Any:
    """A fresh browser (no match of its own); a phone unless ``viewport`` is wider."""
    phone = viewport["width"] < 600
    context = browser.new_context(
        viewport=viewport,
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=3 if phone else 1,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page: Any, name: str) -> None:
    save_shot(page, f"{name}")


def scroll_width(page: Any) -> int:
    return int(page.evaluate("document.scrollingElement.scrollWidth"))


def assert_fits(page: Any, width: int, what: str) -> None:
    """The page does not scroll sideways; else name what sticks out."""
    wide = scroll_width(page)
    if wide > width:
        sticking_out = page.evaluate(
            """(width) => [...document.querySelectorAll('body *')]
                .filter((e) => e.getBoundingClientRect().right > width + 0.5)
                .slice(0, 6)
                .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}`
                    + `${e.className && typeof e.className === 'string' ? '.' + e.className : ''}`
                    + ` ${Math.round(e.getBoundingClientRect().right)}px`)""",
            width,
        )
        raise AssertionError(f"{what} is {wide} px wide at {width} px: {sticking_out}")


def tap(page: Any, locator: Any) -> None:
    """Tap ``locator`` after checking that the point under the finger belongs to it."""
    target = locator.first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None and box["width"] > 0, f"{target} is not shown"
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, (
        f"{target} sticks out of the window sideways: {box}"
    )
    hit = target.evaluate(
        """(el) => {
            const r = el.getBoundingClientRect();
            const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return under === el || el.contains(under)
                ? null : (under ? under.outerHTML.slice(0, 120) : 'nothing');
        }"""
    )
    assert hit is None, f"a tap on {target} would land on {hit}"
    target.tap()


def test_empty_lobby_says_how_to_start_not_null(server: Any, browser: Any) -> None:
    """A browser with no match of its own: the lobby says how to start one, and never "null"."""
    for viewport in (PHONE, DESKTOP):
        page = new_page(browser, viewport)
        page.goto(server.base + "/")
        page.wait_for_selector(".game-card")
        text = page.locator("#app").inner_text()
        assert not re.search(r"\bnull\b", text), text[:300]
        assert not re.search(r"\bundefined\b", text), text[:300]
        empty = page.locator("#your-matches #your-empty")
        assert empty.is_visible()
        assert "Play against a bot" in empty.inner_text()
        assert empty.locator("a[href='/new']").count() == 1
        assert page.locator("#your-list").count() == 0
        assert_fits(page, viewport["width"], "the empty lobby")
        assert (
            sorted(page.locator(".game-card").evaluate_all("(cs) => cs.map((c) => c.dataset.game)"))
            == GAMES
        )
        shot(page, f"lobby-empty-{viewport['width']}")
        assert page.errors == []
        page.context.close()


def test_empty_lobby_links_to_new_match(server: Any, browser: Any) -> None:
    """The empty state's link is a real way on: tapping it opens the new-match page."""
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("#your-empty")
    tap(page, page.locator("#your-empty a[href='/new']"))
    page.wait_for_url(re.compile(r"/new$"))
    page.wait_for_selector("#create")
    assert_fits(page, PHONE["width"], "the new-match page")
    page.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_new_match_by_tapping_on_a_phone(server: Any, browser: Any, game: str) -> None:
    """Lobby → New match → choose the game → Variant settings → Create the match, all tapped at
    390 x 844; no page scrolls sideways and every control of the form is finger-sized."""
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector(".game-card")
    assert_fits(page, PHONE["width"], "the lobby")

    tap(page, page.locator(".topbar a[href='/new']"))
    page.wait_for_url(re.compile(r"/new$"))
    page.wait_for_selector("#create")
    assert_fits(page, PHONE["width"], "the new-match page")

    page.locator("#game").select_option(game)
    long_name = page.locator("#game option:checked").inner_text()
    # The game's seats and settings are drawn at once; its bots' labels come a moment later.
    page.wait_for_load_state("networkidle")
    assert page.locator("#seat-0").count() == 1
    assert_fits(page, PHONE["width"], f"the new-match form of {long_name}")

    summary = page.locator("form.new-match details.params > summary")
    assert summary.inner_text().strip() == "Variant settings"
    tap(page, summary)
    page.wait_for_function("() => document.querySelector('form.new-match details.params').open")
    assert_fits(page, PHONE["width"], f"{long_name}'s variant settings")

    # Nothing of the form sticks out or is cut off, and every control is finger-sized.
    controls = page.locator(TAPPABLE).evaluate_all(
        """(els) => els.filter((e) => e.getClientRects().length).map((e) => {
            const r = e.getBoundingClientRect();
            return {what: e.id || e.textContent.trim().slice(0, 30) || e.tagName,
                    left: r.left, right: r.right, height: r.height,
                    clipped: e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'SELECT'};
        })"""
    )
    assert len(controls) >= 6
    for control in controls:
        assert control["left"] >= 0 and control["right"] <= PHONE["width"], control
        assert control["height"] >= TAP_MIN, control
        assert not control["clipped"], control
    texts = page.locator("form.new-match .note, form.new-match small, form.new-match legend")
    for box in texts.evaluate_all(
        "(els) => els.filter((e) => e.getClientRects().length)"
        ".map((e) => ({text: e.textContent.slice(0, 40), right: e.getBoundingClientRect().right}))"
    ):
        assert box["right"] <= PHONE["width"], box
    # A select shows only what fits of its chosen option: a bot's long description and the
    # resign rule are cut off at this width, so their full words show under them, wrapped.
    selects = page.locator("form.new-match select").evaluate_all(
        """(els) => els.filter((e) => e.getClientRects().length).map((e) => {
            const next = e.nextElementSibling;
            const words = next && next.classList.contains('choice-words') && !next.hidden
                ? next : null;
            return {id: e.id, chosen: e.selectedOptions[0].textContent,
                    words: words && words.textContent,
                    right: words ? words.getBoundingClientRect().right : 0};
        })"""
    )
    by_id = {s["id"]: s for s in selects}
    bots = [s for s in selects if s["id"].startswith("seat-") and s["chosen"].startswith("Bot")]
    assert bots, selects
    for cut in [*bots, by_id["opt-resign"]]:
        assert cut["words"] == cut["chosen"], cut
    assert by_id["seat-0"]["chosen"] == "Human — on this device"
    assert by_id["seat-0"]["words"] is None  # it fits: no words repeated
    for select in selects:
        assert select["right"] <= PHONE["width"], select
    shot(page, f"phone-new-match-{game}")

    # "Create the match", tapped: the match page of the chosen game opens.
    tap(page, page.locator("#create"))
    page.wait_for_url(re.compile(r"/match/[^/]+$"), timeout=30_000)
    match_id = page.url.rsplit("/", 1)[1]
    made = page.request.get(f"{server.base}/api/matches/{match_id}").json()["match"]
    assert made["game"] == game
    page.wait_for_selector("#status")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1366"])
def test_no_page_scrolls_sideways(server: Any, browser: Any, viewport: dict[str, int]) -> None:
    """Lobby, the new-match form of each game (settings open) and each game's rules page."""
    width = viewport["width"]
    page = new_page(browser, viewport)
    page.goto(server.base + "/")
    page.wait_for_selector(".game-card")
    assert_fits(page, width, "the lobby")
    for game in GAMES:
        page.goto(f"{server.base}/new?game={game}")
        page.wait_for_selector("#create")
        page.wait_for_load_state("networkidle")
        page.evaluate("() => { document.querySelector('details.params').open = true; }")
        assert_fits(page, width, f"the new-match form of {game}")
        if width > PHONE["width"]:
            shot(page, f"new-match-{game}-{width}")
        page.goto(f"{server.base}/games/{game}")
        page.wait_for_selector("#rules-prose")
        assert_fits(page, width, f"the rules page of {game}")
    assert page.errors == []
    page.context.close()
