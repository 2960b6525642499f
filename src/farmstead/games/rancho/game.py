"""Super Farmer Rancho, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from farmstead.core.assembly import AssembledGame, AssembledState, GameSizes, GameViews
from farmstead.core.game import GameType
from farmstead.games.rancho import position, tensor, words
from farmstead.games.rancho.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.rancho.config import RanchoConfig, get_config, param_specs
from farmstead.games.rancho.rules import RanchoRules


class RanchoState(RanchoRules, AssembledState):
    """A Rancho position: the rules of ``RanchoRules`` with JSON, observations and words."""

    __slots__ = ()

    views = GameViews(position, words, tensor)


class RanchoGame(AssembledGame[RanchoState, RanchoConfig]):
    """Super Farmer Rancho for 2–6 players."""

    type = GameType(
        name="rancho",
        long_name="Super Farmer Rancho",
        description="Trade and breed farm animals, buy pastures, beware the fox and the wolf.",
        min_players=2,
        max_players=6,
        has_chance=True,
        perfect_information=True,
        params=param_specs(),
        rules_reference="docs/rules/rancho.md",
        data_package=DATA_PACKAGE,
        data_files=DATA_FILES,
        proposed_note=(
            "The faces of the two 12-sided dice and the board layout are proposed "
            "reconstructions, not the published ones."
        ),
    )
    state_class = RanchoState

    def _configure(self) -> RanchoConfig:
        return get_config(self.num_players, self._params)

    def _sizes(self, config: RanchoConfig) -> GameSizes:
        return GameSizes(
            num_distinct_actions=config.layout.size,
            max_chance_outcomes=config.max_chance_outcomes,
            max_game_length=config.max_game_length,
        )
