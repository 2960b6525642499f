"""Reading the records of a Livestock Uprising position that only some phases have: the
active seat's turn, the battle being fought and the card being played."""

from __future__ import annotations

from farmstead.core.position import ItemReader
from farmstead.core.schema import (
    Bool,
    Choice,
    Field,
    Int,
    ListOf,
    Nullable,
    Object,
    Reading,
    Record,
    Tuple,
)
from farmstead.games.livestock_uprising.layout import NO, OUTCOME_NAMES, PHASE_NAMES, PIECE_SUFFIXES
from farmstead.games.livestock_uprising.position.kinds import CARD, CELL, PIECE, SEAT, UNIT
from farmstead.games.livestock_uprising.rules import Battle, CardPlay, Turn


def _acted(reading: Reading, item: ItemReader) -> list[int]:
    acted = [item.at(i).choice(("ready", "done")) for i in range(4)]
    item.list(4)
    return acted


TURN = Object(
    Field("acted", _acted, "acted"),
    Field("started", ListOf(Bool(), 4), "started"),
    Field("double_time", ListOf(Bool(), 4), "double"),
    Field("forced_march", ListOf(Bool(), 4), "forced"),
    Field("piece", Choice(PIECE_SUFFIXES), "piece", optional=NO),
    Field("steps", Int(0, 20), "steps"),
    Field("limit", Int(0, 20), "limit"),
    Field("attacks", Int(0, 2), "attacks"),
    Field("moved", Bool(), "moved"),
    Field("blitzkrieg", Bool(), "blitz"),
    Field("bumper_crop", Choice(PIECE_SUFFIXES), "bumper", optional=NO),
    Field("foraging", ListOf(Bool(), 4), "forage"),
    Field("reinforcements", Choice(lambda r: r.cfg.catalog.resources), "reinforce", optional=NO),
    Field("transfers", Int(0, lambda r: r.cfg.catalog.play.rally_transfers), "transfers"),
    Field("rally", Bool(), "rally"),
    Field("chosen", Int(NO, lambda r: len(r.cfg.catalog.units) - 1), "chosen"),
    Field("unit", UNIT, "unit", null=NO),
    Field("recruits", ListOf(UNIT), "recruits"),
    into=lambda: Turn(0),
)
"""The active seat's turn (LU-R21 … LU-R37)."""


def _a_defender(reading: Reading) -> None:
    if not reading.got["defenders"]:
        reading.fail("a battle has a defender", "defenders")


BATTLE = Object(
    Field("attacker", PIECE, "attacker"),
    Field("defenders", ListOf(PIECE), "defenders"),
    _a_defender,
    Field("origin", CELL, "origin"),
    Field("target", CELL, "target"),
    Field("ambush", Bool(), "ambush"),
    Field("barn", Bool(), "barn"),
    Field("joiners", ListOf(PIECE), "joiners"),
    Field("stage", Int(0, 14), "stage"),
    Field("queue", ListOf(SEAT), "queue"),
    Field("attack_modifier", Int(0), "a_mod"),
    Field("defence_side_modifier", Int(0), "d_mod"),
    Field("defence_modifier", Int(0), "d_def"),
    Field("duel", Bool(), "duel_on"),
    Field(
        "duel_units",
        Tuple(Nullable(UNIT, NO), Nullable(PIECE, NO), Nullable(UNIT, NO)),
        "duel",
    ),
    Field("fortune", ListOf(Bool(), 2), "fortune"),
    Field("pincer", Bool(), "pincer"),
    Field("attack_dice", ListOf(Int(0, 6)), "a_dice"),
    Field("defence_dice", ListOf(Int(0, 6)), "d_dice"),
    Field("rolls", ListOf(Tuple(Int(0, 1), Int(0, 2))), "rolls"),
    Field("keep", ListOf(Int(0, 1)), "keep"),
    Field("outcome", Choice(OUTCOME_NAMES), "outcome", optional=NO),
    Field(
        "owed",
        ListOf(
            Record(
                Field("piece", PIECE, null=NO),
                Field("count", Int(0, 4)),
                make=lambda piece, count: [piece, count],
            )
        ),
        "owed",
    ),
    Field("taken", ListOf(Record(Field("piece", PIECE), Field("unit", UNIT))), "taken"),
    Field(
        "plunder",
        ListOf(
            Record(
                Field("taker", SEAT),
                Field("from", SEAT),
                Field("count", Int(0, 5)),
                Field("raid", Bool()),
                make=lambda *entry: list(entry),
            )
        ),
        "plunder",
    ),
    Field("destroyed", ListOf(PIECE), "destroyed"),
    Field("stepped", Bool(), "stepped"),
    into=Battle,
)
"""The battle being fought (LU §7)."""


def _effect_of_the_card(reading: Reading) -> None:
    reading.target.effect = reading.cfg.catalog.cards[reading.target.card].effect


def _card_among_the_played(reading: Reading) -> None:
    if reading.target.card not in reading.state.played:
        reading.fail("a card being played is among the played cards", "card")


CARD_PLAY = Object(
    Field("seat", SEAT, "seat"),
    Field("card", CARD, "card"),
    _effect_of_the_card,
    Field("stage", Int(0, 2), "stage"),
    Field("data", ListOf(Int(0)), "data"),
    Field("resume", Choice(PHASE_NAMES), "resume"),
    Field("decider", SEAT, "decider"),
    _card_among_the_played,
    into=CardPlay,
)
"""The card being played, its stage and the phase to go back to."""
