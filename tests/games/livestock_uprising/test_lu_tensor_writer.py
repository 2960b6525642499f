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

from farmstead.core.game import Game
from farmstead.core.registry import load_game
from writer_kit import Writers, positions, writers_of
from writer_kit import adversarial as run_adversarial
from writer_kit import check as check_writers

RULINGS = "LU-R1 LU-R2 LU-R3 LU-R5"


def check(writers: Writers, state: Any, where: str) -> None:
    """Every writer holds its seat's reference tensor of ``state``; a failure names ``RULINGS``."""
    check_writers(writers, state, f"{RULINGS}: {where}")


def adversarial(game: Game, seed: int, count: int = 200) -> list[Any]:
    """``writer_kit.adversarial`` for this game's rulings."""
    return run_adversarial(game, seed, RULINGS, count=count)


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
