"""The int action encoding of Farms Race (rules/farms_race.md §17).

Every decision is one atomic choice; the phase says what a choice applies to. With ``R``
regions on the map the player-action groups are, in order:

=================  ======  ======================================================================
group              ids     meaning
=================  ======  ======================================================================
START(r)           R       choose region ``r`` as one's start (FR-4, FR-R29)
PLACE(r)           R       Preparation with too few herds: the next herd goes to the building in
                           ``r`` (FR-R4)
MOVE_TO(r)         R       start a move into region ``r`` (FR-5.3)
SOURCE(r)          R       take the move's next herds from region ``r`` (adjacent to the target)
TAKE(h)            2       add one herd of health ``h`` (healthy, injured) from the current source
CONFIRM            1       confirm the move; into humans or an opponent's herds it declares combat
CANCEL             1       drop the move being assembled; nothing changes
HEAL(r)            R       heal one injured herd in ``r`` that has not acted
BARN(r)            R       build a Barn in ``r``, paying the normal cost (FR-8.1)
ARMORY(r)          R       upgrade the Barn in ``r`` to an Armory (FR-8.1)
TRADE(g, t)        25      Supply trade: give the rate of kind ``g``, take 1 of kind ``t`` (FR-8.2)
END_PHASE          1       end the Actions phase (roll) or the Resources phase (FR-5)
END_TURN           1       end the turn (FR-5.5)
RESOURCE(k)        5       a resource kind: a starting resource (Experienced), the name of a
                           wild face, the kind of a forced discard
HIT(c)             3       the next damage point hits a healthy herd, an injured herd, or a human
                           (FR-6.3; humans only for an Adorable defender, part 2)
CONTINUE           1       fight another round (FR-6.6)
RETREAT            1       the attacker retreats (FR-6.6)
RETREAT_TO(r)      R       the defender retreats all its herds to ``r`` (FR-6.6, FR-R8)
ROUTE(r)           R       the next retreating attacker herd returns to origin ``r`` (FR-6.6)
SEAT(s)            4       a seat: the victim of a steal (Stealing variant, FR-R49)
PASS               1       decline an optional choice (no steal)
KEEP               1       keep one's first turn (New-player redo, FR-R55)
REDO               1       replay one's first turn (FR-R55)
MUTATION(m)        11      choose dealt Mutation ``m`` at setup (FR-4 step 6.1)
BUY_SPY            1       build a Spy: pay, draw the top card (FR-8.1)
BUY_NUKE           1       build a Nuke: pay, gain a ready Nuke token (FR-8.1, FR-9.1)
LAUNCH(s)          3       launch a nuke from source ``s``: a ready token, a Nuke built now, a
                           Pocket Nuke card (FR-9.1, FR-9.4, FR-9.6)
TARGET(r)          R       the target region of a nuke (FR-9.1, FR-R12; North Korean, FR-11)
PAY_NORMAL         1       pay a build's normal cost (FR-8.1 step 3)
PAY_FOUR(k)        5       Hyper-Intelligent: pay a build with 4 cards of kind ``k`` (FR-11)
PLAY_SPY(c)        11      play Spy card ``c``; for a VP Spy, reveal it (FR-10, FR-R19, FR-R20)
SWAP_SPY           1       Regenerative / Radioactive: discard the card, draw a new Spy (FR-R21)
FLY_FROM(r)        R       Flying: take one herd from ``r`` (then its health, then FLY_TO) (FR-11)
FLY_TO(r)          R       Flying: the herd goes to ``r``
DONE               1       end an open-ended choice: Flying, Blackmail's picks (FR-11, FR-R50)
ORDER(i)           2       doubles effects: North Korean first (0) or Stealing first (1) (FR-R39)
GIVE(k)            5       a trade proposal gives one more card of kind ``k`` (FR-8.3)
ASK(k)             5       a trade proposal asks for one more card of kind ``k`` (FR-8.3)
SUBMIT             1       submit the trade proposal (FR-8.3)
ACCEPT             1       accept the trade proposed to you (FR-8.3)
DECLINE            1       decline it (FR-8.3)
ZOMBIE_TO(r)       R       Zombie: the herd this damage point would kill retreats to ``r`` at 1 HP
                           instead (FR-11, FR-R46)
=================  ======  ======================================================================

The groups from MUTATION on belong to Mutations, Spies, Nukes and player trading (rules/
farms_race.md §8.3-§12). The encoding holds them from the start so those rules add decisions,
not a new numbering; an id of theirs is never legal while they are off. Other decisions of
those rules reuse the groups above: a recipient or victim is SEAT(s), a resource kind (Lucky's
faces, Propaganda, Thievery, Blackmail's picks, Deranged's payment one card at a time) is
RESOURCE(k), a declined option (no Hacking, no nuke-back, a trade-window pass) is PASS, a
dropped proposal is CANCEL, a Pocket Nuke point is HIT(c).

Chance outcomes have their own space, read by the chance phase: the first seat is the seat; a
starting resource or a stolen card is the resource index; a Human token's value ``v`` is ``v``;
a side's combat roll is ``guns * 16 + heads``; the two resource dice are ``a * 6 + b`` with
faces ``a <= b`` (5 is wild).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from farmstead.core.errors import IllegalActionError
from farmstead.games.farms_race.layout import (
    MAX_SEATS,
    NUM_MUTATIONS,
    NUM_RESOURCES,
    NUM_SPY_KINDS,
)

(
    START,
    PLACE,
    MOVE_TO,
    SOURCE,
    TAKE,
    CONFIRM,
    CANCEL,
    HEAL,
    BARN_AT,
    ARMORY_AT,
    TRADE,
    END_PHASE,
    END_TURN,
    RESOURCE,
    HIT,
    CONTINUE,
    RETREAT,
    RETREAT_TO,
    ROUTE,
    SEAT,
    PASS,
    KEEP,
    REDO,
    MUTATION,
    BUY_SPY,
    BUY_NUKE,
    LAUNCH,
    TARGET,
    PAY_NORMAL,
    PAY_FOUR,
    PLAY_SPY,
    SWAP_SPY,
    FLY_FROM,
    FLY_TO,
    DONE,
    ORDER,
    GIVE,
    ASK,
    SUBMIT,
    ACCEPT,
    DECLINE,
    ZOMBIE_TO,
) = range(42)
KIND_NAMES = (
    "START",
    "PLACE",
    "MOVE_TO",
    "SOURCE",
    "TAKE",
    "CONFIRM",
    "CANCEL",
    "HEAL",
    "BARN",
    "ARMORY",
    "TRADE",
    "END_PHASE",
    "END_TURN",
    "RESOURCE",
    "HIT",
    "CONTINUE",
    "RETREAT",
    "RETREAT_TO",
    "ROUTE",
    "SEAT",
    "PASS",
    "KEEP",
    "REDO",
    "MUTATION",
    "BUY_SPY",
    "BUY_NUKE",
    "LAUNCH",
    "TARGET",
    "PAY_NORMAL",
    "PAY_FOUR",
    "PLAY_SPY",
    "SWAP_SPY",
    "FLY_FROM",
    "FLY_TO",
    "DONE",
    "ORDER",
    "GIVE",
    "ASK",
    "SUBMIT",
    "ACCEPT",
    "DECLINE",
    "ZOMBIE_TO",
)
NUKE_SOURCES = ("token", "build", "pocket_nuke")  # LAUNCH's argument
HIT_HUMAN = 2  # the third HIT choice

# --- chance outcome spaces ------------------------------------------------------------------
COMBAT_BASE = 16  # a combat roll: guns * COMBAT_BASE + heads
CHANCE_OUTCOMES = COMBAT_BASE * COMBAT_BASE


def combat_outcome(guns: int, heads: int) -> int:
    """The chance outcome of a combat roll with ``guns`` gun and ``heads`` head faces."""
    return guns * COMBAT_BASE + heads


def dice_outcome(a: int, b: int) -> int:
    """The chance outcome of resource-dice faces ``a`` and ``b`` (in any order)."""
    return min(a, b) * 6 + max(a, b)


@dataclass(frozen=True)
class ActionLayout:
    """Offsets of the action groups for a map of ``regions`` regions. ``base[kind]`` is a
    group's first id; ``size`` the number of player-action ids."""

    regions: int
    base: tuple[int, ...] = field(init=False)
    size: int = field(init=False)
    _kinds: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        r = self.regions
        sizes = (
            *(r, r, r, r, 2, 1, 1, r, r, r, 25, 1, 1, 5, 3, 1, 1, r, r, MAX_SEATS, 1, 1, 1),
            *(NUM_MUTATIONS, 1, 1, len(NUKE_SOURCES), r, 1, NUM_RESOURCES, NUM_SPY_KINDS, 1),
            *(r, r, 1, 2, NUM_RESOURCES, NUM_RESOURCES, 1, 1, 1, r),
        )
        assert len(sizes) == len(KIND_NAMES)
        base = []
        total = 0
        kinds: list[int] = []
        for kind, n in enumerate(sizes):
            base.append(total)
            total += n
            kinds.extend([kind] * n)
        object.__setattr__(self, "base", tuple(base))
        object.__setattr__(self, "size", total)
        object.__setattr__(self, "_kinds", tuple(kinds))

    def decode(self, action: int) -> tuple[int, int]:
        """(kind, argument) of an id in ``0 … size - 1``; ``IllegalActionError`` otherwise.
        TRADE's argument is ``give * 5 + take``."""
        if not 0 <= action < self.size:
            raise IllegalActionError(f"action id {action} is out of range 0..{self.size - 1}")
        kind = self._kinds[action]
        return kind, action - self.base[kind]

    def trade(self, give: int, take: int) -> int:
        """The id of TRADE(give, take)."""
        return self.base[TRADE] + give * 5 + take
