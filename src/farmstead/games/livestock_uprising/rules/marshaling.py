"""Livestock Uprising: the decisions after the actions: harvest cards (LU §8), marshaling (LU
§9), transfers (LU §10), and the recruits of a Super Army being formed (LU-R80 step 1)."""

from __future__ import annotations

from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising.layout import (
    MARSHAL_TARGET,
    NO,
    TRANSFER_TARGET,
    TRANSFER_UNIT,
    W_OWN_ANY,
    W_OWN_HARVEST,
    W_OWN_MARSHAL,
    W_OWN_TRANSFER,
)
from farmstead.games.livestock_uprising.rules.cards import CardRules


class MarshalingRules(CardRules):
    """The options and the handlers of the phases FORMING, HARVEST, MARSHAL, MARSHAL_TARGET,
    TRANSFER, TRANSFER_UNIT and TRANSFER_TARGET."""

    __slots__ = ()

    # --- forming a Super Army: its recruits -----------------------------------------------
    def _forming_options(self) -> list[int]:
        """FORMING: a unit to marshal straight into the army, a card of the phase, or END
        (the army forms)."""
        seat = self.decider
        base = self.cfg.layout.base
        opts = [base[act.MARSHAL] + u for u in self._marshal_options(seat, forming=True)]
        opts += self._card_options(seat, (W_OWN_MARSHAL, W_OWN_ANY))
        return opts + [base[act.END]]

    def _apply_forming(self, kind: int, arg: int) -> None:
        """FORMING: the army forms (END), or the unit ``arg`` is paid for and recruited."""
        seat = self.decider
        if kind == act.END:
            self._complete_forming()
            return
        self._pay(seat, self.marshal_cost(seat, arg))
        self._take_unit(arg)
        self.current_turn.recruits.append(arg)  # straight into the army (LU-R80 step 1)
        self._use_reinforcements()
        self._settle_forming()

    # --- harvest (LU §8) ------------------------------------------------------------------
    def _harvest_options(self) -> list[int]:
        """HARVEST: a harvest card, or END (the harvest resolves)."""
        base = self.cfg.layout.base
        return self._card_options(self.decider, (W_OWN_HARVEST, W_OWN_ANY)) + [base[act.END]]

    def _apply_harvest(self, kind: int, arg: int) -> None:
        """HARVEST: END: the harvest resolves; on to the Marshal Phase."""
        self._resolve_harvest()
        self._enter_marshal()

    # --- marshal (LU §9) ------------------------------------------------------------------
    def _marshal_phase_options(self) -> list[int]:
        """MARSHAL: a unit type to marshal, a card of the phase, or END."""
        seat = self.decider
        base = self.cfg.layout.base
        opts = [base[act.MARSHAL] + u for u in self._marshal_options(seat, forming=False)]
        opts += self._card_options(seat, (W_OWN_MARSHAL, W_OWN_ANY))
        return sorted(opts + [base[act.END]])

    def _apply_marshal(self, kind: int, arg: int) -> None:
        """MARSHAL: on to the transfers (END), or the unit type ``arg`` is marshaled: into the
        one piece that can take it, or the piece is asked next (MARSHAL_TARGET)."""
        seat = self.decider
        if kind == act.END:
            self._end_marshal()
            return
        receivers = self._receivers(seat)
        if len(receivers) == 1:
            self._marshal_into(seat, arg, receivers[0])
        else:
            self.current_turn.chosen = arg
            self.phase = MARSHAL_TARGET

    def _marshal_target_options(self) -> list[int]:
        """MARSHAL_TARGET: the pieces that can take one more unit."""
        base = self.cfg.layout.base
        return [base[act.PIECE] + pid % 4 for pid in self._receivers(self.decider)]

    def _apply_marshal_target(self, kind: int, arg: int) -> None:
        """MARSHAL_TARGET: the chosen unit type is marshaled under the piece of slot ``arg``."""
        seat = self.decider
        self._marshal_into(seat, self.current_turn.chosen, 4 * seat + arg)

    def _end_marshal(self) -> None:
        """The Marshal Phase ends (an unused Reinforcements waiver lapses, LU CC06)."""
        self.current_turn.reinforce = NO
        self._enter_transfer()

    def _marshal_into(self, seat: int, unit: int, pid: int) -> None:
        """LU-R67, LU-R70: pay, take the unit, put it under ``pid``."""
        self._pay(seat, self.marshal_cost(seat, unit))
        self._take_unit(unit)
        self._add_unit(pid, unit)
        self._use_reinforcements()
        self.current_turn.chosen = NO
        self._enter_marshal()

    def _use_reinforcements(self) -> None:
        """Reinforcements' waiver is used by the unit just paid for (LU CC06)."""
        if self.turn is not None:
            self.turn.reinforce = NO

    # --- transfer (LU §10) ----------------------------------------------------------------
    def _transfer_options(self) -> list[int]:
        """TRANSFER: a General to transfer a unit from (while transfers are left), a card of
        the phase, or END (the turn ends)."""
        seat = self.decider
        base = self.cfg.layout.base
        turn = self.current_turn
        opts = []
        if turn.transfers > 0:
            opts = [base[act.PIECE] + pid % 4 for pid in self._transfer_sources(seat)]
        opts += self._card_options(seat, (W_OWN_TRANSFER, W_OWN_ANY))
        return sorted(opts + [base[act.END]])

    def _apply_transfer(self, kind: int, arg: int) -> None:
        """TRANSFER: the turn ends (END), or the General of slot ``arg`` gives a unit."""
        if kind == act.END:
            self._end_turn()
            return
        self.current_turn.chosen = arg
        self.phase = TRANSFER_UNIT

    def _transfer_unit_options(self) -> list[int]:
        """TRANSFER_UNIT: the unit types the giving General holds."""
        base = self.cfg.layout.base
        turn = self.current_turn
        kinds = sorted(set(self.units[4 * self.decider + turn.chosen]))
        return [base[act.UNIT] + u for u in kinds]

    def _apply_transfer_unit(self, kind: int, arg: int) -> None:
        """TRANSFER_UNIT: the unit type ``arg`` is the one to give."""
        self.current_turn.unit = arg
        self.phase = TRANSFER_TARGET

    def _transfer_target_options(self) -> list[int]:
        """TRANSFER_TARGET: the Generals within reach of the giver that can take a unit
        (LU-R73)."""
        seat = self.decider
        base = self.cfg.layout.base
        turn = self.current_turn
        src = 4 * seat + turn.chosen
        return [
            base[act.PIECE] + b % 4
            for b in self.generals_on_board(seat)
            if b != src and len(self.units[b]) < 5 and self.transfer_reach(src, b)
        ]

    def _apply_transfer_target(self, kind: int, arg: int) -> None:
        """TRANSFER_TARGET: the unit moves to the General of slot ``arg``; one transfer
        fewer is left."""
        seat = self.decider
        turn = self.current_turn
        src = 4 * seat + turn.chosen
        self._remove_unit(src, turn.unit)
        self._add_unit(4 * seat + arg, turn.unit)
        turn.transfers -= 1
        turn.chosen = turn.unit = NO
        self._enter_transfer()
