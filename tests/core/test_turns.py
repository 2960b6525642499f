"""Turns (the log and the replay by turns): the protocol groups a game's atomic steps
into turns (``State.turn_mark``, ``core.turns``) and each game summarises a turn in its words
for a viewer, never with what that viewer may not know."""

from __future__ import annotations

import re

import pytest

from farmstead.core.game import TurnMark
from farmstead.core.registry import load_game, registration
from farmstead.core.rng import Rng
from farmstead.core.turns import TurnTracker, TurnView, generic_summary, record_turns

OUR_GAMES = ("rancho", "animal_farm", "fences", "livestock_uprising")
NAMES = ["Ann", "Bo", "Cy", "Di"]


def random_history(name: str, players: int, seed: int, limit: int = 100_000) -> list[int]:
    state = load_game(name, players).new_initial_state()
    rng = Rng(seed)
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < limit:
        if state.is_chance_node():
            action = rng.sample_outcome(state.chance_outcomes())
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    return actions


class _Marked:
    """A stand-in position with a given mark."""

    def __init__(self, mark: TurnMark | None) -> None:
        self.mark = mark

    def turn_mark(self) -> TurnMark | None:
        return self.mark


def test_tracker_starts_a_turn_where_the_mark_changes() -> None:
    tracker = TurnTracker()
    marks = [
        TurnMark(0, None),  # the setup (a chance step)
        TurnMark(0, 1),
        TurnMark(0, 1),
        TurnMark(0, 1),  # an out-of-turn decision keeps the mark
        TurnMark(0, 0),
        TurnMark(1, 0),  # the same seat again, a new turn (its number tells)
    ]
    actors = [-1, 1, 1, 0, 0, 0]
    got = [tracker.turn_of(_Marked(m), a) for m, a in zip(marks, actors, strict=True)]  # type: ignore[arg-type]
    assert got == [(0, None), (1, 1), (1, 1), (1, 1), (2, 0), (3, 0)]


def test_tracker_without_marks_groups_by_the_deciding_seat() -> None:
    """A game that gives no mark (e.g. one registered without it): a decision by another seat
    starts a turn, chance steps join the turn in progress, leading chance steps are setup."""
    tracker = TurnTracker()
    actors = [-1, -1, 0, 0, -1, 1, -1, 1, 0]
    got = [tracker.turn_of(_Marked(None), a) for a in actors]  # type: ignore[arg-type]
    assert got == [(0, None), (0, None), (1, 0), (1, 0), (1, 0), (2, 1), (2, 1), (2, 1), (3, 0)]


def test_generic_summary_counts_repeats_and_names_other_seats() -> None:
    from farmstead.core.turns import TurnStep

    game = load_game("rancho", 2)
    state = game.new_initial_state()
    steps = (
        TurnStep(0, 0, 9, "Give 1 rabbit to the herd"),
        TurnStep(1, 0, 9, "Give 1 rabbit to the herd"),
        TurnStep(2, 1, 6, "Keep the dog"),
        TurnStep(3, -1, 5, "Dice: fox and wolf"),
    )
    view = TurnView(game, 3, 0, None, True, True, steps, ("Ann", "Bo"), state, state)
    assert generic_summary(view) == (
        "Ann: Give 1 rabbit to the herd ×2; Bo: Keep the dog; Dice: fox and wolf"
    )


@pytest.mark.parametrize("name", OUR_GAMES)
def test_every_step_lies_in_one_turn_and_turns_read_as_sentences(name: str) -> None:
    """Each game's turns cover its history in order; a finished turn's summary names the seat
    whose turn it was, and has no action ids or engine names."""
    players = 3 if name != "animal_farm" else 2
    actions = random_history(name, players, seed=4, limit=3000)
    game = load_game(name, players)
    turns = record_turns(game, actions, NAMES[:players])
    assert [s.index for t in turns for s in t.steps] == list(range(len(actions)))
    assert len(turns) < len(actions) / 2  # turns, not micro-steps
    summarise = registration(name).summarise_turn
    for turn in turns:
        text = summarise(turn)
        assert text.strip(), turn.number
        if turn.seat is not None and turn.complete:
            assert NAMES[turn.seat] in text, (turn.number, text)
        assert not re.search(r"\b(seat \d|P\d |F\d\d|FC\d\d|\(r\d\)|hand tile \d)", text), text


def test_rancho_turn_reads_as_trades_roll_and_breeding() -> None:
    """A Rancho turn in one sentence: "Bot 2 traded 6 rabbits for a sheep, rolled fox and horse, bred 2
    rabbits" — a confirmed trade, the roll and the young born, in one sentence."""
    game = load_game("rancho", 2, first_player="0")
    state = game.new_initial_state()
    from farmstead.games.rancho.actions import (
        ARRANGE_SAFEST,
        CONFIRM,
        GIVE_BASE,
        RECEIVE_BASE,
        ROLL,
    )

    history = [GIVE_BASE + 1, RECEIVE_BASE + 0, RECEIVE_BASE + 0]  # a sheep for rabbits …
    for action in history:
        state.apply_action(action)
    while not state.is_legal(CONFIRM):  # … six of them
        state.apply_action(RECEIVE_BASE + 0)
        history.append(RECEIVE_BASE + 0)
    for action in (CONFIRM, ARRANGE_SAFEST, ROLL):  # the rabbits placed before the roll (RA-R29)
        state.apply_action(action)
        history.append(action)
    state.apply_action(0)  # dice: rabbit and rabbit
    history.append(0)
    turns = record_turns(game, history, ["Ann", "Bo"])
    text = registration("rancho").summarise_turn(turns[-1])
    assert text.startswith("Ann traded a sheep for 6 rabbits, rolled rabbit and rabbit")
    assert "bred 4 rabbits" in text  # 7 rabbits and 2 on the dice: 4 pairs (RA-R39)


def test_a_hidden_draw_is_named_only_to_its_drawer_in_the_summaries_FE_R22() -> None:
    """Fences: seat 1 reads seat 0's turns with "drew a tile" and never the tile; seat 0 reads
    its own draws by their tiles. The viewer's turn views carry no full position."""
    actions = random_history("fences", 2, seed=9)
    game = load_game("fences", 2)
    summarise = registration("fences").summarise_turn
    theirs = record_turns(game, actions, ["Ann", "Bo"], viewer=1, public=False)
    mine = record_turns(game, actions, ["Ann", "Bo"], viewer=0, public=False)
    assert all(t.position() is None for t in theirs)
    ann_turns = [t for t in theirs if t.seat == 0 and t.complete]
    assert ann_turns
    for turn in ann_turns:
        text = summarise(turn)
        if " drew " in text:
            assert "drew a tile" in text and " tile (" not in text.split(" drew ")[1], text
    assert any(" drew a " in summarise(t) and " tile (" in summarise(t) for t in mine)
