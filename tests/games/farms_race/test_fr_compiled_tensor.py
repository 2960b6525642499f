"""Farms Race's compiled arrays and tensor (``compiled_state``, ``compiled_tensor``) against the
reference ``FRRules`` (rules/farms_race.md).

Random reference games under several parameter sets, each position loaded into the arrays
(``load``): the arrays hold every field of the position (``FRFields``), the redo snapshot of a
first turn included (FR-R55); ``current_player`` agrees (a seat, chance, the end); and every
seat's tensor and a spectator's, each written by ``write_row`` over its row's last write (as
the environments reuse a row, clearing only the ids it set), equals ``observation_tensor``,
and at every ninth position the tensor of the observation itself
(``reference_observation_tensor``). Equal vectors mean the compiled tensor shows exactly what
section 16 (FR-R19) lets a seat see: its own resource cards, Spy cards (those got this turn
too, FR-R47) and dealt Mutations (FR-4 step 5); another seat's hand only as the Blackmail
player during ``blackmail_take`` (FR-10, FR-R50); Adorable's peeked token values only to
Adorable (FR-11), or to all after the game with ``reveal_hidden_info_after_game``; a Pocket
Nuke's humans in a face-down target (FR-R45) only to its owner.

The parameter sets reach every phase: Experienced mode's chosen starting resources (FR-13),
the opening trade window (FR-R33) and Open Trading (FR-R34), Stealing and the doubles order
(FR-R39, FR-R49), the redo offer (FR-R55), Flying, Lucky, Adorable's peeks and Zombie's
retreats (FR-11, FR-R46), nukes and nuke-backs (FR-9.4), fixed and random maps (FR-3.7),
and the end by the round cap (FR-R54) or the VP target (FR-12). Positions random games seldom
reach are set up and played on (fr_helpers' ``scenario``): a Pocket Nuke's points allocated
among Adorable's herd and face-down humans (FR-R45), a defending Zombie's escapes (FR-R46), an
elimination by a nuke-back (FR-9.4, FR-R52) and a win shared at the round cap (FR-R54). A row
reused across games, seats and the spectator in any order stays exact; ``load`` refuses what
does not fit the arrays.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fr_helpers import aid, board, scenario

from farmstead.core.compiled import drop_stale_caches
from farmstead.core.game import PlayerId
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.farms_race import compiled_state as cs
from farmstead.games.farms_race import compiled_tensor as ct
from farmstead.games.farms_race import layout
from farmstead.games.farms_race.actions import (
    CONFIRM,
    CONTINUE,
    END_TURN,
    LAUNCH,
    MOVE_TO,
    SOURCE,
    TAKE,
    TARGET,
    ZOMBIE_TO,
    combat_outcome,
)
from farmstead.games.farms_race.compiled_tables import INTS, T_SIZE, tables
from farmstead.games.farms_race.rules.state import FRFields

# Numba keeps compiled code per source file: drop it when any compiled*.py module changed.
drop_stale_caches(Path(ct.__file__).parent, "compiled*.py")

# Player counts 3 and 4 (FR-1) on the recommended maps, a stand-in map and a random one
# (FR-3.7); Mutations dealt (FR-4), given or off (FR-13); Experienced mode, Stealing, Open
# Trading, the redo (FR-13, FR-R34, FR-R55); the opening trade window (FR-R33), automatic
# reveals (FR-12), the alternative Nuke cost (FR-2.4) and hidden information shown or not
# after the game; the VP target (FR-12) and the round cap (FR-R54).
PARAMETER_SETS: dict[str, tuple[int, dict[str, Any]]] = {
    "three_players": (3, {"max_rounds": 20}),
    "four_players_redo_stealing_open_trading": (
        4,
        {"max_rounds": 10, "new_player_redo": True, "stealing": True, "open_trading": True},
    ),
    "experienced_random_map_no_mutations": (
        3,
        {
            "max_rounds": 12,
            "map": "random",
            "map_seed": 5,
            "experienced": True,
            "no_mutations": True,
            "nuke_cost_alt": True,
            "first_player": "1",
        },
    ),
    "given_mutations_hidden_after_game": (
        4,
        {
            "max_rounds": 12,
            "map": "J",
            "mutations": "adorable,flying,lucky,zombie",
            "reveal_hidden_info_after_game": False,
            "opening_trade_window": False,
            "auto_reveal_winning_vp_spies": False,
        },
    ),
    "given_mutations_doubles_shown_after_game": (
        3,
        {
            "max_rounds": 12,
            "mutations": "north_korean,adorable,hyper_intelligent",
            "stealing": True,
            "target_vp": 6,
        },
    ),
}
GAMES = 3
SLACK = 4096  # marks past ``marks_size``: an overflow is reported, not written over memory
# The phases most positions are in: one position in three of them is checked, all others are.
COMMON = (
    layout.ACTIONS,
    layout.MOVE_SELECT,
    layout.TRADE_SLOT,
    layout.TRADE_PROPOSE,
    layout.TRADE_RESPOND,
)

# The fields of ``FRFields`` as the arrays hold them (``compiled_state``).
SCALARS = {
    "phase": cs.PHASE,
    "decider": cs.DECIDER,
    "active": cs.ACTIVE,
    "first": cs.FIRST,
    "round": cs.ROUND,
    "turmoil": cs.TURMOIL,
    "attacked": cs.ATTACKED,
    "nuked": cs.NUKED,
    "face_down": cs.FACE_DOWN,
    "peeked": cs.PEEKED,
    "token_real": cs.TOKEN_REAL,
    "stand_ins": cs.STAND_INS,
    "eliminated": cs.ELIMINATED,
    "nukiest": cs.NUKIEST,
    "setup_step": cs.SETUP_STEP,
    "prep_left": cs.PREP_LEFT,
    "prep_given": cs.PREP_GIVEN,
    "fly_src": cs.FLY_SRC,
    "fly_health": cs.FLY_HERD_HEALTH,
    "flights": cs.FLIGHTS,
    "move_dest": cs.MOVE_DEST,
    "move_src": cs.MOVE_SRC,
    "cancels": cs.CANCELS,
    "combat_region": cs.COMBAT_REGION,
    "combat_defender": cs.COMBAT_DEFENDER,
    "combat_humans": cs.COMBAT_HUMANS,
    "combat_head_hits": cs.COMBAT_HEAD_HITS,
    "combat_adorable": cs.COMBAT_ADORABLE,
    "combat_zombie_retreat": cs.COMBAT_ZOMBIE_RETREAT,
    "combat_round": cs.COMBAT_ROUND,
    "combat_attacker_damage": cs.COMBAT_ATTACKER_DAMAGE,
    "combat_defender_damage": cs.COMBAT_DEFENDER_DAMAGE,
    "wilds": cs.WILDS,
    "lucky": cs.LUCKY_FACES,
    "doubles_left": cs.DOUBLES_LEFT,
    "steal_victim": cs.STEAL_VICTIM,
    "discards": cs.DISCARDS,
    "resume": cs.RESUME,
    "pay_build": cs.PAY_BUILD,
    "pay_region": cs.PAY_REGION,
    "spy_play": cs.SPY_PLAY,
    "spy_victim": cs.SPY_VICTIM,
    "spy_taken": cs.SPY_TAKEN,
    "nuke_launcher": cs.NUKE_LAUNCHER,
    "nuke_kind": cs.NUKE_KIND,
    "nuke_target": cs.NUKE_TARGET,
    "nuke_victim": cs.NUKE_VICTIM,
    "nuke_points": cs.NUKE_POINTS,
    "nuke_humans": cs.NUKE_HUMANS,
    "nuke_hacked": cs.NUKE_HACKED,
    "trade_next_turn": cs.TRADE_NEXT_TURN,
    "trade_slot": cs.TRADE_SLOT,
    "trade_passes": cs.TRADE_PASSES,
    "trade_proposer": cs.TRADE_PROPOSER,
    "trade_recipient": cs.TRADE_RECIPIENT,
    "open_trades": cs.OPEN_TRADES,
    "redo_used": cs.REDO_USED,
}
PAIRS = {
    "combat_attackers": (cs.ATTACKERS_HEALTHY, cs.ATTACKERS_INJURED),
    "combat_roll_outcomes": (cs.ATTACKER_ROLL, cs.DEFENDER_ROLL),
    "route_left": (cs.ROUTE_HEALTHY, cs.ROUTE_INJURED),
    "dice": (cs.DIE_A, cs.DIE_B),
}
ROWS = {  # field: (array, row)
    "owner": (cs.MAP, cs.OWNER),
    "healthy_ready": (cs.MAP, cs.HEALTHY_READY),
    "injured_ready": (cs.MAP, cs.INJURED_READY),
    "healthy_acted": (cs.MAP, cs.HEALTHY_ACTED),
    "injured_acted": (cs.MAP, cs.INJURED_ACTED),
    "building": (cs.MAP, cs.BUILDING),
    "token": (cs.MAP, cs.TOKEN),
    "start_owner": (cs.MAP, cs.START_OWNER),
    "turns": (cs.SEATS, cs.TURNS),
    "unknown_cards": (cs.SEATS, cs.UNKNOWN_CARDS),
    "unknown_kinds": (cs.SEATS, cs.UNKNOWN_KINDS),
    "herds_left": (cs.SEATS, cs.HERDS_LEFT),
    "barns_left": (cs.SEATS, cs.BARNS_LEFT),
    "armories_left": (cs.SEATS, cs.ARMORIES_LEFT),
    "vp_tokens": (cs.SEATS, cs.VP_TOKENS),
    "mutation": (cs.SEATS, cs.SEAT_MUTATION),
    "dealt": (cs.SEATS, cs.DEALT),
    "revealed": (cs.SEATS, cs.REVEALED),
    "nukes_ready": (cs.SEATS, cs.NUKES_READY),
    "nukes_spent": (cs.SEATS, cs.NUKES_SPENT),
    "trade_proposals_made": (cs.SEATS, cs.PROPOSALS_MADE),
    "fresh": (cs.PILES, cs.FRESH),
    "spy_deck": (cs.PILES, cs.SPY_DECK),
    "spy_discard": (cs.PILES, cs.SPY_DISCARD),
    "spy_removed": (cs.PILES, cs.SPY_REMOVED),
    "tokens_unseen": (cs.TOKEN_POOL, cs.TOKENS_UNSEEN),
    "tokens_pool_revealed": (cs.TOKEN_POOL, cs.TOKENS_POOL_REVEALED),
    "pay_sel": (cs.SELECTED, cs.PAY_SEL),
    "trade_give": (cs.SELECTED, cs.TRADE_GIVE),
    "trade_ask": (cs.SELECTED, cs.TRADE_ASK),
}
PER_SEAT = {  # field: the array of its per-seat blocks, flattened
    "hands": cs.HANDS,
    "known_cards": cs.KNOWN,
    "last_production": cs.PRODUCTION,
    "spies": cs.SPIES,
}
LISTS = {
    "deal_left": (cs.DEAL_LEFT, cs.DEAL_COUNT),
    "owed": (cs.OWED, cs.OWED_COUNT),
    "named": (cs.NAMED, cs.NAMED_COUNT),
    "move_sel": (cs.MOVE_SEL, cs.MOVE_SEL_COUNT),
    "combat_origins": (cs.COMBAT_ORIGINS, cs.ORIGIN_COUNT),
    "combat_escaped": (cs.COMBAT_ESCAPED, cs.ESCAPED_COUNT),
    "agent_queue": (cs.AGENT_QUEUE, cs.QUEUE_COUNT),
    "nuke_responses": (cs.NUKE_RESPONSES, cs.RESPONSE_COUNT),
    "winners": (cs.WINNERS, cs.WINNER_COUNT),
}


def plain(value: Any) -> Any:
    """``value`` with tuples as lists and booleans as ints."""
    if isinstance(value, list | tuple):
        return [plain(x) for x in value]
    return int(value)


def array_fields(arrays: tuple[Any, ...]) -> dict[str, Any]:
    """The fields of one position's arrays (``st[:POSITION_ARRAYS]`` or ``st[REDO_START]``),
    named as ``FRFields``'; ``redo_snapshot`` as whether one is kept."""
    sc = arrays[cs.SC]
    fields: dict[str, Any] = {name: int(sc[at]) for name, at in SCALARS.items()}
    fields |= {name: [int(sc[a]), int(sc[b])] for name, (a, b) in PAIRS.items()}
    fields |= {name: arrays[at][row].tolist() for name, (at, row) in ROWS.items()}
    fields |= {name: arrays[at].ravel().tolist() for name, at in PER_SEAT.items()}
    fields |= {name: arrays[at][: sc[count]].tolist() for name, (at, count) in LISTS.items()}
    fields["redo_snapshot"] = int(sc[cs.REDO_KEPT])
    return fields


def reference_fields(state: Any) -> dict[str, Any]:
    """Every field of ``state`` but its configuration; ``redo_snapshot`` as whether one is
    kept."""
    fields = {
        name: plain(getattr(state, name))
        for name in FRFields.__slots__
        if name not in ("cfg", "redo_snapshot")
    }
    fields["redo_snapshot"] = int(state.redo_snapshot is not None)
    return fields


def test_the_arrays_name_every_field_of_the_position() -> None:
    """``array_fields`` reads each field of ``FRFields`` from one place of the arrays."""
    named = [*SCALARS, *PAIRS, *ROWS, *PER_SEAT, *LISTS, "redo_snapshot"]
    assert sorted(named) == sorted(set(FRFields.__slots__) - {"cfg"})
    places = [*SCALARS.values(), *(at for pair in PAIRS.values() for at in pair)]
    places += [cs.REDO_KEPT, *(count for _, count in LISTS.values())]
    assert sorted(places) == list(range(cs.SCALARS))


class Rows:
    """One reused tensor row per seat and a spectator's, with their marks (as the
    environments hold them)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.tb = tables(game.config, game.tensor_layout)
        self.st = cs.new_state(self.tb)
        self.views: list[int | None] = [*range(game.num_players), None]
        size = int(self.tb[INTS][T_SIZE])
        assert size == game.tensor_layout.size
        self.rows = np.zeros((len(self.views), size), np.float32)
        self.marks_size = ct.marks_size(self.tb)
        self.marks = np.zeros((len(self.views), self.marks_size + SLACK), np.int64)

    def check(self, state: Any, against_observation: bool) -> None:
        """Load ``state`` and hold the arrays, the seat to move and every view's row to the
        reference."""
        st = self.st
        cs.load(st, state)
        assert array_fields(st[: cs.POSITION_ARRAYS]) == reference_fields(state)
        if state.redo_snapshot is not None:
            assert array_fields(st[cs.REDO_START]) == {
                **reference_fields(state.redo_snapshot),
                "redo_snapshot": 0,  # the kept position's own snapshot is not held
            }
        assert cs.current_player(st) == state.current_player()
        for i, seat in enumerate(self.views):
            row = self.rows[i]
            ct.write_row(st, self.tb, ct.SPECTATOR if seat is None else seat, row, self.marks[i])
            assert self.marks[i, 0] < self.marks_size, "more ids than marks_size allows"
            expected = state.observation_tensor(seat)
            if against_observation:
                np.testing.assert_array_equal(
                    expected, state.reference_observation_tensor(seat), err_msg=f"{seat}"
                )
            if not np.array_equal(row, expected):
                wrong = np.flatnonzero(row != expected)[:5]
                fields = self.game.tensor_layout.fields
                names = [f.name for at in wrong for f in fields if f.start <= at < f.stop]
                phase = layout.PHASE_NAMES[state.phase]
                raise AssertionError(
                    f"{phase}, seat {seat}: ids {wrong.tolist()} {names}: {row[wrong]} vs the "
                    f"reference {expected[wrong]}"
                )


def play_and_check(players: int, params: dict[str, Any], seed: int) -> tuple[set[int], int]:
    """``GAMES`` random games, their positions checked (see the module; every third one of
    the ``COMMON`` phases); the phases checked and the number of positions."""
    game = load_game("farms_race", players, **params)
    rows = Rows(game)
    rng = Rng(seed)
    phases: set[int] = set()
    checked = 0
    for _ in range(GAMES):
        state: Any = game.new_initial_state()
        k = 0
        while True:
            if state.phase not in COMMON or k % 3 == 0:
                rows.check(state, against_observation=checked % 9 == 0)
                phases.add(state.phase)
                checked += 1
            if state.is_terminal():
                break
            if state.current_player() == PlayerId.CHANCE:
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            k += 1
    return phases, checked


# The phases the games of every parameter set reach, and per set the others its games must
# reach: between them, every phase.
CORE = {
    layout.CHOOSE_START,
    layout.PREP_PLACE,
    layout.ACTIONS,
    layout.MOVE_SELECT,
    layout.REVEAL,
    layout.ROLL_ATTACKER,
    layout.ROLL_DEFENDER,
    layout.ALLOCATE_ATTACKER,
    layout.ATTACKER_DECIDES,
    layout.DEFENDER_DECIDES,
    layout.ROLL_RESOURCES,
    layout.NAME_WILD,
    layout.RESOURCES,
    layout.DISCARD_PHASE,
    layout.SPY_DRAW,
    layout.SPY_WINDOW,
    layout.AGENT_DRAW,
    layout.SPY_RESOURCE,
    layout.NUKE_TARGET,
    layout.NUKE_RESPONSE,
    layout.TRADE_SLOT,
    layout.TRADE_PROPOSE,
    layout.TRADE_RESPOND,
    layout.OVER,
}
REACHED = {
    "three_players": {
        layout.FIRST_SEAT,
        layout.START_ROLL,
        layout.DEAL_MUTATION,
        layout.CHOOSE_MUTATION,
        layout.PEEK,
        layout.ALLOCATE_DEFENDER,
        layout.ROUTE_RETREAT,
        layout.DISCARD,
        layout.PAYMENT,
        layout.SPY_OPPONENT,
        layout.BLACKMAIL_TAKE,
        layout.HACK,
        layout.POCKET_ALLOCATE,
    },
    "four_players_redo_stealing_open_trading": {
        layout.STEAL_VICTIM,
        layout.STEAL_DRAW,
        layout.REDO_OFFER,
        layout.FLY_SOURCE,
        layout.FLY_HEALTH,
        layout.FLY_DEST,
        layout.LUCKY_FACE,
        layout.DOUBLES_ORDER,
        layout.BLACKMAIL_TAKE,
        layout.HACK,
    },
    "experienced_random_map_no_mutations": {layout.START_CHOICE, layout.BLACKMAIL_TAKE},
    "given_mutations_hidden_after_game": {
        layout.PEEK,
        layout.FLY_SOURCE,
        layout.FLY_HEALTH,
        layout.FLY_DEST,
        layout.LUCKY_FACE,
        layout.ROUTE_RETREAT,
        layout.POCKET_ALLOCATE,
    },
    "given_mutations_doubles_shown_after_game": {
        layout.PEEK,
        layout.STEAL_VICTIM,
        layout.STEAL_DRAW,
        layout.DOUBLES_ORDER,
        layout.POCKET_ALLOCATE,
    },
}


def test_the_parameter_sets_reach_every_phase() -> None:
    """``CORE`` and ``REACHED`` name every phase, so the parameter sets' games check each."""
    assert CORE.union(*REACHED.values()) == set(range(len(layout.PHASE_NAMES)))


@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_compiled_tensor_is_the_reference_tensor(name: str) -> None:
    """The arrays, the seat to move and every view's tensor at positions of every phase of
    random games under each parameter set (see the module)."""
    players, params = PARAMETER_SETS[name]
    phases, checked = play_and_check(players, params, seed=len(name))
    assert checked > 1000
    assert CORE | REACHED[name] <= phases


# Positions random games seldom reach, each set up (fr_helpers' ``scenario``: seat 0's turn on
# the 4-player recommended map) and played by its actions ((kind, argument), or a combat roll
# as its outcome), every position checked; then random play on for a while.
SCENARIOS: dict[str, tuple[dict[str, Any], list[tuple[int, int] | int]]] = {
    # FR-10, FR-R45, FR-11: a Pocket Nuke on Adorable's herd and face-down humans (a value it
    # peeked at): while Adorable allocates the points, only Adorable sees the humans.
    "pocket_nuke_on_adorables_face_down_humans": (
        {
            "regions": board(
                {
                    6: {"owner": 0, "healthy": 2},
                    11: {"owner": 1, "healthy": 1, "token": "face_down", "peeked_value": 3},
                }
            ),
            "spies": {0: {"pocket_nuke": 1}},
            "mutations": "none,adorable,none,none",
        },
        [(LAUNCH, layout.NUKE_POCKET), (TARGET, 11)],
    ),
    # FR-R46: a defending Zombie's herds escape to one region, twice; the herds that escaped.
    "zombie_defender_escapes": (
        {
            "regions": board(
                {
                    7: {"owner": 0, "healthy": 3},
                    12: {"owner": 1, "healthy": 1, "injured": 2},
                    11: {"owner": 1, "healthy": 1},
                    16: {"owner": 1, "healthy": 1},
                }
            ),
            "mutations": "none,zombie,none,none",
        },
        [
            (MOVE_TO, 12),
            (SOURCE, 7),
            (TAKE, 0),
            (TAKE, 0),
            (TAKE, 0),
            (CONFIRM, 0),
            combat_outcome(1, 0),
            combat_outcome(0, 0),
            (ZOMBIE_TO, 11),
            (CONTINUE, 0),
            (CONTINUE, 0),
            combat_outcome(1, 0),
            combat_outcome(0, 0),
            (ZOMBIE_TO, 11),
        ],
    ),
    # FR-9.4 step 5, FR-7.6, FR-R52: a nuke-back eliminates the launcher on its own turn.
    "nuke_back_eliminates": (
        {
            "regions": {  # seat 0's one herd is all it has
                6: {"owner": 0, "injured": 1},
                11: {"owner": 1, "healthy": 1},
                10: {"owner": 1, "building": "barn"},
                19: {"owner": 2, "building": "barn"},
                22: {"owner": 3, "building": "barn"},
            },
            "nukes": {0: (1, 0), 1: (1, 0)},
        },
        [(LAUNCH, layout.NUKE_TOKEN), (TARGET, 11), (LAUNCH, layout.NUKE_TOKEN), (TARGET, 6)],
    ),
    # FR-R54: the round cap with every seat at the same VP: all four share the win.
    "shared_win_at_the_cap": (
        {"active": 3, "phase": "discard_phase", "max_rounds": 1},
        [(END_TURN, 0)],
    ),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_positions_random_games_seldom_reach(name: str) -> None:
    """Each position of the scenario's actions and of random play after them (see
    ``SCENARIOS``), the situation it sets up reached."""
    kwargs, actions = SCENARIOS[name]
    state: Any = scenario(**kwargs)
    rows = Rows(state.game)
    rows.check(state, against_observation=True)
    for action in actions:
        state.apply_action(action if isinstance(action, int) else aid(state, *action))
        rows.check(state, against_observation=True)
    if name == "pocket_nuke_on_adorables_face_down_humans":
        assert state.phase == layout.POCKET_ALLOCATE and state.nuke_humans == 3
        humans = state.game.tensor_layout["nuke"].stop - 2  # humans / 3
        assert [state.observation_tensor(seat)[humans] for seat in (0, 1, None)] == [0, 1, 0]
    elif name == "zombie_defender_escapes":
        assert state.combat_zombie_retreat == 11 and state.combat_escaped
    elif name == "nuke_back_eliminates":
        assert state.eliminated == 1
    else:
        assert state.phase == layout.OVER and state.winners == (0, 1, 2, 3)
    rng = Rng(len(name))
    for _ in range(150):
        if state.is_terminal():
            break
        if state.current_player() == PlayerId.CHANCE:
            state.apply_action(rng.sample_outcome(state.chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        rows.check(state, against_observation=False)


def test_load_refuses_what_does_not_fit() -> None:
    """No silent fallback: a position of another player count, a list past its capacity and a
    phase out of range are refused; a seat out of range too."""
    game = load_game("farms_race", 3)
    rows = Rows(game)
    state: Any = game.new_initial_state()
    other: Any = load_game("farms_race", 4).new_initial_state()
    with pytest.raises(ValueError, match="another map or player count"):
        cs.load(rows.st, other)
    state.nuke_responses = ((0, 1, 2),) * (len(rows.st[cs.NUKE_RESPONSES]) + 1)
    with pytest.raises(ValueError, match="nuke_responses holds"):
        cs.load(rows.st, state)
    state.nuke_responses = ()
    state.phase = len(layout.PHASE_NAMES)
    with pytest.raises(ValueError, match="not a Farms Race phase"):
        cs.load(rows.st, state)
    state.phase = layout.OVER
    cs.load(rows.st, state)
    for seat in (-2, 3):
        with pytest.raises(ValueError, match="not a seat"):
            ct.write_row(rows.st, rows.tb, seat, rows.rows[0], rows.marks[0])


def test_a_row_written_over_another_games_row() -> None:
    """A row reused across games and views in any order: each write clears exactly the ids
    the last one set."""
    game = load_game("farms_race", 4, max_rounds=3)
    rows = Rows(game)
    rng = Rng(11)
    states = []
    for _ in range(2):
        state: Any = game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            if state.current_player() == PlayerId.CHANCE:
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    order = random.Random(3).sample(states, 400)
    row, marks = rows.rows[0], rows.marks[0]
    for i, state in enumerate(order):
        seat = i % 5 - 1  # SPECTATOR, then each seat
        cs.load(rows.st, state)
        ct.write_row(rows.st, rows.tb, seat, row, marks)
        expected = state.observation_tensor(None if seat == ct.SPECTATOR else seat)
        np.testing.assert_array_equal(row, expected, err_msg=f"#{i}")
