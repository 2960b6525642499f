"""Livestock Uprising's compiled arrays (``compiled_state``) and tensor (``compiled_tensor``)
against the reference rules and state encoding (rules/livestock_uprising.md).

Positions of reference games are loaded into the arrays (``load``) one after another, as the
compiled rules will hold them. At every decision and chance node the arrays hold every field of
the position and of its turn, battle and card-play records (``RulesState.__slots__`` and the
records' own: a field the arrays lack fails), the seat to move agrees (``current_player``: a
seat, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``), and every seat's tensor and a
spectator's, written by ``write_row`` over the same row's previous position (only the ids its
marks recorded cleared), equal ``observation_tensor`` exactly; every 40th position also the
reference encoding of ``observation(seat)``. Equal vectors mean the compiled writer shows what
the visibility rulings allow and nothing more: LU-R1 (the board, pieces, battalions, tokens,
supplies, hand sizes and played cards are public), LU-R2 (a seat's Command cards and Battle
Plans card are its own), LU-R3 (cards that left the game unplayed show as a count only) and
LU-R5 (what Espionage shows, only its player sees).

Games start from the setup under every player count (LU-R7 factions chosen or assigned, LU-R10
the deal, LU-R11 the first player drawn or set, LU-R16 … LU-R18 the tile draws and barns) and
end at the round limit (LU-R98) or by elimination (LU-R96); one runs on changed data
(``overrides``: other scales and a hand of two). Random play rarely forms a Super Army, so
games also start from positions that the test builds (``lu_helpers.scenario``): Super Armies
and a barn group side by side holding every Battle Plans card in turn (LU-R79 … LU-R94: joint
attacks and lost turns, Duel, Fortune of War, Pincer, Shield Wall, Conscription, eliminations),
a Super Army to form (LU-R80: its recruits, its Battle Plans draw), Generals with Egg Bomber and
War Boar (POST_BATTLE_STEP, plunder LU-R60), and a stalemate that ends in a tie (LU-R98). A
policy that favours cards, forming, joining, marshaling and attacks plays them on. Together
they reach every phase.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from lu_helpers import scenario

from farmstead.core.compiled import drop_stale_caches
from farmstead.core.game import Game, PlayerId
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng
from farmstead.games.livestock_uprising import actions as act
from farmstead.games.livestock_uprising import compiled_state as cs
from farmstead.games.livestock_uprising import compiled_tensor as ct
from farmstead.games.livestock_uprising.compiled_tables import (
    CARD_EFFECT,
    CARD_EFFECT_CODES,
    tables,
)
from farmstead.games.livestock_uprising.compiled_tensor import SPECTATOR, marks_size, write_row
from farmstead.games.livestock_uprising.layout import NO, PHASE_NAMES
from farmstead.games.livestock_uprising.rules import RulesState

# Numba keeps compiled code per source file: drop it when any compiled*.py module changed.
drop_stale_caches(Path(ct.__file__).parent, "compiled*.py")

RULINGS = "LU-R1 LU-R2 LU-R3 LU-R5"
SLACK = 4096  # marks past ``marks_size``: an overflow is reported, not written over memory

# Player counts 2 to 4; factions chosen (LU-R7) or assigned, the first player drawn (LU-R11)
# or set, round limits (LU-R98), and data changes: ATK, DEF, token supplies (the tensor's
# scales), a card's window, the Fortify modifier, the Super Army cap and a hand of two cards.
PARAMETER_SETS: dict[str, tuple[int, dict[str, Any], int]] = {
    "two_players": (2, {}, 6),
    "three_players_assigned": (3, {"factions": "GO,CH,PI", "first_player": "1"}, 4),
    "four_players": (4, {}, 4),
    "changed_data": (
        3,
        {
            "stalemate_round_limit": 20,
            "overrides": (
                "T01.atk=2; T03.def=4; token_supply.grass=50; token_supply.apple=9; "
                "CC03.window=OWN_ANY; modifiers.fortify=3; pieces.super_army_units=12; "
                "hands.command_cards=2"
            ),
        },
        4,
    ),
}
PLANS = ("BP1", "BP2", "BP3", "BP4", "BP5", "BP6", "BP7", "BP8")


def plain(value: Any) -> Any:
    """``value`` with its tuples as lists and its booleans as ints, recursively (``None``
    kept): the reference's fields and the arrays' compared as values."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    return value


def reference_fields(state: Any) -> dict[str, Any]:
    """Every field of the position (``RulesState.__slots__``, ``cfg`` aside) and of its
    records (their ``__slots__``), as ``plain`` values."""
    fields: dict[str, Any] = {}
    for name in RulesState.__slots__:
        value = getattr(state, name)
        if name in ("turn", "battle", "card") and value is not None:
            value = {slot: plain(getattr(value, slot)) for slot in type(value).__slots__}
        elif name != "cfg":
            value = plain(value)
        fields[name] = value
    del fields["cfg"]
    return fields


def compiled_fields(st: Any, tb: Any) -> dict[str, Any]:
    """The position's fields as the arrays hold them (``compiled_state``), as
    ``reference_fields`` gives them."""
    sc = st[cs.SC]
    seats, board, pieces = st[cs.SEATS], st[cs.BOARD], st[cs.PIECES]
    n = seats.shape[1]
    known = [
        None if size == NO else st[cs.KNOWN][i, :size].tolist()
        for i, size in enumerate(st[cs.KNOWN_LEN].tolist())
    ]
    return {
        **{name: int(sc[getattr(cs, key)]) for name, key in SCALARS.items()},
        "faction": seats[cs.FACTION].tolist(),
        "tiles": board[cs.TILE].tolist(),
        "barn": seats[cs.BARN_CELL].tolist(),
        "tiles_face_down": st[cs.FACE_DOWN].tolist(),
        "piece_cell": pieces[cs.CELL].tolist(),
        "units": [
            st[cs.BATTALIONS][pid, :count].tolist()
            for pid, count in enumerate(pieces[cs.UNIT_COUNT].tolist())
        ],
        "cell_piece": board[cs.OCCUPANT].tolist(),
        "tokens": st[cs.TOKENS].ravel().tolist(),
        "supply": st[cs.SUPPLY].tolist(),
        "troops": st[cs.TROOPS].tolist(),
        "special_forces": st[cs.SPECIAL_FORCES].tolist(),
        "hands": [st[cs.HANDS][seat, : seats[cs.HAND_LEN, seat]].tolist() for seat in range(n)],
        "plans": seats[cs.PLAN].tolist(),
        "played": listed(st, cs.PLAYED, cs.PLAYED_COUNT),
        "gone": listed(st, cs.GONE, cs.GONE_COUNT),
        "known": known,
        "alive": seats[cs.ALIVE].tolist(),
        "turns_lost": seats[cs.LOST_TURNS].tolist(),
        "fortified": pieces[cs.FORTIFIED].tolist(),
        "shield": seats[cs.SHIELD].tolist(),
        "scorched": board[cs.SCORCHED_BY].tolist(),
        "turn": turn_fields(st) if sc[cs.TURN_ON] else None,
        "battle": battle_fields(st) if sc[cs.BATTLE_ON] else None,
        "card": card_fields(st, tb) if sc[cs.CARD_ON] else None,
        "ambush": listed(st, cs.AMBUSH, cs.AMBUSH_COUNT),
        "winners": listed(st, cs.WINNERS, cs.WINNER_COUNT),
    }


SCALARS = {
    "phase": "PHASE",
    "active": "ACTIVE",
    "decider": "DECIDER",
    "first": "FIRST",
    "round": "ROUND",
    "deal_seat": "DEAL_SEAT",
    "ambush_target": "AMBUSH_TARGET",
}


def listed(st: Any, at: int, count: int) -> list[Any]:
    """The first ``sc[count]`` entries of ``st[at]``."""
    values: list[Any] = st[at][: st[cs.SC][count]].tolist()
    return values


def turn_fields(st: Any) -> dict[str, Any]:
    sc, slots = st[cs.SC], st[cs.TURN_SLOTS]
    names = ("piece", "steps", "limit", "attacks", "moved", "blitz", "bumper", "reinforce")
    keys = ("TURN_PIECE", "STEPS", "LIMIT", "ATTACKS", "MOVED", "BLITZ", "BUMPER", "REINFORCE")
    return {
        **{name: int(sc[getattr(cs, key)]) for name, key in zip(names, keys, strict=True)},
        "acted": slots[cs.ACTED].tolist(),
        "started": slots[cs.STARTED].tolist(),
        "double": slots[cs.DOUBLE].tolist(),
        "forced": slots[cs.FORCED].tolist(),
        "forage": slots[cs.FORAGE].tolist(),
        "transfers": int(sc[cs.TRANSFERS_LEFT]),
        "rally": int(sc[cs.RALLY]),
        "chosen": int(sc[cs.CHOSEN]),
        "unit": int(sc[cs.CHOSEN_UNIT]),
        "recruits": listed(st, cs.RECRUITS, cs.RECRUIT_COUNT),
    }


def battle_fields(st: Any) -> dict[str, Any]:
    sc = st[cs.SC]
    names = ("attacker", "origin", "target", "ambush", "barn", "stage", "a_mod", "d_mod")
    keys = ("ATTACKER", "ORIGIN", "TARGET", "BATTLE_AMBUSH", "BATTLE_BARN", "STAGE", "A_MOD")
    return {
        **{
            name: int(sc[getattr(cs, key)])
            for name, key in zip(names, (*keys, "D_MOD"), strict=True)
        },
        "defenders": listed(st, cs.DEFENDING, cs.DEFENDER_COUNT),
        "joiners": listed(st, cs.JOINERS, cs.JOINER_COUNT),
        "queue": listed(st, cs.QUEUE, cs.QUEUE_COUNT),
        "d_def": int(sc[cs.D_DEF]),
        "duel": [int(sc[cs.DUEL_UNIT]), int(sc[cs.DUEL_PIECE]), int(sc[cs.DUEL_DEFENDER_UNIT])],
        "duel_on": int(sc[cs.DUEL_ON]),
        "fortune": [int(sc[cs.FORTUNE_ATTACK]), int(sc[cs.FORTUNE_DEFENCE])],
        "pincer": int(sc[cs.PINCER]),
        "a_dice": listed(st, cs.A_DICE, cs.A_DICE_COUNT),
        "d_dice": listed(st, cs.D_DICE, cs.D_DICE_COUNT),
        "rolls": listed(st, cs.ROLLS, cs.ROLL_COUNT),
        "keep": listed(st, cs.KEEP, cs.KEEP_COUNT),
        "outcome": int(sc[cs.OUTCOME]),
        "owed": listed(st, cs.OWED, cs.OWED_COUNT),
        "taken": listed(st, cs.CASUALTIES_TAKEN, cs.TAKEN_COUNT),
        "plunder": listed(st, cs.PLUNDER, cs.PLUNDER_COUNT),
        "destroyed": listed(st, cs.DESTROYED, cs.DESTROYED_COUNT),
        "stepped": int(sc[cs.STEPPED]),
    }


def card_fields(st: Any, tb: Any) -> dict[str, Any]:
    sc = st[cs.SC]
    return {
        "seat": int(sc[cs.CARD_SEAT]),
        "card": int(sc[cs.CARD]),
        "effect": CARD_EFFECT_CODES[tb[CARD_EFFECT][sc[cs.CARD]]],
        "stage": int(sc[cs.CARD_STAGE]),
        "data": listed(st, cs.CARD_VALUES, cs.CARD_DATA_COUNT),
        "resume": int(sc[cs.CARD_RESUME]),
        "decider": int(sc[cs.CARD_DECIDER]),
    }


class Viewers:
    """One reused row per seat and one for the spectator, with their marks, written from the
    arrays of the positions loaded into them one after another."""

    def __init__(self, game: Game) -> None:
        self.tb = tables(game.config, game.tensor_layout)  # type: ignore[attr-defined]
        self.st = cs.new_state(self.tb)
        self.seats: list[int | None] = [*range(game.num_players), None]
        size = game.tensor_layout.size  # type: ignore[attr-defined]
        self.rows = np.zeros((len(self.seats), size), np.float32)
        self.most = marks_size(self.tb)
        self.marks = np.zeros((len(self.seats), self.most + SLACK), np.int64)
        self.fields = game.tensor_layout.fields  # type: ignore[attr-defined]
        self.positions = 0

    def check(self, state: Any, where: str) -> None:
        """``state`` loaded: the seat to move and every viewer's tensor agree (the module)."""
        cs.load(self.st, state)
        assert compiled_fields(self.st, self.tb) == reference_fields(state), where
        assert cs.current_player(self.st) == state.current_player(), where
        deep = self.positions % 40 == 0
        for i, seat in enumerate(self.seats):
            write_row(
                self.st, self.tb, SPECTATOR if seat is None else seat, self.rows[i], self.marks[i]
            )
            assert self.marks[i, 0] < self.most, f"{where}: {self.marks[i, 0]} ids set"
            self.compare(self.rows[i], state.observation_tensor(seat), seat, where)
            if deep:
                reference = state.reference_observation_tensor(seat)
                self.compare(self.rows[i], reference, seat, f"{where} (reference encoding)")
        self.positions += 1

    def compare(self, written: Any, expected: Any, seat: int | None, where: str) -> None:
        if np.array_equal(written, expected):
            return
        wrong = np.flatnonzero(written != expected)[:5]
        names = [f.name for i in wrong for f in self.fields if f.start <= i < f.stop]
        raise AssertionError(
            f"{RULINGS}: {where}, seat {seat}: compiled differs at {list(wrong)} ({names}): "
            f"{written[wrong]} vs {expected[wrong]}"
        )


def choose(state: Any, rng: Rng) -> int:
    """A legal action: more than half the time, when there is one, a card played, forming,
    joining, marshaling or an attack; otherwise any."""
    legal = state.legal_actions()
    layout = state.cfg.layout
    favoured = []
    for action in legal:
        kind, arg = layout.decode(action)
        if kind in (act.PLAY, act.FORM, act.JOIN, act.MARSHAL):
            favoured.append(action)
        elif kind == act.STEP and state.turn is not None and state.turn.piece != NO:
            pid = 4 * state.active + state.turn.piece
            cell = state.cfg.neighbours[state.piece_cell[pid]][arg]
            if cell != NO and state.cell_piece[cell] not in (NO, pid):
                favoured.append(action)
    if favoured and rng.random() < 0.6:
        return rng.choice(favoured)
    return rng.choice(legal)


def features(state: Any) -> set[str]:
    """What of the position the test means to reach: its phase, and the rare fields."""
    seen = {PHASE_NAMES[state.phase]}
    b = state.battle
    if b is not None:
        flags = (b.duel_on, any(b.fortune), b.pincer, bool(b.joiners), len(b.defenders) > 1)
        names = ("duel", "fortune", "pincer", "joiners", "barn group")
        seen |= {name for name, on in zip(names, flags, strict=True) if on}
        seen |= {"owed"} if b.owed else set()
    if state.card is not None:
        seen.add(state.card.effect)
    rare = {
        "known": any(state.known),
        "gone": bool(state.gone),
        "scorched": any(cell != NO for cell in state.scorched),
        "fortified": any(state.fortified),
        "shield": any(state.shield),
        "eliminated": not all(state.alive),
        "lost turns": any(state.turns_lost),
        "plan": any(plan != NO for plan in state.plans),
        "recruits": state.turn is not None and bool(state.turn.recruits),
        "tie": len(state.winners) > 1,
    }
    return seen | {name for name, on in rare.items() if on}


def step(state: Any, rng: Rng) -> None:
    """A chance outcome drawn, or a decision of ``choose``."""
    if state.current_player() == PlayerId.CHANCE:
        state.apply_action(rng.sample_outcome(state.chance_outcomes()))
    else:
        state.apply_action(choose(state, rng))


def play(viewers: Viewers, state: Any, rng: Rng, where: str) -> set[str]:
    """``state`` played to the end (``step``), every position checked; what the positions
    reached (``features``)."""
    seen: set[str] = set()
    while True:
        viewers.check(state, f"{where}, position {viewers.positions}")
        seen |= features(state)
        if state.is_terminal():
            return seen
        step(state, rng)


def test_player_ids_are_the_protocols() -> None:
    assert (cs.CHANCE, cs.TERMINAL) == (PlayerId.CHANCE, PlayerId.TERMINAL)


@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_compiled_tensor_of_games_from_the_setup(name: str) -> None:
    """Every position of games from the setup to the end (the stalemate or an elimination),
    chance nodes included: the setup's phases and draws, the turn's phases, battles, card
    windows and card choices."""
    players, params, games = PARAMETER_SETS[name]
    game = load_game("livestock_uprising", players, **params)
    viewers = Viewers(game)
    seen: set[str] = set()
    for g in range(games):
        rng = Rng(1000 * len(name) + g)
        seen |= play(viewers, game.new_initial_state(), rng, f"{name} game {g}")
    setup = {"deal", "draw_start", "place_barn", "draw_fill", "over"}
    turns = {"action", "move", "harvest", "marshal", "transfer", "window", "roll", "casualty"}
    rare = {"known", "gone", "card_target", "owed", "scorched", "fortified", "ESPIONAGE"}
    assert setup | turns | rare <= seen, seen
    if "factions" not in params:
        assert {"choose_faction", "first_player"} <= seen


def skirmish(k: int) -> Any:
    """Four seats: three Super Armies and a barn group side by side; the Super Armies hold
    three Battle Plans cards in turn from the ``k``-th (``PLANS``); Shield Wall, a fortified
    General and a lost turn in some variants."""
    return scenario(
        4,
        pieces={
            "CH-SA": ((3, 3), ["T10", "T09", "T07", "T05", "CH-SF3", "CH-SF1"]),
            "CO-SA": ((4, 4), ["T08", "T06", "T03", "CO-SF3", "CO-SF2"]),
            "GO-SA": ((3, 5), ["T10", "T04", "GO-SF3", "GO-SF2"]),
            "PI-G1": ((3, 6), ["T01", "PI-SF3"]),
            "PI-G2": ((3, 6), ["T03"]),
            "PI-G3": ((5, 5), ["T02", "PI-SF1"]),
        },
        tokens={seat: {"grass": 3, "hay": 2, "corn": 2} for seat in range(4)},
        hands={
            0: ["CC01", "CC07", "CC10"],
            1: ["CC02", "CC08", "CC09"],
            2: ["CC14", "CC18", "CC11"],
            3: ["CC17", "CC15", "CC12"],
        },
        plans={seat: PLANS[(k + seat) % 8] for seat in range(3)},
        shield=[1] if k % 2 else [],
        fortified=["PI-G1"],
        lost={3: 1} if k % 3 == 0 else None,
        active=k % 3,
        stalemate_round_limit=4,
    )


def forming(k: int) -> Any:
    """Two seats: the Chickens' Generals in their barn, tokens to marshal with (LU-R79,
    LU-R80)."""
    return scenario(
        2,
        pieces={
            "CH-G1": ((0, 2), ["T01", "T05"]),
            "CH-G2": ((0, 2), ["CH-SF2"]),
            "CH-G3": ((0, 2), []),
            "CO-G1": ((1, 2), ["T06"]),
            "CO-G2": ((4, 2), ["T03", "CO-SF1"]),
        },
        tokens={0: {"grass": 6, "hay": 5, "corn": 4, "carrot": 3, "apple": 2}, 1: {"grass": 2}},
        hands={0: ["CC06", "CC13", "CC03"], 1: ["CC14", "CC05", "CC16"]},
        stalemate_round_limit=5 + k % 2,
    )


def raiders(k: int) -> Any:
    """Three seats: Egg Bomber and War Boar Generals next to weak ones, Supply Raid, Retreat
    and Ambush in the hands."""
    return scenario(
        3,
        ["CH", "PI", "GO"],
        pieces={
            "CH-G1": ((3, 3), ["CH-SF3", "T10"]),
            "CH-G2": ((2, 2), ["T03"]),
            "PI-G1": ((4, 3), ["PI-SF3", "T05"]),
            "GO-G1": ((3, 4), ["T01"]),
            "GO-G2": ((4, 4), ["GO-SF2", "T02"]),
        },
        tokens={seat: {"grass": 2, "corn": 1, "apple": 1} for seat in range(3)},
        hands={0: ["CC10", "CC01"], 1: ["CC14", "CC02"], 2: ["CC09", "CC08"]},
        active=k % 3,
        stalemate_round_limit=3,
    )


def tie(k: int) -> Any:
    """Two equal Generals far apart on fields that yield nothing, in the last turn of the last
    round: the stalemate ranks them equal (LU-R98)."""
    side = 5
    return scenario(
        2,
        tiles={(r, c): "empty" for r in range(side) for c in range(side)},
        pieces={"CH-G1": ((0, 2), ["T01"]), "CO-G1": ((4, 2), ["T01"])},
        active=1,
        round=3,
        stalemate_round_limit=3,
    )


SCENARIOS: dict[str, tuple[Callable[[int], Any], int, set[str]]] = {
    "skirmish": (
        skirmish,
        16,
        {"join", "keep", "plunder", "duel", "fortune", "pincer", "joiners", "barn group"}
        | {"shield", "eliminated", "lost turns", "CONSCRIPTION", "SECOND_WIND"},
    ),
    "forming": (forming, 6, {"forming", "draw_plan", "recruits", "plan", "CONSCRIPTION"}),
    "raiders": (raiders, 12, {"post_step", "plunder", "retreat", "ambush"}),
    "tie": (tie, 1, {"over", "tie"}),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_compiled_tensor_of_games_from_built_positions(name: str) -> None:
    """Every position of games from the positions the test builds (see the module), to the
    end: what random games from the setup rarely reach."""
    make, games, wanted = SCENARIOS[name]
    viewers: dict[int, Viewers] = {}  # by configured game: the scenarios' tile mixes differ
    seen: set[str] = set()
    for k in range(games):
        state = make(k)
        key = id(state.game.config)
        if key not in viewers:
            viewers[key] = Viewers(state.game)
        seen |= play(viewers[key], state, Rng(k), f"{name} {k}")
    assert wanted <= seen, seen


def test_load_refuses_positions_no_game_reaches() -> None:
    """No silent fallback: a tile value, a Special Forces state or a battalion out of range,
    and a card play whose effect is not its card's, raise."""
    base = skirmish(0)
    game: Any = base.game
    st = cs.new_state(tables(game.config, game.tensor_layout))
    broken: list[Callable[[Any], None]] = [
        lambda s: s.tiles.__setitem__(0, 55),
        lambda s: s.special_forces.__setitem__(-1, 3),
        lambda s: s.units.__setitem__(0, (0,) * 100),
    ]
    for breaking in broken:
        state = base.clone()
        breaking(state)
        with pytest.raises(ValueError, match="impossible position|more than"):
            cs.load(st, state)
    state = base.clone()
    rng = Rng(3)
    while state.card is None:
        assert not state.is_terminal(), "no card play to break"
        step(state, rng)
    cs.load(st, state)
    state.card.effect = "DUEL" if state.card.effect != "DUEL" else "AIRLIFT"
    with pytest.raises(ValueError, match="impossible position"):
        cs.load(st, state)
