"""Farms Race in the terminal (``farmstead play farms_race``): learnable and playable at 80×24.

The board, the prompt's menu, the status line, the words the prompt offers (``legend``,
``mutations``, ``spies``, ``cards``, ``players``) and the turn summaries of the log; and ten of
a human's turns played through the input stream with the console 80 columns wide.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fr_helpers import aid, board, rc, scenario
from rich.console import Console
from typer.testing import CliRunner

from farmstead.cli import common
from farmstead.cli.main import app
from farmstead.cli.play_cmd import _help
from farmstead.core.registry import registration
from farmstead.core.turns import TurnStep, TurnView, step_for
from farmstead.games.farms_race import render, words
from farmstead.games.farms_race.actions import (
    BARN_AT,
    CANCEL,
    CONFIRM,
    CONTINUE,
    END_PHASE,
    MOVE_TO,
    RESOURCE,
    SOURCE,
    TAKE,
    combat_outcome,
)
from farmstead.games.farms_race.catalog import catalog
from farmstead.games.farms_race.game import FRState
from farmstead.games.farms_race.layout import ATTACKER_DECIDES, PAYMENT, REGION_LETTERS

NAMES = ("Cows", "Sheep", "Pigs", "Chickens")


def plain(markup: str, width: int = 80) -> list[str]:
    """``markup`` as an 80-column terminal shows it, line by line."""
    console = Console(width=width, highlight=False, record=True, color_system=None)
    console.print(markup)
    return console.export_text().splitlines()


class Turn:
    """A turn played from a scenario, its steps recorded as seat 0 reads them."""

    def __init__(self, state: FRState) -> None:
        self.state = state
        self.start = state.clone()
        self.steps: list[TurnStep] = []

    def act(self, action: int) -> None:
        s = self.state
        actor = int(s.current_player())
        self.steps.append(step_for(s, len(self.steps), actor, action, 0, False))
        s.apply_action(action)

    def do(self, kind: int, arg: int = 0) -> None:
        self.act(aid(self.state, kind, arg))

    def move(self, dest: int, src: int, healthy: int) -> None:
        self.do(MOVE_TO, dest)
        self.do(SOURCE, src)
        for _ in range(healthy):
            self.do(TAKE, 0)
        self.do(CONFIRM)

    def summary(self) -> str:
        view = TurnView(
            game=self.state.game,
            number=1,
            seat=0,
            viewer=0,
            public=False,
            complete=True,
            steps=tuple(self.steps),
            names=NAMES[: self.state.cfg.players],
            _start=self.start,
            _end=self.state.clone(),
        )
        return words.turn_summary(view)


# --- 1. Mutations and Spy cards in words; legend, help --------------------------------------
def choosing_mutation() -> FRState:
    """A 3-player game at the first Mutation choice of a human seat."""
    state: Any = registration("farms_race").game(players=3).new_initial_state()
    rng = random.Random(0)
    while PHASE_NAMES_OF(state) != "choose_mutation":
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    return state


def PHASE_NAMES_OF(state: FRState) -> str:  # noqa: N802 - reads like the phase table
    from farmstead.games.farms_race.layout import PHASE_NAMES

    return PHASE_NAMES[state.phase]


def test_a_mutation_offered_shows_what_it_does() -> None:
    state = choosing_mutation()
    seat = int(state.current_player())
    text = "\n".join(plain(render.menu(state, seat, state.legal_actions())))
    cat = state.cfg.catalog
    offered = [state.cfg.layout.decode(a)[1] for a in state.legal_actions()]
    assert len(offered) >= 2
    for k in offered:
        assert cat.mutations[k].name in text
        assert " ".join(cat.mutations[k].summary.split()[:4]) in text


def test_commands_list_every_mutation_spy_and_symbol() -> None:
    state = choosing_mutation()
    commands = registration("farms_race").terminal_commands
    assert {"legend", "mutations", "spies", "cards", "players"} <= set(commands)
    shown = {word: "\n".join(plain(c.show(state, 0))) for word, c in commands.items()}
    for m in state.cfg.catalog.mutations:
        assert m.name in shown["mutations"]
    for card in state.cfg.catalog.spies:
        assert card.name in shown["spies"] and card.name in shown["cards"]
    assert "Field Hospital" in shown["spies"] and "heal all your herds" in shown["spies"]
    legend = " ".join(shown["legend"].split())
    for letter, name in zip(REGION_LETTERS, words.REGION_NAMES.values(), strict=True):
        assert f"{letter} {name}" in legend
    for symbol in ("Turmoil", "Brn", "Arm", "healthy/injured", "face-down", "h2", "stand-in"):
        assert symbol in legend
    for text in shown.values():
        assert all(len(line) <= 80 for line in text.splitlines())
    help_text = _help(state)
    for word in ("legend", "mutations", "spies", "cards"):
        assert f"'{word}'" in help_text


# --- 2. one name per region ---------------------------------------------------------------
def test_the_map_labels_regions_as_the_words_name_them() -> None:
    state = scenario(
        3, regions=board({rc(2, 1): {"owner": 0, "healthy": 2, "building": "barn"}}, players=3)
    )
    lines = plain(render.render(state, 0))
    text = "\n".join(lines)
    for r, (row, col) in enumerate(state.cfg.map.cells):
        name = words.region_name(state, r)
        assert name.endswith(f"({row}, {col})")
        assert f"{REGION_LETTERS[state.cfg.region_type[r]]}{row},{col}" in text
    assert "A11" not in text and "A 11" not in text
    assert "A2,1" in "\n".join(plain(render.legend(state, 0)))


# --- 3. a cancelled build is not a build --------------------------------------------------
def test_a_cancelled_build_is_not_reported_as_built() -> None:
    home = rc(0, 0)
    state = scenario(
        3,
        regions=board({home: {"owner": 0, "healthy": 2}}, players=3),
        hands={0: {"wheat": 3, "wood": 3, "brick": 2, "weapons": 2}},
        mutations="deranged,lucky,flying",
    )
    turn = Turn(state)
    for _ in range(3):
        turn.do(BARN_AT, home)
        assert state.phase == PAYMENT
        turn.do(RESOURCE, 0)  # one card set aside, then cancelled
        turn.do(CANCEL)
    summary = turn.summary()
    assert "built" not in summary and "paid" not in summary
    turn.do(BARN_AT, home)
    for kind in (0, 1, 2, 3, 0):
        turn.do(RESOURCE, kind)
    assert state.building[home]
    assert turn.summary().count(f"built a Barn in {words.region_name(state, home)}") == 1


# --- 4. combat: the outcome in words, the map agrees with the combat line ------------------
def test_combat_outcome_in_words_and_the_map_shows_the_humans_standing() -> None:
    target = rc(1, 0)
    state = scenario(
        3,
        regions=board({rc(0, 0): {"owner": 0, "healthy": 3}, target: {"token": 3}}, players=3),
    )
    turn = Turn(state)
    turn.move(target, rc(0, 0), 3)
    turn.act(combat_outcome(0, 1))  # attacker: 1 head, a human dies
    turn.act(combat_outcome(0, 0))  # defender: nothing
    assert state.phase == ATTACKER_DECIDES and state.combat_humans == 2
    text = "\n".join(plain(render.render(state, 0)))
    assert "against 2 humans" in " ".join(text.split())
    assert re.search(r"\bh2\b", text) and not re.search(r"\bh3\b", text)
    turn.do(CONTINUE)
    turn.act(combat_outcome(2, 0))  # 2 guns: the last two humans die
    turn.act(combat_outcome(1, 0))  # 1 gun: a herd is injured
    summary = turn.summary()
    place = words.region_name(state, target)
    assert f"won {place} after 2 rounds (no herd lost, 3 of 3 humans killed)" in summary


def test_a_lost_fight_says_so() -> None:
    target = rc(1, 0)
    state = scenario(
        3, regions=board({rc(0, 0): {"owner": 0, "healthy": 1}, target: {"token": 2}}, players=3)
    )
    turn = Turn(state)
    turn.move(target, rc(0, 0), 1)
    turn.act(combat_outcome(0, 0))
    turn.act(combat_outcome(2, 0))  # 2 damage kill the lone healthy herd
    turn.do(END_PHASE)
    place = words.region_name(state, target)
    assert f"lost the fight for {place} after 1 round (1 herd lost, 0 of 2 humans killed)" in (
        turn.summary()
    )


# --- 5. the herds chosen so far -------------------------------------------------------------
def test_the_status_counts_the_herds_chosen_for_a_move() -> None:
    state = scenario(
        3, regions=board({rc(0, 0): {"owner": 0, "healthy": 2, "injured": 1}}, players=3)
    )
    turn = Turn(state)
    turn.do(MOVE_TO, rc(0, 1))
    assert "0 herds chosen" in render.status(state, 0)
    turn.do(SOURCE, rc(0, 0))
    turn.do(TAKE, 0)
    turn.do(TAKE, 1)
    line = render.status(state, 0)
    assert "2 herds chosen (1 healthy, 1 injured)" in line and len(line) <= 80


# --- 6. Turmoil inside its cell -------------------------------------------------------------
def test_turmoil_sits_inside_its_cell() -> None:
    r = rc(2, 1)
    state = scenario(
        3,
        regions=board(
            {r: {"owner": 0, "healthy": 1, "turmoil": True, "building": "barn"}}, players=3
        ),
    )
    lines = plain(render.render(state, 0))
    row = next(line for line in lines if "A2,1" in line)
    assert "A2,1*Brn" in row
    # every label starts at a fixed column of its row: cells are fixed-width
    starts = [m.start() for m in re.finditer(r"[FWHAP]2,\d", row)]
    assert len({b - a for a, b in zip(starts, starts[1:], strict=False)}) == 1


# --- 7. 80×24 ---------------------------------------------------------------------------------
def test_every_menu_numbers_every_action_once_in_80_columns() -> None:
    game = registration("farms_race").game(players=4)
    rng = random.Random(5)
    for _ in range(3):
        state: Any = game.new_initial_state()
        for _ in range(600):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            legal = state.legal_actions()
            lines = plain(render.menu(state, int(state.current_player()), legal))
            assert all(len(line) <= 79 for line in lines)
            numbers = re.findall(r"(?:^|· |: )\s*(\d+) ", "\n".join(lines), re.M)
            assert sorted(map(int, numbers)) == list(range(1, len(legal) + 1)), lines
            board_lines = plain(render.render(state, int(state.current_player())))
            assert len(board_lines) + 1 + len(lines) + 1 <= 24 or len(legal) > 20
            assert all(len(line) <= 80 for line in board_lines)
            state.apply_action(rng.choice(legal))


def test_ten_turns_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new user's ten turns: every Mutation and symbol explained without leaving the
    terminal, nothing wider than 80 columns, no ids, reprs or tracebacks."""
    monkeypatch.setattr(common.console, "width", 80)
    rng = random.Random(7)
    answers = ["legend", "mutations", "spies", "cards", "help", "players"]
    answers += [str(rng.randint(1, 4)) for _ in range(1500)]
    result = CliRunner().invoke(
        app,
        # a race to 15 VP, so that the bots do not win before the human's tenth turn
        ["play", "farms_race", "--players", "human,heuristic,heuristic", "--seed", "5"]
        + ["--param", "target_vp=15"],
        input="\n".join(answers) + "\n",
    )
    # the typed answers are not echoed: each prompt ends its line, as in a terminal
    out = result.output.replace("your choice: ", "your choice:\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), out[-2000:]
    assert "Traceback" not in out
    own_turns = re.findall(r"^Turn \d+: \S+ 1 \(Cows\)", out, re.M)
    assert len(own_turns) >= 10
    assert all(len(line) <= 80 for line in out.splitlines())
    flat = " ".join(out.split())
    assert "choose a Mutation:" in flat  # the offered Mutations, each with what it does
    for m in catalog().mutations:
        assert re.search(rf"{m.name}( \[[^]]*\])? — \w", flat)  # the 'mutations' command
    assert "Blue-Blooded — start with an Armory and 3 herds." in flat
    assert "a face-down Human token" in out  # the legend
    assert "Field Hospital" in out  # the Spy cards
    for raw in ("FRState", "object at 0x", "{'", "None", "choose_mutation", "move_select"):
        assert raw not in out, raw
