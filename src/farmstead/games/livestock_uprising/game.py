"""Livestock Uprising, assembled: the state with the protocol's views, and the configured
game."""

from __future__ import annotations

from farmstead.core.assembly import AssembledGame, AssembledState, GameSizes, GameViews
from farmstead.core.game import GameType
from farmstead.games.livestock_uprising import position, tensor, words
from farmstead.games.livestock_uprising.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.livestock_uprising.config import LUConfig, get_config, param_specs
from farmstead.games.livestock_uprising.rules import LURules


class LUState(LURules, AssembledState):
    """A Livestock Uprising position: the rules of ``LURules`` with JSON, observations and
    words."""

    __slots__ = ()

    views = GameViews(position, words, tensor)


class LivestockUprisingGame(AssembledGame[LUState, LUConfig]):
    """Livestock Uprising for 2-4 players."""

    type = GameType(
        name="livestock_uprising",
        long_name="Livestock Uprising",
        description="Lead a farm-animal faction: generals, troops, harvests, battles, super armies.",
        min_players=2,
        max_players=4,
        has_chance=True,
        perfect_information=False,
        params=param_specs(),
        rules_reference="docs/rules/livestock_uprising.md",
        data_package=DATA_PACKAGE,
        data_files=DATA_FILES,
        proposed_note=(
            "Most card effects and timing windows, the Special Forces, the stats and copies of "
            "most troops, the tile mix, the token split, the stalemate rule (30 rounds) and "
            "several procedures are proposed, not the published values: each card and tile "
            "shows its provenance."
        ),
    )
    state_class = LUState

    def _configure(self) -> LUConfig:
        return get_config(self.num_players, self._params)

    def _sizes(self, config: LUConfig) -> GameSizes:
        return GameSizes(
            num_distinct_actions=config.layout.size,
            max_chance_outcomes=max(
                6, len(config.catalog.cards), len(config.catalog.tile_types), 4
            ),
            max_game_length=config.max_game_length,
        )
