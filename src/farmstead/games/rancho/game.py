"""Super Farmer Rancho, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from typing import Any, cast

from farmstead.core.game import JSON, Game, GameInfo, GameType
from farmstead.games.rancho import position, tensor, words
from farmstead.games.rancho.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.rancho.config import RanchoConfig, get_config, param_specs
from farmstead.games.rancho.rules import RanchoRules


class RanchoState(RanchoRules):
    """A Rancho position: the rules of ``RanchoRules`` with JSON, observations and words."""

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
        layout = cast(RanchoGame, self.game).tensor_layout
        return tensor.encode(self.cfg, layout, self._observation(seat))


class RanchoGame(Game):
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

    def _setup(self) -> None:
        self.config: RanchoConfig = get_config(self.num_players, self._params)
        c = self.config
        self.tensor_layout = tensor.tensor_layout(c)
        self._info = GameInfo(
            num_players=self.num_players,
            num_distinct_actions=c.layout.size,
            max_chance_outcomes=c.max_chance_outcomes,
            max_game_length=c.max_game_length,
            min_utility=-1.0,
            max_utility=1.0,
            observation_shape=(self.tensor_layout.size,),
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def new_initial_state(self) -> RanchoState:
        return RanchoState.initial(self, self.config)

    def state_from_json(self, doc: JSON) -> RanchoState:
        return position.state_from_json(RanchoState.empty(self, self.config), doc)
