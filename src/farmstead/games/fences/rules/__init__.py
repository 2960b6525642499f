"""Fences: the rules (rules/fences.md; rulings FE-R1 … FE-R61 cited inline).

``FencesRules`` is the position and the rules over it; ``game.FencesState`` adds the protocol's
views (``position``, ``words``). It is assembled from one class per concern:

* ``state.FencesPosition``: the fields (the position layout), ``empty``, ``initial``, ``clone``;
* ``board.FencesBoard``: laying tiles, the fields they form and the legal placements;
* ``turns.FencesTurns``: who moves, the legal actions, chance outcomes and applying actions;
* ``information.FencesInformation``: public hand tiles and ``sample_consistent``.

Each mixin derives from the mixins whose methods it calls, so every call is typed.

The chosen tile is shown to everyone once selected (picking it up from the hand); the other
hand tile stays hidden (FE-R22).

Returns (FE-R60): when every score is equal, 0 for all; otherwise +1 for each seat with the top
score (tied leaders share the win) and -1 for the others.
"""

from __future__ import annotations

from farmstead.games.fences.rules.board import FencesBoard
from farmstead.games.fences.rules.information import FencesInformation
from farmstead.games.fences.rules.state import FencesPosition
from farmstead.games.fences.rules.turns import FencesTurns

__all__ = ["FencesRules"]


class FencesRules(FencesTurns, FencesInformation, FencesBoard, FencesPosition):
    """One Fences position and its rules; see ``state`` for the layout."""

    __slots__ = ()
