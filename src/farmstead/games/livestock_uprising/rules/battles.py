"""Livestock Uprising: battles (LU §7): declaring one (a move's attack or an Ambush), running
its stages in order (LU-R38) until a decision or a die is due, and the decisions asked during
it: joining, card windows, dice to set aside, casualties, retreats, plunder, Egg Bomber's step,
and the Ambush itself (CC14)."""

from __future__ import annotations

from collections.abc import Callable

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.grid import chebyshev
from farmstead.games.livestock_uprising.layout import (
    ATTACKER_WINS,
    CANCELLED,
    JOIN,
    KEEP,
    NO,
    PLUNDER,
    ROLL,
    SUPER_ARMY,
    W_AFTER_WIN,
    W_BATTLE_POST_DICE,
    W_BATTLE_PRE,
    W_CASUALTY,
    WINDOW,
)
from farmstead.games.livestock_uprising.rules.cards import CardRules
from farmstead.games.livestock_uprising.rules.records import (
    B_AFTER_WIN,
    B_CASUALTIES,
    B_CHECK,
    B_DESTROY,
    B_DICE,
    B_END,
    B_JOIN,
    B_KEEP,
    B_MEDIC,
    B_OUTCOME,
    B_PLUNDER,
    B_POSITIONS,
    B_POST,
    B_POST_STEP,
    B_PRE,
    Battle,
)

# The card window open at each stage that has one.
_WINDOW_OF_STAGE = {
    B_PRE: W_BATTLE_PRE,
    B_POST: W_BATTLE_POST_DICE,
    B_MEDIC: W_CASUALTY,
    B_AFTER_WIN: W_AFTER_WIN,
}


class BattleRules(CardRules):
    """A battle from its declaration to its end: ``_battle_advance`` runs the stage steps
    (``_STAGE_STEPS``, one per stage ``B_*``), each of which moves ``stage`` on or waits for a
    decision or a die; the ``_apply_*`` handlers record a decision and go on."""

    __slots__ = ()

    # --- declaring a battle ---------------------------------------------------------------
    def _start_battle(self, attacker: int, target: int, ambush: bool) -> None:
        """LU-R38 step 1: declare; then the joint attacks (step 2)."""
        b = Battle()
        b.attacker = attacker
        owner = self.barn_owner(target)
        present = self.pieces_at(target)
        if owner != NO and all(p // 4 == owner and p % 4 != SUPER_ARMY for p in present):
            b.defenders = present  # the barn's own Generals defend as one piece (LU-R88)
        else:
            b.defenders = [self.cell_piece[target]]
        b.barn = owner != NO
        b.origin = self.piece_cell[attacker]
        b.target = target
        b.ambush = ambush
        b.joiners = []
        b.stage = B_JOIN
        b.queue = []
        b.a_mod = 0
        b.d_mod = 0
        b.d_def = 0
        b.duel = (NO, NO, NO)
        b.duel_on = False
        b.fortune = [False, False]
        b.pincer = False
        b.a_dice = []
        b.d_dice = []
        b.rolls = []
        b.keep = []
        b.outcome = NO
        b.owed = []
        b.taken = []
        b.plunder = []
        b.destroyed = []
        b.stepped = False
        d_seat = b.defenders[0] // 4
        for pid in b.defenders:
            if self.fortified[pid]:
                b.d_def += self.cfg.catalog.play.fortify
        if any(pid % 4 == SUPER_ARMY for pid in b.defenders) and self.shield[d_seat]:
            b.d_def += self.cfg.catalog.play.shield_wall
        self.battle = b
        if attacker % 4 == SUPER_ARMY and not ambush:
            n = self.cfg.num_players
            a_seat = attacker // 4
            for i in range(1, n):
                seat = (a_seat + i) % n
                sa = 4 * seat + SUPER_ARMY
                at = self.piece_cell[sa]
                if (
                    seat != d_seat
                    and self.alive[seat]
                    and at != NO
                    and chebyshev(at, target, self.cfg.side) == 1
                    and self.can_attack(sa)
                    and self.turns_lost[seat] == 0
                ):
                    b.queue.append(seat)
        self._battle_advance()

    def _window_queue(self, b: Battle, losers_only: bool = False) -> list[int]:
        """Seats asked at a card window, in order (LU-R38 step 3): the attacker's owner, the
        joint attackers' owners, the defender's owner; only seats holding a hidden card."""
        seats = [b.attacker // 4, *(p // 4 for p in b.joiners), b.defenders[0] // 4]
        if losers_only:
            losing = {p // 4 for p, n in b.owed if p != NO} | (
                {b.defenders[0] // 4} if any(p == NO for p, _ in b.owed) else set()
            )
            seats = [s for s in seats if s in losing]
        out: list[int] = []
        for seat in seats:
            if seat not in out and self._has_cards(seat):
                out.append(seat)
        return out

    # --- the stages (LU-R38) --------------------------------------------------------------
    def _battle_advance(self) -> None:
        """Run the battle's automatic steps until a decision or a die is due, or the battle
        is over."""
        b = self.current_battle
        steps = _STAGE_STEPS
        while not steps[b.stage](self, b):
            pass

    def _stage_join(self, b: Battle) -> bool:
        """Joint attacks (step 2): the queued Super Armies' owners decide in turn; then the
        pre-battle card window."""
        if b.queue:
            self.phase = JOIN
            self.decider = b.queue[0]
            return True
        b.stage = B_PRE
        b.queue = self._window_queue(b)
        return False

    def _stage_pre(self, b: Battle) -> bool:
        """The pre-battle card window, closed once the battle is cancelled."""
        if b.queue and b.outcome != CANCELLED:
            self.phase = WINDOW
            self.decider = b.queue[0]
            return True
        b.stage = B_CHECK
        return False

    def _stage_check(self, b: Battle) -> bool:
        """A cancelled battle ends; a defender without defence loses without dice (LU-R45);
        otherwise the dice to roll are set out."""
        if b.outcome == CANCELLED:
            b.stage = B_END
            return False
        b.stage = B_DICE
        if self._no_defence(b):  # LU-R45: no dice
            b.outcome = ATTACKER_WINS
            b.stage = B_OUTCOME
            return False
        b.rolls = [(0, i) for i in range(self._dice_count(b, 0))]
        b.rolls += [(1, i) for i in range(self._dice_count(b, 1))]
        b.a_dice = [0] * self._dice_count(b, 0)
        b.d_dice = [0] * self._dice_count(b, 1)
        return False

    def _stage_dice(self, b: Battle) -> bool:
        """The dice are rolled one by one (chance); then Fortune of War's dice to set aside."""
        if b.rolls:
            self.phase = ROLL
            self.decider = NO
            return True
        b.keep = [side for side in (0, 1) if b.fortune[side]]
        b.stage = B_KEEP
        return False

    def _stage_keep(self, b: Battle) -> bool:
        """Each side with Fortune of War sets a die aside; then the post-dice card window."""
        if b.keep:
            side = b.keep[0]
            self.phase = KEEP
            self.decider = (b.attacker if side == 0 else b.defenders[0]) // 4
            return True
        b.stage = B_POST
        b.queue = self._window_queue(b)
        return False

    def _stage_post(self, b: Battle) -> bool:
        """The post-dice card window."""
        if b.queue:
            self.phase = WINDOW
            self.decider = b.queue[0]
            return True
        b.stage = B_OUTCOME
        return False

    def _stage_outcome(self, b: Battle) -> bool:
        """The outcome (unless already known) and the casualties owed; then the casualty card
        window for the losers."""
        if b.outcome == NO:
            b.outcome = self._outcome(b)
        self._owe_casualties(b)
        b.stage = B_MEDIC
        b.queue = self._window_queue(b, losers_only=True) if b.owed else []
        return False

    def _stage_medic(self, b: Battle) -> bool:
        """The casualty card window."""
        if b.queue:
            self.phase = WINDOW
            self.decider = b.queue[0]
            return True
        b.stage = B_CASUALTIES
        return False

    def _stage_casualties(self, b: Battle) -> bool:
        """Casualties are taken, waiting where a loser must choose."""
        if self._next_casualty(b):
            return True
        b.stage = B_DESTROY
        return False

    def _stage_destroy(self, b: Battle) -> bool:
        """Pieces left without units are destroyed; then retreat and advance, waiting where
        the defender must choose a retreat."""
        self._destroy(b)
        b.stage = B_POSITIONS
        return self._positions(b)

    def _stage_positions(self, b: Battle) -> bool:
        """After positions: a winning attacker's owner holding a card is asked at the
        after-win window."""
        b.stage = B_AFTER_WIN
        b.queue = (
            [b.attacker // 4]
            if b.outcome == ATTACKER_WINS and self._has_cards(b.attacker // 4)
            else []
        )
        return False

    def _stage_after_win(self, b: Battle) -> bool:
        """The after-win card window; then War Boar's plunder joins the queue."""
        if b.queue:
            self.phase = WINDOW
            self.decider = b.queue[0]
            return True
        b.stage = B_PLUNDER
        self._queue_war_boar(b)  # after any Supply Raid (LU-R60)
        return False

    def _stage_plunder(self, b: Battle) -> bool:
        """Tokens are taken while a taker has some left to take from a seat holding any; then
        Egg Bomber's step, if it has one."""
        while b.plunder:
            taker, victim, count, _raid = b.plunder[0]
            if count > 0 and sum(self.tokens[5 * victim : 5 * victim + 5]) > 0:
                break
            b.plunder.pop(0)
        if b.plunder:
            self.phase = PLUNDER
            self.decider = b.plunder[0][0]
            return True
        b.stage = B_POST_STEP
        return self._egg_bomber(b)

    def _stage_post_step(self, b: Battle) -> bool:
        """After Egg Bomber's step (or none): the end."""
        b.stage = B_END
        return False

    def _stage_end(self, b: Battle) -> bool:
        """The battle is over."""
        self._end_battle(b)
        return True

    # --- the decisions during a battle ----------------------------------------------------
    def _apply_roll(self, face: int) -> None:
        """A die rolled (a chance outcome): its face recorded; after a Second Wind reroll,
        back to the post-dice window."""
        b = self.current_battle
        side, index = b.rolls.pop(0)
        (b.a_dice if side == 0 else b.d_dice)[index] = face
        if b.stage == B_DICE:
            self._battle_advance()
        else:  # a Second Wind reroll: back to the post-dice window
            self.phase = WINDOW
            self.decider = b.queue[0]
            self._legal_cache = None

    def _join_options(self) -> list[int]:
        """JOIN: pass or join."""
        base = self.cfg.layout.base
        return [base[act.PASS], base[act.JOIN]]

    def _apply_join(self, kind: int, arg: int) -> None:
        """JOIN: the decider's Super Army joins the attack (JOIN) or not (PASS)."""
        b = self.current_battle
        seat = b.queue.pop(0)
        if kind == act.JOIN:
            b.joiners.append(4 * seat + SUPER_ARMY)
            self.turns_lost[seat] += 1  # LU-R93: the debt is recorded on joining
        self._battle_advance()

    def _window_options(self) -> list[int]:
        """WINDOW: the cards the decider may play at the stage's window, or pass."""
        battle = self.current_battle
        window = _WINDOW_OF_STAGE[battle.stage]
        return self._card_options(self.decider, (window,)) + [self.cfg.layout.base[act.PASS]]

    def _apply_window(self, kind: int, arg: int) -> None:
        """WINDOW: the decider passes (a card played there is applied by ``_play_card``)."""
        b = self.current_battle
        b.queue.pop(0)
        self._battle_advance()

    def _keep_options(self) -> list[int]:
        """KEEP: the die to set aside, of three."""
        base = self.cfg.layout.base
        return [base[act.DIE] + i for i in range(3)]

    def _apply_keep(self, kind: int, arg: int) -> None:
        """Fortune of War: the die ``arg`` set aside; the other two are kept (BP8)."""
        b = self.current_battle
        side = b.keep.pop(0)
        dice = b.a_dice if side == 0 else b.d_dice
        dice.pop(arg)
        self._battle_advance()

    def _apply_casualty(self, kind: int, arg: int) -> None:
        """CASUALTY: the unit lost (a barn group: a member's unit, MEMBER)."""
        b = self.current_battle
        pid = b.owed[0][0]
        if kind == act.MEMBER:
            g, unit = divmod(arg, self.cfg.layout.units)
            pid = 4 * (b.defenders[0] // 4) + g
        else:
            unit = arg
        self._lose_unit(pid, unit)
        b.taken.append((pid, unit))
        b.owed[0][1] -= 1
        self._battle_advance()

    def _retreat_options(self) -> list[int]:
        """RETREAT: the directions the defender may retreat in (LU-R49)."""
        battle = self.current_battle
        base = self.cfg.layout.base
        return [base[act.RETREAT] + d for d in self.retreat_dirs(battle.defenders[0], battle)]

    def _apply_retreat(self, kind: int, arg: int) -> None:
        """RETREAT: the defender retreats in direction ``arg``; the battle goes on after
        positions."""
        battle = self.current_battle
        self._retreat(battle.defenders[0], self.cfg.neighbours[battle.target][arg])
        battle.stage = B_POSITIONS
        self._battle_advance()

    def _plunder_options(self) -> list[int]:
        """PLUNDER: the resources the victim holds; Supply Raid may also stop (LU CC10)."""
        battle = self.current_battle
        base = self.cfg.layout.base
        victim = battle.plunder[0][1]
        opts = [base[act.RESOURCE] + r for r in range(5) if self.tokens[5 * victim + r] > 0]
        if battle.plunder[0][3]:  # Supply Raid: "up to" (LU CC10)
            opts.append(base[act.PASS])
        return opts

    def _apply_plunder(self, kind: int, arg: int) -> None:
        """A token taken (Supply Raid: up to 2, PASS stops; War Boar: 1), LU-R60."""
        b = self.current_battle
        entry = b.plunder[0]
        taker, victim = entry[0], entry[1]
        if kind == act.PASS:
            b.plunder.pop(0)
        else:
            self.tokens[5 * victim + arg] -= 1
            self.tokens[5 * taker + arg] += 1
            entry[2] -= 1
        self._battle_advance()

    def _post_step_options(self) -> list[int]:
        """POST_STEP: Egg Bomber's step to a cell it may stand on, not an attack, or stop."""
        battle = self.current_battle
        base = self.cfg.layout.base
        pid = battle.attacker
        steps = [
            base[act.STEP] + d
            for d in range(8)
            if (n := self.cfg.neighbours[self.piece_cell[pid]][d]) != NO
            and not self._enemy_at(pid, n)
            and self.stoppable(pid, n)
        ]
        return steps + [base[act.STOP]]

    def _apply_post_step(self, kind: int, arg: int) -> None:
        """POST_STEP: Egg Bomber steps in direction ``arg`` (STEP) or stays (STOP)."""
        b = self.current_battle
        if kind == act.STEP:
            pid = b.attacker
            self._move_piece(pid, self.cfg.neighbours[self.piece_cell[pid]][arg])
            b.stepped = True
        b.stage = B_POST_STEP
        self._battle_advance()

    # --- Ambush (CC14) --------------------------------------------------------------------
    def _ambush_options(self) -> list[int]:
        """AMBUSH: pass, or (holding an Ambush card) the piece that attacks."""
        seat = self.decider
        base = self.cfg.layout.base
        opts = [base[act.PASS]]
        cat = self.cfg.catalog
        if any(cat.cards[card].effect == "AMBUSH" for card in self.hands[seat]):
            opts += [base[act.PIECE] + pid % 4 for pid in self._ambushers(seat, self.ambush_target)]
        return sorted(opts)

    def _apply_ambush(self, kind: int, arg: int) -> None:
        """AMBUSH: the decider passes (the next seat is asked), or plays its Ambush card and
        the piece ``arg`` attacks the piece that ended its move."""
        seat = self.decider
        if kind == act.PASS:
            self.ambush.pop(0)
            if self.ambush:
                self.decider = self.ambush[0]
            else:
                self.ambush_target = NO
                self._back_to_action()
            return
        cat = self.cfg.catalog
        card = next(c for c in self.hands[seat] if cat.cards[c].effect == "AMBUSH")
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands[seat] = tuple(hand)
        self.played.append(card)
        self._forget(seat, card)
        target = self.ambush_target
        self.ambush = []
        self.ambush_target = NO
        self._start_battle(4 * seat + arg, self.piece_cell[target], ambush=True)


# The step of each stage, indexed by the stage (``B_JOIN`` … ``B_END``).
_STAGE_STEPS: tuple[Callable[[BattleRules, Battle], bool], ...] = (
    BattleRules._stage_join,
    BattleRules._stage_pre,
    BattleRules._stage_check,
    BattleRules._stage_dice,
    BattleRules._stage_keep,
    BattleRules._stage_post,
    BattleRules._stage_outcome,
    BattleRules._stage_medic,
    BattleRules._stage_casualties,
    BattleRules._stage_destroy,
    BattleRules._stage_positions,
    BattleRules._stage_after_win,
    BattleRules._stage_plunder,
    BattleRules._stage_post_step,
    BattleRules._stage_end,
)
