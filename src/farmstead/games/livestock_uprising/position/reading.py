"""Reading a Livestock Uprising position back: ``state_from_json`` by the declaration
``POSITION``.

The fields are read in the order the declaration lists them, each group followed by the checks
that need it: every troop card, Special Forces card, token and Command or Battle Plans card is
exactly once somewhere, pieces stand where they may, caps hold, and the turn, battle and card
records are there exactly when the phase needs them. Every error is an
``InvalidPositionError`` naming the field.
"""

from __future__ import annotations

from typing import Any, TypeVar

from farmstead.core.position import ItemReader
from farmstead.core.schema import (
    Bool,
    Choice,
    Counts,
    Entry,
    Field,
    Int,
    ListOf,
    Named,
    Nullable,
    Object,
    Reading,
    Record,
    Rows,
    items,
    read,
)
from farmstead.games.livestock_uprising.layout import (
    AMBUSH,
    BARN,
    BLOCKED,
    CARD_TARGET,
    CHOOSE_FACTION,
    DEAL,
    DRAW_FILL,
    DRAW_PLAN,
    DRAW_START,
    FIRST_PLAYER,
    FORMING,
    GENERALS,
    NO,
    OVER,
    PHASE_NAMES,
    PLACE_BARN,
    ROLL,
    SUPER_ARMY,
)
from farmstead.games.livestock_uprising.position.kinds import (
    CARD,
    CELL,
    CELL_OR_NONE,
    PIECE,
    RESOURCES,
    SEAT,
    UNIT,
)
from farmstead.games.livestock_uprising.position.records import BATTLE, CARD_PLAY, TURN
from farmstead.games.livestock_uprising.position.views import (
    BATTLE_PHASES,
    SF_STATES,
    TURN_PHASES,
    piece_name,
    tile_name,
)
from farmstead.games.livestock_uprising.rules import IN_PLAY, LURules

S = TypeVar("S", bound=LURules)


# --- setup: factions, tiles, barns --------------------------------------------------------------
def _round_limit_of_this_game(reading: Reading) -> None:
    if reading.got["round_limit"] != reading.cfg.round_limit:
        reading.fail("differs from this game's stalemate_round_limit", "round_limit")


def _factions_once(reading: Reading) -> None:
    """Each faction is chosen once; the ``factions`` parameter assigns them once play starts."""
    state, cfg = reading.state, reading.cfg
    chosen = [f for f in state.faction if f != NO]
    if len(set(chosen)) != len(chosen):
        reading.fail("a faction is chosen twice", "factions")
    if (
        cfg.factions is not None
        and state.phase != CHOOSE_FACTION
        and tuple(state.faction) != cfg.factions
    ):
        reading.fail("differ from the factions this game's parameter assigns", "factions")


def _barns_apart(reading: Reading) -> None:
    """No two barns on one cell."""
    barns = [b for b in reading.state.barn if b != NO]
    if len(set(barns)) != len(barns):
        reading.fail("two barns share a cell", "barns")


def _tile_row(reading: Reading, item: ItemReader) -> list[int]:
    """Row ``reading.row`` of the board: a tile type, ``"barn"`` where a seat's barn stands,
    or null."""
    state, cfg = reading.state, reading.cfg
    side = cfg.side
    tile_index = {t: i for i, t in enumerate(cfg.catalog.tile_types)}
    barn_of = {cell: seat for seat, cell in enumerate(state.barn) if cell != NO}
    tiles = []
    for c, sub in enumerate(items(item, side)):
        cell = reading.row * side + c
        if sub.value == "barn":
            if cell not in barn_of:
                sub.fail("a barn tile where no seat's barn stands")
            tiles.append(BARN + barn_of[cell])
        elif sub.value is None:
            tiles.append(NO)
        else:
            tiles.append(Named(tile_index, "tile type")(reading, sub))
    return tiles


def _eliminated_barns_are_fields(reading: Reading) -> None:
    """A seat's barn cell holds its barn, or an empty field once it is eliminated (LU-R96)."""
    state = reading.state
    empty = {t: i for i, t in enumerate(reading.cfg.catalog.tile_types)}.get("empty", NO)
    for seat, cell in enumerate(state.barn):
        if cell == NO:
            continue
        expect = BARN + seat if state.alive[seat] else empty
        if state.tiles[cell] != expect:
            reading.fail(
                f"seat {seat}'s barn cell holds {tile_name(state, state.tiles[cell])!r}; an "
                "eliminated seat's barn is an empty field (LU-R96)",
                "tiles",
            )


def _tiles_kept(reading: Reading) -> None:
    """The tiles on the board (an eliminated seat's barn field apart) and face down are those
    kept for the player count (LU-R13)."""
    state, cfg = reading.state, reading.cfg
    tile_types = cfg.catalog.tile_types
    placed = [0] * len(tile_types)
    for tile in state.tiles:
        if 0 <= tile < BARN:
            placed[tile] += 1
    for seat, cell in enumerate(state.barn):
        if cell != NO and not state.alive[seat]:
            placed[state.tiles[cell]] -= 1
    for t, name in enumerate(tile_types):
        if placed[t] + state.tiles_face_down[t] != cfg.tile_pool[t]:
            reading.fail(
                f"{name}: {placed[t]} on the board and {state.tiles_face_down[t]} face down; "
                f"{cfg.tile_pool[t]} are kept with {cfg.num_players} players (LU-R13)",
                "face_down",
            )


# --- pieces and cards ---------------------------------------------------------------------------
def _piece_listed_once(reading: Reading) -> None:
    """A piece is listed once, and only for a seat with a faction."""
    pid = reading.got["piece"]
    if any(row["piece"] == pid for row in reading.before):
        reading.fail("the piece is listed twice", "piece")
    if reading.state.faction[pid // 4] == NO:
        reading.fail("a piece of a seat without a faction", "piece")


def _battalion(reading: Reading) -> None:
    """Put the piece where it stands with its units: at most its cap (LU-R71), its own
    faction's units (LU-R69), none off the board but while a Super Army forms."""
    state, cfg = reading.state, reading.cfg
    pid, units = reading.got["piece"], reading.got["units"]
    state.piece_cell[pid] = reading.got["cell"]
    state.units[pid] = units
    state.fortified[pid] = reading.got["fortified"]
    cap = state.unit_cap(pid)
    if len(units) > cap:
        reading.fail(f"holds {len(units)} units; at most {cap} (LU-R71)", "units")
    for u in units:
        owner = cfg.unit_faction[u]
        if owner != NO and owner != state.faction[pid // 4]:
            reading.fail(f"{cfg.catalog.units[u].id} belongs to another faction (LU-R69)", "units")
    if state.piece_cell[pid] == NO and units and state.phase != FORMING:
        reading.fail("a piece off the board holds units", "units")


PIECE_FIELDS = (
    Field("piece", PIECE),
    _piece_listed_once,
    Field("cell", CELL_OR_NONE),
    Field("units", ListOf(UNIT, make=tuple)),
    Field("fortified", Bool()),
    _battalion,
)


def _hand(reading: Reading, item: ItemReader) -> tuple[int, ...]:
    """A hand: Command cards only."""
    cards = tuple(CARD(reading, sub) for sub in items(item))
    if any(c >= reading.cfg.catalog.command_cards for c in cards):
        item.fail("a hand holds Command cards only")
    return cards


def _plan(reading: Reading, item: ItemReader) -> int:
    """A Battle Plans card."""
    card = int(CARD(reading, item))
    if card < reading.cfg.catalog.command_cards:
        item.fail("a Battle Plans card, not a Command card")
    return card


def _cards_dealt_once(reading: Reading) -> None:
    """Every card is in one place; the Command cards of the deal are all out (LU-R10)."""
    state, cat = reading.state, reading.cfg.catalog
    places = [c for h in state.hands for c in h] + [p for p in state.plans if p != NO]
    places += state.played + [g[0] for g in state.gone]
    if len(set(places)) != len(places):
        reading.fail("a card is in two places at once", "hands")
    dealt = sum(len(h) for h in state.hands) + sum(
        1 for c in state.played + [g[0] for g in state.gone] if c < cat.command_cards
    )
    expected = reading.cfg.num_players * cat.play.command_cards
    if state.phase not in (CHOOSE_FACTION, DEAL) and dealt != expected:
        reading.fail(f"{dealt} Command cards were dealt; {expected} are (LU-R10)", "hands")


def _known_cards_in_the_hand(reading: Reading) -> None:
    """What a seat's Espionage showed of another's hand is still in it (LU-R5)."""
    state = reading.state
    viewer, owner, cards = reading.got["viewer"], reading.got["owner"], reading.got["cards"]
    if viewer == owner or not set(cards) <= set(state.holds(owner)):
        reading.fail("what a seat knows of another's hand must be in that hand", "cards")
    state.known[viewer * reading.cfg.num_players + owner] = cards


# --- tokens, troops and Special Forces: each exactly once (LU-R9, LU-R55, LU-R56) ---------------
def _tokens_kept(reading: Reading) -> None:
    """Each resource's tokens: in the supply or held by the seats."""
    state, cfg = reading.state, reading.cfg
    cat = cfg.catalog
    for r, name in enumerate(cat.resources):
        held = state.supply[r] + sum(state.tokens[5 * s + r] for s in range(cfg.num_players))
        if held != cat.token_supply[r]:
            reading.fail(f"{held} {name} tokens in all; there are {cat.token_supply[r]}", "supply")


def _in_battalions(reading: Reading) -> list[int]:
    """Each unit type's cards in battalions, and in recruits of a Super Army forming."""
    state = reading.state
    in_units = [0] * len(reading.cfg.catalog.units)
    for units in state.units:
        for u in units:
            in_units[u] += 1
    turn = reading.got["turn"]
    for u in turn["recruits"] if turn is not None else ():
        in_units[u] += 1
    return in_units


def _troops_kept(reading: Reading) -> None:
    """Each troop type's cards: in the supply or in battalions."""
    state, cfg = reading.state, reading.cfg
    units = cfg.catalog.units
    in_units = _in_battalions(reading)
    for t in range(cfg.troop_types):
        if state.troops[t] + in_units[t] != units[t].copies:
            reading.fail(
                f"{units[t].id}: {state.troops[t]} in the supply and {in_units[t]} in "
                f"battalions; there are {units[t].copies}",
                "troops",
            )


def _special_forces(reading: Reading, item: ItemReader) -> list[int]:
    """Each Special Forces card's state: in play exactly when one battalion holds it
    (LU-R69)."""
    cfg = reading.cfg
    units = cfg.catalog.units
    states = list(reading.state.special_forces)
    in_units = _in_battalions(reading)
    sub = item.obj()
    sub.only([u.id for u in units[cfg.troop_types :]])
    for u in range(cfg.troop_types, len(units)):
        sid = units[u].id
        states[u] = sub.choice(sid, SF_STATES)
        if (states[u] == IN_PLAY) != (in_units[u] == 1) or in_units[u] > 1:
            sub.fail("in play exactly when one battalion holds it (LU-R69)", sid)
    return states


_SCORCHED = ListOf(Record(Field("cell", CELL), Field("seat", SEAT)))


def _scorched(reading: Reading, item: ItemReader) -> list[int]:
    """The scorched cells (Scorched Earth), each with the seat that scorched it."""
    scorched = [NO] * reading.cfg.cells
    for cell, seat in _SCORCHED(reading, item):
        scorched[cell] = seat
    return scorched


def _records_the_phase_needs(reading: Reading) -> None:
    """A turn record in the turn's phases, a battle record in a battle's, a card record in
    card_target, seats to ask in an ambush."""
    state = reading.state
    phase = state.phase
    name = PHASE_NAMES[phase]
    if (state.turn is None) != (phase not in TURN_PHASES):
        reading.fail("a turn record is needed exactly in the turn's phases", "turn")
    if phase in BATTLE_PHASES and state.battle is None:
        reading.fail(f"phase {name} needs a battle record", "battle")
    if phase not in BATTLE_PHASES and phase != CARD_TARGET and state.battle is not None:
        reading.fail(f"no battle is fought in phase {name}", "battle")
    if phase == ROLL and (state.battle is None or not state.battle.rolls):
        reading.fail("a die is due only in a battle with dice to roll", "battle")
    if (state.card is None) != (phase != CARD_TARGET):
        reading.fail("a card record is needed exactly in phase card_target", "card")
    if phase == AMBUSH and (not state.ambush or state.ambush_target == NO):
        reading.fail("phase ambush needs seats to ask and the piece that moved", "ambush")


# --- the board and the phase --------------------------------------------------------------------
def _moving_piece(state: LURules) -> int:
    """The piece acting now (it may pass through a cell another piece holds), or ``NO``."""
    if state.turn is not None and state.turn.piece != NO:
        return int(4 * state.active + state.turn.piece)
    return NO


def _pieces_stand_where_they_may(reading: Reading) -> None:
    """Pieces of living seats, on cells where a piece may stop (LU-R31)."""
    state = reading.state
    classes = reading.cfg.catalog.tile_classes
    moving = _moving_piece(state)
    for pid, cell in enumerate(state.piece_cell):
        if cell == NO:
            continue
        if not state.alive[pid // 4]:
            reading.fail(f"{piece_name(state, pid)} belongs to an eliminated seat", "pieces")
        tile = state.tiles[cell]
        if tile == NO or (tile < BARN and classes[tile] == BLOCKED and pid != moving):
            reading.fail(f"{piece_name(state, pid)} stands where no piece may stop", "pieces")


def _one_resident_per_cell(reading: Reading) -> None:
    """One resident per cell but own Generals in their own barn; no piece in another player's
    barn but a Super Army (LU-R32); a Super Army and its seat's Generals are never both on the
    board."""
    state = reading.state
    moving = _moving_piece(state)
    by_cell: dict[int, list[int]] = {}
    for pid, cell in enumerate(state.piece_cell):
        if cell != NO:
            by_cell.setdefault(cell, []).append(pid)
    for cell, pids in by_cell.items():
        residents = [p for p in pids if p != moving]
        owner = state.barn_owner(cell)
        if len(residents) > 1 and not all(
            p // 4 == owner and p % 4 != SUPER_ARMY for p in residents
        ):
            reading.fail(
                f"pieces {', '.join(piece_name(state, p) for p in residents)} share a cell; "
                "only own Generals share their own barn (LU-R32)",
                "pieces",
            )
        for p in residents:
            if owner not in (NO, p // 4) and p % 4 != SUPER_ARMY:
                reading.fail(f"{piece_name(state, p)} stands in another player's barn", "pieces")
    for seat in range(reading.cfg.num_players):
        sa = 4 * seat + SUPER_ARMY
        if state.piece_cell[sa] != NO and any(
            state.piece_cell[4 * seat + g] != NO for g in range(GENERALS)
        ):
            reading.fail(
                f"{piece_name(state, sa)} and a General of the same seat are both on the board",
                "pieces",
            )


def _winners_at_the_end(reading: Reading) -> None:
    state = reading.state
    if state.phase == OVER and not state.winners:
        reading.fail("a finished game names its winners", "winners")
    if state.phase != OVER and state.winners:
        reading.fail("only a finished game has winners", "winners")


SETUP_PHASES = (CHOOSE_FACTION, DEAL, FIRST_PLAYER, DRAW_START, PLACE_BARN, DRAW_FILL)


def _setup_before_play(reading: Reading) -> None:
    """No piece on the board during the setup; factions before the deal, the first player
    before the tiles are drawn."""
    state = reading.state
    phase = state.phase
    if phase not in SETUP_PHASES:
        return
    if any(p != NO for p in state.piece_cell):
        reading.fail("no piece stands on the board before setup ends", "pieces")
    if phase != CHOOSE_FACTION and NO in state.faction:
        reading.fail("every seat has a faction once the deal starts", "factions")
    if phase in (DRAW_START, PLACE_BARN, DRAW_FILL) and state.first == NO:
        reading.fail("the first player is known before the tiles are drawn", "first_player")


def _play_after_setup(reading: Reading) -> None:
    """Play has a round, a first player, every barn and tile, a living active seat, two
    factions left and a deciding seat."""
    state = reading.state
    phase = state.phase
    if phase == OVER or phase in SETUP_PHASES:
        return
    if state.round < 1 or state.first == NO or NO in state.barn:
        reading.fail("play needs a round, a first player and every barn", "round")
    if any(t == NO for t in state.tiles):
        reading.fail("every cell holds a tile once play starts", "tiles")
    if not state.alive[state.active]:
        reading.fail("the active seat is eliminated", "active")
    if sum(state.alive) < 2:
        reading.fail("a game with one faction left is over", "alive")
    if state.decider == NO and phase not in (ROLL, DRAW_PLAN):
        reading.fail(f"phase {PHASE_NAMES[phase]} needs a deciding seat", "decider")


def _occupancy(reading: Reading) -> None:
    """The board index: one resident per cell (the piece passing through is not it)."""
    state = reading.state
    moving = _moving_piece(state)
    for pid, cell in enumerate(state.piece_cell):
        if cell != NO and (state.cell_piece[cell] == NO or state.cell_piece[cell] == moving):
            state.cell_piece[cell] = pid


def _faction_codes(reading: Reading) -> dict[str, int]:
    return {f.code: i for i, f in enumerate(reading.cfg.catalog.factions)}


POSITION: tuple[Entry, ...] = (
    Field("phase", Choice(PHASE_NAMES), "phase"),
    Field("active", SEAT, "active"),
    Field("decider", SEAT, "decider", optional=NO),
    Field("first_player", SEAT, "first", optional=NO),
    Field("round", Int(0, "round_limit"), "round"),
    Field("round_limit", Int()),
    _round_limit_of_this_game,
    Field(
        "factions",
        ListOf(Nullable(Named(_faction_codes, "faction"), NO), "num_players"),
        "faction",
    ),
    _factions_once,
    Field("tiles", ListOf(lambda r, item: item, "side")),
    Field("barns", ListOf(CELL_OR_NONE, "num_players"), "barn"),
    _barns_apart,
    Field(
        "tiles",
        ListOf(_tile_row, "side", lambda rows: [t for row in rows for t in row], indexed=True),
        "tiles",
    ),
    Field("face_down", Counts(lambda r: r.cfg.catalog.tile_types, 1), "tiles_face_down"),
    Field("deal_seat", Int(0, "num_players"), "deal_seat"),
    Field("alive", ListOf(Bool(), "num_players"), "alive"),
    _eliminated_barns_are_fields,
    _tiles_kept,
    Field("pieces", Rows(*PIECE_FIELDS)),
    Field("hands", ListOf(_hand, "num_players"), "hands"),
    Field("plans", ListOf(Nullable(_plan, NO), "num_players"), "plans"),
    Field("played", ListOf(CARD), "played"),
    Field(
        "gone",
        ListOf(Record(Field("card", CARD), Field("owner", SEAT), Field("by", SEAT, optional=NO))),
        "gone",
    ),
    _cards_dealt_once,
    Field(
        "known",
        Rows(
            Field("viewer", SEAT),
            Field("owner", SEAT),
            Field("cards", ListOf(CARD, make=tuple)),
            _known_cards_in_the_hand,
        ),
    ),
    Field(
        "tokens",
        ListOf(
            Counts(lambda r: r.cfg.catalog.resources, complete=True),
            "num_players",
            lambda seats: [count for seat in seats for count in seat],
        ),
        "tokens",
    ),
    Field("supply", RESOURCES, "supply"),
    _tokens_kept,
    Field(
        "troops",
        Counts(lambda r: [u.id for u in r.cfg.catalog.units[: r.cfg.troop_types]], complete=True),
        "troops",
    ),
    Field("turn", Object(Field("recruits", ListOf(UNIT))), optional=None),
    _troops_kept,
    Field("special_forces", _special_forces, "special_forces"),
    Field("lost_turns", ListOf(Int(0), "num_players"), "turns_lost"),
    Field("shield_wall", ListOf(Bool(), "num_players"), "shield"),
    Field("scorched", _scorched, "scorched"),
    Field("winners", ListOf(SEAT, make=tuple), "winners"),
    Field("ambush", ListOf(SEAT), "ambush"),
    Field("ambush_target", PIECE, "ambush_target", null=NO),
    Field("turn", TURN, "turn", optional=None),
    Field("battle", BATTLE, "battle", optional=None),
    Field("card", CARD_PLAY, "card", optional=None),
    _records_the_phase_needs,
    _pieces_stand_where_they_may,
    _one_resident_per_cell,
    _winners_at_the_end,
    _setup_before_play,
    _play_after_setup,
    _occupancy,
)
"""The position's fields in reading order, each group followed by the checks that need it (the
turn's recruits are read with the troops they hold, the rest of the turn later)."""


def state_from_json(blank: S, doc: Any) -> S:
    """Fill ``blank`` (a state of the game before setup) with the position ``to_json`` wrote,
    read by ``POSITION``; ``InvalidPositionError`` naming the field for anything malformed,
    out of range or inconsistent: every troop card, Special Forces card, token and Command or
    Battle Plans card must be exactly once somewhere, pieces must stand where they may, caps
    must hold."""
    read(POSITION, blank, blank.game.position_reader(doc))
    blank._legal_cache = None
    return blank
