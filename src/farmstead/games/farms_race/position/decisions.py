"""Reading the decisions in progress of a Farms Race position: moves, combats, dice and
production, setup, Mutations (Flying, Lucky, doubles), payments, Spies, nukes and trades."""

from __future__ import annotations

from functools import reduce
from operator import or_

from farmstead.core.position import ItemReader
from farmstead.core.schema import (
    As,
    Bits,
    Bool,
    Choice,
    Counts,
    Entry,
    Field,
    Int,
    ListOf,
    Object,
    Reading,
    Record,
    Tuple,
    items,
)
from farmstead.games.farms_race.layout import (
    HUMANS,
    LUCKY_FACE,
    NO,
    OVER,
    PHASE_NAMES,
    RESOURCE_IDS,
    SPY_IDS,
    WILD,
)
from farmstead.games.farms_race.position.kinds import (
    COUNT,
    HERDS,
    REGION,
    RESOURCE,
    SEAT,
    SEATS,
    name_in,
)
from farmstead.games.farms_race.position.views import BUILDS, EFFECTS, FACES, NUKE_KINDS

_TAKEN = Tuple(REGION, HERDS, HERDS, exact=False, shape="must be [origin, healthy, injured]")
_FACE = name_in(FACES)


def _union(values: list[int]) -> int:
    """The flags of a list, together."""
    return reduce(or_, values, 0)


def _taken(reading: Reading, item: ItemReader) -> tuple[int, int, int]:
    """Herds a move takes from a region: ``[origin, healthy, injured]``, at most it has."""
    origin, healthy, injured = _TAKEN(reading, item)
    state = reading.state
    if healthy > state.healthy_ready[origin] or injured > state.injured_ready[origin]:
        item.fail("takes more herds than the origin has")
    return origin, healthy, injured


def _defender(reading: Reading, item: ItemReader) -> int:
    """The defending seat, or ``"humans"``."""
    return HUMANS if item.value == "humans" else SEAT(reading, item)


def _rolls(reading: Reading, item: ItemReader) -> tuple[int, int]:
    """The two combat rolls, null for a roll not made yet."""
    first, second = item.at(0), item.at(1)
    return (
        NO if first.value is None else first.int(0, 255),
        NO if second.value is None else second.int(0, 255),
    )


def _dice(reading: Reading, item: ItemReader) -> tuple[int, int]:
    """The resource dice, lowest face first; while Lucky chooses, the second may be null."""
    faces = []
    for i, sub in enumerate(items(item, 2)):
        if sub.value is None and i == 1 and reading.state.phase == LUCKY_FACE:
            faces.append(NO)  # Lucky has chosen one face so far
            continue
        faces.append(_FACE(reading, sub))
    return (faces[0], NO) if faces[1] == NO else (min(faces), max(faces))


def _wild_faces_named(reading: Reading) -> None:
    state = reading.state
    if state.dice[0] == NO and (state.named or state.wilds):
        reading.fail("wild faces named without dice", "named")
    if state.dice[0] != NO and state.dice.count(WILD) and not state.named and not state.wilds:
        reading.fail("a wild face is neither named nor waiting to be named", "wilds")


def _proposer_can_pay(reading: Reading) -> None:
    state = reading.state
    if not state.can_pay(state.trade_proposer, state.trade_give):
        reading.fail("offers cards the proposer does not hold", "give")


def _winners_at_the_end(reading: Reading) -> None:
    if (reading.state.phase == OVER) != bool(reading.state.winners):
        reading.fail("a finished game has winners and only a finished game has", "winners")


ORIGIN = Tuple(REGION, HERDS, exact=False)

MOVE = Object(
    Field("to", REGION, "move_dest"),
    Field("source", REGION, "move_src", optional=NO),
    Field("taken", ListOf(_taken, make=tuple), "move_sel"),
    only=True,
)

COMBAT = Object(
    Field("region", REGION, "combat_region"),
    Field("defender", _defender, "combat_defender"),
    Field("attackers", Tuple(HERDS, HERDS), "combat_attackers"),
    Field("origins", ListOf(ORIGIN, make=tuple), "combat_origins"),
    Field("humans", Int(0, 3), "combat_humans"),
    Field("round", Int(0, "max_combat_rounds"), "combat_round"),
    Field("rolls", _rolls, "combat_roll_outcomes"),
    Field("damage", Int(0, 999), "combat_attacker_damage"),
    Field("defender_damage", Int(0, 999), "combat_defender_damage"),
    Field("route", Tuple(HERDS, HERDS, exact=False), "route_left"),
)

COMBAT_MUTATIONS = Object(
    Field("heads", Int(0, 15), "combat_head_hits", default=0),
    Field("adorable", SEAT, "combat_adorable", optional=NO),
    Field("zombie_destination", REGION, "combat_zombie_retreat", optional=NO),
    Field("escaped", ListOf(ORIGIN, make=tuple), "combat_escaped", default=()),
)
"""The fields of a combat that Mutations need; positions without them read as none."""

PHASE_FIELDS: tuple[Entry, ...] = (
    Field("move", MOVE, optional=None),
    Field("cancels", Int(0, "max_cancels"), "cancels"),
    Field("combat", COMBAT, optional=None),
    Field("dice", _dice, "dice", optional=(NO, NO)),
    Field("named", ListOf(RESOURCE, make=tuple), "named"),
    Field("wilds", Int(0, 2), "wilds"),
    _wild_faces_named,
    Field(
        "last_production",
        ListOf(
            Counts(RESOURCE_IDS),
            "players",
            lambda hands: tuple(count for hand in hands for count in hand),
        ),
        "last_production",
    ),
    Field("setup_step", Int(0, "players"), "setup_step"),
    Field("owed", SEATS, "owed"),
    Field("prep_left", HERDS, "prep_left"),
    Field("prep_given", Bits(REGION), "prep_given"),
    Field("steal_victim", SEAT, "steal_victim", optional=NO),
    Field("discards", COUNT, "discards"),
    Field("redo_used", Bits(SEAT), "redo_used"),
    Field("winners", SEATS, "winners"),
    Field("deal_left", SEATS, "deal_left"),
    Field(
        "flying",
        Object(
            Field("source", REGION, "fly_src", optional=NO),
            Field("health", Int(0, 1), "fly_health", optional=NO),
            Field("flights", HERDS, "flights"),
        ),
        optional=None,
    ),
    Field("lucky", Bool(), "lucky"),
    Field(
        "doubles_left",
        ListOf(Choice([name for _, name in EFFECTS], [bit for bit, _ in EFFECTS]), make=_union),
        "doubles_left",
    ),
    Field("resume", Choice(PHASE_NAMES), "resume", optional=NO),
    Field(
        "payment",
        Object(
            Field("build", Choice(BUILDS), "pay_build"),
            Field("region", REGION, "pay_region", optional=NO),
            Field("selected", Record(*(Field(k, Int(0, 99)) for k in RESOURCE_IDS)), "pay_sel"),
        ),
        optional=None,
    ),
    Field(
        "spy",
        Object(
            Field("card", Choice(SPY_IDS), "spy_play", optional=NO),
            Field("victim", SEAT, "spy_victim", optional=NO),
            Field("taken", Int(0, 3), "spy_taken"),
            Field(
                "agent_queue",
                ListOf(Tuple(SEAT, Int(0, 2), exact=False), make=tuple),
                "agent_queue",
            ),
        ),
        optional=None,
    ),
    Field(
        "nuke",
        Object(
            Field("launcher", SEAT, "nuke_launcher"),
            Field("kind", Choice(NUKE_KINDS), "nuke_kind"),
            Field("target", REGION, "nuke_target", optional=NO),
            Field("victim", SEAT, "nuke_victim", optional=NO),
            Field("points", Int(0, 2), "nuke_points"),
            Field("humans", Int(0, 3), "nuke_humans", null=0),
            Field("hacked", Bool(), "nuke_hacked"),
        ),
        optional=None,
    ),
    Field(
        "nuke_stack", ListOf(Tuple(SEAT, SEAT, REGION, exact=False), make=tuple), "nuke_responses"
    ),
    Field(
        "trade",
        Object(
            Field("slot", SEAT, "trade_slot", optional=NO),
            Field("next", SEAT, "trade_next_turn", optional=NO),
            Field("passes", Int(0, "players"), "trade_passes"),
            Field("made", ListOf(Int(0, "window_proposals"), "players"), "trade_proposals_made"),
            Field("open_proposals", Int(0, "open_proposals"), "open_trades"),
            Field(
                "proposal",
                Object(
                    Field("from", SEAT, "trade_proposer"),
                    Field("to", SEAT, "trade_recipient"),
                    Field("give", As(Counts(RESOURCE_IDS), tuple), "trade_give"),
                    Field("ask", As(Counts(RESOURCE_IDS), tuple), "trade_ask"),
                    _proposer_can_pay,
                ),
                optional=None,
            ),
        ),
    ),
    Field("combat", COMBAT_MUTATIONS, optional=None),
    _winners_at_the_end,
)
"""Moves, combats, dice, production, setup, Mutations (Flying, Lucky, doubles), payments,
Spies, nukes and trades in progress."""
