"""Livestock Uprising, assembled: the state with the protocol's views, and the configured
game."""

from __future__ import annotations

from typing import Any, cast

from farmstead.core.game import JSON, Game, GameInfo, GameType
from farmstead.games.livestock_uprising import position, tensor, words
from farmstead.games.livestock_uprising.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.livestock_uprising.config import LUConfig, get_config, param_specs
from farmstead.games.livestock_uprising.rules import LURules


class LUState(LURules):
    """A Livestock Uprising position: the rules of ``LURules`` with JSON, observations and
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
        layout = cast(LivestockUprisingGame, self.game).tensor_layout
        return tensor.encode(self.cfg, layout, self._observation(seat))


class LivestockUprisingGame(Game):
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

    def _setup(self) -> None:
        self.config: LUConfig = get_config(self.num_players, self._params)
        c = self.config
        self.tensor_layout = tensor.tensor_layout(c)
        self._info = GameInfo(
            num_players=self.num_players,
            num_distinct_actions=c.layout.size,
            max_chance_outcomes=max(6, len(c.catalog.cards), len(c.catalog.tile_types), 4),
            max_game_length=c.max_game_length,
            min_utility=-1.0,
            max_utility=1.0,
            observation_shape=(self.tensor_layout.size,),
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def new_initial_state(self) -> LUState:
        return LUState.initial(self, self.config)

    def state_from_json(self, doc: JSON) -> LUState:
        return position.state_from_json(LUState.empty(self, self.config), doc)
