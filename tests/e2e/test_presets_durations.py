"""Presets and measured lengths in a phone-sized Chromium (390 x 844): the lobby's Farms Race
card and its new-match page offer "First game", "Standard" and "Expert" (the first marked for
new players), show the server's words for how long each lasts ("about N minutes (median R
rounds, usually R1–R2)", from the shipped durations.json), and choosing "First game" starts a
match racing to 8 VP (FR-2.9). Every game's form shows its choices and help in words: no value
code such as ``coin_toss``, no section code such as "(FR-3.7)"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import test_phone_layout as phone
from web_servers import running

from farmstead.core.registry import game_names, registration
from farmstead.lab.durations import durations_json

pytestmark = pytest.mark.browser

CODE = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)+$|^\d+$")
SECTION = re.compile(r"\b[A-Z]{2}-(?:R|T|TV-)?\d|§\s*\d")
WORDS = {
    (d["preset"], d["players"]): d["words"] for d in durations_json(registration("farms_race"))
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("presets")
    db = f"sqlite:///{folder / 'presets.db'}"
    args = ("--bot-delay", "0", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def match_params(page: Any, server: Any) -> dict[str, Any]:
    page.wait_for_url(re.compile(r"/match/[^/]+$"), timeout=30_000)
    match_id = page.url.rsplit("/", 1)[1]
    made = page.request.get(f"{server.base}/api/matches/{match_id}").json()["match"]
    assert made["game"] == "farms_race"
    params: dict[str, Any] = made["params"]
    return params


def test_lobby_offers_presets_with_their_lengths(server: Any, browser: Any) -> None:
    assert len(WORDS) == 6, "the shipped durations.json lacks cells"
    page = phone.new_page(browser)
    page.goto(server.base + "/")
    card = page.locator(".game-card[data-game='farms_race']")
    card.wait_for()
    labels = card.locator("fieldset.presets label.preset")
    assert labels.evaluate_all("(ls) => ls.map((l) => l.dataset.preset)") == [
        "first_game",
        "standard",
        "expert",
    ]
    first = card.locator("label.preset[data-preset='first_game']")
    assert "First game" in first.inner_text() and "new players" in first.inner_text()
    assert "8 VP" in first.inner_text()
    # The game's defaults are the standard race: that preset is chosen, its lengths shown.
    assert card.locator("input[value='standard']").is_checked()
    lines = card.locator("ul.durations li")
    assert lines.all_inner_texts() == [
        f"3 players: {WORDS[('standard', 3)]}",
        f"4 players: {WORDS[('standard', 4)]}",
    ]
    phone.tap(page, first)
    assert card.locator("input[value='first_game']").is_checked()
    assert lines.all_inner_texts() == [
        f"3 players: {WORDS[('first_game', 3)]}",
        f"4 players: {WORDS[('first_game', 4)]}",
    ]
    phone.assert_fits(page, phone.PHONE["width"], "the lobby with presets")
    phone.shot(page, "lobby-presets-390")
    # "Play against a bot" plays the chosen preset.
    phone.tap(page, card.locator("button.quick-start"))
    assert match_params(page, server).get("target_vp") == 8
    assert page.errors == []
    page.context.close()


def test_new_match_page_presets_and_lengths(server: Any, browser: Any) -> None:
    page = phone.new_page(browser)
    page.goto(f"{server.base}/new?game=farms_race")
    page.wait_for_selector("#create")
    page.wait_for_load_state("networkidle")
    duration = page.locator("#duration")
    assert page.locator("#preset input[value='standard']").is_checked()
    assert duration.inner_text() == f"Standard, 3 players: {WORDS[('standard', 3)]}."
    page.locator("#players").select_option("4")
    assert duration.inner_text() == f"Standard, 4 players: {WORDS[('standard', 4)]}."
    phone.tap(page, page.locator("#preset label[data-preset='first_game']"))
    assert duration.inner_text() == f"First game, 4 players: {WORDS[('first_game', 4)]}."
    assert page.locator("#param-target_vp").input_value() == "8"
    # A target of one's own matches no preset: no radio stays chosen, no length is claimed.
    page.evaluate("() => { document.querySelector('details.params').open = true; }")
    page.locator("#param-target_vp").fill("9")
    page.locator("#param-target_vp").dispatch_event("change")
    assert page.locator("#preset input:checked").count() == 0
    assert "no preset" in duration.inner_text()
    page.locator("#param-target_vp").fill("12")
    page.locator("#param-target_vp").dispatch_event("change")
    assert page.locator("#preset input[value='expert']").is_checked()
    assert duration.inner_text() == f"Expert, 4 players: {WORDS[('expert', 4)]}."
    phone.tap(page, page.locator("#preset label[data-preset='first_game']"))
    phone.assert_fits(page, phone.PHONE["width"], "the Farms Race new-match page")
    phone.shot(page, "new-match-presets-390")
    phone.tap(page, page.locator("#create"))
    assert match_params(page, server).get("target_vp") == 8
    assert page.errors == []
    page.context.close()


def test_every_form_shows_words_not_codes(server: Any, browser: Any) -> None:
    page = phone.new_page(browser)
    for game in game_names():
        page.goto(f"{server.base}/new?game={game}")
        page.wait_for_selector("#create")
        page.wait_for_load_state("networkidle")
        page.evaluate("() => { document.querySelector('details.params').open = true; }")
        options = page.locator("form.new-match details.params select option").evaluate_all(
            "(os) => os.map((o) => ({value: o.value, text: o.textContent.trim()}))"
        )
        for option in options:
            assert not CODE.match(option["text"]), (game, option)
        helps = page.locator("form.new-match .param small, #lobby-params").all_inner_texts()
        assert helps, game
        for text in helps:
            assert not SECTION.search(text), (game, text)
            assert "PROPOSED" not in text, (game, text)
        phone.assert_fits(page, phone.PHONE["width"], f"the new-match form of {game}")
        if game == "animal_farm":
            assert "Coin toss" in [o["text"] for o in options]
    assert page.errors == []
    page.context.close()
