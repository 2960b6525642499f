"""Animal Farm, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from farmstead.core.assembly import AssembledGame, AssembledState, GameSizes, GameViews
from farmstead.core.game import JSON, GameType
from farmstead.games.animal_farm import position, tensor, words
from farmstead.games.animal_farm.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.animal_farm.config import AnimalFarmConfig, get_config, param_specs
from farmstead.games.animal_farm.rules import AnimalFarmRules


class AnimalFarmState(AnimalFarmRules, AssembledState):
    """An Animal Farm position: the rules of ``AnimalFarmRules`` with JSON, observations and
    words."""

    __slots__ = ()

    views = GameViews(position, words, tensor)

    def _tensor_observation(self, seat: int | None) -> JSON:
        """The observation without its derived fields, which the tensor does not encode."""
        return position.observation(self, seat, derived=False)


class AnimalFarmGame(AssembledGame[AnimalFarmState, AnimalFarmConfig]):
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
    state_class = AnimalFarmState

    def _configure(self) -> AnimalFarmConfig:
        return get_config(self._params)

    def _sizes(self, config: AnimalFarmConfig) -> GameSizes:
        return GameSizes(
            num_distinct_actions=config.actions.size,
            max_chance_outcomes=2,
            max_game_length=config.max_game_length,
        )
