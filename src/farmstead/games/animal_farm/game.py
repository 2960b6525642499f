"""Animal Farm, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from typing import Any, cast

from farmstead.core.game import JSON, Game, GameInfo, GameType
from farmstead.games.animal_farm import position, tensor, words
from farmstead.games.animal_farm.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.animal_farm.config import AnimalFarmConfig, get_config, param_specs
from farmstead.games.animal_farm.rules import AnimalFarmRules


class AnimalFarmState(AnimalFarmRules):
    """An Animal Farm position: the rules of ``AnimalFarmRules`` with JSON, observations and
    words."""

    __slots__ = ()

    def _observation(self, seat: int | None) -> JSON:
        return position.observation(self, seat)

    def to_json(self) -> JSON:
        return position.to_json(self)

    def _action_to_string(self, action: int) -> str:
        return words.action_to_string(self, action)

    def _action_to_string_for(self, action: int, seat: int | None) -> str:
        return words.action_to_string_for(self, action, seat)

    def _action_to_json(self, action: int) -> JSON:
        return words.action_to_json(self, action)

    def action_from_json(self, doc: Any) -> int:
        return words.action_from_json(self, doc)

    def _observation_tensor(self, seat: int | None) -> Any:
        layout = cast(AnimalFarmGame, self.game).tensor_layout
        return tensor.encode(self.cfg, layout, position.observation(self, seat, derived=False))


class AnimalFarmGame(Game):
    """Animal Farm for 2 players (rules/animal_farm.md)."""

    type = GameType(
        name="animal_farm",
        long_name="Animal Farm",
        description="2-player raid for the feed piles: pigs, goats and horses on a zoned grid",
        min_players=2,
        max_players=2,
        has_chance=True,
        perfect_information=True,
        params=param_specs(),
        rules_reference="docs/rules/animal_farm.md",
        data_package=DATA_PACKAGE,
        data_files=DATA_FILES,
        proposed_note=(
            "No published board is known: the board size, zones, horse start rows, default "
            "setup, setup order and the draw limit are proposed."
        ),
    )

    config: AnimalFarmConfig

    def _setup(self) -> None:
        self.config = get_config(self._params)
        self.tensor_layout = tensor.tensor_layout(self.config)
        self._info = GameInfo(
            num_players=2,
            num_distinct_actions=self.config.actions.size,
            max_chance_outcomes=2,
            max_game_length=self.config.max_game_length,
            min_utility=-1.0,
            max_utility=1.0,
            observation_shape=(self.tensor_layout.size,),
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def new_initial_state(self) -> AnimalFarmState:
        return AnimalFarmState.initial(self, self.config)

    def state_from_json(self, doc: JSON) -> AnimalFarmState:
        return position.state_from_json(AnimalFarmState.empty(self, self.config), doc)
