"""A Fences turn: who moves, the legal actions and chance outcomes of each phase, the deals
of the setup (FE-R27 … FE-R33), placing, scoring and building (FE-R34), the stuck procedure
(FE-R37) and the end (FE-R58, FE-R60)."""

from __future__ import annotations

from farmstead.core.game import PlayerId, TurnMark
from farmstead.games.fences import actions as act
from farmstead.games.fences.layout import (
    ANIMALS,
    BUILD,
    CHANCE_PHASES,
    CHOOSE_FIRST,
    DEAL_FARMERS,
    DEAL_TILES,
    DISCARD_TILE,
    DRAW,
    DRAW_PHASES,
    NO,
    OVER,
    PHASE_NAMES,
    SELECT_CELL,
    SELECT_ROT,
    SELECT_TILE,
    SETUP_PHASES,
    STUCK_DRAW,
)
from farmstead.games.fences.rules.board import FencesBoard
from farmstead.games.fences.scoring import (
    FieldFacts,
    barn_shares,
    farmer_bonus,
    field_value,
    unpack_animals,
)


class FencesTurns(FencesBoard):
    """Who moves, what is legal, and applying actions and chance outcomes in every phase."""

    __slots__ = ()

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def phase_name(self) -> str:
        """The name of the current phase (e.g. 'select_cell')."""
        return PHASE_NAMES[self.phase]

    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return PlayerId.CHANCE
        if phase == OVER:
            return PlayerId.TERMINAL
        return self.active

    def _turn_mark(self) -> TurnMark:
        """The deals are the setup (FE-R27 … FE-R33); a turn (FE-R34) is numbered by the
        tiles laid before it, so a stuck player's discard and draw (FE-R37) stay in it."""
        phase = self.phase
        if phase in SETUP_PHASES:
            return TurnMark(0, None)
        laid = len(self.p_cell)
        if phase in (BUILD, DRAW):
            laid -= 1
        return TurnMark(laid + 1, self.active)

    def returns(self) -> list[float]:
        n = self.cfg.num_players
        if self.phase != OVER:
            return [0.0] * n
        best = max(self.scores)
        if all(score == best for score in self.scores):
            return [0.0] * n
        return [1.0 if score == best else -1.0 for score in self.scores]  # FE-R60

    def _legal_actions(self) -> list[int]:
        layout = self.cfg.layout
        phase = self.phase
        hand = self.hands[self.active]
        if phase == SELECT_TILE:
            return [
                slot
                for slot, tile in enumerate(hand)
                if tile not in hand[:slot] and self.can_place(tile)
            ]
        if phase == SELECT_CELL:
            base = layout.cell
            return [base + cell for cell, _ in self.placements(hand[self.sel_slot])]
        if phase == SELECT_ROT:
            tile = hand[self.sel_slot]
            rots = self.cfg.fit[tile][self.frontier[self.sel_cell]]
            return [layout.rotate + r for r in rots]
        if phase == BUILD:
            return [layout.barn + i for i in self.legal_barn_fields()] + [layout.pass_]
        if phase == DISCARD_TILE:
            return [layout.discard + slot for slot, t in enumerate(hand) if t not in hand[:slot]]
        raise AssertionError(f"no decision in phase {PHASE_NAMES[phase]}")

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        cached = self._ocache
        if cached is None:
            phase = self.phase
            if phase in DRAW_PHASES:  # FE-R29: every unseen supply tile is equally likely
                total = self.supply_total
                cached = [(t, n / total) for t, n in enumerate(self.supply) if n]
            elif phase == DEAL_FARMERS:
                left = [f for f in self.cfg.deck if f not in self.farmers]
                cached = [(f, 1 / len(left)) for f in left]
            else:  # CHOOSE_FIRST
                n = self.cfg.num_players
                cached = [(seat, 1 / n) for seat in range(n)]
            self._ocache = cached
        return list(cached)

    def _apply(self, action: int) -> None:
        self._ocache = None
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._apply_chance(action)
            return
        kind, arg = self.cfg.layout.decode(action)
        if kind == act.SELECT:
            self.sel_slot = arg
            if self.p_cell:
                self.phase = SELECT_CELL
            else:  # FE-R35: the first tile goes at (0, 0); its rotation is fixed at 0
                self._place(self.cfg.layout.cell_index(0, 0), 0)
        elif kind == act.CELL:
            self.sel_cell = arg
            self.phase = SELECT_ROT
        elif kind == act.ROTATE:
            self._place(self.sel_cell, arg)
        elif kind == act.BARN:
            self._build(arg)
            self._end_of_turn()
        elif kind == act.PASS:
            self._end_of_turn()
        elif kind == act.DISCARD:
            self._discard(arg)
            self.phase = STUCK_DRAW

    def _apply_chance(self, outcome: int) -> None:
        phase = self.phase
        c = self.cfg
        if phase in DRAW_PHASES:
            self.supply[outcome] -= 1
            self.supply_total -= 1
            self.hands[self.active].append(outcome)
            self.revealed[self.active].append(False)
            if phase == DEAL_TILES:  # FE-R30
                if len(self.hands[self.active]) == c.hand_size:
                    self.active += 1
                    if self.active == c.num_players:
                        self.active = 0
                        self.phase = DEAL_FARMERS
            elif phase == DRAW:  # FE-R34 step 4, then the next seat (FE-R33: seat order)
                self._next_turn(self.active + 1)
            else:  # STUCK_DRAW (FE-R37)
                self._begin_turn(self.active)
        elif phase == DEAL_FARMERS:  # FE-R31
            self.farmers[self.active] = outcome
            self.active += 1
            if self.active == c.num_players:
                if c.first_player >= 0:
                    self.first = c.first_player
                    self._begin_turn(c.first_player)
                else:
                    self.active = 0
                    self.phase = CHOOSE_FIRST
        else:  # CHOOSE_FIRST (FE-R33)
            self.first = outcome
            self._begin_turn(outcome)

    def _next_turn(self, start: int) -> None:
        """Give the turn to the first seat from ``start`` (cyclically) holding a tile (FE-R38);
        the game ends when every hand is empty (FE-R58)."""
        n = self.cfg.num_players
        for i in range(n):
            seat = (start + i) % n
            if self.hands[seat]:
                self._begin_turn(seat)
                return
        self.phase = OVER

    def _begin_turn(self, seat: int) -> None:
        """Start (or, after a stuck draw, resume) ``seat``'s turn: place if possible (FE-R36);
        otherwise the stuck procedure of FE-R37."""
        while True:
            self.active = seat
            hand = self.hands[seat]
            if any(self.can_place(t) for t in hand):
                self.phase = SELECT_TILE
                return
            revealed = self.revealed[seat]  # FE-R37.1: the hand is shown
            for i in range(len(revealed)):
                revealed[i] = True
            if self.supply_total > 0:
                if len(hand) > 1:
                    self.phase = DISCARD_TILE  # FE-R37.2: the player chooses
                else:
                    self._discard(0)
                    self.phase = STUCK_DRAW
                return
            # FE-R37.3: the supply is empty; every unplaceable tile goes, the turn ends.
            self.discards.extend(hand)
            hand.clear()
            revealed.clear()
            n = self.cfg.num_players
            for i in range(1, n + 1):
                nxt = (seat + i) % n
                if self.hands[nxt]:
                    seat = nxt
                    break
            else:
                self.phase = OVER
                return

    def _discard(self, slot: int) -> None:
        """FE-R37.2: the tile goes face up out of the game."""
        hand = self.hands[self.active]
        self.discards.append(hand.pop(slot))
        self.revealed[self.active].pop(slot)

    def _place(self, cell: int, rot: int) -> None:
        """Place the selected tile (FE-R34 step 1), score (step 2), then offer a barn (step 3)."""
        seat = self.active
        hand = self.hands[seat]
        revealed = self.revealed[seat]
        tile = hand[self.sel_slot]
        slot = self.sel_slot
        # Of two equal tiles, the one already shown leaves the hand: the public then knows
        # nothing more about the tile kept.
        for i, t in enumerate(hand):
            if t == tile and revealed[i]:
                slot = i
                break
        hand.pop(slot)
        revealed.pop(slot)
        self.sel_slot = NO
        self.sel_cell = NO
        completed = self.lay(tile, cell, rot)
        if completed:
            self._score(completed)
        if self.stocks[seat] > 0 and self.legal_barn_fields():
            self.phase = BUILD
        else:
            self._end_of_turn()

    def _score(self, roots: list[int]) -> None:
        """FE-R48 … FE-R56: score every completed field, then return their barns."""
        c = self.cfg
        seat = self.active
        n = c.num_players
        card = c.farmers[self.farmers[seat]]
        layout = c.layout
        for root in roots:  # FE-R54: all fields scored before any barn returns
            animals = unpack_animals(self.anim[root])
            owners = self.barn_owners(root)
            nodes = self.field_nodes(root)
            span = len({self.node_tile[x] for x in nodes})
            value = field_value(animals, c.points_per_animal, c.multiplier)
            shares = barn_shares(value, owners, n)
            own = owners.count(seat)  # FE-R55: barns before the return
            facts = FieldFacts(animals, span, own, len(owners) - own)
            bonus, met = farmer_bonus(card.conditions, facts)  # FE-R21, FE-R53
            for p in range(n):
                self.scores[p] += shares[p]
            self.scores[seat] += bonus
            parts = []
            for x in nodes:
                k = self.node_tile[x]
                r, col = layout.cell_rc(self.p_cell[k])
                parts.append([r, col, x - self.p_node[k]])
            self.events.append(
                {
                    "placement": len(self.p_cell) - 1,
                    "completer": seat,
                    "parts": parts,
                    "animals": dict(zip(ANIMALS, animals, strict=True)),
                    "span": span,
                    "value": value,
                    "barns": owners,
                    "shares": shares,
                    "farmer": card.id,
                    "conditions_met": list(met),
                    "bonus": bonus,
                }
            )
        # FE-R56: barns of completed fields go back to their owners' stocks.
        barns = self.barns
        kept: list[int] = []
        for i in range(0, len(barns), 2):
            if self.find(barns[i]) in roots:
                self.stocks[barns[i + 1]] += 1
            else:
                kept += barns[i : i + 2]
        self.barns = kept
        for root in roots:
            self.nbarn[root] = 0

    def _build(self, field: int) -> None:
        """FE-R40 … FE-R42: one barn from the stock on a tile-field of the tile just placed."""
        node = self.p_node[-1] + field
        self.barns += [node, self.active]
        self.stocks[self.active] -= 1
        self.nbarn[self.find(node)] += 1

    def _end_of_turn(self) -> None:
        """FE-R34 step 4: draw if the supply has tiles, else pass the turn on."""
        if self.supply_total > 0:
            self.phase = DRAW
        else:
            self._next_turn(self.active + 1)
