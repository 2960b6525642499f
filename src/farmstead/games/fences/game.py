"""Fences, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from farmstead.core.assembly import AssembledGame, AssembledState, GameSizes, GameViews
from farmstead.core.game import JSON, GameType
from farmstead.games.fences import position, tensor, words
from farmstead.games.fences.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.fences.config import FencesConfig, get_config, param_specs
from farmstead.games.fences.rules import FencesRules


class FencesState(FencesRules, AssembledState):
    """A Fences position: the rules of ``FencesRules`` with JSON, observations and words."""

    __slots__ = ()

    views = GameViews(position, words, tensor)

    def _tensor_observation(self, seat: int | None) -> JSON:
        """The observation without its derived fields, which the tensor does not encode."""
        return position.observation(self, seat, derived=False)


class FencesGame(AssembledGame[FencesState, FencesConfig]):
    """Fences for 2–4 players."""

    type = GameType(
        name="fences",
        long_name="Fences",
        description="Lay farm tiles so fences continue, claim fields with barns, score closed fields.",
        min_players=2,
        max_players=4,
        has_chance=True,
        perfect_information=False,
        params=param_specs(),
        rules_reference="docs/rules/fences.md",
        data_package=DATA_PACKAGE,
        data_files=DATA_FILES,
        proposed_note=(
            "The tile geometry, the tile list and its player-count markings, the animals on each "
            "tile, the farmer cards (except Farmer Tim's cow bonus) and the green colour are "
            "proposed, not the published values."
        ),
    )
    state_class = FencesState

    def _configure(self) -> FencesConfig:
        return get_config(self.num_players, self._params)

    def _sizes(self, config: FencesConfig) -> GameSizes:
        return GameSizes(
            num_distinct_actions=config.layout.size,
            max_chance_outcomes=max(len(config.tiles), len(config.farmers), self.num_players),
            max_game_length=config.max_game_length,
        )
