"""The map as every concern changes it: control of a region (FR-7.1), buildings destroyed
(FR-7.5), and Human tokens leaving the map, placed face up or made public (FR-2.6, FR-R23).
"""

from __future__ import annotations

from farmstead.games.farms_race.layout import BARN, NO, NO_BUILDING
from farmstead.games.farms_race.rules.queries import FRQueries


class BoardRules(FRQueries):
    """Control, buildings and Human tokens on the map."""

    __slots__ = ()

    def _update_owner(self, region: int) -> None:
        """FR-7.1: a region is controlled while its owner has a herd or a building there."""
        if not self.building[region] and not self.herds_in(region):
            self.owner[region] = NO

    def _destroy_building(self, region: int) -> None:
        """FR-7.5: a building returns to its owner's supply, who loses its VP."""
        b = self.building[region]
        if b == NO_BUILDING:
            return
        victim = self.owner[region]
        if b == BARN:
            self.barns_left[victim] += 1
        else:
            self.armories_left[victim] += 1
        self.building[region] = NO_BUILDING

    def _return_token(self, region: int) -> None:
        """A token leaves the map: a face-up real one goes back to the pool, face up in
        everyone's memory; a stand-in is put away; a face-down one goes back unseen."""
        bit = 1 << region
        if self.face_down & bit:
            self.face_down &= ~bit
            self.peeked &= ~bit
            self.token[region] = 0
            return
        value = self.token[region]
        if not value:
            return
        if self.token_real & bit:
            self.tokens_pool_revealed[value - 1] += 1
        else:
            self.stand_ins -= 1
        self.token[region] = 0
        self.token_real &= ~bit

    def _place_face_up(self, region: int, value: int) -> None:
        """FR-R23: a face-up token of ``value``: a revealed one from the pool if there is one,
        else a stand-in (FR-2.6). Taking it reveals nothing: its value is public."""
        self.token[region] = value
        if self.tokens_pool_revealed[value - 1]:
            self.tokens_pool_revealed[value - 1] -= 1
            self.token_real |= 1 << region
        else:
            self.stand_ins += 1

    def _make_public(self, region: int) -> None:
        """A face-down token whose value is known (peeked at) turns face up."""
        bit = 1 << region
        if self.face_down & bit:
            self.tokens_unseen[self.token[region] - 1] -= 1
            self.face_down &= ~bit
            self.peeked &= ~bit
            self.token_real |= bit
