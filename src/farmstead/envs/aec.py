"""A PettingZoo AEC environment for every registered game, generated from the protocol.

Agents are ``player_0 … player_{n-1}`` (the seats). An observation is a dict: ``observation``,
the seat's ``observation_tensor`` (float32, ``Game.info.observation_shape``), and
``action_mask`` (int8 over the ``num_distinct_actions`` ids; the legal actions of the agent to
move, all zeros for the others), PettingZoo's masking convention. Chance nodes (dice, draws,
deals) are resolved inside the environment from its seed, so an agent only ever sees its own
decisions. Rewards are the game's returns, given when it ends; every game ends within
``max_game_length`` actions, so episodes are never truncated. ``render_mode="ansi"`` returns the
game's text board (``GameRegistration.render``, Rich markup removed).
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.text import Text

from farmstead.core.errors import InvalidParamError, NoTensorError
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.registry import load_game, registration
from farmstead.core.rng import Rng
from farmstead.core.tensor import HIGH, LOW

RENDER_MODES = ("ansi",)


def make_spaces(game: Game) -> tuple[spaces.Box, spaces.Discrete]:
    """The observation-tensor box and the action space of a configured game."""
    shape = game.info.observation_shape
    if not shape:
        raise NoTensorError(f"game {game.type.name!r} has no observation tensor")
    box = spaces.Box(low=LOW, high=HIGH, shape=shape, dtype=np.float32)
    return box, spaces.Discrete(game.info.num_distinct_actions)


def legal_mask(state: State, size: int) -> np.ndarray:
    """An int8 mask over ``size`` action ids with a 1 for each legal action of ``state``."""
    mask = np.zeros(size, dtype=np.int8)
    mask[state.legal_actions()] = 1
    return mask


def render_text(state: State) -> str:
    """The game's text board of ``state`` for a spectator, without Rich markup."""
    render = registration(state.game.type.name).render
    text = render(state, None) if render is not None else repr(state.observation(None))
    return Text.from_markup(text).plain


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise InvalidParamError(
            f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}"
        )


class FarmsteadAECEnv(AECEnv):
    """One configured farmstead game as a PettingZoo AEC environment (see the module)."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "farmstead",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_name: str,
        players: int | None = None,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.game = load_game(game_name, players, **params)
        self.metadata = {**self.metadata, "name": f"farmstead_{game_name}"}
        box, discrete = make_spaces(self.game)
        n = self.game.num_players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.game.info.num_distinct_actions
        mask_space = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask_space})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: discrete for agent in self.possible_agents}
        self._rng = Rng(secrets.randbits(63))
        self.state: State = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _resolve_chance(self) -> None:
        state = self.state
        while state.is_chance_node():
            state.apply_action(self._rng.sample_outcome(state.chance_outcomes()))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes every chance outcome of it (and of later resets)."""
        self._rng = Rng(seed) if seed is not None else Rng(self._rng.randrange(2**63))
        self.state = self.game.new_initial_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        size = self.game.info.num_distinct_actions
        if self.state.current_player() == seat:
            mask = legal_mask(self.state, size)
        else:
            mask = np.zeros(size, dtype=np.int8)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply ``action`` for the agent to move (``IllegalActionError`` if it is not legal;
        the state is then unchanged); a finished game's agents step with ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._resolve_chance()
        state = self.state
        if state.current_player() == PlayerId.TERMINAL:
            for seat, value in enumerate(state.returns()):
                name = self.possible_agents[seat]
                self.rewards[name] = float(value)
                self.terminations[name] = True
        else:
            for name in self.agents:
                self.rewards[name] = 0.0
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def aec_env(
    game_name: str, players: int | None = None, render_mode: str | None = None, **params: Any
) -> FarmsteadAECEnv:
    """The PettingZoo AEC environment of ``game_name`` with ``players`` seats and game
    ``params`` (unknown games or params fail with the valid choices)."""
    return FarmsteadAECEnv(game_name, players, render_mode, **params)
