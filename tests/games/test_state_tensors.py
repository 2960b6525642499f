"""The state encoding of every game's observation tensor equals its reference encoding.

``observation_tensor(seat)`` is written straight from the state's fields; the reference
(``reference_observation_tensor``) is built from ``observation(seat)`` and so defines what a
seat may see. Equal vectors on thousands of positions of every configuration, for every seat
and a spectator, mean the fast encoding shows exactly what the rulings on visibility allow:
AF-R25 (all open), RA-R46 (all open), FE-R22 … FE-R25 (private hands, hidden supply), LU-R1 and
LU-R2 (public board, hidden hands), Farms Race section 16 (what each seat may see, FR-R19).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from farmstead.core.assembly import AssembledState
from farmstead.core.game import Game, PlayerId
from farmstead.core.registry import game_names, game_type, load_game
from farmstead.core.rng import Rng
from farmstead.core.tensor import TensorWriter

POSITIONS_PER_GAME = 3000
"""Positions compared per game, shared among its configurations."""

VISIBILITY_RULINGS = {
    "animal_farm": "AF-R25",
    "rancho": "RA-R46",
    "fences": "FE-R22 FE-R23 FE-R24 FE-R25",
    "livestock_uprising": "LU-R1 LU-R2",
    "farms_race": "FR-R19 (section 16)",
}


def configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the defaults, then each non-default choice of every param with
    a few values (bools and choice lists) at the smallest player count."""
    gtype = game_type(name)
    configs: list[tuple[int, dict[str, Any]]] = [
        (players, {}) for players in range(gtype.min_players, gtype.max_players + 1)
    ]
    for spec in gtype.params:
        choices: tuple[Any, ...] | None = spec.choices
        if choices is None and spec.type is bool:
            choices = (False, True)
        for value in choices or ():
            if value != spec.default:
                configs.append((gtype.min_players, {spec.name: value}))
    return configs


def playable(name: str, players: int, params: dict[str, Any]) -> Game | None:
    """The configured game, or ``None`` when the params are invalid together at this count."""
    from farmstead.core.errors import InvalidParamError

    try:
        return load_game(name, players, **params)
    except InvalidParamError:
        return None


def positions(game: Game, count: int, seed: int) -> list[AssembledState]:
    """``count`` positions from random games, every one to three decisions apart."""
    rng = Rng(seed)
    out: list[Any] = []
    state = game.new_initial_state()
    gap = 1
    while len(out) < count:
        if state.is_terminal():
            out.append(state)
            state = game.new_initial_state()
            continue
        gap -= 1
        if gap == 0:
            out.append(state.clone())
            gap = 1 + rng.randrange(3)
        if state.current_player() == PlayerId.CHANCE:
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def assert_same_tensors(
    state: AssembledState, where: str, writers: list[TensorWriter] | None = None
) -> None:
    """Fast and reference tensors agree for every seat and a spectator, the buffer write
    replaces every element of a dirty buffer, and each of ``writers`` (one per seat, then the
    spectator's), updated with this state after the states before it, holds the same."""
    seats: list[int | None] = [*range(state.game.num_players), None]
    dirty = np.full(state.game.info.observation_shape, 7.0, dtype=np.float32)
    for index, seat in enumerate(seats):
        fast = state.observation_tensor(seat)
        reference = state.reference_observation_tensor(seat)
        if not np.array_equal(fast, reference):
            wrong = np.flatnonzero(fast != reference)[:5]
            layout = state.game.tensor_layout  # type: ignore[attr-defined]
            names = [f.name for i in wrong for f in layout.fields if f.start <= i < f.stop]
            raise AssertionError(
                f"{where}, seat {seat}: fast tensor differs at {list(wrong)} ({names}): "
                f"{fast[wrong]} vs reference {reference[wrong]}"
            )
        state.write_observation_tensor(seat, dirty)
        assert np.array_equal(dirty, reference), f"{where}, seat {seat}: buffer write differs"
        if writers is not None:
            written = writers[index].update(state)
            assert np.array_equal(written, reference), f"{where}, seat {seat}: writer differs"


@pytest.mark.parametrize("name", game_names())
def test_state_encoding_equals_the_reference_on_thousands_of_positions(name: str) -> None:
    """The visibility rulings (see VISIBILITY_RULINGS) hold for the fast tensor: on every
    configuration it equals the tensor of the observation."""
    games = [g for p, params in configurations(name) if (g := playable(name, p, params))]
    per_config = max(150, POSITIONS_PER_GAME // len(games))
    compared = 0
    for index, game in enumerate(games):
        writers = [game.tensor_writer(seat) for seat in [*range(game.num_players), None]]
        for step, state in enumerate(positions(game, per_config, seed=index)):
            where = f"{VISIBILITY_RULINGS[name]}: {game.describe()} #{step}"
            assert_same_tensors(state, where, writers)
            compared += 1
    assert compared >= POSITIONS_PER_GAME


def test_a_leak_in_the_state_encoding_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """FE-R22: a state encoding that writes another seat's hand differs from the reference,
    and the comparison says where (a check that can fail)."""
    game = load_game("fences")
    honest = game.encode_state  # type: ignore[attr-defined]

    def leaky(state: Any, seat: int | None, out: np.ndarray) -> None:
        honest(state, seat, out)
        out[0] += float(sum(sum(hand) for hand in state.hands)) / 1000

    monkeypatch.setattr(game, "encode_state", leaky)
    state = positions(game, 5, seed=3)[-1]
    with pytest.raises(AssertionError, match="fast tensor differs"):
        assert_same_tensors(state, "FE-R22")
