"""Livestock Uprising: the records a position keeps while something is in progress: the
active seat's turn (``Turn``), the battle being fought (``Battle``, with its stages ``B_*``) and
the card whose follow-up choices are being made (``CardPlay``). Each copies itself for
``RulesState.clone``."""

from __future__ import annotations

from typing import Any

from farmstead.games.livestock_uprising.layout import NO

READY, DONE = 0, 1  # a piece's action this turn


class Turn:
    """Facts of the active seat's turn (LU-R21 … LU-R37), reset when a turn starts."""

    __slots__ = (
        "acted",  # per slot: READY or DONE
        "started",  # per slot: the piece has started an action this turn (Forced March)
        "double",  # per slot: Double Time used on it
        "forced",  # per slot: Forced March on it
        "piece",  # the slot acting now, or NO
        "steps",  # steps taken in this action
        "limit",  # its step limit
        "attacks",  # attacks it may still make in this action
        "moved",  # it has taken a step that was not an attack
        "blitz",  # Blitzkrieg played
        "bumper",  # Bumper Crop's General slot, or NO
        "forage",  # Foraging Party's General slots
        "reinforce",  # Reinforcements' waived resource, or NO
        "transfers",  # transfers still allowed
        "rally",  # Rally played
        "chosen",  # MARSHAL/TRANSFER follow-ups: the unit type or source slot chosen
        "unit",  # TRANSFER_UNIT: the unit type chosen
        "recruits",  # units marshaled while forming a Super Army (LU-R80 step 1)
    )

    acted: list[int]
    started: list[bool]
    double: list[bool]
    forced: list[bool]
    piece: int
    steps: int
    limit: int
    attacks: int
    moved: bool
    blitz: bool
    bumper: int
    forage: list[bool]
    reinforce: int
    transfers: int
    rally: bool
    chosen: int
    unit: int
    recruits: list[int]

    def __init__(self, transfers: int) -> None:
        self.acted = [READY] * 4
        self.started = [False] * 4
        self.double = [False] * 4
        self.forced = [False] * 4
        self.piece = NO
        self.steps = 0
        self.limit = 0
        self.attacks = 0
        self.moved = False
        self.blitz = False
        self.bumper = NO
        self.forage = [False] * 4
        self.reinforce = NO
        self.transfers = transfers
        self.rally = False
        self.chosen = NO
        self.unit = NO
        self.recruits = []

    def copy(self) -> Turn:
        """An independent copy (its lists copied)."""
        t = Turn.__new__(Turn)
        t.acted = self.acted[:]
        t.started = self.started[:]
        t.double = self.double[:]
        t.forced = self.forced[:]
        t.piece = self.piece
        t.steps = self.steps
        t.limit = self.limit
        t.attacks = self.attacks
        t.moved = self.moved
        t.blitz = self.blitz
        t.bumper = self.bumper
        t.forage = self.forage[:]
        t.reinforce = self.reinforce
        t.transfers = self.transfers
        t.rally = self.rally
        t.chosen = self.chosen
        t.unit = self.unit
        t.recruits = self.recruits[:]
        return t


# Battle stages (LU-R38), in order.
(
    B_JOIN,
    B_PRE,
    B_CHECK,
    B_DICE,
    B_KEEP,
    B_POST,
    B_OUTCOME,
    B_MEDIC,
    B_CASUALTIES,
    B_DESTROY,
    B_POSITIONS,
    B_AFTER_WIN,
    B_PLUNDER,
    B_POST_STEP,
    B_END,
) = range(15)


class Battle:
    """One battle (LU §7): who fights, the cards and modifiers in play, dice and results."""

    __slots__ = (
        "attacker",  # piece id
        "defenders",  # piece ids (a barn group has several, LU-R88)
        "origin",  # the attacker's cell
        "target",  # the defender's cell
        "ambush",  # an Ambush battle (CC14)
        "barn",  # the target is a barn
        "joiners",  # joint attacking Super Armies (piece ids)
        "stage",
        "queue",  # seats still to decide at this stage (join, card windows)
        "a_mod",  # attack strength modifiers (Battle Cry, Siege Engines)
        "d_mod",  # defence-side strength modifiers (Battle Cry)
        "d_def",  # defence modifiers counting for No Defence (Hardened Hide, Fortify, Shield Wall)
        "duel",  # Duel of Champions: (attacker unit, defender piece, defender unit); NO unset
        "duel_on",  # Duel of Champions played
        "fortune",  # per side (0 attack, 1 defence): Fortune of War played
        "pincer",  # Pincer Movement played
        "a_dice",  # the attacking side's dice
        "d_dice",  # the defending side's dice
        "rolls",  # dice still to roll: (side, index)
        "keep",  # sides still to choose a die to set aside (Fortune of War)
        "outcome",  # NO until known, then ATTACKER_WINS, DEFENDER_WINS, TIE or CANCELLED
        "owed",  # casualties owed: [piece id or NO for a barn group, count] pairs
        "taken",  # casualties taken so far, as (piece id, unit type) pairs
        "plunder",  # tokens still to take, in order: [taker seat, from seat, count, raid]
        "destroyed",  # piece ids destroyed in this battle
        "stepped",  # the attacker took Egg Bomber's extra step
    )

    attacker: int
    defenders: list[int]
    origin: int
    target: int
    ambush: bool
    barn: bool
    joiners: list[int]
    stage: int
    queue: list[int]
    a_mod: int
    d_mod: int
    d_def: int
    duel: tuple[int, int, int]
    duel_on: bool
    fortune: list[bool]
    pincer: bool
    a_dice: list[int]
    d_dice: list[int]
    rolls: list[tuple[int, int]]
    keep: list[int]
    outcome: int
    owed: list[list[int]]
    taken: list[tuple[int, int]]
    plunder: list[list[Any]]
    destroyed: list[int]
    stepped: bool

    def copy(self) -> Battle:
        """An independent copy (its lists copied)."""
        b = Battle.__new__(Battle)
        b.attacker = self.attacker
        b.defenders = self.defenders[:]
        b.origin = self.origin
        b.target = self.target
        b.ambush = self.ambush
        b.barn = self.barn
        b.joiners = self.joiners[:]
        b.stage = self.stage
        b.queue = self.queue[:]
        b.a_mod = self.a_mod
        b.d_mod = self.d_mod
        b.d_def = self.d_def
        b.duel = self.duel
        b.duel_on = self.duel_on
        b.fortune = self.fortune[:]
        b.pincer = self.pincer
        b.a_dice = self.a_dice[:]
        b.d_dice = self.d_dice[:]
        b.rolls = self.rolls[:]
        b.keep = self.keep[:]
        b.outcome = self.outcome
        b.owed = [pair[:] for pair in self.owed]
        b.taken = self.taken[:]
        b.plunder = [entry[:] for entry in self.plunder]
        b.destroyed = self.destroyed[:]
        b.stepped = self.stepped
        return b


class CardPlay:
    """A card whose follow-up choices are being made (LU-R100): who plays it, its effect code,
    the stage reached, small data, and the phase to go back to."""

    __slots__ = ("seat", "card", "effect", "stage", "data", "resume", "decider")

    seat: int
    card: int
    effect: str
    stage: int
    data: list[int]
    resume: int
    decider: int

    def copy(self) -> CardPlay:
        """An independent copy (its lists copied)."""
        c = CardPlay.__new__(CardPlay)
        c.seat = self.seat
        c.card = self.card
        c.effect = self.effect
        c.stage = self.stage
        c.data = self.data[:]
        c.resume = self.resume
        c.decider = self.decider
        return c
