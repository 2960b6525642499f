"""Words for people, not ids: the words of every action and chance outcome met in seeded games
of our games, as every seat and a spectator read them, and the terminal's farmer cards. The
words once read "coin toss: seat 1 is Player 1", "select P1 goat 1", "rotate 0° (r0)", "place
at (−1, 0)", "play hand tile 0 (F25)", "Orange (seat 0) goes first", and farmer cards showed
as ``TYPES_EXACT(1) +3``."""

from __future__ import annotations

import re

import pytest

from farmstead.core.registry import load_game, registration
from farmstead.core.rng import Rng

# Ids and engine names that must not reach people.
IDS = re.compile(
    r"\bseat \d\b|\(seat \d\)|\bP[12]\b|\bF\d\d\b|\bFC\d\d\b|\(r\d\)|\bhand tile \d"
    r"|\btile-field \d|\bplace at \(|\bA [aeiou]\w* tile\b|[A-Z]{3,}_[A-Z]+\("
)


def words_met(name: str, players: int, seed: int, steps: int) -> set[str]:
    """Every word string of the legal actions and of each action taken, for every reader."""
    state = load_game(name, players).new_initial_state()
    rng = Rng(seed)
    seen: set[str] = set()
    readers: list[int | None] = [None, *range(players)]
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = rng.sample_outcome(state.chance_outcomes())
        else:
            legal = state.legal_actions()
            seen.update(state.action_to_string(a) for a in legal)
            action = rng.choice(legal)
        seen.update(state.action_to_string_for(action, r) for r in readers)
        state.apply_action(action)
    return seen


@pytest.mark.parametrize(
    ("name", "players"),
    [("rancho", 3), ("animal_farm", 2), ("fences", 3), ("livestock_uprising", 2)],
)
def test_action_words_carry_no_ids(name: str, players: int) -> None:
    seen = set()
    for seed in range(3):
        seen |= words_met(name, players, seed, 600)
    assert len(seen) > 20
    bad = sorted(w for w in seen if IDS.search(w))
    assert bad == [], bad[:10]


def test_the_check_finds_the_old_words() -> None:
    """The pattern above catches each id-laden example of the old words (a check that cannot fail
    would prove nothing)."""
    for old in (
        "coin toss: seat 1 is Player 1 (sets up and moves first)",
        "select P1 goat 1",
        "rotate 0° (r0)",
        "place at (-1, 0)",
        "play hand tile 0 (F25)",
        "Orange (seat 0) goes first",
        "Blue is dealt Farmer Hattie (FC08)",
        "A empty tile is turned up at (2, 2)",
        "TYPES_EXACT(1) +3",
    ):
        assert IDS.search(old), old


def test_fences_terminal_shows_farmer_cards_in_words() -> None:
    """The terminal showed farmer cards as ``TYPES_EXACT(1) +3``; now "+3 for a field that
    has exactly 1 kind of animal"."""
    game = load_game("fences", 2)
    state = game.new_initial_state()
    rng = Rng(3)
    while state.is_chance_node():
        state.apply_action(rng.sample_outcome(state.chance_outcomes()))
    render = registration("fences").render
    assert render is not None
    text = render(state, 0)
    assert "for a field that" in text
    assert not re.search(r"[A-Z]{3,}_[A-Z]+\(|[A-Z]{3,}_[A-Z]+ \+", text), text


def test_animal_farm_coin_toss_names_no_seat_number() -> None:
    state = load_game("animal_farm").new_initial_state()
    words = [state.action_to_string(a) for a in state.legal_actions()]
    assert words == [
        "Coin toss: the first seat is Player 1 (sets up and moves first)",
        "Coin toss: the second seat is Player 1 (sets up and moves first)",
    ]
