"""What the tensor-writer tests of every game share: random positions, a writer per seat and a
spectator's, the check against the reference tensor, and the adversarial sequences a writer
must stay exact along (a writer skips a part only when copies of its inputs equal the state's,
so any order of states must give the reference)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from farmstead.core.game import Game, PlayerId, State
from farmstead.core.rng import Rng
from farmstead.core.tensor import TensorWriter

Writers = list[tuple[int | None, TensorWriter]]


def step(state: State, rng: Rng) -> None:
    """One random decision or chance outcome."""
    if state.current_player() == PlayerId.CHANCE:
        state.apply_action(rng.sample_outcome(state.chance_outcomes()))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def positions(game: Game, count: int, seed: int, new_game_every: int | None = None) -> list[Any]:
    """``count`` consecutive positions (clones, one action apart) of random games, a new game
    after each end (and every ``new_game_every`` actions, for long games)."""
    rng = Rng(seed)
    state = game.new_initial_state()
    out: list[Any] = []
    while len(out) < count:
        out.append(state.clone())
        if state.is_terminal() or (new_game_every and len(out) % new_game_every == 0):
            state = game.new_initial_state()
        else:
            step(state, rng)
    return out


def writers_of(game: Game) -> Writers:
    """A writer per seat and a spectator's."""
    seats: list[int | None] = [*range(game.num_players), None]
    return [(seat, game.tensor_writer(seat)) for seat in seats]


def check(writers: Writers, state: Any, where: str) -> None:
    """Every writer, updated with ``state``, holds its seat's reference tensor; a difference
    names the fields."""
    for seat, writer in writers:
        written = writer.update(state)
        assert written is writer.buffer
        reference = state.reference_observation_tensor(seat)
        if not np.array_equal(written, reference):
            wrong = np.flatnonzero(written != reference)[:5]
            layout = state.game.tensor_layout
            names = [f.name for i in wrong for f in layout.fields if f.start <= i < f.stop]
            raise AssertionError(
                f"{where}, seat {seat}: writer differs at {list(wrong)} ({names}): "
                f"{written[wrong]} vs reference {reference[wrong]}"
            )


def adversarial(
    game: Game,
    seed: int,
    rulings: str,
    count: int = 200,
    live: int | None = None,
    new_game_every: int | None = None,
) -> list[Any]:
    """One set of writers through every kind of sequence, in turn, without a fresh start: one
    live state changed in place (``live`` updates, ``count`` by default), consecutive positions
    each given twice, two games interleaved, backwards, shuffled, and a position read back
    from JSON after one of the other game. Returns the first game stream's positions; a
    failure names ``rulings``."""
    writers = writers_of(game)
    a = positions(game, count, seed, new_game_every)
    b = positions(game, count, seed + 100, new_game_every)
    state = game.new_initial_state()
    rng = Rng(seed + 200)
    for i in range(count if live is None else live):
        check(writers, state, f"{rulings}: live #{i}")
        if state.is_terminal():
            state = game.new_initial_state()
        else:
            step(state, rng)
    for i, position in enumerate(a[: count // 2]):
        check(writers, position, f"{rulings}: a #{i}")
        check(writers, position, f"{rulings}: a #{i} again")
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        check(writers, x, f"{rulings}: a #{i} (interleaved)")
        check(writers, y, f"{rulings}: b #{i} (interleaved)")
    for i, position in enumerate(reversed(a)):
        check(writers, position, f"{rulings}: a #{len(a) - 1 - i} (backwards)")
    mixed = a + b
    random.Random(seed).shuffle(mixed)
    for i, position in enumerate(mixed):
        check(writers, position, f"{rulings}: shuffled #{i}")
    for i in range(0, len(b), 7):
        check(writers, a[i], f"{rulings}: a #{i} (before JSON)")
        again = game.state_from_json(b[i].to_json())
        check(writers, again, f"{rulings}: b #{i} from JSON")
    return a
