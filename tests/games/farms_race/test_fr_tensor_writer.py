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

from farmstead.core.game import Game, PlayerId, State
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.core.tensor import TensorWriter
from farmstead.games.farms_race.layout import ADORABLE, BLACKMAIL_TAKE, OVER

RULINGS = "FR-R19 (section 16) FR-10 FR-11"


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


def adversarial(game: Game, seed: int, count: int = 160) -> list[Any]:
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
    for i, state in enumerate(reversed(a)):  # backwards: herds go home, tokens face down again
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
