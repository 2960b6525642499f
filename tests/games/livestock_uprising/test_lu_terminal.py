"""Livestock Uprising in the terminal (``farmstead play``): the legend and card pages behind
the prompt, card effects in the hand and the options, the map's marks for scorched tiles,
fortified pieces and Shield Walls, fixed-width cells, the harvest in words, phases in words,
the board redrawn after one's own moves, and an 80×24 screen."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from farmstead.cli import common
from farmstead.cli.main import app
from farmstead.core.registry import load_game, registration
from farmstead.core.turns import record_turns
from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising import render
from farmstead.games.livestock_uprising.game import LUState
from farmstead.games.livestock_uprising.layout import BARN, NO, PHASE_NAMES, SUPER_ARMY
from farmstead.games.livestock_uprising.rules import LURules
from farmstead.games.livestock_uprising.words import option_words

GAME = "livestock_uprising"
RAW_PHASES = [name for name in PHASE_NAMES if "_" in name]
MAP_HEADER = re.compile(r"^ {4}0 {6}1 {6}2")
OPTION = re.compile(r"^ +\d+  \S")

runner = CliRunner()


@pytest.fixture(autouse=True)
def screen_80x24(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The CLI's console as an 80×24 terminal (COLUMNS=80 LINES=24)."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setattr(common.console, "_width", 80)
    monkeypatch.setattr(common.console, "_height", 24)
    yield


def play(answers: list[str], seed: int = 3) -> str:
    result = runner.invoke(
        app,
        ["play", GAME, "--players", "human,heuristic", "--seed", str(seed)],
        input="".join(f"{a}\n" for a in answers),
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def random_state(players: int, seed: int, steps: int) -> LUState:
    """A position after ``steps`` uniformly random steps (fewer when the game ends)."""
    state = load_game(GAME, players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert isinstance(state, LUState)
    return state


def map_rows(state: LURules) -> list[str]:
    return render.plain(render.render_map(state)).splitlines()[1 : state.cfg.side + 1]


# --- 1. legend, cards, help ------------------------------------------------------------------
def test_legend_cards_and_help_are_prompt_words_not_numbers() -> None:
    """'legend', 'cards', 'status', 'units' and 'deck' answer at the prompt (registered
    terminal commands), and 'help' lists them."""
    out = play(["1", "1", "legend", "cards", "status", "units", "deck", "help", "quit"])
    assert "is not a number" not in out
    assert "Map legend" in out and "F forest" in out and "~ lake" in out
    assert "+2 to your side's strength in this battle" in out or "When:" in out
    assert "Your cards" in out and "When:" in out  # the hand with each card's window
    assert "Troops" in out and "Special Forces" in out  # 'units'
    assert "Battle Plans" in out  # 'deck'
    for word in ("'legend'", "'cards'", "'status'", "'units'", "'deck'"):
        assert word in out


def test_cards_page_gives_each_cards_full_text_and_window_LU_R77() -> None:
    """The hand page: every held card's data text and when it may be played (LU-R77)."""
    state = random_state(2, 1, 30)
    seat = 0
    assert len(state.holds(seat)) == 3  # the dealt Command cards (LU-R10)
    page = render.plain(render.render_cards(state, seat))
    for card in state.holds(seat):
        info = state.cfg.catalog.cards[card]
        assert info.name in page
        assert " ".join(info.text.split()[:6]) in " ".join(page.split())
    assert page.count("When:") == len(state.holds(seat))


# --- 2. card effects in the hand and the options ---------------------------------------------
def test_card_options_and_hand_say_what_a_card_does_LU_R22() -> None:
    """A card option says what playing it does before it is chosen: a card play cannot be
    taken back (LU-R22: no going back; the card's choices have no cancel)."""
    for seed in range(40):
        state = random_state(2, seed, 30 + seed)
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        plays = [
            a
            for a in state.legal_actions()
            if state.cfg.layout.decode(a)[0] == act.PLAY
            and state.action_to_string(a).startswith("Play ")
        ]
        if not plays:
            continue
        menu = render.plain(render.menu(state, seat, state.legal_actions()))
        for action in plays:
            words = option_words(state, action)
            assert words.startswith(state.action_to_string(action) + ": ")
            assert words in menu
        board = render.plain(render.render(state, seat))
        assert "Your cards" in board
        return
    pytest.fail("no position with a card to play")


# --- 3. scorched tiles, fortified pieces, shields --------------------------------------------
def test_scorched_fortified_and_shield_wall_are_drawn_LU_R23() -> None:
    """The effects that last until the start of a seat's next turn (LU-R23) show on the map:
    '*' a scorched tile, '+' a fortified piece, '#' a Super Army behind a Shield Wall; the
    legend explains each."""
    state = random_state(2, 2, 80)
    seat = 0
    pid = 4 * seat + 1
    cell = state.piece_cell[pid]
    assert cell != NO
    state.scorched[cell] = seat
    state.fortified[pid] = True
    sa = 4 * seat + SUPER_ARMY
    free = next(c for c in range(state.cfg.cells) if not state.pieces_at(c))
    state.piece_cell[sa] = free
    state.shield[seat] = True
    text = render.plain(render.render_map(state))
    r, c = divmod(cell, state.cfg.side)
    row = text.splitlines()[1 + r]
    cell_text = row[4 + 7 * c : 4 + 7 * c + 6]
    assert cell_text[1] == "*" and "2+" in cell_text
    assert "S#" in text
    legend = render.plain(render.render_legend(state))
    for mark, meaning in (("*", "scorched"), ("+", "fortified"), ("#", "Shield Wall")):
        assert any(line.startswith(mark) and meaning in line for line in legend.splitlines())


# --- 4. factions told apart without colour ---------------------------------------------------
def test_each_factions_pieces_have_their_own_letter() -> None:
    """Without colour, the Cows' General 1 and the Goats' General 1 read differently: each
    faction's pieces carry its letter, and the legend names it."""
    state = random_state(4, 3, 60)
    letters = render.faction_letters(state)
    assert len(set(letters)) == len(letters)
    legend = render.plain(render.render_legend(state))
    for letter, faction in zip(letters, state.cfg.catalog.factions, strict=True):
        assert f"{letter} {faction.name}" in legend
    text = render.plain(render.render_map(state))
    for seat in range(4):
        if state.piece_cell[4 * seat] != NO:
            assert render.seat_letter(state, seat) + "1" in text


# --- 5. fixed-width cells --------------------------------------------------------------------
def test_stacks_keep_the_cells_fixed_width_and_are_listed_under_the_map_LU_R19() -> None:
    """Three Generals on their barn (LU-R19) fit their cell; a stack too long for it (here
    fortified) shows '&' and is listed under the map; every row keeps its columns."""
    state = random_state(2, 4, 40)
    barn = state.barn[0]
    assert barn != NO and state.tiles[barn] >= BARN
    for slot in range(3):
        state.piece_cell[slot] = barn
    rows = map_rows(state)
    r, c = divmod(barn, state.cfg.side)
    assert rows[r][4 + 7 * c : 4 + 7 * c + 6].startswith("B ") and "123" in rows[r]
    state.fortified[0] = state.fortified[1] = True
    rows = map_rows(state)
    text = render.plain(render.render_map(state))
    assert "&" in rows[r] and "Stacks: " in text and "1+2+3" in text
    for row in rows:  # every cell starts at its column
        for col in range(state.cfg.side):
            assert row[4 + 7 * col] != " ", (row, col)


# --- 6. the harvest in words -----------------------------------------------------------------
def test_harvest_summary_says_what_was_gained_LU_R65(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn's summary says what its harvest gained, or that it gained nothing (LU-R65:
    the harvest resolves by itself), checked against the engine's own harvests."""
    gains: list[tuple[int, dict[str, int]]] = []
    real = LURules._resolve_harvest

    def spy(self: LURules) -> None:
        seat = self.active
        before = self.tokens[5 * seat : 5 * seat + 5]
        real(self)
        after = self.tokens[5 * seat : 5 * seat + 5]
        res = self.cfg.catalog.resources
        gains.append((seat, {r: b - a for r, a, b in zip(res, before, after, strict=True)}))

    monkeypatch.setattr(LURules, "_resolve_harvest", spy)
    game = load_game(GAME, 2)
    state = game.new_initial_state()
    rng = random.Random(7)
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < 700:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    monkeypatch.setattr(LURules, "_resolve_harvest", real)
    turns = [t for t in record_turns(game, actions, ["Ann", "Bo"]) if t.seat is not None]
    summaries = [registration(GAME).summarise_turn(t) for t in turns if t.complete]
    said = [s for s in summaries if "harvested" in s]
    assert len(said) >= len(gains) - 1 > 10
    assert not any(re.search(r"harvested(,| and|\)|$)", s) for s in summaries)
    expected = []
    for _seat, gain in gains:
        got = [f"{n} {r}" for r, n in gain.items() if n]
        expected.append("harvested nothing" if not got else "harvested " + " and ".join(got))
    nothing = sum("harvested nothing" in s for s in said)
    assert nothing == sum(e == "harvested nothing" for e in expected[: len(said)])
    for summary, words in zip(said, expected, strict=False):
        assert words.split(" and ")[0] in summary, (summary, words)


# --- 7. phases in words ----------------------------------------------------------------------
def test_headers_name_phases_in_words_not_ids() -> None:
    """No engine phase id (choose_faction, marshal_target, card_target, transfer_unit …)
    reaches the board or the prompt's status line."""
    seen = set()
    for seed in range(30):
        state = load_game(GAME, 2).new_initial_state()
        assert isinstance(state, LUState)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                seen.add(state.phase)
                seat = state.current_player()
                text = render.render(state, seat) + render.status(state, seat)
                text += render.render_details(state, seat)
                for raw in RAW_PHASES:
                    assert raw not in text, (raw, PHASE_NAMES[state.phase])
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    assert len(seen) >= 8


# --- 8. the board redrawn after one's own moves ----------------------------------------------
def test_board_is_redrawn_after_each_own_step() -> None:
    """After a step of one's own General the map is drawn again, showing it moved."""
    out = play(["1", "1", "1", "1", "1", "quit"])
    # faction, barn, 'Act with' General 1, a step: the map after the step shows H1 apart
    headers = [i for i, line in enumerate(out.splitlines()) if MAP_HEADER.search(line)]
    assert len(headers) >= 4
    last = "\n".join(out.splitlines()[headers[-1] :])
    assert re.search(r"H1 ", last) or re.search(r"H1$", last, re.M)


# --- 9 and acceptance: ten turns at 80×24 ----------------------------------------------------
def test_ten_turns_at_80x24_fit_and_explain_themselves() -> None:
    """Ten of the human's turns through the input stream at 80×24: no line wider than 80
    columns, the map and the decision within 24 rows at every prompt, the legend and the
    card texts reachable, no phase ids, no Python reprs, no traceback."""
    answers = ["1", "1", "legend", "cards", "status", "units", "deck"] + ["1"] * 600
    # The answers are not echoed: each ends its prompt's line, as Enter does in a terminal.
    out = play(answers, seed=5).replace("your choice: ", "your choice: \n")
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    rounds = {int(m) for m in re.findall(r"Round (\d+)(?: of at most |/)", out)}
    assert max(rounds) >= 11  # the human took ten turns or more
    assert "Map legend" in out and "When:" in out
    for raw in RAW_PHASES:
        assert raw not in out, raw
    assert not re.search(r"\[\d+(, \d+)*\]|\bNone\b|\{'|<farmstead|Traceback", out)
    # Every decision: the map, the options and the prompt on one 24-row screen.
    segments = out.split("your choice: \n")
    decisions = 0
    for segment in segments[1:]:
        rows = segment.splitlines()
        if not any(OPTION.match(row) for row in rows):
            continue  # the answer to a prompt word, or the end
        headers = [i for i, row in enumerate(rows) if MAP_HEADER.search(row)]
        assert headers, segment[:400]
        assert len(rows) - headers[-1] <= 24, "\n".join(rows[headers[-1] :])
        decisions += 1
    assert decisions >= 40


def test_boards_of_every_size_fit_80_columns() -> None:
    """The 8×8 farm of four players and its status lines fit 80 columns (LU-R14)."""
    for players in (2, 3, 4):
        state = random_state(players, players, 300)
        for page in (render.render, render.render_legend, render.render_details):
            text = render.plain(page(state, 0))
            assert max(len(line) for line in text.splitlines()) <= 80, page.__name__
