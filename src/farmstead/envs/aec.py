"""A PettingZoo AEC environment for every registered game, generated from the protocol.

Agents are ``player_0 … player_{n-1}`` (the seats). An observation is a dict: ``observation``,
the seat's ``observation_tensor`` (float32, ``Game.info.observation_shape``), and
``action_mask`` (int8 over the ``num_distinct_actions`` ids; the legal actions of the agent to
move, all zeros for the others), PettingZoo's masking convention. ``observe`` returns new
arrays: the tensor copied from a buffer kept up to date in place (a ``TensorWriter`` changes
only what changed), the mask made afresh (``new_mask``). Chance nodes (dice, draws,
deals) are resolved inside the environment from its seed, so an agent only ever sees its own
decisions. Rewards are the game's returns, given when it ends; every game ends within
``max_game_length`` actions, so episodes are never truncated. ``render_mode="ansi"`` returns the
game's text board (``GameRegistration.render``, Rich markup removed).

The rules: a game with compiled rules for one game at a time (``GameRegistration.one_game``:
Animal Farm, Fences, Rancho) is played on them by default, a decision per compiled call, its
chance drawn by them from a stream keyed by the environment's seed; ``state`` is then a new
reference ``State`` built from them at each access. ``compiled=False`` plays the reference
``State`` instead (``state`` is then the environment's own), ``compiled=True`` requires the
compiled rules. Both give the same observations, masks and rewards for the same actions.

Every step checks the agent's action (``IllegalActionError``); chance outcomes, drawn from the
game's own lists, are applied unchecked. ``validate=True`` checks those too, and every
observation against the game's reference tensor; on compiled rules it also plays the
reference ``State`` beside them and checks every position, mask and tensor against it: for
debugging a game, at a cost.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.text import Text

from farmstead.core.batched import OneGame
from farmstead.core.errors import InvalidParamError, NoTensorError
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.registry import game_names, load_game, registration
from farmstead.core.rng import Rng
from farmstead.core.tensor import HIGH, LOW, element_view

RENDER_MODES = ("ansi",)
# ``PlayerId``'s values as plain ints: comparing with one costs a seventh of looking up the
# enum's member, on every step.
CHANCE = int(PlayerId.CHANCE)
TERMINAL = int(PlayerId.TERMINAL)


def make_spaces(game: Game) -> tuple[spaces.Box, spaces.Discrete]:
    """The observation-tensor box and the action space of a configured game."""
    shape = game.info.observation_shape
    if not shape:
        raise NoTensorError(f"game {game.type.name!r} has no observation tensor")
    box = spaces.Box(low=LOW, high=HIGH, shape=shape, dtype=np.float32)
    return box, spaces.Discrete(game.info.num_distinct_actions)


def new_mask(legal: list[int], zeros: np.ndarray) -> np.ndarray:
    """A new int8 mask: a copy of ``zeros`` (all zero, one entry per action id) with a 1 at
    each id of ``legal``. For a mask handed out (copied anyway), this is cheaper than keeping
    a buffer up to date and copying it, the more so the longer the list; and cheaper than
    copying masks kept per legal list, whose lookups and misses cost more than ``put``."""
    mask = zeros.copy()
    if legal:
        mask.put(legal, 1)
    return mask


class MaskWriter:
    """Keeps ``buffer``, one reused int8 mask over ``size`` action ids (a new one, or a given
    vector such as a row of a batch, changed through this writer only), equal to a list of
    legal actions, rewriting only the ids that were set before and are set now."""

    __slots__ = ("buffer", "_view", "_set")

    def __init__(self, size: int, buffer: np.ndarray | None = None) -> None:
        self.buffer = np.zeros(size, dtype=np.int8) if buffer is None else buffer
        self.buffer.fill(0)
        self._view = element_view(self.buffer)
        self._set: list[int] = []

    def update(self, legal: list[int]) -> np.ndarray:
        """``buffer`` with a 1 exactly at the ids of ``legal``."""
        view = self._view
        for action in self._set:
            view[action] = 0
        for action in legal:
            view[action] = 1
        self._set = legal
        return self.buffer


def check_tensor(state: State, seat: int, observed: np.ndarray) -> None:
    """``ConformanceError``-like loud failure (``AssertionError``) unless ``observed`` is
    ``seat``'s tensor of ``state`` and, where the game has one, its reference tensor."""
    expected = state.observation_tensor(seat)
    reference = getattr(state, "reference_observation_tensor", None)
    if reference is not None and not np.array_equal(expected, reference(seat)):
        raise AssertionError(f"seat {seat}: the state encoding differs from the reference")
    if not np.array_equal(observed, expected):
        raise AssertionError(f"seat {seat}: the reused tensor differs from observation_tensor")


def check_mask(state: State, seat: int, observed: np.ndarray) -> None:
    """Loud failure (``AssertionError``) unless ``observed`` marks exactly ``seat``'s legal
    actions in ``state`` (none when another seat is to move)."""
    legal = state.legal_actions() if state.current_player() == seat else []
    if np.flatnonzero(observed).tolist() != sorted(legal):
        raise AssertionError(f"seat {seat}: the mask differs from the legal actions")


def check_same_game(expected: State, observed: State) -> None:
    """Loud failure (``AssertionError``) unless the two states are the same position."""
    if expected.to_json() != observed.to_json():
        raise AssertionError("the compiled rules left a position the reference State did not")


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


def compiled_rules(game: Game, compiled: bool | None) -> OneGame | None:
    """The game's compiled rules for one game at a time (``GameRegistration.one_game``): with
    ``compiled`` None where it has them, with True required (``InvalidParamError`` naming the
    games that have them), with False never (the reference ``State``)."""
    if compiled is False:
        return None
    make = registration(game.type.name).one_game
    if make is None:
        if compiled:
            have = [n for n in game_names() if registration(n).one_game is not None]
            raise InvalidParamError(
                f"game {game.type.name!r} has no compiled rules for one game; games that "
                f"have: {', '.join(have) or 'none'}"
            )
        return None
    return make(game)


def state_now(compiled: OneGame | None, own: State) -> State:
    """An environment's game now: its own reference ``State`` ``own``; on compiled rules, a
    new ``State`` built from them (changing it changes nothing in the environment)."""
    return compiled.to_state() if compiled is not None else own


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
        validate: bool = False,
        compiled: bool | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.validate = validate
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
        self._compiled = compiled_rules(self.game, compiled)
        self._state: State = self.game.new_initial_state()
        self._player = self._state.current_player()
        self._tensors = [self.game.tensor_writer(seat) for seat in range(n)]
        self._no_actions = np.zeros(size, dtype=np.int8)
        # The compiled rules' mask buffer (``OneGame.mask``: kept, rewritten in place).
        rules = self._compiled
        self._compiled_mask = rules.mask() if rules is not None else self._no_actions

    @property
    def state(self) -> State:
        """The game now (``state_now``)."""
        return state_now(self._compiled, self._state)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _resolve_chance(self) -> int:
        """Play the chance nodes from here; the player then to move."""
        state = self._state
        player = state.current_player()
        while player == CHANCE:
            outcome = self._rng.sample_outcome(state.chance_outcomes())
            if self.validate:
                state.apply_action(outcome)
            else:
                state.apply_legal(outcome)
            player = state.current_player()
        return player

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes every chance outcome of it (and of later resets)."""
        self._rng = Rng(seed) if seed is not None else Rng(self._rng.randrange(2**63))
        if self._compiled is not None:
            player = self._compiled.reset(self._rng.randrange(2**63))
            if self.validate:  # the reference game beside the compiled one
                self._state = self._compiled.to_state()
        else:
            self._state = self.game.new_initial_state()
            player = self._resolve_chance()
        self._player = player
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation dict (see the module)."""
        seat = self.agent_name_mapping[agent]
        compiled = self._compiled
        if compiled is not None:
            tensor = compiled.tensor(seat)
            mask = (self._compiled_mask if seat == self._player else self._no_actions).copy()
            if self.validate:
                check_tensor(self._state, seat, tensor)
                check_mask(self._state, seat, mask)
            return {"observation": tensor.copy(), "action_mask": mask}
        state = self._state
        legal = state.legal_actions() if self._player == seat else []
        tensor = self._tensors[seat].update(state)
        if self.validate:
            check_tensor(state, seat, tensor)
        return {"observation": tensor.copy(), "action_mask": new_mask(legal, self._no_actions)}

    def step(self, action: Any) -> None:
        """Apply ``action`` for the agent to move (``IllegalActionError`` if it is not legal;
        the state is then unchanged); a finished game's agents step with ``None``."""
        if self._player == TERMINAL:  # every agent is terminated: they step with None
            self._was_dead_step(action)
            return
        # The agent's cumulative reward is 0 here: rewards come only when the game ends.
        action = action if type(action) is int else int(action)
        compiled = self._compiled
        if compiled is not None:
            player = compiled.step(action)
            if self.validate:
                compiled.follow(self._state, action)
                check_same_game(self._state, compiled.to_state())
        else:
            state = self._state
            state.apply_action(action)
            player = state.current_player()
            if player == CHANCE:
                player = self._resolve_chance()
        self._player = player
        if player == TERMINAL:
            returns = compiled.returns() if compiled is not None else self._state.returns()
            for seat, value in enumerate(returns):
                name = self.possible_agents[seat]
                self.rewards[name] = float(value)
                self.terminations[name] = True
            self._accumulate_rewards()
        else:
            # Rewards come only when the game ends, so every step before leaves them at 0.
            self.agent_selection = self.possible_agents[player]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def aec_env(
    game_name: str,
    players: int | None = None,
    render_mode: str | None = None,
    validate: bool = False,
    compiled: bool | None = None,
    **params: Any,
) -> FarmsteadAECEnv:
    """The PettingZoo AEC environment of ``game_name`` with ``players`` seats and game
    ``params`` (unknown games or params fail with the valid choices); ``validate`` checks what
    the protocol guarantees as well, ``compiled`` chooses the rules (see the module)."""
    return FarmsteadAECEnv(game_name, players, render_mode, validate, compiled, **params)
