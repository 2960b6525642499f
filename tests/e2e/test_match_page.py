"""The match page for a player, in real Chromium: the log by turns, Undo, resigning, the rules
link, and a reload that keeps a picked Fences tile; the lobby's own matches with dates and
abandon; rules pages in prose with the data in words and the variant settings by label; hints.

A test of something that used to go wrong says what went wrong and what the page does now.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import new_page as kit_new_page
from browser_kit import save_shot
from web_servers import running

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("match-page")
    db = f"sqlite:///{folder / 'match-page.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, width: int = 1366, height: int = 900) -> Any:
    return kit_new_page(browser, width, height)


def shot(page: Any, name: str) -> None:
    save_shot(page, f"{name}")


def create(page: Any, server: Any, game: str, seats: list[dict], **extra: Any) -> dict:
    """A match created from the page's browser (its seat cookies go to that browser)."""
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps({"game": game, "seats": seats, **extra}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    return dict(answer.json())


def wait_index(page: Any, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('#board')?.dataset.index) !== {before}"
    )


def board_index(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-index") or -1)


ME_AND_A_BOT = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}]


def test_undo_takes_back_a_decision_in_the_browser(server: Any, browser: Any) -> None:
    """Undo within a turn: the button appears after a decision of one's own and takes it
    back; the log's current turn says what is done so far."""
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create(page, server, "rancho", ME_AND_A_BOT, params={"first_player": "0"})
    page.goto(server.base + created["url"])
    page.wait_for_selector(".rancho-board")
    assert page.locator("#undo").is_hidden()
    before = board_index(page)
    page.locator(".panel.trade tr[data-kind=sheep] button.give").click()
    wait_index(page, before)
    page.wait_for_selector("#undo:visible")
    assert "Ann" in page.locator("#events li.turn.current").inner_text()
    shot(page, "undo-offered")
    before = board_index(page)
    page.click("#undo")
    wait_index(page, before)
    assert board_index(page) == before - 1
    page.wait_for_selector("#undo", state="hidden")
    assert page.locator(".panel.trade").inner_text().count("You give") <= 1
    assert page.errors == []


def test_the_log_reads_by_turns_and_opens_to_the_steps(server: Any, browser: Any) -> None:
    """The log by turns: one line per turn in the game's words ("Ann rolled …"), newest
    first; a click opens the turn to its numbered steps."""
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create(page, server, "rancho", ME_AND_A_BOT, params={"first_player": "0"})
    page.goto(server.base + created["url"])
    page.wait_for_selector(".rancho-board")
    before = board_index(page)
    page.click("button.roll")
    wait_index(page, before)
    turn = page.locator("#events li.turn").first
    assert re.match(r"\d+\.\s+Ann rolled ", turn.locator("summary").inner_text())
    assert turn.locator("li.step").first.is_hidden()
    turn.locator("summary").click()
    steps = turn.locator("li.step")
    assert steps.first.is_visible()
    assert "Roll the dice" in turn.locator("ol.steps").inner_text()
    assert "Dice:" in turn.locator("ol.steps").inner_text()
    shot(page, "log-by-turns")
    assert page.errors == []


def test_resigning_from_the_match_menu_ends_the_game(server: Any, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create(page, server, "rancho", ME_AND_A_BOT, params={"first_player": "0"})
    page.goto(server.base + created["url"])
    page.wait_for_selector(".rancho-board")
    page.click("#match-menu summary")
    assert page.locator("#rules-link").get_attribute("href") == "/games/rancho"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("#result:not([hidden])")
    assert "Ann resigned" in page.locator("#status").inner_text()
    assert "Bot 2 won" in page.locator("#result").inner_text()
    shot(page, "resigned")
    assert page.errors == []


def test_a_picked_fences_tile_survives_a_reload(server: Any, browser: Any) -> None:
    """Reloading used to forget a picked Fences tile (other games resume exactly). The tile,
    the cell and the way it is turned come back after a reload."""
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create(page, server, "fences", ME_AND_A_BOT, params={"first_player": "1"})
    page.goto(server.base + created["url"])
    page.wait_for_function(
        "() => document.querySelector('.fences')?.dataset.mode === 'compose'", timeout=30_000
    )
    page.locator(".fences-hand .hand-tile:not([disabled])").first.click()
    page.locator(".fences-farm .cell.legal").first.click()
    ghost = page.locator(".fences-farm .ghost.chosen")
    ghost.click()  # turn it to the next way it fits
    chosen = page.locator(".fences-hand .hand-tile.chosen")
    picked = (chosen.get_attribute("data-slot"), ghost.get_attribute("data-cell"))
    rot = ghost.get_attribute("data-rot")
    page.reload()
    page.wait_for_selector(".fences-farm .ghost.chosen")
    after = page.locator(".fences-hand .hand-tile.chosen")
    again = page.locator(".fences-farm .ghost.chosen")
    assert (after.get_attribute("data-slot"), again.get_attribute("data-cell")) == picked
    assert again.get_attribute("data-rot") == rot
    assert page.locator("button.place-tile").is_enabled()
    shot(page, "fences-reloaded-choice")
    assert page.errors == []


def test_lobby_lists_your_matches_first_with_dates_and_abandon(server: Any, browser: Any) -> None:
    """The lobby used to show every match to everyone, undated, with "1 moves" and no way to
    abandon. Your own matches now come first, with their dates, a Continue and an Abandon
    button; others' are folded away; an abandoned match moves to "Abandoned"."""
    other = new_page(browser)
    other.goto(server.base + "/")
    create(other, server, "rancho", [{"kind": "human"}, {"kind": "human"}])
    page = new_page(browser)
    page.goto(server.base + "/")
    page.locator("article[data-game=rancho] button.quick-start").click()
    page.wait_for_selector(".rancho-board")
    mine = page.url.rstrip("/").split("/")[-1]
    page.goto(server.base + "/")
    row = page.locator(f"#your-list li[data-match='{mine}']")
    row.wait_for()
    text = row.inner_text()
    assert "started today" in text and "last move" in text
    assert not re.search(r"\b1 moves\b", page.locator("main").inner_text())
    assert page.locator("#your-list li").count() == 1  # the other browser's match is not ours
    assert page.locator("#running").count() == 1 and not page.locator("#running").get_attribute(
        "open"
    )
    shot(page, "lobby-your-matches")
    page.once("dialog", lambda dialog: dialog.accept())
    row.locator("button.abandon").click()
    page.wait_for_function(
        f"() => document.querySelector(\"#your-list li[data-match='{mine}']\")"
        "?.textContent.includes('abandoned')"
    )
    view = page.request.get(f"{server.base}/api/matches/{mine}").json()
    assert view["match"]["ended"] == {"reason": "abandoned"}
    assert page.errors == []


def test_rules_pages_are_written_for_people(server: Any, browser: Any) -> None:
    """The "Rules data" page used to be a raw table of rule codes and file names, and variant
    settings showed raw param names. Each game's rules page now has its rules in prose, its
    variant settings by label, and its data in words with provenance badges; the lobby and
    the match page link to it."""
    page = new_page(browser)
    page.goto(server.base + "/")
    page.locator("article[data-game=fences] a.rules-link").click()
    page.wait_for_selector("#rules-prose h1")
    prose = page.locator("#rules-prose").inner_text()
    assert "Your turn" in prose and "Scoring a closed field" in prose
    data = page.locator("#rules-data")
    assert data.locator(".badge.official").count() >= 1
    assert data.locator(".badge.proposed").count() >= 1
    words = data.text_content() or ""  # groups of many items start folded
    assert "Farmer Tim" in words and "for a closed field that has at least 1 cow" in words
    assert "Straight tile" in words
    for raw in ("ANIMAL_MIN", ".toml", "FE-R", "rules/fences.md", "FC01", "F01"):
        assert raw not in words, raw
    params = page.locator("#rules-params").inner_text()
    assert "Barns per player" in params and "barn_stock" not in params
    shot(page, "rules-fences")
    for game in ("rancho", "animal_farm", "livestock_uprising"):
        page.goto(f"{server.base}/games/{game}")
        page.wait_for_selector("#rules-prose h1")
        assert len(page.locator("#rules-prose").inner_text()) > 1500
        # The one file name on the page is where the full reference is (every ruling by its id).
        reference = page.locator(".rules-reference").inner_text()
        assert f"docs/rules/{game}.md" in reference, game
        text = page.locator("main").inner_text().replace(reference, "")
        assert not re.search(r"\b[A-Z]{2}-R\d+|\.toml\b|rules/\w+\.md", text), game
    # The form names variant settings by label (the param's name stays as a tooltip).
    page.goto(server.base + "/new?game=rancho")
    page.click(".params summary")
    label = page.locator("label.param[for='param-max_actions_per_turn'] .param-label")
    assert label.inner_text() == "Most decisions in one turn"
    assert page.locator("label.param[for='param-max_actions_per_turn']").get_attribute("title") == (
        "max_actions_per_turn"
    )
    overflow = page.evaluate(
        "() => [...document.querySelectorAll('.param-label')].filter((l) => "
        "l.scrollWidth > l.clientWidth + 1).length"
    )
    assert overflow == 0
    assert page.errors == []


def test_a_spectator_never_reads_you_for_someone_else(server: Any, browser: Any) -> None:
    """A spectator of an Animal Farm match used to read "You's feed pile" (the quick start named
    the player's seat "You"). The seat now has a name; only its own player reads "you"."""
    player = new_page(browser)
    player.goto(server.base + "/")
    player.locator("article[data-game=animal_farm] button.quick-start").click()
    player.wait_for_selector(".af-board")
    match_url = player.url
    view = player.request.get(match_url.replace("/match/", "/api/matches/")).json()
    assert view["match"]["seats"][0]["name"] == "Player 1"
    watcher = new_page(browser)
    watcher.goto(match_url)
    watcher.wait_for_selector(".af-board")
    text = watcher.locator("main").inner_text()
    assert "You's" not in text and "Your turn" not in text
    assert "Player 1" in text
    assert player.locator("#players .you").count() == 1
    assert player.errors == [] and watcher.errors == []


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("rancho", {"first_player": "0"}),
        ("animal_farm", {"first_player": "0"}),
        ("livestock_uprising", {"first_player": "0"}),
    ],
)
def test_a_hint_suggests_a_legal_move_and_marks_it_on_the_board(
    server: Any, browser: Any, game: str, params: dict[str, str]
) -> None:
    """Hints: "Suggest a move" shows the strongest bot's suggestion in words and
    marks it on the board; the suggestion is one of the seat's legal moves and playing it is
    accepted; the suggestion goes when the position changes."""
    page = new_page(browser)
    page.goto(server.base + "/")
    created = create(page, server, game, ME_AND_A_BOT, params=params)
    page.goto(server.base + created["url"])
    page.wait_for_function("() => document.querySelector('#status')?.textContent === 'Your turn'")
    view = page.request.get(f"{server.base}/api/matches/{created['id']}").json()
    with page.expect_response(lambda r: r.url.endswith("/hint")) as asked:
        page.click("#hint")
    hint = asked.value.json()
    assert asked.value.status == 200, hint
    assert hint["action"]["id"] in {a["id"] for a in view["legal"]}
    page.wait_for_selector("#hint-box:not([hidden])")
    assert hint["action"]["label"] in page.locator("#hint-box .hint-line").inner_text()
    assert page.locator("#board .hinted").count() >= 1, f"nothing marked for {hint['action']}"
    shot(page, f"hint-{game}")
    played = page.request.post(
        f"{server.base}/api/matches/{created['id']}/actions",
        data=json.dumps({"action": hint["action"]["id"], "expect": view["index"]}),
        headers={"Content-Type": "application/json"},
    )
    assert played.status == 200, played.text()
    page.wait_for_selector("#hint-box", state="hidden")
    assert not page.errors, page.errors
