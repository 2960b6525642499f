"""Livestock Uprising: playing a card (LU-R75): its immediate effect, or its follow-up choices
(LU-R100) one decision at a time, and the way back to the decision it was played at."""

from __future__ import annotations

from collections.abc import Callable

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    ACTION,
    CANCELLED,
    CARD_TARGET,
    FORMING,
    HARVEST,
    MARSHAL,
    NO,
    ROLL,
    SUPER_ARMY,
    TRANSFER,
    WINDOW,
)
from farmstead.games.livestock_uprising.rules.battles import BattleRules
from farmstead.games.livestock_uprising.rules.records import DONE, READY, CardPlay


class CardEffectRules(BattleRules):
    """A card played: ``_play_card`` applies an immediate effect, or starts the card's
    choices (``card``, phase CARD_TARGET), which ``_apply_card_target`` takes one by one."""

    __slots__ = ()

    def _play_card(self, seat: int, card: int) -> None:
        """A card leaves the hand, face up (LU-R75), and takes effect."""
        cat = self.cfg.catalog
        if card < cat.command_cards:
            hand = list(self.hands[seat])
            hand.remove(card)
            self.hands[seat] = tuple(hand)
        else:
            self.plans[seat] = NO
        self.played.append(card)
        self._forget(seat, card)
        effect = cat.cards[card].effect
        play = cat.play
        resume = self.phase
        if effect == "BATTLE_CRY":
            battle = self.current_battle
            if battle.defenders[0] // 4 == seat:
                battle.d_mod += play.battle_cry
            else:
                battle.a_mod += play.battle_cry
        elif effect == "HARDENED_HIDE":
            battle = self.current_battle
            battle.d_def += play.hardened_hide
        elif effect == "SIEGE_ENGINES":
            battle = self.current_battle
            battle.a_mod += play.siege_engines
        elif effect == "PINCER":
            battle = self.current_battle
            battle.pincer = True
            for pid in battle.joiners:
                self.turns_lost[pid // 4] -= 1
        elif effect == "FORTUNE_OF_WAR":
            battle = self.current_battle
            battle.fortune[0 if battle.attacker // 4 == seat else 1] = True
        elif effect == "FIELD_MEDIC":
            battle = self.current_battle
            for pair in battle.owed:
                if pair[1] > 0 and self._owner_of(battle, pair[0]) == seat:
                    pair[1] -= 1
                    break
        elif effect == "SUPPLY_RAID":
            battle = self.current_battle
            victim = battle.defenders[0] // 4
            battle.plunder.append([seat, victim, play.supply_raid_tokens, True])
        elif effect == "LAST_STAND":
            battle = self.current_battle
            for pair in battle.owed:
                if pair[0] == 4 * seat + SUPER_ARMY:
                    pair[1] = 0
        elif effect == "SHIELD_WALL":
            self.shield[seat] = True
        elif effect == "BLITZKRIEG":
            turn = self.current_turn
            turn.blitz = True
        elif effect == "RALLY":
            turn = self.current_turn
            used = play.transfers - turn.transfers
            turn.rally = True
            turn.transfers = max(0, play.rally_transfers - used)
        else:
            self._begin_card_choices(seat, card, effect, resume)
            return
        self._after_card(resume)

    def _after_card(self, resume: int) -> None:
        """Back to the decision the card was played at (any number may be played, LU-R75)."""
        self.card = None
        self.phase = resume
        if resume == WINDOW:
            battle = self.current_battle
            self.decider = battle.queue[0]
            if battle.outcome == CANCELLED:
                self._battle_advance()
            return
        self.decider = self.active
        if resume == ACTION:
            self._back_to_action()
        elif resume == HARVEST:
            if not self._has_cards(self.active):
                self._resolve_harvest()
                self._enter_marshal()
        elif resume == MARSHAL:
            self._enter_marshal()
        elif resume == FORMING:
            self._settle_forming()
        elif resume == TRANSFER:
            self._enter_transfer()

    def _begin_card_choices(self, seat: int, card: int, effect: str, resume: int) -> None:
        """The card's follow-up choices begin (LU-R100): phase CARD_TARGET, back to ``resume``
        once they are made. For a Duel of Champions the joint attackers leave the battle first
        and the attacker's owner chooses first."""
        c = CardPlay()
        c.seat = seat
        c.card = card
        c.effect = effect
        c.stage = 0
        c.data = [0] if effect == "TRADE_CARAVAN" else []
        c.resume = resume
        c.decider = seat
        self.card = c
        self.phase = CARD_TARGET
        self.decider = seat
        if effect == "DUEL":
            battle = self.current_battle
            battle.duel_on = True
            battle.duel = (NO, NO, NO)
            for pid in battle.joiners:
                if not battle.pincer:
                    self.turns_lost[pid // 4] -= 1
            battle.joiners = []
            c.decider = self.decider = battle.attacker // 4
        self._settle_card_choice()

    def _card_target_options(self) -> list[int]:
        """CARD_TARGET: the choices the card in play offers at its stage."""
        c = self.current_card
        base = self.cfg.layout.base
        seat = c.seat
        effect = c.effect
        if effect in ("FORCED_MARCH", "FORTIFY", "DOUBLE_TIME", "BUMPER_CROP", "FORAGING_PARTY"):
            return [base[act.PIECE] + slot for slot in self._card_pieces(seat, effect)]
        if effect == "AIRLIFT":
            if c.stage == 0:
                return [base[act.PIECE] + slot for slot in self._card_pieces(seat, effect)]
            return [base[act.CELL] + cell for cell in self._airlift_cells(4 * seat + c.data[0])]
        if effect == "SCORCHED_EARTH":
            return [base[act.CELL] + cell for cell in self._scorch_cells(seat)]
        if effect == "ESPIONAGE":
            if c.stage == 0:
                return [base[act.SEAT] + o for o in self._spy_targets(seat)]
            victim = c.data[0]
            return sorted({base[act.PLAY] + card for card in self.hands[victim]})
        if effect == "REINFORCEMENTS":
            return [base[act.RESOURCE] + r for r in range(5)]
        if effect == "TRADE_CARAVAN":
            # data: [exchanges done, tokens given in this exchange...]
            play = self.cfg.catalog.play
            held = [r for r in range(5) if self.tokens[5 * seat + r] > 0]
            if c.stage == 0:  # give tokens, one at a time
                return [base[act.RESOURCE] + r for r in held]
            if c.stage == 1:  # take one
                return [base[act.RESOURCE] + r for r in range(5) if self.supply[r] > 0]
            # stage 2: another exchange (its first token), or stop
            opts = [base[act.END]]
            if sum(self.tokens[5 * seat : 5 * seat + 5]) >= play.trade_caravan_give:
                opts += [base[act.RESOURCE] + r for r in held]
            return sorted(opts)
        if effect == "CONSCRIPTION":
            sa = 4 * seat + SUPER_ARMY
            opts = []
            if len(self.units[sa]) < self.cfg.catalog.play.super_army_units:
                opts = [
                    base[act.MARSHAL] + t for t in range(self.cfg.troop_types) if self.troops[t]
                ]
            return opts + [base[act.END]]
        if effect == "RETREAT":
            battle = self.current_battle
            return [base[act.RETREAT] + d for d in self.retreat_dirs(battle.defenders[0], battle)]
        if effect == "SECOND_WIND":
            battle = self.current_battle
            dice = battle.a_dice if c.data[0] == 0 else battle.d_dice
            return [base[act.DIE] + i for i in range(len(dice))]
        if effect == "DUEL":
            battle = self.current_battle
            if c.stage == 0:
                return [base[act.UNIT] + u for u in sorted(set(self.units[battle.attacker]))]
            if len(battle.defenders) == 1:
                return [base[act.UNIT] + u for u in sorted(set(self.units[battle.defenders[0]]))]
            return sorted(
                {self.cfg.layout.member(d % 4, u) for d in battle.defenders for u in self.units[d]}
            )
        raise AssertionError(f"card effect {effect} has no choices")

    def _settle_card_choice(self) -> None:
        """Skip a follow-up with exactly one option that reveals nothing (a die of one, a
        retreat cell of one), or one with none (a duellist without units)."""
        c = self.current_card
        if c.effect == "SECOND_WIND" and c.stage == 0:
            battle = self.current_battle
            c.data = [0 if battle.attacker // 4 == c.seat else 1]
        opts = self._card_target_options()
        if c.effect == "DUEL" and not opts:
            self._apply_card_target(act.UNIT, NO)
        elif c.effect in ("RETREAT", "SECOND_WIND") and len(opts) == 1:
            kind, arg = self.cfg.layout.decode(opts[0])
            self._apply_card_target(kind, arg)

    def _apply_card_target(self, kind: int, arg: int) -> None:
        """CARD_TARGET: the card in play takes the choice (``kind``, ``arg``); its effect's
        step (``_CARD_TARGET_STEPS``) asks the card's next choice or goes back to where the card
        was played."""
        c = self.current_card
        _CARD_TARGET_STEPS[c.effect](self, c, kind, arg)

    def _target_turn_effect(self, c: CardPlay, kind: int, arg: int) -> None:
        """Forced March, Fortify, Double Time, Bumper Crop, Foraging Party: the piece of slot
        ``arg`` gets the effect this turn; Reinforcements: ``arg`` is the resource waived."""
        turn = self.current_turn
        effect = c.effect
        if effect == "FORCED_MARCH":
            turn.forced[arg] = True
        elif effect == "FORTIFY":
            turn.acted[arg] = DONE
            self.fortified[4 * c.seat + arg] = True
        elif effect == "DOUBLE_TIME":
            turn.acted[arg] = READY
            turn.double[arg] = True
        elif effect == "BUMPER_CROP":
            turn.bumper = arg
        elif effect == "FORAGING_PARTY":
            turn.forage[arg] = True
        else:  # REINFORCEMENTS
            turn.reinforce = arg
        self._after_card(c.resume)

    def _target_airlift(self, c: CardPlay, kind: int, arg: int) -> None:
        """Airlift: first the General (slot ``arg``), then its cell ``arg``; the flight counts
        as ending a move (CC16)."""
        if c.stage == 0:
            c.data = [arg]
            c.stage = 1
            return
        turn = self.current_turn
        seat = c.seat
        pid = 4 * seat + c.data[0]
        self._move_piece(pid, arg)
        turn.acted[c.data[0]] = DONE
        self.card = None
        self.phase = ACTION
        self.decider = seat
        self._offer_ambush(pid)  # it counts as ending a move (CC16)

    def _target_scorched_earth(self, c: CardPlay, kind: int, arg: int) -> None:
        """Scorched Earth: the cell ``arg`` is scorched until the player's next turn."""
        self.scorched[arg] = c.seat
        self._after_card(c.resume)

    def _target_espionage(self, c: CardPlay, kind: int, arg: int) -> None:
        """Espionage: first the seat ``arg`` whose hidden cards the player sees; then the
        Command card ``arg`` of that seat's hand that leaves the game (the card ends after the
        look when that hand is empty)."""
        seat = c.seat
        if c.stage == 0:
            victim = arg
            n = self.cfg.num_players
            self.known[seat * n + victim] = tuple(self.holds(victim))
            c.data = [victim]
            c.stage = 1
            if not self.hands[victim]:
                self._after_card(c.resume)
            return
        victim = c.data[0]
        hand = list(self.hands[victim])
        hand.remove(arg)
        self.hands[victim] = tuple(hand)
        self.gone.append((arg, victim, seat))
        self._forget(victim, arg)
        self._after_card(c.resume)

    def _target_trade_caravan(self, c: CardPlay, kind: int, arg: int) -> None:
        """Trade Caravan: tokens given one at a time, then one taken, per exchange; another
        exchange or END after each (``data``: exchanges done, then the tokens given in this
        exchange)."""
        seat = c.seat
        play = self.cfg.catalog.play
        if kind == act.END:
            self._after_card(c.resume)
            return
        if c.stage == 2:
            c.data = [c.data[0]]
            c.stage = 0
        if c.stage == 0:
            self.tokens[5 * seat + arg] -= 1
            self.supply[arg] += 1
            c.data.append(arg)
            if len(c.data) - 1 == play.trade_caravan_give:
                c.stage = 1
            return
        self.supply[arg] -= 1
        self.tokens[5 * seat + arg] += 1
        c.data = [c.data[0] + 1]
        if c.data[0] >= play.trade_caravan_times:
            self._after_card(c.resume)
            return
        c.stage = 2

    def _target_conscription(self, c: CardPlay, kind: int, arg: int) -> None:
        """Conscription: troops of type ``arg`` join the Super Army from the supply, until
        END, the card's limit, or no troop can join."""
        sa = 4 * c.seat + SUPER_ARMY
        if kind == act.END:
            self._after_card(c.resume)
            return
        self.troops[arg] -= 1
        self._add_unit(sa, arg)
        c.data.append(arg)
        play = self.cfg.catalog.play
        if len(c.data) >= play.conscription_troops or not self._card_target_options()[:-1]:
            self._after_card(c.resume)

    def _target_retreat(self, c: CardPlay, kind: int, arg: int) -> None:
        """Retreat: the defender leaves in direction ``arg``; the battle is cancelled."""
        battle = self.current_battle
        defender = battle.defenders[0]
        self._move_piece(defender, self.cfg.neighbours[battle.target][arg])
        battle.outcome = CANCELLED
        self._after_card(c.resume)

    def _target_second_wind(self, c: CardPlay, kind: int, arg: int) -> None:
        """Second Wind: the die ``arg`` of the player's side is rolled again (chance)."""
        battle = self.current_battle
        battle.rolls = [(c.data[0], arg)]
        self.card = None
        self.phase = ROLL
        self.decider = NO

    def _target_duel(self, c: CardPlay, kind: int, arg: int) -> None:
        """Duel of Champions: the attacker's owner picks its champion's unit type, then the
        defender's owner its own (a barn group: a member's unit, MEMBER; NO: none left)."""
        battle = self.current_battle
        a_unit, d_piece, d_unit = battle.duel
        if c.stage == 0:
            battle.duel = (arg, NO, NO)
            c.stage = 1
            c.decider = self.decider = battle.defenders[0] // 4
            self._settle_card_choice()
            return
        if kind == act.MEMBER:
            g, u = divmod(arg, self.cfg.layout.units)
            battle.duel = (a_unit, 4 * (battle.defenders[0] // 4) + g, u)
        elif arg == NO:
            battle.duel = (a_unit, battle.defenders[0], NO)
        else:
            battle.duel = (a_unit, battle.defenders[0], arg)
        self.decider = c.seat
        self._after_card(c.resume)


# The step of each card effect with follow-up choices, by effect code.
_CARD_TARGET_STEPS: dict[str, Callable[[CardEffectRules, CardPlay, int, int], None]] = {
    "FORCED_MARCH": CardEffectRules._target_turn_effect,
    "FORTIFY": CardEffectRules._target_turn_effect,
    "DOUBLE_TIME": CardEffectRules._target_turn_effect,
    "BUMPER_CROP": CardEffectRules._target_turn_effect,
    "FORAGING_PARTY": CardEffectRules._target_turn_effect,
    "REINFORCEMENTS": CardEffectRules._target_turn_effect,
    "AIRLIFT": CardEffectRules._target_airlift,
    "SCORCHED_EARTH": CardEffectRules._target_scorched_earth,
    "ESPIONAGE": CardEffectRules._target_espionage,
    "TRADE_CARAVAN": CardEffectRules._target_trade_caravan,
    "CONSCRIPTION": CardEffectRules._target_conscription,
    "RETREAT": CardEffectRules._target_retreat,
    "SECOND_WIND": CardEffectRules._target_second_wind,
    "DUEL": CardEffectRules._target_duel,
}
