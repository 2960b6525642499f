"""Rancho's ``tensor_writer`` (``tensor_writer.Writer``) holds the reference tensor along an
adversarial sequence of states, not only along one game.

The reference (``reference_observation_tensor``) is built from ``observation(seat)``; all of
Rancho is open (RA-R46), so the viewer only orders the seats, and equal vectors mean the writer
shows exactly the observation. The writer skips a field only when copies of its inputs equal
the state's values, so it must stay exact when the states it is given are not consecutive: the
same position twice, two games interleaved, positions shuffled (territories and pieces that
come and go), a position read back with ``state_from_json``, a new game, and one live state
changed in place between updates.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ra_helpers import act, d6, game, loaded_game, position, rabbits, roll

from farmstead.games.rancho.game import RanchoGame
from writer_kit import Writers, positions, writers_of
from writer_kit import adversarial as run_adversarial
from writer_kit import check as check_writers

RULINGS = "RA-R46"
NEW_GAME_EVERY = 150
"""Random Rancho games are long: the walks start a new game after this many actions."""


def check(writers: Writers, state: Any, where: str) -> None:
    """Every writer holds its seat's reference tensor of ``state``; a failure names ``RULINGS``."""
    check_writers(writers, state, f"{RULINGS}: {where}")


def adversarial(game: RanchoGame, seed: int) -> list[Any]:
    """``writer_kit.adversarial`` for this game's rulings."""
    return run_adversarial(game, seed, RULINGS, count=300, live=200, new_game_every=NEW_GAME_EVERY)


def test_writer_holds_the_reference_along_adversarial_sequences_two_seats() -> None:
    adversarial(loaded_game(2), seed=1)


def test_writer_holds_the_reference_along_adversarial_sequences_three_seats() -> None:
    adversarial(loaded_game(3), seed=2)


def test_the_sequences_reach_what_the_writer_skips_and_clears() -> None:
    """The walks above hold open transactions, rolled dice, attacks, pastures bought and pieces
    on the board, each of them also coming and going (else the test could not fail); dog
    decisions are rare in random play, hence the test below."""
    states: list[Any] = positions(loaded_game(2), 300, seed=1)
    assert any(s.tx_open for s in states) and any(not s.tx_open for s in states)
    assert any(s.tx_buy for s in states)
    assert any(s.dice for s in states) and any(s.dice is None for s in states)
    assert any(s.attack >= 0 for s in states) and any(s.d6 for s in states)
    assert any(t > 0 for s in states for t in s.terr)
    assert len({tuple(s.cell_kind) for s in states}) > 20


def test_writer_follows_the_dog_decisions() -> None:
    """RA-R38: seats 3, 0 and 2 decide on their dogs in turn while the dice, the attack and the
    predator die stay the same: only ``dog_queue`` (and the seat deciding) changes. Checked
    along the decisions, then again after positions of another game."""
    state = position(
        5,
        pastures={0: ["P02"], 1: ["P04"], 2: ["P06"], 3: ["P08"], 4: ["P10"]},
        pieces=[
            rabbits("P02", 2),
            rabbits("P04", 3),
            rabbits("P06", 4),
            rabbits("P08", 5),
            rabbits("F5a", 6),
        ],
        dogs={3: {"small_dog": 1}, 0: {"small_dog": 1}, 2: {"small_dog": 1}, 4: {"large_dog": 1}},
        active=3,
        first_player=3,
        the_game=game(5, first_player="3"),
    )
    writers = writers_of(state.game)
    roll(state, "fox", "horse")
    d6(state, 1)
    seen: list[Any] = []
    queues = []
    while state.to_json()["phase"] == "dog":
        check(writers, state, f"dog queue {state.dog_queue}")
        seen.append(state.clone())
        queues.append(list(state.dog_queue))
        act(state, {"type": "USE_DOG"} if state.current_player() == 0 else {"type": "KEEP_DOG"})
    check(writers, state, "after the dog decisions")
    assert len(queues) == 3 and queues[0] != queues[1]
    other: list[Any] = positions(state.game, 20, seed=4)
    for i, before in enumerate(other):
        check(writers, before, f"another game #{i}")
        for j, dog in enumerate(seen):
            check(writers, dog, f"dog decision {j} after another game #{i}")


def test_writer_into_a_row_of_a_batch_leaves_the_other_rows() -> None:
    """A writer given a row of a batch (the vector environment's case) writes that row only."""
    g = loaded_game(2)
    size = g.tensor_layout.size
    batch = np.full((3, size), 7.0, dtype=np.float32)
    writer = g.tensor_writer(None, batch[1])
    states: list[Any] = positions(g, 150, seed=3)
    for i, state in enumerate(states):
        written = writer.update(state)
        assert np.shares_memory(written, batch[1])
        assert np.array_equal(batch[1], state.reference_observation_tensor(None)), f"#{i}"
    assert (batch[0] == 7.0).all() and (batch[2] == 7.0).all()


def test_the_tensor_tells_apart_the_attacks_to_come_the_dog_savers_and_the_first_player() -> None:
    """RA-R31 (one attack per predator face, in the order chosen), RA-R38 (the dog decisions)
    and RA-R5 (the first player): positions whose observations differ only in the attacks
    still to come, in who gave up a dog, or in who played first have different tensors, in
    the fields that hold them. Fox and wolf rolled with the fox first: during the fox's dog
    decisions the wolf is still to come, which a position where the wolf came first lacks."""
    state = position(
        5,
        pastures={0: ["P02"], 1: ["P04"], 2: ["P06"], 3: ["P08"], 4: ["P10"]},
        pieces=[rabbits("P02", 2), rabbits("P04", 3), rabbits("P06", 4), rabbits("P08", 5)],
        dogs={3: {"small_dog": 1}, 0: {"small_dog": 1}, 2: {"small_dog": 1}},
        active=3,
        first_player=3,
        phase="expansion",
        the_game=loaded_game(5),  # the first player drawn (RA-R5), not a game param
    )
    game: Any = state.game
    layout = game.tensor_layout
    roll(state, "fox", "wolf")
    act(state, {"type": "FOX_FIRST"})
    d6(state, 1)
    act(state, {"type": "USE_DOG"})  # seat 3, the first to decide, gives up its dog
    doc = state.to_json()
    assert doc["phase"] == "dog" and doc["attack"] == "fox" and doc["attacks_left"] == ["wolf"]
    assert doc["dog_savers"] == [3] and doc["first_player"] == 3
    variants = {
        "attacks_left": {**doc, "attacks_left": []},
        "dog_savers": {**doc, "dog_savers": []},
        "first_player": {**doc, "first_player": 4},
    }
    for seat in range(5):
        base = state.reference_observation_tensor(seat)
        assert np.array_equal(base, state.observation_tensor(seat))
        for field, variant in variants.items():
            other = state.game.state_from_json(variant)
            changed = np.flatnonzero(base != other.observation_tensor(seat))
            assert changed.size, f"seat {seat}: {field} does not show in the tensor"
            shown = {f.name for f in layout.fields for i in changed if f.start <= i < f.stop}
            assert shown == {field}, (field, shown)
