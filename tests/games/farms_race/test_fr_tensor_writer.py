"""Farms Race's ``tensor_writer`` (``tensor_writer.Writer``) holds the reference tensor along
adversarial sequences of states, not only along one game.

The reference (``reference_observation_tensor``) is built from ``observation(seat)``, so equal
vectors mean the writer shows exactly what section 16 (FR-R19) lets a seat see: its own resource
cards, Spy cards and dealt Mutations; another seat's hand only as the Blackmail player during
``blackmail_take`` (FR-10); Adorable's peeked token values only to Adorable (FR-11), or to all
after the game with ``reveal_hidden_info_after_game``; a Pocket Nuke's humans in a face-down
target only to its owner. The writer skips a region, a group of fields or a record only when
copies of its inputs equal the state's values, so it must stay exact when the states it is given
are not consecutive: the same position twice, two games interleaved, positions backwards and
shuffled, a position read back with ``state_from_json`` after another game's, and one live state
changed in place between updates.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from farmstead.core.game import Game
from farmstead.core.registry import load_game
from farmstead.games.farms_race.layout import ADORABLE, BLACKMAIL_TAKE, OVER
from writer_kit import Writers, positions, writers_of
from writer_kit import adversarial as run_adversarial
from writer_kit import check as check_writers

RULINGS = "FR-R19 (section 16) FR-10 FR-11"


def check(writers: Writers, state: Any, where: str) -> None:
    """Every writer holds its seat's reference tensor of ``state``; a failure names ``RULINGS``."""
    check_writers(writers, state, f"{RULINGS}: {where}")


def adversarial(game: Game, seed: int, count: int = 160) -> list[Any]:
    """``writer_kit.adversarial`` for this game's rulings."""
    return run_adversarial(game, seed, RULINGS, count=count)


def test_writer_holds_the_reference_along_adversarial_sequences_three_seats() -> None:
    adversarial(load_game("farms_race", 3), seed=1)


def test_writer_holds_the_reference_along_adversarial_sequences_four_seats() -> None:
    """FR-11: with four seats Adorable is dealt and peeks at face-down tokens; the peeks show
    to Adorable's writer only, along every sequence."""
    a = adversarial(load_game("farms_race", 4), seed=2)
    assert any(s.peeked and ADORABLE in s.mutation for s in a), "no peek to check"


def test_writer_holds_the_reference_to_the_end_of_short_games() -> None:
    """Section 16: after the game the peeked values are revealed to every seat with
    ``reveal_hidden_info_after_game``, and stay hidden without it; the writers cross game ends
    and new games in every kind of sequence."""
    for seed, reveal in ((7, True), (7, False)):  # seed 7: Adorable peeks in the first game
        game = load_game(
            "farms_race", 4, max_rounds=1, target_vp=3, reveal_hidden_info_after_game=reveal
        )
        a = adversarial(game, seed=seed, count=240)
        assert any(s.phase == OVER and s.peeked for s in a), "no revealed peek to check"


def test_writer_holds_the_reference_around_rare_decisions() -> None:
    """Blackmail's look at a hand (FR-10), nukes and their response stack, combats, Flying and
    Spy plays are rare in random games: a few positions around each, from a long stream of two
    player counts, in order, shuffled and interleaved with the stream's start."""
    for players, seed in ((3, 5), (4, 6)):
        game = load_game("farms_race", players)
        stream = positions(game, 4000, seed)
        rare = [
            i
            for i, s in enumerate(stream)
            if s.phase == BLACKMAIL_TAKE
            or s.nuke_launcher >= 0
            or s.nuke_responses
            or s.combat_region >= 0
            or s.fly_src >= 0
            or s.spy_play >= 0
        ]
        assert rare, "no rare decision to check"
        picked = sorted({j for i in rare[::3] for j in range(max(0, i - 2), i + 3)})
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
    game = load_game("farms_race", 3)
    size = game.tensor_layout.size  # type: ignore[attr-defined]
    batch = np.full((3, size), 7.0, dtype=np.float32)
    writer = game.tensor_writer(1, batch[1])
    for i, state in enumerate(positions(game, 120, seed=7)):
        written = writer.update(state)
        assert np.shares_memory(written, batch[1])
        assert np.array_equal(batch[1], state.reference_observation_tensor(1)), f"#{i}"
    assert (batch[0] == 7.0).all() and (batch[2] == 7.0).all()
