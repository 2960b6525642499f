"""Livestock Uprising's ``tensor_writer`` (``tensor_writer.Writer``) holds the reference tensor
along adversarial sequences of states, not only along one game.

The reference (``reference_observation_tensor``) is built from ``observation(seat)``, so equal
vectors mean the writer shows exactly what the visibility rulings allow: LU-R1 (the board,
pieces, battalions, tokens, supplies, hand sizes and played cards are public), LU-R2 (a seat's
Command cards and Battle Plans card are its own), LU-R3 (cards never dealt stay unseen) and
LU-R5 (what Espionage shows, only its player learns). The writer skips a group of fields, a
piece or a count only when copies of its inputs equal the state's values, so it must stay exact
when the states it is given are not consecutive: the same position twice, two games
interleaved, positions backwards and shuffled, a position read back with ``state_from_json``
after another game's, and one live state (its turn and battle records changed in place)
updated between actions.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from farmstead.core.game import Game, PlayerId, State
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.core.tensor import TensorWriter

RULINGS = "LU-R1 LU-R2 LU-R3 LU-R5"


def step(state: State, rng: Rng) -> None:
    """One random decision or chance outcome."""
    if state.current_player() == PlayerId.CHANCE:
        state.apply_action(rng.sample_outcome(state.chance_outcomes()))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def positions(game: Game, count: int, seed: int) -> list[Any]:
    """``count`` consecutive positions (clones, one action apart) of random games, a new game
    after each end."""
    rng = Rng(seed)
    state = game.new_initial_state()
    out: list[Any] = []
    while len(out) < count:
        out.append(state.clone())
        if state.is_terminal():
            state = game.new_initial_state()
        else:
            step(state, rng)
    return out


def writers_of(game: Game) -> list[tuple[int | None, TensorWriter]]:
    """A writer per seat and a spectator's."""
    seats: list[int | None] = [*range(game.num_players), None]
    return [(seat, game.tensor_writer(seat)) for seat in seats]


def check(writers: list[tuple[int | None, TensorWriter]], state: Any, where: str) -> None:
    """Every writer, updated with ``state``, holds its seat's reference tensor."""
    for seat, writer in writers:
        written = writer.update(state)
        assert written is writer.buffer
        reference = state.reference_observation_tensor(seat)
        if not np.array_equal(written, reference):
            wrong = np.flatnonzero(written != reference)[:5]
            layout = state.game.tensor_layout
            names = [f.name for i in wrong for f in layout.fields if f.start <= i < f.stop]
            raise AssertionError(
                f"{RULINGS}: {where}, seat {seat}: writer differs at {list(wrong)} ({names}): "
                f"{written[wrong]} vs reference {reference[wrong]}"
            )


def adversarial(game: Game, seed: int, count: int = 200) -> list[Any]:
    """One set of writers through every kind of sequence, in turn, without a fresh start; the
    positions of the first game stream."""
    writers = writers_of(game)
    a = positions(game, count, seed)
    b = positions(game, count, seed + 100)
    live = game.new_initial_state()
    rng = Rng(seed + 200)
    for i in range(count):  # one live state, changed in place between updates
        check(writers, live, f"live #{i}")
        if live.is_terminal():
            live = game.new_initial_state()
        else:
            step(live, rng)
    for i, state in enumerate(a[: count // 2]):  # consecutive, each twice
        check(writers, state, f"a #{i}")
        check(writers, state, f"a #{i} again")
    for i, (x, y) in enumerate(zip(a, b, strict=True)):  # two games interleaved
        check(writers, x, f"a #{i} (interleaved)")
        check(writers, y, f"b #{i} (interleaved)")
    for i, state in enumerate(reversed(a)):  # backwards: pieces step back, tiles face down
        check(writers, state, f"a #{len(a) - 1 - i} (backwards)")
    mixed = a + b
    random.Random(seed).shuffle(mixed)
    for i, state in enumerate(mixed):  # any order
        check(writers, state, f"shuffled #{i}")
    for i in range(0, len(b), 7):  # read back from JSON after a position of the other game
        check(writers, a[i], f"a #{i} (before JSON)")
        again = game.state_from_json(b[i].to_json())
        check(writers, again, f"b #{i} from JSON")
    return a


def test_writer_holds_the_reference_along_adversarial_sequences_two_seats() -> None:
    adversarial(load_game("livestock_uprising", 2), seed=1)


def test_writer_holds_the_reference_along_adversarial_sequences_three_seats() -> None:
    """LU-R3, LU-R5: with three seats Command cards leave the game unseen and Espionage shows
    a hand to its player only; both appear along the sequences."""
    a = adversarial(load_game("livestock_uprising", 3), seed=2, count=400)
    assert any(s.gone for s in a), "no card gone to check"
    assert any(any(k is not None for k in s.known) for s in a), "no Espionage to check"


def test_writer_holds_the_reference_along_adversarial_sequences_four_seats() -> None:
    adversarial(load_game("livestock_uprising", 4), seed=3)


def test_writer_holds_the_reference_around_battles_and_cards() -> None:
    """Battles (their records change in place, stage by stage), card choices, Ambush,
    Scorched Earth and fortified pieces are rare in random games: a few positions around each,
    from a long stream of every player count, in order, shuffled and interleaved with the
    stream's start; the ends of games included."""
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        game = load_game("livestock_uprising", players)
        stream = positions(game, 3000, seed)
        rare = [
            i
            for i, s in enumerate(stream)
            if s.battle is not None
            or s.card is not None
            or s.ambush
            or s.is_terminal()
            or any(x >= 0 for x in s.scorched)
            or any(s.fortified)
        ]
        assert any(s.battle is not None for s in stream), "no battle to check"
        picked = sorted({j for i in rare[::4] for j in range(max(0, i - 2), i + 3)})
        around = [stream[j] for j in picked if j < len(stream)]
        writers = writers_of(game)
        for i, state in enumerate(around):
            check(writers, state, f"{players} seats: around #{i}")
        random.Random(seed).shuffle(around)
        for i, (x, y) in enumerate(zip(around, stream, strict=False)):
            check(writers, x, f"{players} seats: shuffled #{i}")
            check(writers, y, f"{players} seats: stream #{i}")


def test_writer_into_a_row_of_a_batch_leaves_the_other_rows() -> None:
    """A writer given a row of a batch (the vector environment's case) writes that row only."""
    game = load_game("livestock_uprising", 2)
    size = game.tensor_layout.size  # type: ignore[attr-defined]
    batch = np.full((3, size), 7.0, dtype=np.float32)
    writer = game.tensor_writer(1, batch[1])
    for i, state in enumerate(positions(game, 150, seed=8)):
        written = writer.update(state)
        assert np.shares_memory(written, batch[1])
        assert np.array_equal(batch[1], state.reference_observation_tensor(1)), f"#{i}"
    assert (batch[0] == 7.0).all() and (batch[2] == 7.0).all()
