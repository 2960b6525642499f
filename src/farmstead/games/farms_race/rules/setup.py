"""Setup (FR-4): the first seat, dealt and chosen Mutations, starts, the face-down Human
tokens, the starting resources; then the opening trade window (FR-R33) or the first turn.
"""

from __future__ import annotations

from farmstead.games.farms_race.layout import (
    ADORABLE,
    ARMORY,
    BARN,
    BLUE_BLOODED,
    CHOOSE_MUTATION,
    CHOOSE_START,
    DEAL_MUTATION,
    NO,
    PEEK,
    START_CHOICE,
    START_ROLL,
)
from farmstead.games.farms_race.rules.turns import TurnRules


class SetupRules(TurnRules):
    """Setup, up to the first turn."""

    __slots__ = ()

    def _set_first(self, seat: int) -> None:
        """FR-4 step 2; then the Mutations are dealt (step 5), or given by the parameter."""
        c = self.cfg
        n = c.players
        self.first = seat
        self.setup_step = 0
        if c.fixed_mutations:
            self.mutation = list(c.fixed_mutations)
        elif c.mutations_on:
            deal: list[int] = []
            for position in range(n):
                deal.extend([(seat + position) % n] * c.mutations_dealt[position])
            self.deal_left = tuple(deal)
            self.active = deal[0]
            self.decider = NO
            self.phase = DEAL_MUTATION
            return
        self._setup_choices()

    def _deal(self, mutation: int) -> None:
        """FR-4 step 5: one Mutation dealt face down to the next seat owed one."""
        seat, self.deal_left = self.deal_left[0], self.deal_left[1:]
        self.dealt[seat] |= 1 << mutation
        if self.deal_left:
            self.active = self.deal_left[0]
            return
        self._setup_choices()

    def _setup_choices(self) -> None:
        """FR-4 step 6: the seat at ``setup_step`` in turn order chooses its Mutation (if it
        was dealt some) and its start."""
        seat = (self.first + self.setup_step) % self.cfg.players
        self.active = seat
        self.decider = seat
        self.phase = CHOOSE_MUTATION if self.dealt[seat] else CHOOSE_START

    def _choose_mutation(self, mutation: int) -> None:
        """FR-4 step 6.1: the chosen Mutation is revealed; the others stay face down."""
        self.mutation[self.active] = mutation
        self.phase = CHOOSE_START

    def _choose_start(self, region: int) -> None:
        """FR-4 step 6.2: a Barn and 2 healthy herds on the chosen start (Blue-Blooded: an
        Armory and 3, FR-2.1); step 6.3: Adorable's start gets a face-down Human token."""
        c = self.cfg
        seat = self.active
        self.owner[region] = seat
        herds = c.start_herds
        if self.mutation[seat] == BLUE_BLOODED:
            self.building[region] = ARMORY
            self.armories_left[seat] -= 1
            herds = c.blue_start_herds
        else:
            self.building[region] = BARN
            self.barns_left[seat] -= 1
        self.healthy_ready[region] = herds
        self.herds_left[seat] -= herds
        if self.mutation[seat] == ADORABLE:
            self.face_down |= 1 << region
            self.phase = PEEK  # FR-11: Adorable may peek at tokens in its regions
            self.decider = NO
            return
        self._next_setup_seat()

    def _next_setup_seat(self) -> None:
        c = self.cfg
        n = c.players
        self.setup_step += 1
        if self.setup_step < n:
            self._setup_choices()
            return
        # FR-4 step 3, FR-3.7, FR-R48: a face-down token on every region nobody started on.
        for r in range(c.regions):
            if self.owner[r] == NO:
                self.face_down |= 1 << r
        owed: list[int] = []
        for position, count in enumerate(c.starting_resources[:n]):
            owed.extend([(self.first + position) % n] * count)
        self.owed = tuple(owed)
        self._next_starting_resource()

    def _next_starting_resource(self) -> None:
        """FR-4 step 7: the next starting resource, rolled (FR-R22) or chosen (Experienced);
        then the opening trade window (FR-R33) and the first turn."""
        if self.owed:
            seat, self.owed = self.owed[0], self.owed[1:]
            self.active = seat
            if self.cfg.experienced:
                self.phase = START_CHOICE
                self.decider = seat
            else:
                self.phase = START_ROLL
                self.decider = NO
            return
        self.round = 1
        if self.cfg.opening_window:
            self.active = NO
            self._open_window(self.first)
            return
        self._begin_turn(self.first)
