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

import random
from typing import Any

import numpy as np
from fe_helpers import BLUE, ORANGE, YELLOW, draw, game, loaded_game, position

from farmstead.core.game import PlayerId, State
from farmstead.core.rng import Rng
from farmstead.core.tensor import TensorWriter
from farmstead.games.fences.game import FencesGame

RULINGS = "FE-R22 FE-R23 FE-R24 FE-R25 FE-R37"


def step(state: State, rng: Rng) -> None:
    """One random decision or chance outcome."""
    if state.current_player() == PlayerId.CHANCE:
        state.apply_action(rng.sample_outcome(state.chance_outcomes()))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def positions(the_game: FencesGame, count: int, seed: int) -> list[State]:
    """``count`` consecutive positions (clones, one action apart) of random games, a new game
    after each end."""
    rng = Rng(seed)
    state = the_game.new_initial_state()
    out: list[State] = []
    while len(out) < count:
        out.append(state.clone())
        if state.is_terminal():
            state = the_game.new_initial_state()
        else:
            step(state, rng)
    return out


def writers_of(the_game: FencesGame) -> list[tuple[int | None, TensorWriter]]:
    """A writer per seat and a spectator's."""
    seats: list[int | None] = [*range(the_game.num_players), None]
    return [(seat, the_game.tensor_writer(seat)) for seat in seats]


def check(writers: list[tuple[int | None, TensorWriter]], state: State, where: str) -> None:
    """Every writer, updated with ``state``, holds its seat's reference tensor."""
    for seat, writer in writers:
        written = writer.update(state)
        assert written is writer.buffer
        reference = state.reference_observation_tensor(seat)  # type: ignore[attr-defined]
        if not np.array_equal(written, reference):
            wrong = np.flatnonzero(written != reference)[:5]
            layout = state.game.tensor_layout  # type: ignore[attr-defined]
            names = [f.name for i in wrong for f in layout.fields if f.start <= i < f.stop]
            raise AssertionError(
                f"{RULINGS}: {where}, seat {seat}: writer differs at {list(wrong)} ({names}): "
                f"{written[wrong]} vs reference {reference[wrong]}"
            )


def adversarial(the_game: FencesGame, seed: int) -> None:
    """One set of writers through every kind of sequence, in turn, without a fresh start."""
    writers = writers_of(the_game)
    shuffle = random.Random(seed)
    a = positions(the_game, 240, seed)
    b = positions(the_game, 240, seed + 100)
    live = the_game.new_initial_state()
    rng = Rng(seed + 200)
    for i in range(160):  # one live state, changed in place between updates
        check(writers, live, f"live #{i}")
        if live.is_terminal():
            live = the_game.new_initial_state()
        else:
            step(live, rng)
    for i, state in enumerate(a[:80]):  # consecutive, each twice
        check(writers, state, f"a #{i}")
        check(writers, state, f"a #{i} again")
    for i, (x, y) in enumerate(zip(a, b, strict=True)):  # two games interleaved
        check(writers, x, f"a #{i} (interleaved)")
        check(writers, y, f"b #{i} (interleaved)")
    for i, state in enumerate(reversed(a)):  # backwards: the board shrinks tile by tile
        check(writers, state, f"a #{len(a) - 1 - i} (backwards)")
    mixed = a + b
    shuffle.shuffle(mixed)
    for i, state in enumerate(mixed):  # any order
        check(writers, state, f"shuffled #{i}")
    for i in range(0, len(b), 7):  # read back from JSON after a position of the other game
        check(writers, a[i], f"a #{i} (before JSON)")
        again = the_game.state_from_json(b[i].to_json())
        check(writers, again, f"b #{i} from JSON")


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
