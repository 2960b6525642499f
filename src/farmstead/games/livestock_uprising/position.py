"""JSON positions of Livestock Uprising: ``to_json``, ``observation`` and the validating
``state_from_json``.

Pieces are named by faction and slot (``CH-G1`` … ``CH-G3`` for the Generals with 1-3 Stars,
``CH-SA`` for the Super Army); cells are ``[row, column]``; units, cards and tiles by their data
ids and names. A position holds everything, hidden cards included; ``observation(seat)`` shows
what LU §3 lets ``seat`` see: the board, every battalion, token pools, supplies, the played
cards and every hand's size are public (LU-R1); a seat's own Command cards and Battle Plans
card, and what its Espionage revealed, are private (LU-R2, LU-R5); undealt cards and the order
of draws are never shown (LU-R3).
"""

from __future__ import annotations

from typing import Any, TypeVar

from farmstead.core.position import ItemReader, PositionReader
from farmstead.games.livestock_uprising.combat import side_roll
from farmstead.games.livestock_uprising.layout import (
    ACTION,
    AMBUSH,
    BARN,
    BLOCKED,
    CARD_TARGET,
    CASUALTY,
    CHOOSE_FACTION,
    DEAL,
    DRAW_FILL,
    DRAW_PLAN,
    DRAW_START,
    FIRST_PLAYER,
    FORMING,
    GENERALS,
    HARVEST,
    JOIN,
    KEEP,
    MARSHAL,
    MARSHAL_TARGET,
    MOVE,
    NO,
    OUTCOME_NAMES,
    OVER,
    PHASE_NAMES,
    PIECE_SUFFIXES,
    PLACE_BARN,
    PLUNDER,
    POST_STEP,
    RETREAT,
    ROLL,
    SUPER_ARMY,
    TRANSFER,
    TRANSFER_TARGET,
    TRANSFER_UNIT,
    WINDOW,
)
from farmstead.games.livestock_uprising.rules import (
    IN_PLAY,
    READY,
    Battle,
    CardPlay,
    LURules,
    Turn,
)

S = TypeVar("S", bound=LURules)

SF_STATES = ("reserve", "in_play", "removed")
TURN_PHASES = frozenset(
    (
        ACTION,
        MOVE,
        FORMING,
        DRAW_PLAN,
        HARVEST,
        MARSHAL,
        MARSHAL_TARGET,
        TRANSFER,
        TRANSFER_UNIT,
        TRANSFER_TARGET,
        CARD_TARGET,
        AMBUSH,
        JOIN,
        WINDOW,
        ROLL,
        KEEP,
        CASUALTY,
        RETREAT,
        PLUNDER,
        POST_STEP,
    )
)
BATTLE_PHASES = frozenset((JOIN, WINDOW, ROLL, KEEP, CASUALTY, RETREAT, PLUNDER, POST_STEP))


# --- names ---------------------------------------------------------------------------------
def cell_json(state: LURules, cell: int) -> list[int] | None:
    if cell == NO:
        return None
    return list(divmod(cell, state.cfg.side))


def piece_name(state: LURules, pid: int) -> str:
    """``CH-G1`` … ``CH-SA``; ``S2-G1`` for a seat without a faction yet."""
    faction = state.faction[pid // 4]
    prefix = state.cfg.catalog.factions[faction].code if faction != NO else f"S{pid // 4}"
    return f"{prefix}-{PIECE_SUFFIXES[pid % 4]}"


def unit_id(state: LURules, unit: int) -> str:
    return state.cfg.catalog.units[unit].id


def card_id(state: LURules, card: int) -> str:
    return state.cfg.catalog.cards[card].id


def tile_name(state: LURules, tile: int) -> str | None:
    if tile == NO:
        return None
    if tile >= BARN:
        return "barn"
    return state.cfg.catalog.tile_types[tile]


def resources_json(state: LURules, values: list[int] | tuple[int, ...]) -> dict[str, int]:
    return dict(zip(state.cfg.catalog.resources, values, strict=True))


# --- writing ---------------------------------------------------------------------------------
def _pieces(state: LURules) -> list[dict[str, Any]]:
    out = []
    for pid in range(4 * state.cfg.num_players):
        if state.pos[pid] == NO and not state.units[pid]:
            continue
        out.append(
            {
                "piece": piece_name(state, pid),
                "cell": cell_json(state, state.pos[pid]),
                "units": [unit_id(state, u) for u in state.units[pid]],
                "fortified": state.fortified[pid],
                "atk": state.attack_value(pid),
                "def": state.defence_value(pid),
            }
        )
    return out


def _turn(state: LURules, turn: Turn | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    res = state.cfg.catalog.resources
    return {
        "acted": ["ready" if a == READY else "done" for a in turn.acted],
        "started": list(turn.started),
        "double_time": list(turn.double),
        "forced_march": list(turn.forced),
        "piece": PIECE_SUFFIXES[turn.piece] if turn.piece != NO else None,
        "steps": turn.steps,
        "limit": turn.limit,
        "attacks": turn.attacks,
        "moved": turn.moved,
        "blitzkrieg": turn.blitz,
        "bumper_crop": PIECE_SUFFIXES[turn.bumper] if turn.bumper != NO else None,
        "foraging": list(turn.forage),
        "reinforcements": res[turn.reinforce] if turn.reinforce != NO else None,
        "transfers": turn.transfers,
        "rally": turn.rally,
        "chosen": turn.chosen,
        "unit": unit_id(state, turn.unit) if turn.unit != NO else None,
        "recruits": [unit_id(state, u) for u in turn.recruits],
    }


def _battle(state: LURules, b: Battle | None) -> dict[str, Any] | None:
    if b is None:
        return None
    a_unit, d_piece, d_unit = b.duel
    return {
        "attacker": piece_name(state, b.attacker),
        "defenders": [piece_name(state, p) for p in b.defenders],
        "origin": cell_json(state, b.origin),
        "target": cell_json(state, b.target),
        "ambush": b.ambush,
        "barn": b.barn,
        "joiners": [piece_name(state, p) for p in b.joiners],
        "stage": b.stage,
        "queue": list(b.queue),
        "attack_modifier": b.a_mod,
        "defence_side_modifier": b.d_mod,
        "defence_modifier": b.d_def,
        "duel": b.duel_on,
        "duel_units": [
            unit_id(state, a_unit) if a_unit != NO else None,
            piece_name(state, d_piece) if d_piece != NO else None,
            unit_id(state, d_unit) if d_unit != NO else None,
        ],
        "fortune": list(b.fortune),
        "pincer": b.pincer,
        "attack_dice": list(b.a_dice),
        "defence_dice": list(b.d_dice),
        "rolls": [list(r) for r in b.rolls],
        "keep": list(b.keep),
        "outcome": OUTCOME_NAMES[b.outcome] if b.outcome != NO else None,
        "owed": [
            {"piece": piece_name(state, p) if p != NO else None, "count": n} for p, n in b.owed
        ],
        "taken": [{"piece": piece_name(state, p), "unit": unit_id(state, u)} for p, u in b.taken],
        "plunder": [
            {"taker": t, "from": v, "count": k, "raid": raid} for t, v, k, raid in b.plunder
        ],
        "destroyed": [piece_name(state, p) for p in b.destroyed],
        "stepped": b.stepped,
        # Display facts (LU-R40): ATK and DEF in play, and the strengths once the dice are in.
        "attack_value": state.attack_total(b),
        "defence_value": state.defence_total(b),
        "attack_strength": state.attack_total(b) + b.a_mod + sum(b.a_dice)
        if b.a_dice and all(b.a_dice)
        else None,
        "defence_strength": state.defence_total(b)
        + b.d_mod
        + side_roll(tuple(b.d_dice), state.keeps_high(b))
        if b.d_dice and all(b.d_dice)
        else None,
    }


def _card(state: LURules, c: CardPlay | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {
        "seat": c.seat,
        "card": card_id(state, c.card),
        "stage": c.stage,
        "data": list(c.data),
        "resume": PHASE_NAMES[c.resume],
        "decider": c.decider,
    }


def _public(state: LURules) -> dict[str, Any]:
    """Everything every seat may see (LU-R1)."""
    cfg = state.cfg
    cat = cfg.catalog
    n = cfg.num_players
    side = cfg.side
    return {
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "decider": state.decider if state.decider != NO else None,
        "first_player": state.first if state.first != NO else None,
        "round": state.round,
        "round_limit": cfg.round_limit,
        "factions": [cat.factions[f].code if f != NO else None for f in state.faction],
        # Each seat's colour (its barn's), in the shape the web app reads for its player list.
        "seats": [
            {"colour": cat.factions[f].barn_colour if f != NO else None} for f in state.faction
        ],
        "tiles": [
            [tile_name(state, state.tiles[r * side + c]) for c in range(side)] for r in range(side)
        ],
        "barns": [cell_json(state, cell) for cell in state.barn],
        "face_down": {t: k for t, k in zip(cat.tile_types, state.pool, strict=True) if k},
        "deal_seat": state.deal_seat,
        "pieces": _pieces(state),
        "tokens": [resources_json(state, state.tokens[5 * s : 5 * s + 5]) for s in range(n)],
        "supply": resources_json(state, state.supply),
        "troops": {cat.units[t].id: state.troops[t] for t in range(cfg.troop_types)},
        "special_forces": {
            cat.units[u].id: SF_STATES[state.sf[u]] for u in range(cfg.troop_types, len(cat.units))
        },
        "hand_sizes": [len(h) for h in state.hands],
        "has_plan": [p != NO for p in state.plans],
        "played": [card_id(state, c) for c in state.played],
        "alive": list(state.alive),
        "lost_turns": list(state.lost),
        "shield_wall": list(state.shield),
        "scorched": [
            {"cell": cell_json(state, cell), "seat": seat}
            for cell, seat in enumerate(state.scorched)
            if seat != NO
        ],
        "turn": _turn(state, state.turn),
        "battle": _battle(state, state.battle),
        "card": _card(state, state.card),
        "ambush": list(state.ambush),
        "ambush_target": piece_name(state, state.ambush_target)
        if state.ambush_target != NO
        else None,
        "winners": list(state.winners),
    }


def to_json(state: LURules) -> dict[str, Any]:
    """The full position, hidden cards included."""
    n = state.cfg.num_players
    doc: dict[str, Any] = dict(state.game.describe())
    doc.update(_public(state))
    doc["hands"] = [[card_id(state, c) for c in hand] for hand in state.hands]
    doc["plans"] = [card_id(state, p) if p != NO else None for p in state.plans]
    doc["gone"] = [
        {"card": card_id(state, c), "owner": owner, "by": by if by != NO else None}
        for c, owner, by in state.gone
    ]
    doc["known"] = [
        {"viewer": i // n, "owner": i % n, "cards": [card_id(state, c) for c in known]}
        for i, known in enumerate(state.known)
        if known is not None
    ]
    return doc


def observation(state: LURules, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (checked by the caller) may see; ``None``: a spectator (LU §3).

    Public: every field of a position but the hands, the Battle Plans cards and what Espionage
    showed; of those, everyone sees the sizes (``hand_sizes``, ``has_plan``) and which cards were
    played. Private to ``seat``: ``hand`` and ``plan`` (its own cards), ``known`` (the cards of
    other seats its Espionage revealed and that they still hold), and the identity of a card
    that left the game by its own Espionage or from its own hand (``gone``)."""
    n = state.cfg.num_players
    doc: dict[str, Any] = {"game": state.game.type.name, "players": n, "seat": seat}
    doc.update(_public(state))
    doc["gone"] = [
        {
            "card": card_id(state, c) if seat is not None and seat in (owner, by) else None,
            "owner": owner,
            "by": by if by != NO else None,
        }
        for c, owner, by in state.gone
    ]
    if seat is None:
        doc["hand"] = None
        doc["plan"] = None
        doc["known"] = []
        return doc
    doc["hand"] = [card_id(state, c) for c in state.hands[seat]]
    doc["plan"] = card_id(state, state.plans[seat]) if state.plans[seat] != NO else None
    doc["known"] = [
        {"owner": other, "cards": [card_id(state, c) for c in known]}
        for other in range(n)
        if (known := state.known[seat * n + other]) is not None
    ]
    return doc


# --- reading -------------------------------------------------------------------------------
def _cell(state: LURules, item: ItemReader) -> int:
    side = state.cfg.side
    item.list(2)
    return item.at(0).int(0, side - 1) * side + item.at(1).int(0, side - 1)


def _cell_or_none(state: LURules, item: ItemReader) -> int:
    return NO if item.value is None else _cell(state, item)


def _named(item: ItemReader, table: dict[str, int], what: str) -> int:
    if not isinstance(item.value, str) or item.value not in table:
        item.fail(f"unknown {what} {item.value!r}")
    return table[item.value]


def _piece(state: LURules, item: ItemReader) -> int:
    names = {piece_name(state, pid): pid for pid in range(4 * state.cfg.num_players)}
    return _named(item, names, "piece")


def _resources(state: LURules, reader: PositionReader, key: str) -> list[int]:
    return reader.counts(key, state.cfg.catalog.resources)


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (a state of the game before setup) with the position ``to_json`` wrote;
    ``InvalidPositionError`` naming the field for anything malformed, out of range or
    inconsistent: every troop card, Special Forces card, token and Command or Battle Plans
    card must be exactly once somewhere, pieces must stand where they may, caps must hold."""
    state = blank
    reader = state.game.position_reader(doc)
    cfg = state.cfg
    cat = cfg.catalog
    n = cfg.num_players
    side = cfg.side
    phase = reader.choice("phase", PHASE_NAMES)
    state.phase = phase
    state.active = reader.int("active", 0, n - 1)
    decider = reader.int("decider", 0, n - 1, optional=True)
    state.decider = NO if decider is None else decider
    first = reader.int("first_player", 0, n - 1, optional=True)
    state.first = NO if first is None else first
    state.round = reader.int("round", 0, cfg.round_limit)
    if reader.int("round_limit") != cfg.round_limit:
        reader.fail("differs from this game's stalemate_round_limit", "round_limit")

    codes = {f.code: i for i, f in enumerate(cat.factions)}
    for seat, item in enumerate(reader.items("factions", n)):
        state.faction[seat] = NO if item.value is None else _named(item, codes, "faction")
    chosen = [f for f in state.faction if f != NO]
    if len(set(chosen)) != len(chosen):
        reader.fail("a faction is chosen twice", "factions")
    if (
        cfg.factions is not None
        and phase != CHOOSE_FACTION
        and tuple(state.faction) != cfg.factions
    ):
        reader.fail("differ from the factions this game's parameter assigns", "factions")

    # Tiles and barns.
    tile_index = {t: i for i, t in enumerate(cat.tile_types)}
    rows = list(reader.items("tiles", side))
    barns = list(reader.items("barns", n))
    for seat, item in enumerate(barns):
        state.barn[seat] = _cell_or_none(state, item)
    barn_of = {cell: seat for seat, cell in enumerate(state.barn) if cell != NO}
    if len(barn_of) != sum(1 for b in state.barn if b != NO):
        reader.fail("two barns share a cell", "barns")
    for r, row in enumerate(rows):
        values = row.list(side)
        for c, value in enumerate(values):
            cell = r * side + c
            item = row.at(c)
            if value == "barn":
                if cell not in barn_of:
                    item.fail("a barn tile where no seat's barn stands")
                state.tiles[cell] = BARN + barn_of[cell]
            elif value is None:
                state.tiles[cell] = NO
            else:
                state.tiles[cell] = _named(item, tile_index, "tile type")
    face_down = reader.obj("face_down")
    face_down.only(cat.tile_types)
    state.pool = [face_down.int(t, 1) if t in face_down.doc else 0 for t in cat.tile_types]
    placed = [0] * len(cat.tile_types)
    for tile in state.tiles:
        if 0 <= tile < BARN:
            placed[tile] += 1
    state.deal_seat = reader.int("deal_seat", 0, n)

    # Alive seats and what follows from elimination.
    state.alive = [item.bool() for item in reader.items("alive", n)]
    for seat in range(n):
        cell = state.barn[seat]
        if cell == NO:
            continue
        expect = BARN + seat if state.alive[seat] else tile_index.get("empty", NO)
        if state.tiles[cell] != expect:
            reader.fail(
                f"seat {seat}'s barn cell holds {tile_name(state, state.tiles[cell])!r}; an "
                "eliminated seat's barn is an empty field (LU-R96)",
                "tiles",
            )
        if not state.alive[seat]:
            placed[expect] -= 1
    for t, name in enumerate(cat.tile_types):
        if placed[t] + state.pool[t] != cfg.tile_pool[t]:
            reader.fail(
                f"{name}: {placed[t]} on the board and {state.pool[t]} face down; "
                f"{cfg.tile_pool[t]} are kept with {n} players (LU-R13)",
                "face_down",
            )

    # Pieces and units.
    unit_index = cat.unit_by_id
    seen_pieces: set[int] = set()
    for entry in reader.objects("pieces"):
        pid = _piece(state, entry.item("piece"))
        if pid in seen_pieces:
            entry.fail("the piece is listed twice", "piece")
        seen_pieces.add(pid)
        if state.faction[pid // 4] == NO:
            entry.fail("a piece of a seat without a faction", "piece")
        state.pos[pid] = _cell_or_none(state, entry.item("cell"))
        units = tuple(_named(item, unit_index, "unit") for item in entry.items("units"))
        state.units[pid] = units
        state.fortified[pid] = entry.bool("fortified")
        cap = state.unit_cap(pid)
        if len(units) > cap:
            entry.fail(f"holds {len(units)} units; at most {cap} (LU-R71)", "units")
        for u in units:
            owner = cfg.unit_faction[u]
            if owner != NO and owner != state.faction[pid // 4]:
                entry.fail(f"{cat.units[u].id} belongs to another faction (LU-R69)", "units")
        if state.pos[pid] == NO and units and phase != FORMING:
            entry.fail("a piece off the board holds units", "units")

    # Cards.
    card_index = cat.card_by_id
    hands = list(reader.items("hands", n))
    for seat, item in enumerate(hands):
        cards = tuple(_named(item.at(i), card_index, "card") for i in range(len(item.list())))
        if any(c >= cat.command_cards for c in cards):
            item.fail("a hand holds Command cards only")
        state.hands[seat] = cards
    for seat, item in enumerate(reader.items("plans", n)):
        if item.value is None:
            state.plans[seat] = NO
        else:
            card = _named(item, card_index, "card")
            if card < cat.command_cards:
                item.fail("a Battle Plans card, not a Command card")
            state.plans[seat] = card
    state.played = [_named(item, card_index, "card") for item in reader.items("played")]
    state.gone = []
    for entry in reader.objects("gone"):
        card = _named(entry.item("card"), card_index, "card")
        owner = entry.int("owner", 0, n - 1)
        by = entry.int("by", 0, n - 1, optional=True)
        state.gone.append((card, owner, NO if by is None else by))
    places = [c for h in state.hands for c in h] + [p for p in state.plans if p != NO]
    places += state.played + [g[0] for g in state.gone]
    if len(set(places)) != len(places):
        reader.fail("a card is in two places at once", "hands")
    dealt = sum(len(h) for h in state.hands) + sum(
        1 for c in state.played + [g[0] for g in state.gone] if c < cat.command_cards
    )
    if phase not in (CHOOSE_FACTION, DEAL) and dealt != n * cat.play.command_cards:
        reader.fail(
            f"{dealt} Command cards were dealt; {n * cat.play.command_cards} are (LU-R10)", "hands"
        )
    for entry in reader.objects("known"):
        viewer = entry.int("viewer", 0, n - 1)
        owner = entry.int("owner", 0, n - 1)
        cards = tuple(_named(item, card_index, "card") for item in entry.items("cards"))
        if viewer == owner or not set(cards) <= set(state.holds(owner)):
            entry.fail("what a seat knows of another's hand must be in that hand", "cards")
        state.known[viewer * n + owner] = cards

    # Tokens, troops and Special Forces: each exactly once (LU-R9, LU-R55, LU-R56).
    tokens = list(reader.items("tokens", n))
    for seat, item in enumerate(tokens):
        obj = item.obj()
        obj.only(cat.resources)
        state.tokens[5 * seat : 5 * seat + 5] = [obj.int(r, 0) for r in cat.resources]
    state.supply = _resources(state, reader, "supply")
    for r, name in enumerate(cat.resources):
        held = state.supply[r] + sum(state.tokens[5 * s + r] for s in range(n))
        if held != cat.token_supply[r]:
            reader.fail(f"{held} {name} tokens in all; there are {cat.token_supply[r]}", "supply")
    troops = reader.obj("troops")
    troop_ids = [u.id for u in cat.units[: cfg.troop_types]]
    troops.only(troop_ids)
    state.troops = [troops.int(t, 0) for t in troop_ids]
    in_units = [0] * len(cat.units)
    for units in state.units:
        for u in units:
            in_units[u] += 1
    turn_doc = reader.obj("turn", optional=True)
    recruits: list[int] = []
    if turn_doc is not None:
        recruits = [_named(item, unit_index, "unit") for item in turn_doc.items("recruits")]
        for u in recruits:
            in_units[u] += 1
    for t, tid in enumerate(troop_ids):
        if state.troops[t] + in_units[t] != cat.units[t].copies:
            reader.fail(
                f"{tid}: {state.troops[t]} in the supply and {in_units[t]} in battalions; "
                f"there are {cat.units[t].copies}",
                "troops",
            )
    sf_doc = reader.obj("special_forces")
    sf_ids = [u.id for u in cat.units[cfg.troop_types :]]
    sf_doc.only(sf_ids)
    for offset, sid in enumerate(sf_ids):
        u = cfg.troop_types + offset
        state.sf[u] = sf_doc.choice(sid, SF_STATES)
        if (state.sf[u] == IN_PLAY) != (in_units[u] == 1) or in_units[u] > 1:
            sf_doc.fail("in play exactly when one battalion holds it (LU-R69)", sid)

    # Effects and counters.
    state.lost = [item.int(0) for item in reader.items("lost_turns", n)]
    state.shield = [item.bool() for item in reader.items("shield_wall", n)]
    state.scorched = [NO] * cfg.cells
    for entry in reader.objects("scorched"):
        cell = _cell(state, entry.item("cell"))
        state.scorched[cell] = entry.int("seat", 0, n - 1)
    state.winners = tuple(item.int(0, n - 1) for item in reader.items("winners"))
    state.ambush = [item.int(0, n - 1) for item in reader.items("ambush")]
    target = reader.item("ambush_target")
    state.ambush_target = NO if target.value is None else _piece(state, target)

    # Turn, battle and card play, where the phase needs them.
    state.turn = _read_turn(state, turn_doc, recruits) if turn_doc is not None else None
    battle_doc = reader.obj("battle", optional=True)
    state.battle = _read_battle(state, battle_doc) if battle_doc is not None else None
    card_doc = reader.obj("card", optional=True)
    state.card = _read_card(state, card_doc) if card_doc is not None else None
    if (state.turn is None) != (phase not in TURN_PHASES):
        reader.fail("a turn record is needed exactly in the turn's phases", "turn")
    if phase in BATTLE_PHASES and state.battle is None:
        reader.fail(f"phase {PHASE_NAMES[phase]} needs a battle record", "battle")
    if phase not in BATTLE_PHASES and phase != CARD_TARGET and state.battle is not None:
        reader.fail(f"no battle is fought in phase {PHASE_NAMES[phase]}", "battle")
    if phase == ROLL and (state.battle is None or not state.battle.rolls):
        reader.fail("a die is due only in a battle with dice to roll", "battle")
    if (state.card is None) != (phase != CARD_TARGET):
        reader.fail("a card record is needed exactly in phase card_target", "card")
    if phase == AMBUSH and (not state.ambush or state.ambush_target == NO):
        reader.fail("phase ambush needs seats to ask and the piece that moved", "ambush")
    _check_board(state, reader)
    _check_phase(state, reader)
    # occupancy: one resident per cell (the piece passing through is not it)
    moving = NO
    if state.turn is not None and state.turn.piece != NO:
        moving = 4 * state.active + state.turn.piece
    for pid, cell in enumerate(state.pos):
        if cell != NO and (state.occ[cell] == NO or state.occ[cell] == moving):
            state.occ[cell] = pid
    state._legal_cache = None
    return state


def _read_turn(state: LURules, t: PositionReader, recruits: list[int]) -> Turn:
    cat = state.cfg.catalog
    turn = Turn(0)
    turn.acted = [t.item("acted").at(i).choice(("ready", "done")) for i in range(4)]
    t.list("acted", 4)
    turn.started = [item.bool() for item in t.items("started", 4)]
    turn.double = [item.bool() for item in t.items("double_time", 4)]
    turn.forced = [item.bool() for item in t.items("forced_march", 4)]
    piece = t.choice("piece", PIECE_SUFFIXES, optional=True)
    turn.piece = NO if piece is None else piece
    turn.steps = t.int("steps", 0, 20)
    turn.limit = t.int("limit", 0, 20)
    turn.attacks = t.int("attacks", 0, 2)
    turn.moved = t.bool("moved")
    turn.blitz = t.bool("blitzkrieg")
    bumper = t.choice("bumper_crop", PIECE_SUFFIXES, optional=True)
    turn.bumper = NO if bumper is None else bumper
    turn.forage = [item.bool() for item in t.items("foraging", 4)]
    reinforce = t.choice("reinforcements", cat.resources, optional=True)
    turn.reinforce = NO if reinforce is None else reinforce
    turn.transfers = t.int("transfers", 0, cat.play.rally_transfers)
    turn.rally = t.bool("rally")
    turn.chosen = t.int("chosen", NO, len(cat.units) - 1)
    unit = t.item("unit")
    turn.unit = NO if unit.value is None else _named(unit, cat.unit_by_id, "unit")
    turn.recruits = recruits
    return turn


def _read_battle(state: LURules, d: PositionReader) -> Battle:
    n = state.cfg.num_players
    b = Battle()
    b.attacker = _piece(state, d.item("attacker"))
    b.defenders = [_piece(state, item) for item in d.items("defenders")]
    if not b.defenders:
        d.fail("a battle has a defender", "defenders")
    b.origin = _cell(state, d.item("origin"))
    b.target = _cell(state, d.item("target"))
    b.ambush = d.bool("ambush")
    b.barn = d.bool("barn")
    b.joiners = [_piece(state, item) for item in d.items("joiners")]
    b.stage = d.int("stage", 0, 14)
    b.queue = [item.int(0, n - 1) for item in d.items("queue")]
    b.a_mod = d.int("attack_modifier", 0)
    b.d_mod = d.int("defence_side_modifier", 0)
    b.d_def = d.int("defence_modifier", 0)
    b.duel_on = d.bool("duel")
    duel = list(d.items("duel_units", 3))
    a_unit = NO if duel[0].value is None else _named(duel[0], state.cfg.catalog.unit_by_id, "unit")
    d_piece = NO if duel[1].value is None else _piece(state, duel[1])
    d_unit = NO if duel[2].value is None else _named(duel[2], state.cfg.catalog.unit_by_id, "unit")
    b.duel = (a_unit, d_piece, d_unit)
    b.fortune = [item.bool() for item in d.items("fortune", 2)]
    b.pincer = d.bool("pincer")
    b.a_dice = [item.int(0, 6) for item in d.items("attack_dice")]
    b.d_dice = [item.int(0, 6) for item in d.items("defence_dice")]
    b.rolls = []
    for item in d.items("rolls"):
        item.list(2)
        b.rolls.append((item.at(0).int(0, 1), item.at(1).int(0, 2)))
    b.keep = [item.int(0, 1) for item in d.items("keep")]
    outcome = d.choice("outcome", OUTCOME_NAMES, optional=True)
    b.outcome = NO if outcome is None else outcome
    b.owed = []
    for entry in d.objects("owed"):
        item = entry.item("piece")
        b.owed.append([NO if item.value is None else _piece(state, item), entry.int("count", 0, 4)])
    b.taken = [
        (
            _piece(state, e.item("piece")),
            _named(e.item("unit"), state.cfg.catalog.unit_by_id, "unit"),
        )
        for e in d.objects("taken")
    ]
    b.plunder = [
        [e.int("taker", 0, n - 1), e.int("from", 0, n - 1), e.int("count", 0, 5), e.bool("raid")]
        for e in d.objects("plunder")
    ]
    b.destroyed = [_piece(state, item) for item in d.items("destroyed")]
    b.stepped = d.bool("stepped")
    return b


def _read_card(state: LURules, d: PositionReader) -> CardPlay:
    n = state.cfg.num_players
    cat = state.cfg.catalog
    c = CardPlay()
    c.seat = d.int("seat", 0, n - 1)
    c.card = _named(d.item("card"), cat.card_by_id, "card")
    c.effect = cat.cards[c.card].effect
    c.stage = d.int("stage", 0, 2)
    c.data = [item.int(0) for item in d.items("data")]
    c.resume = d.choice("resume", PHASE_NAMES)
    c.decider = d.int("decider", 0, n - 1)
    if c.card not in state.played:
        d.fail("a card being played is among the played cards", "card")
    return c


def _check_board(state: LURules, reader: PositionReader) -> None:
    """Pieces stand where they may (LU-R31, LU-R32), once the board exists."""
    cat = state.cfg.catalog
    moving = NO
    if state.turn is not None and state.turn.piece != NO:
        moving = 4 * state.active + state.turn.piece
    by_cell: dict[int, list[int]] = {}
    for pid, cell in enumerate(state.pos):
        if cell == NO:
            continue
        if not state.alive[pid // 4]:
            reader.fail(f"{piece_name(state, pid)} belongs to an eliminated seat", "pieces")
        tile = state.tiles[cell]
        if tile == NO or (tile < BARN and cat.tile_classes[tile] == BLOCKED and pid != moving):
            reader.fail(f"{piece_name(state, pid)} stands where no piece may stop", "pieces")
        by_cell.setdefault(cell, []).append(pid)
    for cell, pids in by_cell.items():
        residents = [p for p in pids if p != moving]
        if len(residents) > 1:
            owner = state.barn_owner(cell)
            if not all(p // 4 == owner and p % 4 != SUPER_ARMY for p in residents):
                reader.fail(
                    f"pieces {', '.join(piece_name(state, p) for p in residents)} share a cell; "
                    "only own Generals share their own barn (LU-R32)",
                    "pieces",
                )
        for p in residents:
            owner = state.barn_owner(cell)
            if owner not in (NO, p // 4) and p % 4 != SUPER_ARMY:
                reader.fail(f"{piece_name(state, p)} stands in another player's barn", "pieces")
    for seat in range(state.cfg.num_players):
        sa = 4 * seat + SUPER_ARMY
        if state.pos[sa] != NO and any(state.pos[4 * seat + g] != NO for g in range(GENERALS)):
            reader.fail(
                f"{piece_name(state, sa)} and a General of the same seat are both on the board",
                "pieces",
            )


def _check_phase(state: LURules, reader: PositionReader) -> None:
    """The phase agrees with setup progress and the end of the game."""
    phase = state.phase
    if phase == OVER:
        if not state.winners:
            reader.fail("a finished game names its winners", "winners")
        return
    if state.winners:
        reader.fail("only a finished game has winners", "winners")
    if phase in (CHOOSE_FACTION, DEAL, FIRST_PLAYER, DRAW_START, PLACE_BARN, DRAW_FILL):
        if any(p != NO for p in state.pos):
            reader.fail("no piece stands on the board before setup ends", "pieces")
        if phase != CHOOSE_FACTION and NO in state.faction:
            reader.fail("every seat has a faction once the deal starts", "factions")
        if phase in (DRAW_START, PLACE_BARN, DRAW_FILL) and state.first == NO:
            reader.fail("the first player is known before the tiles are drawn", "first_player")
        return
    if state.round < 1 or state.first == NO or NO in state.barn:
        reader.fail("play needs a round, a first player and every barn", "round")
    if any(t == NO for t in state.tiles):
        reader.fail("every cell holds a tile once play starts", "tiles")
    if not state.alive[state.active]:
        reader.fail("the active seat is eliminated", "active")
    if sum(state.alive) < 2:
        reader.fail("a game with one faction left is over", "alive")
    if state.decider == NO and phase not in (ROLL, DRAW_PLAN):
        reader.fail(f"phase {PHASE_NAMES[phase]} needs a deciding seat", "decider")
