"""The int action encoding of Livestock Uprising (rules/livestock_uprising.md §14).

Every decision is one atomic choice; the same id means the same kind of choice everywhere, and
the phase says what it applies to. With ``C`` cells (the final grid), ``K`` cards, ``U`` unit
types (troops, then every Special Forces card) and ``R`` resources the groups are, in order:

=================  ========  ===================================================================
group              ids       meaning
=================  ========  ===================================================================
FACTION(f)         4         choose faction ``f`` (CH, CO, GO, PI) at setup
CELL(c)            C         a cell ``r * F + c``: the barn's place; Scorched Earth; Airlift
PIECE(p)           4         one of the chooser's pieces: General 1-3 Stars (0-2), Super Army (3)
FORM               1         form the Super Army (LU-R79)
END                1         end this phase / this choice (resolve harvest, finish forming …)
STEP(d)            8         step in direction ``d`` (N, NE, E, SE, S, SW, W, NW); an attack
                             when an enemy holds the cell (LU-R33)
FLY(d)             8         a Sky Hen fly-over step in direction ``d`` (LU-R37)
STOP               1         end the piece's action where it stands
PLAY(k)            K         play card ``k`` (Command cards, then Battle Plans)
PASS               1         play no (more) card; decline; take no more tokens
JOIN               1         join the attack with one's Super Army (LU-R90)
SEAT(s)            4         an opponent's seat (Espionage)
RESOURCE(r)        R         a resource type (a token taken, given, waived or chosen)
UNIT(u)            U         a unit type of the piece concerned (casualty, transfer, duel)
MEMBER(g, u)       3 * U     unit type ``u`` of General ``g`` of a barn group (LU-R88)
MARSHAL(u)         U         marshal a unit of type ``u`` (a troop, or an own Special Forces)
RETREAT(d)         8         retreat in direction ``d`` (LU-R48)
DIE(i)             3         die ``i`` of one's side: the one to reroll (Second Wind) or to set
                             aside (Fortune of War)
=================  ========  ===================================================================

Chance outcomes have their own space: a die face 1-6 is outcome ``face - 1``; the first player
is the seat; a tile draw is the tile type index; a card deal or a Battle Plans draw is the card
index (Command cards, then Battle Plans).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from farmstead.core.errors import IllegalActionError

(
    FACTION,
    CELL,
    PIECE,
    FORM,
    END,
    STEP,
    FLY,
    STOP,
    PLAY,
    PASS,
    JOIN,
    SEAT,
    RESOURCE,
    UNIT,
    MEMBER,
    MARSHAL,
    RETREAT,
    DIE,
) = range(18)
KIND_NAMES = (
    "FACTION",
    "CELL",
    "PIECE",
    "FORM",
    "END",
    "STEP",
    "FLY",
    "STOP",
    "PLAY",
    "PASS",
    "JOIN",
    "SEAT",
    "RESOURCE",
    "UNIT",
    "MEMBER",
    "MARSHAL",
    "RETREAT",
    "DIE",
)


@dataclass(frozen=True)
class ActionLayout:
    """Offsets of the action groups for ``cells`` cells, ``cards`` cards, ``units`` unit types
    and ``resources`` resources. ``base[kind]`` is a group's first id; ``size`` the total."""

    cells: int
    cards: int
    units: int
    resources: int
    base: tuple[int, ...] = field(init=False)
    size: int = field(init=False)
    _kinds: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        sizes = (
            4,
            self.cells,
            4,
            1,
            1,
            8,
            8,
            1,
            self.cards,
            1,
            1,
            4,
            self.resources,
            self.units,
            3 * self.units,
            self.units,
            8,
            3,
        )
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
        """(kind, argument) of an id in ``0 … size - 1``; ``IllegalActionError`` otherwise."""
        if not 0 <= action < self.size:
            raise IllegalActionError(f"action id {action} is out of range 0..{self.size - 1}")
        kind = self._kinds[action]
        return kind, action - self.base[kind]

    def member(self, general: int, unit: int) -> int:
        """The id of MEMBER(general, unit)."""
        return self.base[MEMBER] + general * self.units + unit
