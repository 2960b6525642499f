"""The facts of a finished Livestock Uprising game for balance reports (``core.facts``).

Why the game ended (``end``):

* ``last_standing`` — every other faction was eliminated (LU-R95) and the last one won
  (LU-R97);
* ``stalemate`` — round ``stalemate_round_limit`` ended with several factions left; the best
  ranked by units, printed ATK + DEF and tokens won, equals sharing (LU-R98).

``rounds`` are the rounds begun (LU-R26); ``turns`` the turns the seats began, a turn lost to a
joint attack (LU-R24, LU-R93) not counted, an eliminated seat taking none (LU-R25). Per seat:
``order`` is its place after the first player, the seat drawn (or set) to start (LU-R11);
``score`` the units it held at the end over its Generals and Super Army (0 once eliminated),
the first key of the LU-R98 ranking, with ``score_parts`` the score sheet's ranking: ``units``,
``atk_def`` (their printed ATK + DEF) and ``tokens`` (the resource tokens held); ``traits`` its
faction (``faction``: ``chickens``, ``cows``, ``goats``, ``pigs``; LU-R7); ``items``
``cards_dealt`` (its Command cards of the deal, LU-R10), ``plans_drawn`` (its Battle Plans
cards, LU-R80), ``cards_played`` (Command cards and Battle Plans it played, LU-R75) and
``special_forces`` (its Special Forces it marshaled, LU-R69). Cards and units are named by their
data names in lower case with underscores (``battle_cry``, ``rocket_rooster``).

The items and turns need the game's actions: they are replayed from the initial position,
without checking their legality again (they were legal when played; checking would cost as
much as choosing them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from farmstead.core.facts import GameFacts, SeatFacts
from farmstead.core.game import State
from farmstead.games.livestock_uprising.actions import MARSHAL
from farmstead.games.livestock_uprising.layout import CHANCE_PHASES, DEAL, DRAW_PLAN, NO
from farmstead.games.livestock_uprising.rules import LURules

LAST_STANDING = "last_standing"
STALEMATE = "stalemate"
END_REASONS = (LAST_STANDING, STALEMATE)


def game_facts(final: State, actions: Sequence[int]) -> GameFacts:
    """The facts of the finished game whose terminal position is ``final`` and whose every
    action, chance outcomes included, is ``actions`` (see the module docstring)."""
    assert isinstance(final, LURules) and final.is_terminal()
    cfg = final.cfg
    n = cfg.num_players
    cat = cfg.catalog
    history = _replay(final, actions)
    seats = []
    for seat in range(n):
        units = [u for slot in range(4) for u in final.units[4 * seat + slot]]
        seats.append(
            SeatFacts(
                order=(seat - final.first) % n,
                score=float(len(units)),
                score_parts={
                    "units": float(len(units)),
                    "atk_def": float(sum(cfg.atk[u] + cfg.defence[u] for u in units)),
                    "tokens": float(sum(final.tokens[5 * seat : 5 * seat + 5])),
                },
                traits={"faction": cat.factions[final.faction[seat]].name.lower()},
                items={
                    "cards_dealt": _card_names(final, history.dealt[seat]),
                    "plans_drawn": _card_names(final, history.drawn[seat]),
                    "cards_played": _card_names(final, history.played[seat]),
                    "special_forces": tuple(
                        id_words(cat.units[u].name) for u in history.special_forces[seat]
                    ),
                },
            )
        )
    last_standing = sum(final.alive) == 1
    return GameFacts(
        end=LAST_STANDING if last_standing else STALEMATE,
        rounds=final.round,
        turns=history.turns,
        seats=tuple(seats),
    )


@dataclass
class _History:
    """What the final position does not keep: per seat the cards dealt, drawn and played and
    the Special Forces marshaled (card and unit indices, in order), and the turns begun."""

    dealt: list[list[int]]
    drawn: list[list[int]]
    played: list[list[int]]
    special_forces: list[list[int]]
    turns: int

    @classmethod
    def empty(cls, seats: int) -> _History:
        def lists() -> list[list[int]]:
            return [[] for _ in range(seats)]

        return cls(dealt=lists(), drawn=lists(), played=lists(), special_forces=lists(), turns=0)


def _replay(final: LURules, actions: Sequence[int]) -> _History:
    """Replay ``actions`` from the initial position, noting who got and used what."""
    state = final.game.new_initial_state()
    assert isinstance(state, LURules)
    cfg = state.cfg
    history = _History.empty(cfg.num_players)
    marshal = cfg.layout.base[MARSHAL]
    # MARSHAL(u) of a Special Forces card: the unit types after the troops (LU-R69).
    specials = range(marshal + cfg.troop_types, marshal + cfg.layout.units)
    turn: object = None  # the turn in progress (``LURules.turn``), a new object each turn
    for action in actions:
        phase = state.phase
        seat = NO  # the seat deciding, NO at a chance node
        if phase == DEAL:  # LU-R10: a Command card to the seat being dealt
            history.dealt[state.deal_seat].append(action)
        elif phase == DRAW_PLAN:  # LU-R80 step 4: the forming seat's Battle Plans card
            history.drawn[state.active].append(action)
        elif phase not in CHANCE_PHASES:
            seat = state.decider
            if action in specials:
                history.special_forces[seat].append(action - marshal)
        played = len(state.played)
        _apply_played(state, action)
        if seat != NO:  # LU-R75: the cards the decider played lie face up
            history.played[seat].extend(state.played[played:])
        if state.turn is not None and state.turn is not turn:  # a turn began (LU-R23)
            turn = state.turn
            history.turns += 1
    return history


def _apply_played(state: State, action: int) -> None:
    """``state.apply_action(action)`` for an action of a finished game: it was legal when it
    was played, so its legality is not checked again."""
    state._legal_cache = None
    state._apply(action)


def _card_names(final: LURules, cards: list[int]) -> tuple[str, ...]:
    return tuple(id_words(final.cfg.catalog.cards[card].name) for card in cards)


def id_words(name: str) -> str:
    """A data item's name as a fact value: lower case, words joined by underscores ("Retreat!"
    -> "retreat", "Battle Cry" -> "battle_cry")."""
    return "_".join("".join(c if c.isalnum() else " " for c in name.lower()).split())
