"""The facts of a finished Farms Race game for balance reports (``core.facts``).

Why the game ended (``end``):

* ``target`` — a player's visible VP reached the target and it won at once (FR-12);
* ``last_standing`` — every other player was eliminated (FR-7.6) and the last one won
  (FR-R53);
* ``round_cap`` — round ``max_rounds`` ended: the most VP won, hidden VP Spies counted, ties
  sharing (FR-R54).

``rounds`` are the rounds begun (FR-5: a round is every player's turn once, FR-R54); ``turns``
the turns the seats began (a redone first turn counted once, FR-R55). Per seat: ``order`` is its
place in turn order, 0 for seat 1 of the rules, drawn at random (FR-4 step 2); ``score`` its
visible VP (FR-12), with ``score_parts`` the VP of each source, adding up to the score:
``barns`` (1 each), ``armories`` (2 each), ``vp_tokens``, ``nukiest`` (the Award) and
``revealed_spies`` (VP Spies revealed); ``traits`` its ``species`` and its chosen ``mutation``
(``none`` without one, FR-4 step 6.1); ``items``:

* ``mutations_dealt`` — the Mutations dealt to it (FR-4 step 5);
* ``spies_bought`` — the Spy cards it drew, by buying a Spy or by a Regenerative or Radioactive
  swap (FR-8.1, FR-R21, FR-R47);
* ``spies_played`` — the Spy cards it played (FR-10: Hacking and Pocket Nuke included) and the
  VP Spies it revealed (FR-12);
* ``nukes_launched`` — one entry per nuke it launched, by kind: ``token`` (a ready Nuke token),
  ``built`` (a Nuke built to nuke back), ``pocket_nuke``, ``north_korean`` (FR-9.1, FR-9.4,
  FR-11).

Mutations and Spy cards are named by their data ids (``adorable``, ``pocket_nuke``). The cards
drawn and played and the nukes need the game's actions: they are replayed from the initial
position, without checking their legality again (they were legal when played; checking would
cost as much as choosing them). What a redone first turn did is forgotten with it (FR-R55).
"""

from __future__ import annotations

from collections.abc import Sequence

from farmstead.core.facts import GameFacts, SeatFacts
from farmstead.core.game import State
from farmstead.games.farms_race.actions import LAUNCH, PLAY_SPY, REDO
from farmstead.games.farms_race.layout import (
    CHANCE_PHASES,
    MUTATION_IDS,
    NO,
    NUKE_POCKET,
    NUKE_TARGET,
    NUM_MUTATIONS,
    NUM_SPY_KINDS,
    POCKET_NUKE,
    SPY_DRAW,
    SPY_IDS,
    VP_SPIES,
)
from farmstead.games.farms_race.rules import FRRules

TARGET = "target"
LAST_STANDING = "last_standing"
ROUND_CAP = "round_cap"
END_REASONS = (TARGET, LAST_STANDING, ROUND_CAP)
NUKE_KINDS = ("token", "built", "pocket_nuke", "north_korean")
"""The kinds of nuke by their index in the rules (``NUKE_TOKEN`` … ``NUKE_NORTH_KOREAN``)."""

BOUGHT, PLAYED, NUKES = range(3)  # the lists ``_replay`` keeps per seat


def game_facts(final: State, actions: Sequence[int]) -> GameFacts:
    """The facts of the finished game whose terminal position is ``final`` and whose every
    action, chance outcomes included, is ``actions`` (see the module docstring)."""
    assert isinstance(final, FRRules) and final.is_terminal()
    c = final.cfg
    n = c.players
    history = _replay(final, actions)
    seats = []
    for seat in range(n):
        parts = {
            "barns": float(c.barns - final.barns_left[seat]),
            "armories": float(2 * (c.armories - final.armories_left[seat])),
            "vp_tokens": float(final.vp_tokens[seat]),
            "nukiest": float(final.nukiest == seat),
            "revealed_spies": float(final.revealed[seat].bit_count()),
        }
        bought, played, nukes = history[seat]
        revealed = [card for card in VP_SPIES if final.revealed[seat] >> card & 1]
        mutation = final.mutation[seat]
        seats.append(
            SeatFacts(
                order=final.seat_position(seat),
                score=float(final.visible_vp(seat)),
                score_parts=parts,
                traits={
                    "species": c.catalog.species[seat],
                    "mutation": "none" if mutation == NO else MUTATION_IDS[mutation],
                },
                items={
                    "mutations_dealt": tuple(
                        MUTATION_IDS[m] for m in range(NUM_MUTATIONS) if final.dealt[seat] >> m & 1
                    ),
                    "spies_bought": tuple(SPY_IDS[card] for card in bought),
                    "spies_played": tuple(SPY_IDS[card] for card in [*played, *revealed]),
                    "nukes_launched": tuple(NUKE_KINDS[kind] for kind in nukes),
                },
            )
        )
    return GameFacts(
        end=_end(final),
        rounds=final.round,
        turns=sum(final.turns),
        seats=tuple(seats),
    )


def _end(final: FRRules) -> str:
    """The end reason, told as the score sheet tells it."""
    winners = list(final.winners)
    alive = [seat for seat in range(final.cfg.players) if final.alive(seat)]
    if len(alive) == 1 and winners == alive:
        return LAST_STANDING
    if any(final.visible_vp(seat) >= final.cfg.target_vp for seat in winners):
        return TARGET
    return ROUND_CAP


def _replay(final: FRRules, actions: Sequence[int]) -> list[tuple[list[int], ...]]:
    """Per seat the Spy cards drawn, the Spy cards played (VP Spies aside) and the kinds of the
    nukes launched, in order, replaying ``actions`` from the initial position."""
    state = final.game.new_initial_state()
    assert isinstance(state, FRRules)
    base = state.cfg.layout.base
    history: list[tuple[list[int], ...]] = [([], [], []) for _ in range(state.cfg.players)]
    plays = range(base[PLAY_SPY], base[PLAY_SPY] + NUM_SPY_KINDS)
    pocket_launch = base[LAUNCH] + NUKE_POCKET
    redo = base[REDO]
    first_turn: list[tuple[int, ...]] = []  # list lengths when a redo-able turn began
    for action in actions:
        phase = state.phase
        if phase in CHANCE_PHASES:
            if phase == SPY_DRAW:  # the top card to the buyer (FR-8.1, FR-R47)
                history[state.active][BOUGHT].append(action)
        else:
            seat = state.decider
            if phase == NUKE_TARGET:  # every nuke launched is aimed once (FR-9.1)
                history[seat][NUKES].append(state.nuke_kind)
            elif action in plays and action - plays.start not in VP_SPIES:
                history[seat][PLAYED].append(action - plays.start)
            elif action == pocket_launch:  # FR-9.6: launching a Pocket Nuke plays the card
                history[seat][PLAYED].append(POCKET_NUKE)
            elif action == redo:  # FR-R55: the turn is undone, and with it what it did
                for lists, lengths in zip(history, first_turn, strict=True):
                    for kept, length in zip(lists, lengths, strict=True):
                        del kept[length:]
        before = state.redo_snapshot
        _apply_played(state, action)
        if before is None and state.redo_snapshot is not None:
            first_turn = [tuple(len(kept) for kept in lists) for lists in history]
    return history


def _apply_played(state: State, action: int) -> None:
    """``state.apply_action(action)`` for an action of a finished game: it was legal when it
    was played, so its legality is not checked again."""
    state._legal_cache = None
    state._apply(action)
