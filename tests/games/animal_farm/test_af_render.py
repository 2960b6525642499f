"""The terminal board: grid, zones, units, feed piles and remaining moves."""

from __future__ import annotations

from af_helpers import N, build, game, play, select

from farmstead.core.registry import load_game
from farmstead.games.animal_farm.actions import END_TURN
from farmstead.games.animal_farm.game import AnimalFarmState
from farmstead.games.animal_farm.render import render

PIG1, HORSE = 0, 6


def rows(text):
    return {line.split()[0]: line for line in text.splitlines() if line.startswith("y=")}


def test_default_board_shows_every_unit_pile_and_zone():
    state = game(setup_mode="default").new_initial_state()
    text = render(state, markup=False)
    grid = rows(text)
    assert len(grid) == 12
    assert grid["y=11"].split()[1:6] == [".", ".", ".", ".", "."]
    assert " f" in grid["y=11"] and "Player 2 base" in grid["y=11"]
    assert [t for t in grid["y=3"].split()[1:10] if t[0] in "PG"] == ["P1", "P2", "P3"]
    assert "H" in grid["y=4"].split() and "neutral zone" in grid["y=4"]
    assert "h" in grid["y=7"].split()
    assert "~" in grid["y=5"]
    assert "Moves left: pigs 10/10, goats 8/8, horse 8/8." in text
    assert "Turn 1 of 200: Player 1 (Seat 1) to move." in text
    assert "[" not in text.replace("[x", "")


def test_carried_pile_and_active_unit_and_moves_left():
    state = play(build(p1={PIG1: (4, 6)}, f2=(4, 7)), select(PIG1), N, 7)  # PICK_UP(F2)
    text = render(state, markup=False)
    assert "P1+f" in rows(text)["y=7"]
    assert "Moves left: pigs 9/10" in text
    assert "Moving: Player 1's pig 1." in text
    assert "carried by Player 1's pig 1 at (4, 7) in the neutral zone" in text


def test_displace_prompt_and_game_over():
    state = play(build(p1={PIG1: (4, 7)}, p2={PIG1: (4, 8)}), select(PIG1), N)
    assert "Choose where Player 2's pig 1 goes (Player 2 base)." in render(state, markup=False)
    over = play(build(game(max_plies=1)), END_TURN)
    assert "Game over after 1 turns: a draw." in render(over, markup=False)


def test_setup_and_coin_toss_lines():
    initial = load_game("animal_farm").new_initial_state()
    assert isinstance(initial, AnimalFarmState)
    assert "Coin toss" in render(initial, markup=False)
    text = render(game().new_initial_state(), markup=False)
    assert "Setup: Player 1 (Seat 1) places Player 1's feed pile (piece 1 of 16)." in text


def test_player_2_sees_the_board_from_its_edge():
    state = game(setup_mode="default").new_initial_state()
    lines = [line for line in render(state, seat=1, markup=False).splitlines() if "y=" in line]
    assert lines[0].startswith("y=0") and lines[-1].startswith("y=11")
    assert "You are Seat 2, playing as Player 2." in render(state, seat=1, markup=False)


def test_markup_styles_the_players():
    text = render(game(setup_mode="default").new_initial_state())
    assert "[bold blue]P1[/]" in text and "[bold red]p1[/]" in text
