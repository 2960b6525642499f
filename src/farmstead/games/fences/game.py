"""Fences, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from typing import Any, cast

from farmstead.core.game import JSON, Game, GameInfo, GameType
from farmstead.games.fences import position, tensor, words
from farmstead.games.fences.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.fences.config import FencesConfig, get_config, param_specs
from farmstead.games.fences.rules import FencesRules


class FencesState(FencesRules):
    """A Fences position: the rules of ``FencesRules`` with JSON, observations and words."""

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
        layout = cast(FencesGame, self.game).tensor_layout
        return tensor.encode(self.cfg, layout, position.observation(self, seat, derived=False))


class FencesGame(Game):
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

    def _setup(self) -> None:
        self.config: FencesConfig = get_config(self.num_players, self._params)
        c = self.config
        self.tensor_layout = tensor.tensor_layout(c)
        self._info = GameInfo(
            num_players=self.num_players,
            num_distinct_actions=c.layout.size,
            max_chance_outcomes=max(len(c.tiles), len(c.farmers), self.num_players),
            max_game_length=c.max_game_length,
            min_utility=-1.0,
            max_utility=1.0,
            observation_shape=(self.tensor_layout.size,),
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def new_initial_state(self) -> FencesState:
        return FencesState.initial(self, self.config)

    def state_from_json(self, doc: JSON) -> FencesState:
        return position.state_from_json(FencesState.empty(self, self.config), doc)
