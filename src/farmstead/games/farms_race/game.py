"""Farms Race, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from farmstead.core.assembly import AssembledGame, AssembledState, GameSizes, GameViews
from farmstead.core.game import GameType
from farmstead.games.farms_race import position, tensor, words
from farmstead.games.farms_race.actions import CHANCE_OUTCOMES
from farmstead.games.farms_race.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.farms_race.config import FRConfig, get_config, param_specs
from farmstead.games.farms_race.rules import FRRules


class FRState(FRRules, AssembledState):
    """A Farms Race position: the rules of ``FRRules`` with JSON, observations and words."""

    __slots__ = ()

    views = GameViews(position, words, tensor)


class FarmsRaceGame(AssembledGame[FRState, FRConfig]):
    """Farms Race for 3 or 4 players: the base game with its variants (rules/farms_race.md)."""

    type = GameType(
        name="farms_race",
        long_name="Farms Race",
        description=(
            "Mutated farm animals race to a VP target: herds, humans, combat, Barns and "
            "Armories on a hex map."
        ),
        min_players=3,
        max_players=4,
        has_chance=True,
        perfect_information=False,
        params=param_specs(),
        rules_reference="docs/rules/farms_race.md",
        data_package=DATA_PACKAGE,
        data_files=DATA_FILES,
        proposed_note=(
            "Every build cost, the combat die's faces (2 blank, 2 head, 2 gun), every map "
            "layout (the recommended maps and A-J are stand-ins), the round cap and several "
            "procedures are proposed, not the published values: each value shows its "
            "provenance."
        ),
    )
    state_class = FRState

    def _configure(self) -> FRConfig:
        return get_config(self.num_players, self._params)

    def _sizes(self, config: FRConfig) -> GameSizes:
        return GameSizes(
            num_distinct_actions=config.layout.size,
            max_chance_outcomes=CHANCE_OUTCOMES,
            max_game_length=config.max_game_length,
        )
