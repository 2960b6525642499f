"""A Gymnasium single-agent environment for every registered game: one seat is learned, the
others are played by Farmstead agents.

The observation is the learner's ``observation_tensor``; the action space is ``Discrete`` over
the game's ``num_distinct_actions``; the legal actions come as ``info["action_mask"]`` and from
``action_masks()`` (the convention of sb3-contrib's MaskablePPO). Chance outcomes and the
opponents' choices follow from the reset seed. The reward is the learner's return when the game
ends (``min_utility … max_utility``), 0 before.

Each step returns new arrays (Gymnasium's contract: learners keep them), copied from buffers the
environment keeps up to date in place (a ``TensorWriter`` changes only what changed). Opponents' decisions
and chance outcomes come from the game's own lists and are applied unchecked;
``validate=True`` checks them, and every observation against the game's reference tensor.

Against ``random`` opponents only, a game with compiled rules for one game at a time (Animal
Farm, Fences, Rancho; see ``envs.aec``) is played on them by default: the learner's decision, the
opponents' turn (drawn from the game's own stream, keyed by the reset seed) and the next
observation in two compiled calls; ``state`` is then
a new reference ``State`` built from them at each access. ``compiled=False`` plays the reference
``State`` (``state`` is then the environment's own), ``compiled=True`` requires the compiled
rules; ``validate=True`` on them plays the reference beside them and checks every position.

An action outside the mask is not applied: with ``illegal_action="lose"`` (the default, so
that generic checkers that sample unmasked actions work) the episode ends at once with the
game's minimum utility and ``info["illegal_action"] = True``; with ``"raise"`` it raises
``IllegalActionError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from farmstead.agents.base import Agent, decide
from farmstead.agents.registry import make_agent
from farmstead.core.batched import OneGame
from farmstead.core.errors import IllegalActionError, InvalidParamError
from farmstead.core.game import State
from farmstead.core.registry import game_type, load_game
from farmstead.core.rng import Rng, derive_seed
from farmstead.envs.aec import (
    CHANCE,
    RENDER_MODES,
    TERMINAL,
    MaskWriter,
    check_mask,
    check_render_mode,
    check_same_game,
    check_tensor,
    compiled_rules,
    make_spaces,
    new_mask,
    render_text,
    state_now,
)

ILLEGAL_ACTION_MODES = ("lose", "raise")


class FarmsteadSingleAgentEnv(gymnasium.Env):
    """One seat of a configured game against Farmstead agents (see the module)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game_name: str,
        opponents: Sequence[str] | None = None,
        seat: int = 0,
        players: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        validate: bool = False,
        compiled: bool | None = None,
        **params: Any,
    ) -> None:
        check_render_mode(render_mode)
        self.validate = validate
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise InvalidParamError(
                f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_MODES)}, got "
                f"{illegal_action!r}"
            )
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        if opponents is None:
            # Random opponents in every other seat of the game's smallest (or the given) count.
            seats = players if players is not None else game_type(game_name).min_players
            opponents = ["random"] * (seats - 1)
        seats = players if players is not None else len(opponents) + 1
        self.game = load_game(game_name, seats, **params)
        if len(opponents) != self.game.num_players - 1:
            raise InvalidParamError(
                f"{self.game.num_players} seats need {self.game.num_players - 1} opponent(s), "
                f"got {len(opponents)}"
            )
        if isinstance(seat, bool) or not 0 <= seat < self.game.num_players:
            raise InvalidParamError(f"seat must be 0..{self.game.num_players - 1}, got {seat!r}")
        self.seat = seat
        self.opponent_specs = list(opponents)
        for spec in self.opponent_specs:
            make_agent(spec, Rng(0)).check_game(self.game)  # unknown agents fail here, loudly
        self.observation_space, self.action_space = make_spaces(self.game)
        self._size = self.game.info.num_distinct_actions
        self._tensor = self.game.tensor_writer(seat)
        self._mask = MaskWriter(self._size)
        self._no_actions = np.zeros(self._size, dtype=np.int8)
        self._state: State = self.game.new_initial_state()
        random_only = all(spec == "random" for spec in self.opponent_specs)
        if compiled and not random_only:
            raise InvalidParamError(
                f"compiled rules play only the opponent 'random', got {self.opponent_specs}"
            )
        self._compiled = compiled_rules(self.game, compiled if random_only else False)
        self._bound: tuple[np.ndarray, np.ndarray] | None = None
        self._chance = Rng(0)
        self._positions = Rng(0)  # draws the hidden parts of the opponents' positions
        self._opponents: dict[int, Agent] = {}

    @property
    def state(self) -> State:
        """The game now (``envs.aec.state_now``)."""
        return state_now(self._compiled, self._state)

    def _others(self) -> list[int]:
        return [s for s in range(self.game.num_players) if s != self.seat]

    def _advance_compiled(self, compiled: OneGame, player: int) -> int:
        """``_advance`` on the compiled rules, from ``player`` (the seat to decide, or
        ``PlayerId.TERMINAL``); the player then to decide."""
        if player != self.seat and player != TERMINAL:
            if self.validate:
                played: list[int] = []
                player = compiled.play_random(self.seat, played)
                for action in played:
                    self._state.apply_action(action)
            else:
                player = compiled.play_random(self.seat)
        if self.validate:
            check_same_game(self._state, compiled.to_state())
        return player

    def _advance(self) -> None:
        """Play chance and the opponents until the learner must decide or the game ends."""
        state = self._state
        apply = state.apply_action if self.validate else state.apply_legal
        while True:
            player = state.current_player()
            if player == CHANCE:
                apply(self._chance.sample_outcome(state.chance_outcomes()))
            elif player == TERMINAL or player == self.seat:
                return
            else:
                apply(decide(self._opponents[player], state, self._positions))

    def bind(self, observation: np.ndarray, mask: np.ndarray) -> None:
        """Keep the observation and the mask in these arrays (e.g. rows of a vector
        environment's batch), which then change through this environment only."""
        if self._compiled is not None:
            self._bound = (observation, mask)
            return
        self._tensor = self.game.tensor_writer(self.seat, observation)
        self._mask = MaskWriter(self._size, mask)

    def refresh(self) -> None:
        """Bring the kept observation and mask up to date with the state."""
        if self._compiled is not None:
            tensor, mask = self._compiled_views()
            if self._bound is not None:
                self._bound[0][:] = tensor
                self._bound[1][:] = mask
            return
        state = self._state
        tensor = self._tensor.update(state)
        if self.validate:
            check_tensor(state, self.seat, tensor)
        self._mask.update(state.legal_actions())  # none once the game is over

    def new_game(self, seed: int | None) -> None:
        """``reset`` without the observation: a new game from ``seed``, played to the
        learner's first decision."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self._chance = Rng(derive_seed(game_seed, "chance"))
        self._positions = Rng(derive_seed(game_seed, "positions"))
        self._opponents = {
            s: make_agent(spec, Rng(derive_seed(game_seed, "agent", s)))
            for s, spec in zip(self._others(), self.opponent_specs, strict=True)
        }
        if self._compiled is not None:
            player = self._compiled.reset(int(derive_seed(game_seed, "compiled")))
            if self.validate:  # the reference game beside the compiled one
                self._state = self._compiled.to_state()
            self._advance_compiled(self._compiled, player)
        else:
            self._state = self.game.new_initial_state()
            self._advance()

    def play(self, action: Any) -> tuple[float, bool, bool]:
        """``step`` without the observation: (reward, terminated, whether the action was
        illegal and not applied, see the module)."""
        action = action if type(action) is int else int(action)
        compiled = self._compiled
        if compiled is not None:
            return self._play_compiled(compiled, action)
        state = self._state
        if not state.is_legal(action):
            return self._refuse(action)
        state.apply_legal(action)
        self._advance()
        if state.current_player() == TERMINAL:
            return float(state.returns()[self.seat]), True, False
        return 0.0, False, False

    def _refuse(self, action: int) -> tuple[float, bool, bool]:
        """``play``'s answer to an illegal ``action``, not applied (see the module): raised,
        or the episode lost."""
        if self.illegal_action == "raise":
            raise IllegalActionError(
                f"action {action} is not legal now; use action_masks() or info['action_mask']"
            )
        return float(self.game.info.min_utility), True, True

    def _play_compiled(self, compiled: OneGame, action: int) -> tuple[float, bool, bool]:
        """``play`` on the compiled rules (which refuse an illegal action unchanged)."""
        try:
            player: int | None = compiled.step(action)
        except IllegalActionError:
            player = None  # refused outside the handler: no chained traceback
        if player is None:
            return self._refuse(action)
        if self.validate:
            compiled.follow(self._state, action)
        if self._advance_compiled(compiled, player) == TERMINAL:
            return float(compiled.returns()[self.seat]), True, False
        return 0.0, False, False

    def _compiled_views(self) -> tuple[np.ndarray, np.ndarray]:
        """The compiled rules' learner tensor and mask (kept buffers), checked against the
        reference beside them under ``validate``."""
        compiled = self._compiled
        assert compiled is not None
        tensor, mask = compiled.tensor(self.seat), compiled.mask()
        if self.validate:
            check_tensor(self._state, self.seat, tensor)
            check_mask(self._state, self.seat, mask)
        return tensor, mask

    def _obs_info(self) -> tuple[np.ndarray, dict[str, Any]]:
        """New arrays of the observation and the mask (``refresh``'s values, made afresh
        where the kept mask would only be copied)."""
        if self._compiled is not None:
            tensor, mask = self._compiled_views()
            return tensor.copy(), {"action_mask": mask.copy()}
        state = self._state
        tensor = self._tensor.update(state)
        if self.validate:
            check_tensor(state, self.seat, tensor)
        return tensor.copy(), {"action_mask": new_mask(state.legal_actions(), self._no_actions)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        self.new_game(seed)
        return self._obs_info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, terminated, illegal = self.play(action)
        obs, info = self._obs_info()
        if illegal:
            info["illegal_action"] = True
        return obs, reward, terminated, False, info

    def action_masks(self) -> np.ndarray:
        """A boolean mask of the learner's legal actions now (MaskablePPO's convention)."""
        if self._compiled is not None:
            return self._compiled.mask().astype(bool)
        return self._mask.update(self._state.legal_actions()).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.state)


def single_agent_env(
    game_name: str,
    opponents: Sequence[str] | None = None,
    seat: int = 0,
    players: int | None = None,
    render_mode: str | None = None,
    illegal_action: str = "lose",
    validate: bool = False,
    compiled: bool | None = None,
    **params: Any,
) -> FarmsteadSingleAgentEnv:
    """The Gymnasium environment of seat ``seat`` of ``game_name`` against ``opponents``
    (agent specs such as ``"random"``, ``"heuristic"``, ``"mcts:iterations=50"``; by default
    random agents in the other seats of the game's smallest player count), with game
    ``params``; ``validate`` checks what the protocol guarantees as well, ``compiled`` chooses
    the rules (see the module)."""
    return FarmsteadSingleAgentEnv(
        game_name,
        opponents,
        seat,
        players,
        render_mode,
        illegal_action,
        validate,
        compiled,
        **params,
    )


def gymnasium_id(game_name: str) -> str:
    """The Gymnasium id of a game's single-agent environment, e.g. ``farmstead/fences-v0``;
    ``gymnasium.make(id, opponents=[…], …)`` builds it (registered on first use)."""
    env_id = f"farmstead/{game_name}-v0"
    if env_id not in gymnasium.registry:
        load_game(game_name)  # an unknown game fails here, with the valid names
        gymnasium.register(
            id=env_id,
            entry_point="farmstead.envs.single:FarmsteadSingleAgentEnv",
            kwargs={"game_name": game_name},
        )
    return env_id
