"""Super Farmer Rancho: the rules (rancho.md; rulings RA-R1 … RA-R46 cited inline).

``RanchoRules`` is the position and the rules over it; ``game.RanchoState`` adds the protocol's
views (``position``, ``words``). It is assembled from one class per concern:

* ``state.RanchoPosition``: the fields (the position layout), ``empty``, ``initial``, ``clone``;
* ``pieces.RanchoPieces``: animals in the pool and on the board, arrangements and safety;
* ``trading.RanchoTrading``: the open transaction with the herd, purchases and passage routes;
* ``predators.RanchoPredators``: the fox, the wolf, the dogs and breeding after a roll;
* ``turns.RanchoTurns``: who moves, the legal actions, chance outcomes and applying actions.

Each mixin derives from the mixins whose methods it calls, so every call is typed.

Returns: zero-sum, the winner +1 and every other seat -1/(n-1); all 0 for a draw (RA-R45).
"""

from __future__ import annotations

from farmstead.games.rancho.rules.pieces import RanchoPieces
from farmstead.games.rancho.rules.predators import RanchoPredators
from farmstead.games.rancho.rules.state import RanchoPosition
from farmstead.games.rancho.rules.trading import RanchoTrading
from farmstead.games.rancho.rules.turns import RanchoTurns

__all__ = ["RanchoRules"]


class RanchoRules(RanchoTurns, RanchoTrading, RanchoPredators, RanchoPieces, RanchoPosition):
    """One Rancho position and its rules; see ``state`` for the layout."""

    __slots__ = ()
