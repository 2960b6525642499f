"""The page shows what the server says, in real Chromium (Playwright with Debian's Chromium).

* Hot-seat Fences (hidden hands, FE-R22): "Suggest a move" and its suggestion never show while
  the "pass the device" cover is up; a hint is shown to the seat that asked, once it has lifted
  the cover.
* Rancho's board module on positions built by the rules engine: the dog question's loss
  preview is the observation's ``losses`` (RA-R34 fox, RA-R35 wolf), the trade's worth and the
  animal values are the observation's (RA-R9, RA-R10), "1 pasture" is singular, and the
  owner's ring and marker on a pasture have a dark edge (a yellow seat on pale green).

Screenshots go to test-output/screenshots/board-asks-*.png (1366x768 and 390x844).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from browser_kit import new_page as kit_new_page
from browser_kit import save_shot
from ra_helpers import cow, d6, give, horse, position, rabbits, roll, sheep
from web_servers import running

from farmstead.games.rancho.game import RanchoState

pytestmark = pytest.mark.browser

WORDS = {"rabbit": "rabbit", "sheep": "sheep", "cow": "cow", "horse": "horse"}
PLURAL = {"rabbit": "rabbits", "sheep": "sheep", "cow": "cows", "horse": "horses"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("e2e-asks")
    db = f"sqlite:///{folder / 'asks.db'}"
    args = ("--bot-delay", "0.02", "--bot-step-delay", "0", "--bot-workers", "1")
    with running(db, *args, log=folder / "serve.log") as srv:
        yield srv


def new_page(browser: Any, width: int = 1366, height: int = 768) -> Any:
    return kit_new_page(browser, width, height)


def shot(page: Any, name: str) -> None:
    save_shot(page, f"board-asks-{name}")


# --- hot-seat hints under the cover ------------------------------------------------------------
def api_view(page: Any, server: Any, match: str) -> dict[str, Any]:
    return dict(page.request.get(f"{server.base}/api/matches/{match}").json())


def post_action(page: Any, server: Any, match: str, view: dict[str, Any], action: int) -> None:
    answer = page.request.post(
        f"{server.base}/api/matches/{match}/actions",
        data=json.dumps({"action": action, "expect": view["index"], "seat": view["you"]["seat"]}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 200, answer.text()


def cover_is_up(page: Any, seat_label: str) -> None:
    page.wait_for_selector("#cover:not([hidden])")
    assert f"Pass the device to {seat_label}" in page.locator("#cover").inner_text()
    assert page.locator("#board").is_hidden()


def test_hot_seat_hint_never_shows_under_the_pass_the_device_cover(
    server: Any, browser: Any
) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    answer = page.request.post(
        server.base + "/api/matches",
        data=json.dumps(
            {
                "game": "fences",
                "seats": [{"kind": "human"}, {"kind": "human"}],
                "params": {"first_player": "0"},
            }
        ),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    created = answer.json()
    match = created["id"]
    page.goto(server.base + created["url"])
    view = api_view(page, server, match)
    assert sorted(view["you"]["seats"]) == [0, 1] and view["you"]["to_act"]
    first = view["match"]["seats"][view["you"]["seat"]]["name"]

    # The cover is up for the first player: no hint button, no hint, even when asked.
    cover_is_up(page, first)
    assert page.locator("#hint").is_hidden()
    page.evaluate("() => document.querySelector('#hint').click()")
    page.wait_for_timeout(2500)  # a hint is about a second; the answer must not show
    assert page.locator("#hint-box").is_hidden()
    assert page.locator("#hint-box .hint-line").count() == 0

    # Lifted: the seat asks and sees its own suggestion.
    page.click("#cover button")
    page.wait_for_selector(".fences-farm")
    page.wait_for_selector("#hint:not([hidden])")
    with page.expect_response(lambda r: r.url.endswith("/hint")) as asked:
        page.click("#hint")
    assert asked.value.status == 200, asked.value.text()
    page.wait_for_selector("#hint-box:not([hidden]) .hint-line")
    shot(page, "hint-after-the-cover")

    # The turn passes (the first seat plays its turn out): the cover comes up for the other
    # seat, and neither the old hint nor the button shows.
    for _ in range(40):
        view = api_view(page, server, match)
        if view["you"]["seat"] != 0 or not view["you"]["to_act"]:
            break
        post_action(page, server, match, view, view["legal"][0]["id"])
    view = api_view(page, server, match)
    assert view["you"]["seat"] == 1 and view["you"]["to_act"], view["you"]
    second = view["match"]["seats"][1]["name"]
    page.wait_for_function(
        "(label) => document.querySelector('#cover:not([hidden])')?.textContent.includes(label)",
        arg=second,
    )
    cover_is_up(page, second)
    assert page.locator("#hint").is_hidden()
    assert page.locator("#hint-box").is_hidden()
    page.evaluate("() => document.querySelector('#hint').click()")
    page.wait_for_timeout(2500)
    assert page.locator("#hint-box").is_hidden()
    assert page.locator("#hint-box .hint-line").count() == 0
    shot(page, "cover-without-hint")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "cover-without-hint-phone")
    assert not page.errors, page.errors


# --- Rancho's board module on positions of the rules engine ----------------------------------
MOUNT = """async (view) => {
  if (!window.__rancho) {
    const m = await import('/static/boards/rancho.js');
    const data = await m.setup({ name: 'rancho' });
    for (const href of ['/static/style.css', '/static/boards/rancho.css']) {
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
    window.__rancho = { m, data, box, acts: [] };
  }
  const f = window.__rancho;
  f.m.render(f.box, view, { act: (id) => f.acts.push(id), data: f.data });
  await new Promise((ok) => setTimeout(ok, 0));
  return f.acts;
}"""


def board_view(state: RanchoState, seat: int | None, index: int) -> dict[str, Any]:
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
        "game": {"name": "rancho"},
        "events": [],
        "index": index,
        "replay": False,
    }


def mount(page: Any, view: dict[str, Any]) -> None:
    page.evaluate(MOUNT, view)


def open_board(server: Any, browser: Any, width: int = 1366, height: int = 768) -> Any:
    page = new_page(browser, width, height)
    page.goto(server.base + "/")
    page.wait_for_load_state("networkidle")
    return page


def words(losses: dict[str, int]) -> str:
    order = ["rabbit", "sheep", "cow", "horse"]
    return ", ".join(
        f"{losses[k]} {WORDS[k] if losses[k] == 1 else PLURAL[k]}" for k in order if losses.get(k)
    )


def wolf_position() -> RanchoState:
    """TV-RA-15 on the proposed board: seat 0 (orange) and seat 1 (yellow, with a large dog)."""
    return position(
        pastures={0: ["P32", "P33", "P34"], 1: ["P22", "P23", "P24", "P44", "P45"]},
        pieces=[
            cow("F1a", "F1b"),
            sheep("P32"),
            rabbits("P34", 6),
            horse("F4a", "F4b", "P45"),
            cow("P44", "P22"),
            cow("P23", "P24"),
        ],
        dogs={1: {"large_dog": 1}},
    )


def test_rancho_dog_question_shows_the_servers_losses(server: Any, browser: Any) -> None:
    """RA-R34 / RA-R35: the loss preview of the dog question is the observation's."""
    page = open_board(server, browser)
    # The fox on 1 (RA-R34): the rabbits on cost-1 pastures, not the farm's.
    fox = position(
        pastures={0: ["P33", "P14", "P02", "P01"]},
        pieces=[rabbits("P02", 6), rabbits("P01", 3), rabbits("F1a", 2), sheep("P14")],
        dogs={0: {"small_dog": 1}},
    )
    roll(fox, "fox", "horse")
    d6(fox, 1)
    view = board_view(fox, 0, 10)
    server_losses = view["observation"]["losses"][0]
    assert server_losses == {"rabbit": 9}
    mount(page, view)
    text = page.locator(".panel.dog").inner_text()
    assert f"You would lose {words(server_losses)}." in text, text

    # The wolf on 4 (RA-R35), seat 1 (yellow) asked: the horse and the cow reaching onto 4s.
    wolf = wolf_position()
    roll(wolf, "wolf", "horse")
    d6(wolf, 4)
    assert int(wolf.current_player()) == 1
    view = board_view(wolf, 1, 11)
    server_losses = view["observation"]["losses"][1]
    assert server_losses == {"cow": 1, "horse": 1}
    mount(page, view)
    text = page.locator(".panel.dog").inner_text()
    assert f"You would lose {words(server_losses)}." in text, text
    shot(page, "rancho-wolf")

    # The page reads the preview from the observation, never from its own count.
    told = copy.deepcopy(view)
    told["observation"]["losses"][1] = {"sheep": 2}
    told["index"] = 12
    mount(page, told)
    text = page.locator(".panel.dog").inner_text()
    assert "You would lose 2 sheep." in text, text
    assert not page.errors, page.errors


def test_rancho_trade_shows_the_servers_values_and_worth(server: Any, browser: Any) -> None:
    """RA-R9, RA-R10: values and the trade's balance come with the observation (here a sheep
    worth 5 by the game's params, which the page is not told)."""
    from ra_helpers import game

    the_game = game(values="sheep=5")
    state = position(the_game=the_game, pieces=[rabbits("F1a", 6)])
    give(state, "rabbit", 6)
    view = board_view(state, 0, 3)
    assert view["observation"]["values"]["sheep"] == 5
    assert view["observation"]["transaction"]["worth"]["balance"] == 6
    page = open_board(server, browser)
    mount(page, view)
    row = page.locator('.trade-table tr[data-kind="sheep"]').inner_text()
    assert "(5)" in row, row
    balance = page.locator(".panel.trade .balance").inner_text()
    assert "You give 6 more than you get" in balance, balance
    told = copy.deepcopy(view)
    told["observation"]["transaction"]["worth"]["balance"] = 0
    told["index"] = 4
    mount(page, told)
    assert "Balanced" in page.locator(".panel.trade .balance").inner_text()
    assert not page.errors, page.errors


def test_rancho_pastures_read_well(server: Any, browser: Any) -> None:
    """ "1 pasture" (not "1 pastures"); the yellow owner's ring and marker on the pale-green
    pastures have a dark edge and the ring keeps its width."""
    state = wolf_position()
    state_one = position(pastures={0: ["P33"]}, pieces=[rabbits("F1a", 2)])
    for width, height, name in (
        (1366, 768, "rancho-pastures"),
        (390, 844, "rancho-pastures-phone"),
    ):
        page = open_board(server, browser, width, height)
        mount(page, board_view(state_one, 0, 1))
        counts = page.locator(".seats-table .pasture-count").all_inner_texts()
        assert counts == ["1 pasture", "0 pastures"], counts
        mount(page, board_view(state, 0, 2))
        assert state.cfg.colours[1] == "yellow"
        found = page.evaluate(
            """() => {
              const g = document.querySelector('.rancho-board .cell[data-cell="P23"]');
              const ring = g.querySelector('polygon.owned:not(.owner-edge)');
              const edge = g.querySelector('polygon.owner-edge');
              const mark = g.querySelector('.owner-mark');
              const css = (el) => el && getComputedStyle(el);
              return {
                ring: ring && [css(ring).stroke, css(ring).strokeWidth],
                edge: edge && [css(edge).stroke, css(edge).strokeWidth],
                mark: mark && [css(mark).stroke, css(mark).strokeWidth],
              };
            }"""
        )
        assert found["ring"] and found["ring"][1] == "4px", found
        assert found["edge"] and found["edge"][1] == "7px", found
        dark = {"rgb(43, 42, 38)", "rgb(74, 72, 64)"}
        assert found["edge"][0] in dark, found
        assert found["mark"] and found["mark"][0] in dark, found
        shot(page, name)
        assert not page.errors, page.errors


# --- Fences' farmer cards --------------------------------------------------------------------
FENCES_MOUNT = MOUNT.replace("__rancho", "__fences").replace("rancho", "fences")


def test_fences_farmer_cards_read_the_servers_words(server: Any, browser: Any) -> None:
    """FE §5: each dealt card's conditions are listed in the observation's words."""
    from fe_helpers import BLUE, YELLOW
    from fe_helpers import game as fences_game
    from fe_helpers import position as fences_position

    state = fences_position(
        fences_game(),
        [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)],
        active=YELLOW,
        farmers={YELLOW: "FC01", BLUE: "FC02"},
    )
    view = board_view(state, YELLOW, 5)  # type: ignore[arg-type]
    view["game"] = {"name": "fences"}
    cards = view["observation"]["farmer_cards"]
    page = open_board(server, browser)
    page.evaluate(FENCES_MOUNT, view)
    tim = page.locator('.farmer-card[data-card="FC01"] .conditions li').all_inner_texts()
    assert tim == [f"+{c['points']} if the field {c['words']}" for c in cards[YELLOW]["conditions"]]
    ada = page.locator('.farmer-card[data-card="FC02"] .conditions li').all_inner_texts()
    assert ada == [f"+{c['points']} if the field {c['words']}" for c in cards[BLUE]["conditions"]]
    told = copy.deepcopy(view)
    told["observation"]["farmer_cards"][YELLOW]["conditions"][0]["words"] = "is told by the server"
    told["index"] = 6
    page.evaluate(FENCES_MOUNT, told)
    tim = page.locator('.farmer-card[data-card="FC01"] .conditions li').all_inner_texts()
    assert tim[0] == "+3 if the field is told by the server", tim
    shot(page, "fences-farmer-cards")
    assert not page.errors, page.errors


# --- Livestock Uprising: card timings in the server's words ----------------------------------
LU_MOUNT = MOUNT.replace("__rancho", "__lu").replace("rancho", "livestock_uprising")


def lu_position_with_cards() -> Any:
    """A Livestock Uprising game (2 players) played by a seeded random walk until seat 0 holds
    Command cards and a player is to decide."""
    import random

    from farmstead.core.registry import load_game

    state = load_game("livestock_uprising", 2).new_initial_state()
    rng = random.Random(1)
    for _ in range(400):
        if state.observation(0).get("hand") and not state.is_chance_node():
            return state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no Command cards were dealt")


def test_livestock_uprising_card_timings_are_the_servers_words(server: Any, browser: Any) -> None:
    """LU-R77: when each card in hand may be played is the data route's words for the card
    (``items[].words.when``, made by the game's words module); the board has none of its own
    (its source names no timing window) and shows whatever the server says."""
    state = lu_position_with_cards()
    view = board_view(state, 0, 3)
    view["game"] = {"name": "livestock_uprising"}
    hand = view["observation"]["hand"]
    page = open_board(server, browser)
    items = page.request.get(f"{server.base}/api/games/livestock_uprising/data").json()["items"]
    when = {i["name"]: i["words"]["when"] for i in items if "words" in i}
    assert set(hand) <= set(when), (hand, sorted(when))
    page.evaluate(LU_MOUNT, view)
    for card in hand:
        shown = page.locator(f'.lu-card[data-card="{card}"] .card-when').inner_text()
        assert shown == when[card] and shown.startswith("When: "), (card, shown)
    page.evaluate(
        "(card) => { window.__lu.data.cards[card].words.when = 'When: as the server says.'; }",
        hand[0],
    )
    told = copy.deepcopy(view)
    told["index"] = 4
    page.evaluate(LU_MOUNT, told)
    shown = page.locator(f'.lu-card[data-card="{hand[0]}"] .card-when').inner_text()
    assert shown == "When: as the server says.", shown
    source = page.request.get(f"{server.base}/static/boards/livestock_uprising.js").text()
    for window in ("BATTLE_PRE", "AFTER_WIN", "ENEMY_MOVE_END", "before the battle's dice"):
        assert window not in source, window
    shot(page, "lu-card-timings")
    assert not page.errors, page.errors
