"""The player's experience in the browser, in real Chromium.

Each test says what used to go wrong and what the page does now. Screenshots go to
test-output/screenshots/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import new_page as kit_new_page
from browser_kit import save_shot
from web_servers import running

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("experience")
    db = f"sqlite:///{folder / 'experience.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, width: int = 1280, height: int = 800) -> Any:
    return kit_new_page(browser, width, height)


def shot(page: Any, name: str) -> None:
    save_shot(page, f"{name}")


def create(page: Any, server: Any, game: str, seats: list[dict[str, Any]], **params: Any) -> dict:
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": game, "seats": seats, "params": params}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    return dict(answer.json())


BOTS = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


def test_unknown_page_shows_the_apps_not_found_page(server: Any, browser: Any) -> None:
    """/nonexistent was raw JSON; now the app's own page says "Page not found" (404)."""
    page = new_page(browser)
    answer = page.goto(server.base + "/nonexistent")
    assert answer.status == 404
    page.wait_for_selector("#not-found")
    assert "Page not found" in page.locator("main").inner_text()
    assert '"error"' not in page.content()
    page.click("text=Back to the lobby")
    page.wait_for_selector("article[data-game=rancho]")
    shot(page, "not-found")
    assert page.errors == []


def test_game_over_box_shows_the_games_own_score(server: Any, browser: Any) -> None:
    """The Game over box showed the returns ("You -1, Bot 2 1"); it now shows the
    game's score (Fences: points), the winner in words and the breakdown per field and card."""
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create(page, server, "fences", BOTS)
    page.goto(server.base + created["url"])
    page.wait_for_selector("#result:not([hidden])", timeout=60_000)
    scores = page.locator("#result-scores").inner_text()
    assert "points" in scores or "point" in scores
    assert "-1" not in scores and "−1" not in scores
    summary = page.locator("#result-summary").inner_text()
    assert " won with " in summary or "draw" in summary or "share the win" in summary
    breakdown = page.locator("#result-breakdown").inner_text()
    assert "Farmer card bonuses" in breakdown and "Total" in breakdown
    players = page.locator("#players").inner_text()
    assert "points" in players or "point" in players
    shot(page, "fences-result-breakdown")
    assert page.errors == []


def act_as(page: Any, server: Any, match_id: str, token: str, kind: str, what: str) -> None:
    """Play the legal action ``{"type": kind, "kind": what}`` for the seat of ``token``."""
    headers = {"X-Seat-Token": token, "Content-Type": "application/json"}
    url = f"{server.base}/api/matches/{match_id}"
    view = page.request.get(url, headers=headers).json()
    action = next(a for a in view["legal"] if a["json"] == {"type": kind, "kind": what})
    answer = page.request.post(
        url + "/actions",
        data=json.dumps({"action": action["id"], "expect": view["index"]}),
        headers=headers,
    )
    assert answer.status == 200, answer.text()


def test_rancho_trade_panel_names_whose_trade_it_is(server: Any, browser: Any) -> None:
    """During another seat's turn the Trade panel said "You give … / You still owe"
    next to the viewer's own counts. It now names the trader and shows the trader's animals."""
    page = new_page(browser)
    page.goto(server.base + "/")
    seats = [
        {"kind": "human", "claim": "me", "name": "Ann"},
        {"kind": "human", "claim": "invite", "name": "Bob"},
    ]
    created = create(page, server, "rancho", seats, first_player="1")
    bob = created["seats"][1]["token"]
    act_as(page, server, created["id"], bob, "GIVE", "sheep")
    act_as(page, server, created["id"], bob, "RECEIVE", "rabbit")
    page.goto(server.base + created["url"])  # Ann's browser: she holds seat 1 only
    page.wait_for_selector(".panel.trade")
    trade = page.locator(".panel.trade")
    text = trade.inner_text()
    assert "Bob's trade with the herd" in text
    assert "Bob gives: 1 sheep" in text and "Bob gets: 1 rabbit" in text
    assert "You give" not in text and "You get" not in text and "You still owe" not in text
    assert trade.get_attribute("data-trader") == "1"
    assert trade.locator("button.give, button.take").count() == 0
    shot(page, "rancho-their-trade")
    assert page.errors == []


def finished_match(page: Any, server: Any, game: str, **params: Any) -> dict:
    """A match of two easy bots, played to its end."""
    created = create(page, server, game, BOTS, **params)
    url = f"{server.base}/api/matches/{created['id']}"
    for _ in range(600):
        view = page.request.get(url).json()
        if view["match"]["status"] == "finished":
            return view
        page.wait_for_timeout(100)
    raise AssertionError("the bots did not finish")


TOFU = """(chars) => {
  // A character the page's fonts cannot draw comes out as the same box as a noncharacter.
  const canvas = document.createElement("canvas");
  canvas.width = 40;
  canvas.height = 40;
  const g = canvas.getContext("2d");
  const font = getComputedStyle(document.querySelector("#replay-first")).font;
  const draw = (ch) => {
    g.clearRect(0, 0, 40, 40);
    g.font = font;
    g.fillText(ch, 4, 30);
    return Array.from(g.getImageData(0, 0, 40, 40).data).join(",");
  };
  const boxes = [draw("\\uFFFF"), draw("\\u0378")];
  return chars.filter((ch) => boxes.includes(draw(ch)));
}"""


def test_replay_steps_by_turns_with_a_slider_and_a_jump(server: Any, browser: Any) -> None:
    """The replay went one atomic step at a time (23 minutes for an Animal Farm game),
    had no jump to a turn, and its ⏮/⏭ showed as empty boxes in Debian's Chromium. Now it
    steps by turns (forward, slider, a typed turn, the list of turns), every control draws
    (icons as SVG), and single steps remain available inside a turn."""
    page = new_page(browser)
    page.goto(server.base + "/")
    view = finished_match(page, server, "rancho", max_rounds=3)
    total = view["index"]
    match_id = view["match"]["id"]
    turns = page.request.get(f"{server.base}/api/matches/{match_id}/turns").json()["turns"]
    count = len(turns)
    assert 3 <= count < total / 2
    page.goto(f"{server.base}/replay/{match_id}")
    page.wait_for_selector("#replay-slider")
    # The check itself sees boxes: the old glyphs are among what it flags.
    assert page.evaluate(TOFU, ["⏮", "⏭", "⏸", "▶"]) == ["⏮", "⏭", "⏸"]
    text = page.locator(".replay-controls").first.inner_text()
    drawn = sorted({ch for ch in text if ord(ch) > 127})
    assert page.evaluate(TOFU, drawn) == []
    for button in ("#replay-first", "#replay-last-step", "#replay-play"):
        assert page.locator(f"{button} svg").count() == 1
    assert page.locator("#replay-slider").get_attribute("max") == str(count)

    def at(turn: int) -> None:
        page.wait_for_function(
            f"() => document.querySelector('#replay-step').textContent === 'turn {turn} / {count}'"
        )

    page.click("#replay-forward")
    at(1)
    assert page.locator("#replay-last").inner_text() == f"1. {turns[0]['summary']}"
    target = min(3, count)
    page.fill("#replay-goto", str(target))
    page.press("#replay-goto", "Enter")
    at(target)
    assert turns[target - 1]["summary"] in page.locator("#replay-last").inner_text()
    page.locator("#replay-slider").fill(str(count - 1))
    at(count - 1)
    page.click("#replay-last-step")
    at(count)
    assert page.locator("#replay-goto").input_value() == str(count)
    page.click(f"#replay-turns button[data-turn='{2}']")
    at(2)
    # One step inside the next turn, then back to the start.
    page.click("#replay-step-forward")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.includes('step 1 of turn 3')"
    )
    # The step's words come with the replayed position (a request after the counter moved).
    page.wait_for_function(
        "() => document.querySelector('#replay-step-words').textContent.startsWith('Step: ')"
    )
    page.click("#replay-first")
    at(0)
    shot(page, "replay-by-turns")
    assert page.errors == []


def test_log_keeps_the_whole_history_with_readable_numbers(server: Any, browser: Any) -> None:
    """The log kept only the last 200 entries, drowned in micro-steps, and numbers
    above 999 were cut off ("·425."). A finished Animal Farm game of thousands of steps now
    lists every turn in words, newest first, each expandable to all its steps, each number
    whole."""
    page = new_page(browser)
    page.goto(server.base + "/")
    view = finished_match(page, server, "animal_farm", setup_mode="default", max_plies=120)
    total = view["index"]
    assert total > 1000, total
    turns = page.request.get(f"{server.base}/api/matches/{view['match']['id']}/turns").json()
    count = len(turns["turns"])
    page.goto(f"{server.base}/match/{view['match']['id']}")
    page.wait_for_function(
        f"() => document.querySelectorAll('#events li.step').length === {total}", timeout=20_000
    )
    assert page.locator("#events li.turn").count() == count
    first = page.locator("#events > li.turn").first
    assert first.locator("summary .n").inner_text() == f"{count}."
    assert page.locator("#events > li.turn").last.locator("summary .n").inner_text() == "1."
    # A turn opens to its steps; step 1000 reads "1000." in full.
    entry = page.locator("#events li.step[data-index='999']")
    entry.locator("xpath=ancestor::details").evaluate("(d) => { d.open = true; }")
    entry.scroll_into_view_if_needed()
    assert entry.locator(".n").inner_text() == "1000."
    clipped = page.evaluate(
        """() => {
          const list = document.querySelector('#events').getBoundingClientRect();
          return [...document.querySelectorAll('#events li.step .n, #events summary .n')]
            .filter((n) => n.offsetParent !== null)
            .filter((n) => {
              const box = n.getBoundingClientRect();
              return n.scrollWidth > n.clientWidth || box.left < list.left;
            }).length;
        }"""
    )
    assert clipped == 0
    shot(page, "animal-farm-long-log")
    assert page.errors == []


def test_lobby_turns_animal_farms_no_progress_draw_on_af_r24(server: Any, browser: Any) -> None:
    """AF-R24: Animal Farm against the bot looped until the 200-turn limit. The web
    lobby sets the optional no-progress draw to 80 turns, says so on the form, and both the
    form and "Play against a bot" create matches with it."""
    page = new_page(browser)
    page.goto(server.base + "/new?game=animal_farm")
    page.wait_for_selector("#create")
    note = page.locator("#lobby-params")
    assert note.is_visible() and "Draw after turns without progress: 80" in note.inner_text()
    assert page.locator("#param-no_progress_plies").input_value() == "80"
    shot(page, "animal-farm-lobby-params")
    page.select_option("#seat-1", "bot:easy")
    page.click("#create")
    page.wait_for_selector(".af-board")
    match_id = page.url.rstrip("/").split("/")[-1]
    view = page.request.get(f"{server.base}/api/matches/{match_id}").json()
    assert view["match"]["params"]["no_progress_plies"] == 80
    # Rancho's form has no such note.
    page.goto(server.base + "/new?game=rancho")
    page.wait_for_selector("#create")
    assert not page.locator("#lobby-params").is_visible()

    page.goto(server.base + "/")
    card = page.locator("article[data-game=animal_farm]")
    assert "Draw after turns without progress: 80" in card.inner_text()
    card.locator("button.quick-start").click()
    page.wait_for_selector(".af-board")
    match_id = page.url.rstrip("/").split("/")[-1]
    view = page.request.get(f"{server.base}/api/matches/{match_id}").json()
    assert view["match"]["params"]["no_progress_plies"] == 80
    assert page.errors == []


def relative_luminance(rgb: str) -> float:
    """WCAG relative luminance of "#rrggbb" or "rgb(r, g, b)"."""
    if rgb.startswith("#"):
        values = [int(rgb[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        values = [int(float(v)) for v in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = []
    for v in values:
        c = v / 255
        linear.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_fences_score_track_numbers_are_readable(server: Any, browser: Any) -> None:
    """The Fences score-track numbers were 9 px in a drawing scaled down to about
    5 px; each is now at least 12 px high on screen."""
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create(page, server, "fences", [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    page.goto(server.base + created["url"])
    page.wait_for_selector(".track-num")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.track-num')].map((n) => {
          const box = n.getBoundingClientRect();
          return [n.textContent, box.height, parseFloat(getComputedStyle(n).fontSize)];
        })"""
    )
    assert [s[0] for s in sizes] == ["0", "10", "20", "30", "40"]
    assert all(height >= 12 and font >= 12 for _, height, font in sizes), sizes
    shot(page, "fences-score-track")
    assert page.errors == []


def test_rancho_white_seat_has_a_dark_edge(server: Any, browser: Any) -> None:
    """Rancho's white player was nearly invisible on the cream page; its farm and its
    animals' rings now have a dark edge with at least 3:1 contrast against the page."""
    page = new_page(browser)
    page.goto(server.base + "/")
    seats = [{"kind": "human", "claim": "me"}] + [{"kind": "human", "claim": "open"}] * 5
    created = create(page, server, "rancho", seats)
    page.goto(server.base + created["url"])
    page.wait_for_selector(".rancho-board")
    view = page.request.get(f"{server.base}/api/matches/{created['id']}").json()
    white = [i for i, s in enumerate(view["observation"]["seats"]) if s["colour"] == "white"]
    assert len(white) == 1
    farm = view["observation"]["seats"][white[0]]["farm"]
    edges = page.evaluate(
        """(farm) => {
          const cells = [...document.querySelectorAll('.rancho-board .cell.farm')].filter(
            (g) => (g.querySelector('title')?.textContent || '').endsWith(`farm ${farm}`));
          return cells.map((g) => g.querySelector('polygon').getAttribute('stroke'));
        }""",
        farm,
    )
    assert edges and all(e and contrast(e, "#fffdf7") >= 3 for e in edges), edges
    # The white seat's animals on its farm wear a ring with a dark edge too.
    rings = page.locator(".rancho-board .icon .seat-edge")
    assert rings.count() >= 1
    assert contrast(rings.first.get_attribute("stroke"), "#fffdf7") >= 3
    shot(page, "rancho-white-seat")
    assert page.errors == []


def test_invite_copy_button_stays_inside_its_panel(server: Any, browser: Any) -> None:
    """The invite link's Copy button used to overflow its panel."""
    page = new_page(browser, 1366, 900)
    page.goto(server.base + "/new?game=rancho")
    page.wait_for_selector("#create")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "human:invite")
    page.select_option("#seat-2", "human:invite")
    page.click("#create")
    page.wait_for_selector(".invite button")
    overflow = page.evaluate(
        """() => {
          const panel = document.querySelector('#invites').getBoundingClientRect();
          return [...document.querySelectorAll('.invite button, .invite input')].map((b) => {
            const box = b.getBoundingClientRect();
            return Math.max(0, box.right - panel.right, panel.left - box.left);
          });
        }"""
    )
    assert len(overflow) == 4 and max(overflow) == 0, overflow
    shot(page, "invite-links")
    assert page.errors == []
