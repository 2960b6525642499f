"""Farms Race, assembled: the state with the protocol's views, and the configured game."""

from __future__ import annotations

from typing import Any, cast

from farmstead.core.game import JSON, Game, GameInfo, GameType
from farmstead.games.farms_race import position, tensor, words
from farmstead.games.farms_race.actions import CHANCE_OUTCOMES
from farmstead.games.farms_race.catalog import DATA_FILES, DATA_PACKAGE
from farmstead.games.farms_race.config import FRConfig, get_config, param_specs
from farmstead.games.farms_race.rules import FRRules


class FRState(FRRules):
    """A Farms Race position: the rules of ``FRRules`` with JSON, observations and words."""

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
        layout = cast(FarmsRaceGame, self.game).tensor_layout
        return tensor.encode(self.cfg, layout, self._observation(seat))


class FarmsRaceGame(Game):
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

    def _setup(self) -> None:
        self.config: FRConfig = get_config(self.num_players, self._params)
        c = self.config
        self.tensor_layout = tensor.tensor_layout(c)
        self._info = GameInfo(
            num_players=self.num_players,
            num_distinct_actions=c.layout.size,
            max_chance_outcomes=CHANCE_OUTCOMES,
            max_game_length=c.max_game_length,
            min_utility=-1.0,
            max_utility=1.0,
            observation_shape=(self.tensor_layout.size,),
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def new_initial_state(self) -> FRState:
        return FRState.initial(self, self.config)

    def state_from_json(self, doc: JSON) -> FRState:
        return cast(FRState, position.state_from_json(FRState.empty(self, self.config), doc))
