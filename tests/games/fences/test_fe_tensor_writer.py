"""Fences's ``tensor_writer`` (``tensor_writer.Writer``) holds the reference tensor along an
adversarial sequence of states, not only along one game.

The reference (``reference_observation_tensor``) is built from ``observation(seat)``, so equal
vectors mean the writer shows exactly what the visibility rulings allow: FE-R22 (a seat's hand
is private), FE-R23 (the supply's order is hidden, its size public), FE-R24 and FE-R25 (the
board, barns, scores, farmer cards and discards are public), FE-R37 (a stuck seat's hand is
revealed). The writer skips a field only when copies of its inputs equal the state's values,
so it must stay exact when the states it is given are not consecutive: the same position
twice, two games interleaved, positions shuffled (boards that shrink and change), a position
read back with ``state_from_json``, and one live state changed in place between updates.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from fe_helpers import BLUE, ORANGE, YELLOW, draw, game, loaded_game, position

from farmstead.core.game import State
from farmstead.core.rng import Rng
from farmstead.games.fences.game import FencesGame
from writer_kit import Writers, positions, step, writers_of
from writer_kit import adversarial as run_adversarial
from writer_kit import check as check_writers

RULINGS = "FE-R22 FE-R23 FE-R24 FE-R25 FE-R37"


def check(writers: Writers, state: Any, where: str) -> None:
    """Every writer holds its seat's reference tensor of ``state``; a failure names ``RULINGS``."""
    check_writers(writers, state, f"{RULINGS}: {where}")


def adversarial(game: FencesGame, seed: int) -> list[Any]:
    """``writer_kit.adversarial`` for this game's rulings."""
    return run_adversarial(game, seed, RULINGS, count=240, live=160)


def test_writer_holds_the_reference_along_adversarial_sequences_two_seats() -> None:
    adversarial(loaded_game(2), seed=1)


def test_writer_holds_the_reference_along_adversarial_sequences_four_seats() -> None:
    adversarial(loaded_game(4), seed=2)


def test_writer_holds_the_reference_with_revealed_hands() -> None:
    """FE-R37: a stuck seat's tiles are revealed (public) while it discards and draws; the
    writer shows them to every seat, then hides the new tile again, along the stuck walk and
    after unrelated positions."""
    g = game(4)
    s = position(
        g,
        [("F49", 0, 0, 0)],
        hands={BLUE: ["F05"], YELLOW: ["F02", "F03"], ORANGE: ["F06", "F06"], 3: ["F07", "F07"]},
        active=BLUE,
        phase="draw",
        supply={"F01": 1, "F04": 1, "F05": 1},
    )
    writers = writers_of(g)
    other = positions(g, 30, seed=5)
    check(writers, s, "stuck: before the draw")
    draw(s, "F05")
    check(writers, s, "stuck: Yellow to discard")
    assert s.revealed[YELLOW] == [True, True]
    revealed = s.clone()
    s.apply_action(s.cfg.layout.discard + 1)  # discard F03
    check(writers, s, "stuck: Yellow discarded")
    draw(s, "F01")  # another tile that fits nowhere: still stuck
    check(writers, s, "stuck: Yellow drew")
    for i, state in enumerate(other):
        check(writers, state, f"other #{i}")
        check(writers, revealed, f"revealed again after other #{i}")
    rng = Rng(9)
    for i in range(40):
        if s.is_terminal():
            break
        step(s, rng)
        check(writers, s, f"stuck walk #{i}")


def test_writer_into_a_row_of_a_batch_leaves_the_other_rows() -> None:
    """A writer given a row of a batch (the vector environment's case) writes that row only."""
    g = loaded_game(2)
    size = g.tensor_layout.size
    batch = np.full((3, size), 7.0, dtype=np.float32)
    writer = g.tensor_writer(1, batch[1])
    states: list[Any] = positions(g, 120, seed=3)
    for i, state in enumerate(states):
        written = writer.update(state)
        assert np.shares_memory(written, batch[1])
        assert np.array_equal(batch[1], state.reference_observation_tensor(1)), f"#{i}"
    assert (batch[0] == 7.0).all() and (batch[2] == 7.0).all()


def barn_places(state: State) -> list[tuple[int, int]]:
    """Per barn, its placement and tile-field."""
    s: Any = state
    places = []
    for i in range(0, len(s.barns), 2):
        k = s.node_tile[s.barns[i]]
        places.append((k, s.barns[i] - s.p_node[k]))
    return places


def test_equal_barns_on_another_board_are_rewritten() -> None:
    """FE-R25: the same barns list (node, owner pairs) on a board of other tile types puts the
    barns on other placements and tile-fields; a writer that kept its barn offsets across a
    board rewritten whole would show them where they were."""
    g = loaded_game(2)
    first: dict[tuple[int, ...], State] = {}
    pairs = []
    for seed in range(8):
        states: list[Any] = positions(g, 600, seed)
        for state in states:
            barns = tuple(state.barns)
            if barns in first and barn_places(first[barns]) != barn_places(state):
                pairs.append((first[barns], state))
            first.setdefault(barns, state)
        if len(pairs) >= 3:
            break
    assert pairs, "no two positions with the same barns on different tile-fields"
    writers = writers_of(g)
    for i, (a, b) in enumerate(pairs):
        check(writers, a, f"pair {i}: a")
        check(writers, b, f"pair {i}: b, same barns elsewhere")
        check(writers, a, f"pair {i}: a again")
