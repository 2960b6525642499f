"""Farms Race's observation tensor written straight from the state (``tensor.state_encoder``).

Each value is the reference's (``tensor.encode`` of ``observation(seat)``, ``position.views``),
computed by the same Python expression from the field it derives from, so the vectors are
bit-identical; each part names the reference helper it follows. Offsets, seat orders and static
blocks are computed once per configured game; a call writes the non-zero elements of a zeroed
buffer through a ``memoryview``.

What a seat may see (section 16, FR-R19) is the observation's: its own resource cards, Spy cards
and dealt Mutations; another seat's hand only as the Blackmail player during ``blackmail_take``
(FR-10); Adorable's peeked token values only to Adorable (FR-11), or to all after the game with
``reveal_after_game``; a Pocket Nuke's humans in a face-down target only to its owner.

The state's indices are the reference's: buildings (``BARN``, ``ARMORY``) its ``BUILDINGS``
plus one; die faces, builds, nuke kinds, phases, Mutations and Spy cards index ``FACES``,
``BUILDS``, ``NUKE_KINDS``, ``PHASE_NAMES``, ``MUTATION_IDS`` and ``SPY_IDS``. A helper module
imports only ``core`` and ``layout``, so the configuration and the state are ``Any`` here.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import Any

import numpy as np

from farmstead.core.tensor import StateEncoder, TensorLayout
from farmstead.games.farms_race.layout import (
    ADORABLE,
    BLACKMAIL_TAKE,
    EFFECT_NORTH_KOREAN,
    EFFECT_STEALING,
    FLY_DEST,
    FLY_HEALTH,
    FLY_SOURCE,
    HUMANS,
    NUM_MUTATIONS,
    NUM_RESOURCES,
    NUM_SPY_KINDS,
    OVER,
)

Rel = tuple[int, ...]
Out = Any
"""The output buffer's float32 ``memoryview`` (typeshed's ``memoryview`` takes ints only)."""
Part = Callable[[Any, Out, "int | None", int, Rel], None]
"""A part of the encoding: ``part(state, v, seat, viewer, rel)`` writes its fields into ``v``
(the output buffer's memoryview); ``seat`` is ``None`` for a spectator, ``viewer`` is ``seat``
or 0 (a spectator sees the seats from seat 0) and ``rel`` each seat's seat relative to it."""

K = NUM_SPY_KINDS
KINDS = range(NUM_RESOURCES)
FLY_PHASES = (FLY_SOURCE, FLY_HEALTH, FLY_DEST)
NUKE_KIND_INDEX = (0, 1, 2, 3)
"""``tensor.NUKE_KINDS.index(views.NUKE_KINDS[kind])``: the kind itself; indexed with the raw
field so that ``NO`` reads as the reference's ``views.NUKE_KINDS[-1]`` ("north_korean")."""
VP_BITS = tuple(tuple(k for k in range(4) if mask >> k & 1) for mask in range(16))
"""The revealed VP Spies (``VP_SPIES``, kinds 0-3) of each 4-bit mask."""
ALL_MUTATIONS = (1 << NUM_MUTATIONS) - 1
MUTATION_BITS = tuple(
    tuple(m for m in range(NUM_MUTATIONS) if mask >> m & 1) for mask in range(ALL_MUTATIONS + 1)
)
"""The Mutations of each mask of dealt Mutations (``MUTATION_IDS`` order)."""
TOKEN_CHUNK = 9
"""Regions per copied block of face-down flags (a table of 2**9 blocks per chunk)."""


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first (the reference's ``_mask``)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _relative(n: int) -> list[tuple[int, ...]]:
    """Per viewer, each seat's relative seat ``(seat - viewer) % n`` (``encode``'s ``rel``)."""
    return [tuple((s - viewer) % n for s in range(n)) for viewer in range(n)]


def state_encoder(c: Any, layout: TensorLayout) -> StateEncoder:
    """``tensor.encode``'s values written from an ``FRRules`` state of configuration ``c``."""
    rels = _relative(c.players)
    board = _board(c, layout)
    seats = _seats(c, layout)
    private = _private(layout)
    supplies = _supplies(layout)
    misc = _misc(c, layout)
    turn = _turn(c, layout)
    choices = _choices(c, layout)
    nukes_and_trade = _nukes_and_trade(c, layout)

    def encode_state(state: Any, seat: int | None, out: Any) -> None:
        v: Out = memoryview(out)
        viewer = 0 if seat is None else seat  # a spectator sees the seats from seat 0
        rel = rels[viewer]
        board(state, v, seat, viewer, rel)
        seats(state, v, seat, viewer, rel)
        if seat is not None:
            private(state, v, seat)
        supplies(state, v, seat, viewer, rel)
        misc(state, v, seat, viewer, rel)
        if state.move_dest >= 0 or state.combat_region >= 0:
            turn(state, v, seat, viewer, rel)
        choices(state, v, seat, viewer, rel)
        nukes_and_trade(state, v, seat, viewer, rel)

    return encode_state


def _board(c: Any, layout: TensorLayout) -> Part:
    """``_encode_turn`` and ``_encode_regions``, with the peeked values of
    ``_encode_mutations_and_spies`` and ``nuked`` of ``_encode_decisions``."""
    nr = c.regions
    phase_at = layout["phase"].start
    active_at = layout["active"].start
    decider_at = layout["decider"].start
    first_at = layout["first"].start
    round_at = layout["round"].start
    max_rounds = c.max_rounds
    types_at = layout["region_type"].start
    types_end = types_at + 5 * nr
    types = np.zeros(5 * nr, dtype=np.float32)  # the map's region types: the same every call
    types[[5 * r + kind for r, kind in enumerate(c.region_type)]] = 1.0
    types_block: Out = memoryview(types)  # type: ignore[arg-type]
    turmoil_at = layout["turmoil"].start
    attacked_at = layout["attacked"].start
    nuked_at = layout["nuked"].start
    peeked_at = layout["peeked"].start - 1  # + 3 r + the value (1-3)
    reveal_after_game = c.reveal_after_game
    regions = _regions(c, layout)

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        v[phase_at + state.phase] = 1.0
        if (x := state.active) >= 0:
            v[active_at + rel[x]] = 1.0
        if (x := state.decider) >= 0:
            v[decider_at + rel[x]] = 1.0
        if (x := state.first) >= 0:
            v[first_at + rel[x]] = 1.0
        if x := state.round:
            v[round_at] = x / max_rounds
        v[types_at:types_end] = types_block
        regions(state, v, rel)
        if mask := state.turmoil:
            for r in _bits(mask):
                v[turmoil_at + r] = 1.0
        if mask := state.attacked:
            for r in _bits(mask):
                v[attacked_at + r] = 1.0
        if mask := state.nuked:
            for r in _bits(mask):
                v[nuked_at + r] = 1.0
        mask = state.peeked
        if mask and (
            (seat is not None and state.mutation[seat] == ADORABLE)  # its own peeks (FR-11)
            or (state.phase == OVER and reveal_after_game)  # after the game (section 16)
        ):
            token = state.token
            for r in _bits(mask):
                v[peeked_at + 3 * r + token[r]] = 1.0

    return part


def _regions(c: Any, layout: TensorLayout) -> Callable[[Any, Out, Rel], None]:
    """Per region: ``owner`` with its ``herds`` and ``building``, ``start_owner`` and the Human
    ``token``: face down (its value unseen), or a face-up value and whether it is a stand-in
    (FR-2.6). Herds and buildings lie only in a region with an owner (FR-7.1; reading's
    ``_region_control``). The face-down flags are copied a chunk of regions at a time from a
    table of every chunk's flags (the chunk's other token slots are zeros, written first)."""
    n = c.players
    nr = c.regions
    owner_at = [layout["owner"].start + n * r for r in range(nr)]
    herds_at = [layout["herds"].start + 4 * r for r in range(nr)]
    building_at = [layout["building"].start + 2 * r - 1 for r in range(nr)]  # + BARN / ARMORY
    start_owner_at = [layout["start_owner"].start + n * r for r in range(nr)]
    token_at = [layout["token"].start + 5 * r for r in range(nr)]
    chunks = []  # (first region, its bits' mask, start, end, the block of each mask)
    for first in range(0, nr, TOKEN_CHUNK):
        width = min(TOKEN_CHUNK, nr - first)
        table = np.zeros((1 << width, 5 * width), dtype=np.float32)  # row m: mask m's flags
        table[:, ::5] = np.arange(1 << width)[:, None] >> np.arange(width) & 1
        blocks: list[Out] = [memoryview(row) for row in table]
        start = token_at[first]
        chunks.append((first, (1 << width) - 1, start, start + 5 * width, blocks))
    regions = range(nr)

    def part(state: Any, v: Out, rel: Rel) -> None:
        if face_down := state.face_down:
            for first, mask, start, end, blocks in chunks:
                if m := face_down >> first & mask:
                    v[start:end] = blocks[m]
        real = state.token_real
        healthy = state.healthy_ready
        injured = state.injured_ready
        healthy_acted = state.healthy_acted
        injured_acted = state.injured_acted
        building = state.building
        for r, o, so, t in zip(regions, state.owner, state.start_owner, state.token, strict=True):
            if so >= 0:
                v[start_owner_at[r] + rel[so]] = 1.0
            if t and not face_down >> r & 1:  # a face-down token's value is a peek
                at = token_at[r]
                v[at + t] = 1.0
                if not real >> r & 1:
                    v[at + 4] = 1.0  # a stand-in
            if o < 0:
                continue
            v[owner_at[r] + rel[o]] = 1.0
            h = herds_at[r]
            if x := healthy[r]:
                v[h] = x / 12
            if x := injured[r]:
                v[h + 1] = x / 12
            if x := healthy_acted[r]:
                v[h + 2] = x / 12
            if x := injured_acted[r]:
                v[h + 3] = x / 12
            if x := building[r]:
                v[building_at[r] + x] = 1.0

    return part


def _seats(c: Any, layout: TensorLayout) -> Part:
    """``seats`` (``_encode_seats``) and ``mutations`` (``_encode_mutations_and_spies``): per
    relative seat its public counts and revealed Mutation (the rarer ones: ``_seat_extras``)."""
    herds = c.herds
    barns = c.barns
    armories = c.armories
    target = c.target_vp
    seats_at = layout["seats"].start
    mutations_at = layout["mutations"].start
    extras = _seat_extras(c, layout)
    # Per viewer, per seat: the seat, its hand's first index in the state's lists, its blocks.
    rows = [
        tuple((s, 5 * s, seats_at + 9 * w, mutations_at + NUM_MUTATIONS * w) for s, w in pairs)
        for pairs in map(enumerate, _relative(c.players))
    ]

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        hands = state.hands
        herds_left = state.herds_left
        barns_left = state.barns_left
        armories_left = state.armories_left
        vp_tokens = state.vp_tokens
        paid = state.last_production
        nukiest = state.nukiest
        revealed = state.revealed
        mutation = state.mutation
        for s, h, b, m in rows[viewer]:
            if x := hands[h] + hands[h + 1] + hands[h + 2] + hands[h + 3] + hands[h + 4]:
                v[b] = (x if x < 600 else 600) / 10  # the hand size, public (FR-2.3)
            bl = barns_left[s]
            al = armories_left[s]
            t = vp_tokens[s]
            v[b + 1] = herds_left[s] / herds
            v[b + 2] = bl / barns
            v[b + 3] = al / armories
            if t:
                v[b + 4] = (t if t < 600 else 600) / 10
            # the visible VP (queries.visible_vp, FR-12): revealed VP Spies only
            x = (barns - bl) + 2 * (armories - al) + t + (nukiest == s) + revealed[s].bit_count()
            if x:
                v[b + 5] = (x if x < 600 else 600) / target
            if x := paid[h] + paid[h + 1] + paid[h + 2] + paid[h + 3] + paid[h + 4]:
                v[b + 7] = (x if x < 600 else 600) / 10
            if (x := mutation[s]) >= 0:
                v[m + x] = 1.0
        extras(state, v, seat, viewer, rel)

    return part


def _seat_extras(c: Any, layout: TensorLayout) -> Part:
    """The per-seat values most often zero, each kind skipped at once when no seat has one:
    eliminated and winner of ``seats``; ``spy_seats`` (Spy count, hidden VP Spies included,
    FR-10; revealed VP Spies; Nuke tokens) and ``nukiest``."""
    seats_at = layout["seats"].start + 6
    spy_at = layout["spy_seats"].start
    nukiest_at = layout["nukiest"].start
    # Per viewer, per seat: the seat, its Spy cards' first index, its blocks.
    rows = [
        tuple((s, K * s, seats_at + 9 * w, spy_at + 7 * w) for s, w in pairs)
        for pairs in map(enumerate, _relative(c.players))
    ]

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        eliminated = state.eliminated
        winners = state.winners
        if eliminated or winners:
            for s, _, b, _ in rows[viewer]:
                if eliminated >> s & 1:
                    v[b] = 1.0
                if s in winners:
                    v[b + 2] = 1.0
        if any(spies := state.spies):
            for _, k, _, b in rows[viewer]:
                if x := sum(spies[k : k + K]):
                    v[b] = (x if x < 600 else 600) / 10
        if any(revealed := state.revealed):
            for s, _, _, b in rows[viewer]:
                for kind in VP_BITS[revealed[s] & 15]:  # VP_SPIES: kinds 0-3
                    v[b + 1 + kind] = 1.0
        ready = state.nukes_ready
        spent = state.nukes_spent
        if any(ready) or any(spent):
            for s, _, _, b in rows[viewer]:
                if x := ready[s]:
                    v[b + 5] = (x if x < 600 else 600) / 10
                if x := spent[s]:
                    v[b + 6] = (x if x < 600 else 600) / 10
        if (x := state.nukiest) >= 0:
            v[nukiest_at + rel[x]] = 1.0

    return part


def _private(layout: TensorLayout) -> Callable[[Any, Out, int], None]:
    """What only ``seat`` sees (``views._private``, section 16): ``my_hand``, ``my_dealt``,
    ``my_spies``; and ``shown_hand``, the hand Blackmail looks at (FR-10)."""
    hand_at = layout["my_hand"].start
    dealt_at = layout["my_dealt"].start
    spies_at = layout["my_spies"].start
    fresh_at = spies_at + K
    shown_at = layout["shown_hand"].start
    kinds = range(NUM_RESOURCES)
    spy_kinds = range(K)

    def part(state: Any, v: Out, seat: int) -> None:
        hands = state.hands
        h = NUM_RESOURCES * seat
        mine = hands[h : h + NUM_RESOURCES]
        for i in compress(kinds, mine):  # the kinds held (``compress``: the non-zero counts)
            x = mine[i]
            v[hand_at + i] = (x if x < 600 else 600) / 10
        for i in MUTATION_BITS[state.dealt[seat] & ALL_MUTATIONS]:
            v[dealt_at + i] = 1.0
        k = K * seat
        spies = state.spies[k : k + K]
        for i in compress(spy_kinds, spies):
            x = spies[i]
            v[spies_at + i] = (x if x < 600 else 600) / 3
        if seat != state.active:
            return
        fresh = state.fresh  # the active seat's cards got this turn (FR-R47)
        for i in compress(spy_kinds, fresh):
            x = fresh[i]
            v[fresh_at + i] = (x if x < 600 else 600) / 3
        victim = state.spy_victim
        if state.phase == BLACKMAIL_TAKE and victim != seat and victim >= 0:
            h = NUM_RESOURCES * victim  # the Blackmail player looks at it (FR-10)
            shown = hands[h : h + NUM_RESOURCES]
            for i in compress(kinds, shown):
                x = shown[i]
                v[shown_at + i] = (x if x < 600 else 600) / 10

    return part


def _supplies(layout: TensorLayout) -> Part:
    """``tokens`` (``_encode_seats``), ``spy_piles`` (``_encode_mutations_and_spies``), and
    dice and named (``_encode_dice``): the token pool, the Spy piles and the resource dice."""
    tokens_at = layout["tokens"].start
    piles_at = layout["spy_piles"].start
    discard_at = piles_at + 1
    dice_at = layout["dice"].start
    named_at = layout["named"].start
    spy_kinds = range(K)

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        unseen = state.tokens_unseen
        v[tokens_at] = unseen[0] / 16
        v[tokens_at + 1] = unseen[1] / 16
        v[tokens_at + 2] = unseen[2] / 16
        pool = state.tokens_pool_revealed
        if pool[0] or pool[1] or pool[2]:
            v[tokens_at + 3] = pool[0] / 16
            v[tokens_at + 4] = pool[1] / 16
            v[tokens_at + 5] = pool[2] / 16
        if x := state.stand_ins:
            v[tokens_at + 6] = (x if x < 1000 else 1000) / 16
        v[piles_at] = sum(state.spy_deck) / 24
        discard = state.spy_discard
        for i in compress(spy_kinds, discard):
            v[discard_at + i] = discard[i] / 3
        if x := sum(state.spy_removed):
            v[piles_at + 1 + K] = x / 24
        dice = state.dice
        if dice[0] >= 0:
            v[dice_at + dice[0]] = 1.0
            if (x := dice[1]) >= 0:  # Lucky may have chosen one face so far
                v[dice_at + 6 + x] = 1.0
        if x := state.wilds:
            v[dice_at + 12] = x  # unscaled, as the reference writes it
        for x in state.named:
            v[named_at + x] = 1.0

    return part


def _misc(c: Any, layout: TensorLayout) -> Part:
    """misc, resources_extra and setup_extra (``_encode_dice``)."""
    misc_at = layout["misc"].start
    cancel_scale = max(1, c.max_cancels)
    extra_at = layout["resources_extra"].start
    setup_at = layout["setup_extra"].start

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        if x := state.discards:
            v[misc_at] = (x if x < 600 else 600) / 10
        if x := len(state.owed):
            v[misc_at + 1] = x / 2
        if x := state.prep_left:
            v[misc_at + 2] = x / 12
        if state.steal_victim >= 0:
            v[misc_at + 3] = 1.0
        if x := state.cancels:
            v[misc_at + 4] = x / cancel_scale
        if state.lucky:
            v[extra_at] = 1.0
        if state.doubles_left & EFFECT_NORTH_KOREAN:  # doubles effects still to come (FR-R39)
            v[extra_at + 1] = 1.0
        if state.doubles_left & EFFECT_STEALING:
            v[extra_at + 2] = 1.0
        if x := len(state.deal_left):
            v[setup_at] = x / 12

    return part


def _turn(c: Any, layout: TensorLayout) -> Part:
    """``_encode_move`` and ``_encode_combat``: the move being assembled and the combat."""
    n = c.players
    nr = c.regions
    move_at = layout["move"].start
    combat_at = layout["combat"].start
    defender_at = combat_at + 3 * nr
    base_at = combat_at + 3 * nr + n + 1
    extra_at = layout["combat_extra"].start
    max_combat_rounds = c.max_combat_rounds

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        """Called only while a move is assembled or a combat is on."""
        if (to := state.move_dest) >= 0:
            _move(state, v, to)
        if (region := state.combat_region) < 0:
            return
        v[combat_at + region] = 1.0
        for origin, count in state.combat_origins:
            v[combat_at + nr + origin] = count / 12
        for i, x in enumerate(state.route_left):  # into the third region block, as the
            v[combat_at + 2 * nr + i] = x / 12  # reference writes it
        d = state.combat_defender
        if d == HUMANS:
            v[defender_at + n] = 1.0
        else:
            v[defender_at + (d - viewer) % n] = 1.0
        attackers = state.combat_attackers
        v[base_at] = attackers[0] / 12
        v[base_at + 1] = attackers[1] / 12
        v[base_at + 2] = state.combat_humans / 3
        v[base_at + 3] = state.combat_round / max_combat_rounds
        for i, roll in enumerate(state.combat_roll_outcomes):
            if roll >= 0:
                v[base_at + 4 + 2 * i] = (roll // 16) / 15
                v[base_at + 5 + 2 * i] = (roll % 16) / 15
        v[base_at + 8] = min(state.combat_attacker_damage + state.combat_defender_damage, 600) / 10
        if (x := state.combat_zombie_retreat) >= 0:
            v[extra_at + x] = 1.0
        v[extra_at + nr] = state.combat_head_hits / 15
        if state.combat_adorable >= 0:
            v[extra_at + nr + 1] = 1.0
        v[extra_at + nr + 2] = sum(e[1] for e in state.combat_escaped) / 12

    def _move(state: Any, v: Out, to: int) -> None:
        """The move to region ``to``: its current source and the herds taken per origin."""
        v[move_at + to] = 1.0
        if (x := state.move_src) >= 0:
            v[move_at + nr + x] = 1.0
        healthy = injured = 0
        for origin, h, i in state.move_sel:
            v[move_at + 2 * nr + origin] = (h + i) / 12
            healthy += h
            injured += i
        v[move_at + 3 * nr] = healthy / 12
        v[move_at + 3 * nr + 1] = injured / 12

    return part


def _choices(c: Any, layout: TensorLayout) -> Part:
    """``_encode_decisions``: flying, resume, payment and spy_play (``nuked``: ``_board``)."""
    n = c.players
    nr = c.regions
    flying_at = layout["flying"].start
    resume_at = layout["resume"].start
    pay_at = layout["payment"].start
    spy_at = layout["spy_play"].start
    selected_at = pay_at + 5 + nr

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        x = state.flights
        if x or state.phase in FLY_PHASES:
            v[flying_at + nr + 2] = x / 12
            if (x := state.fly_src) >= 0:
                v[flying_at + x] = 1.0
            if (x := state.fly_health) >= 0:
                v[flying_at + nr + x] = 1.0
        if (x := state.resume) >= 0:
            v[resume_at + x] = 1.0
        if (x := state.pay_build) >= 0:
            v[pay_at + x] = 1.0
            if (x := state.pay_region) >= 0:
                v[pay_at + 5 + x] = 1.0
            selected = state.pay_sel
            for i in range(NUM_RESOURCES):
                v[selected_at + i] = selected[i] / 5
        card = state.spy_play
        queue = state.agent_queue
        if card >= 0 or queue:
            if card >= 0:
                v[spy_at + card] = 1.0
            if (x := state.spy_victim) >= 0:
                v[spy_at + K + rel[x]] = 1.0
            v[spy_at + K + n] = state.spy_taken / 3
            v[spy_at + K + n + 1] = sum(q[1] for q in queue) / 8

    return part


def _nukes_and_trade(c: Any, layout: TensorLayout) -> Part:
    """``_encode_nukes`` and ``_encode_trade``: the nuke being launched, the top of the
    response stack, the trade window, the proposals made per seat and the proposal. A
    Pocket Nuke's humans in a face-down target are its owner's to see (``hidden_humans`` of
    ``views.observation``)."""
    n = c.players
    nr = c.regions
    nuke_at = layout["nuke"].start
    kind_at = nuke_at + n
    target_at = nuke_at + n + 4
    victim_at = nuke_at + n + 4 + nr
    points_at = nuke_at + 2 * n + 4 + nr
    stack_at = layout["nuke_stack"].start
    slot_at = layout["trade"].start
    made_at = slot_at + 2 * n
    passes_at = slot_at + 3 * n
    seats = range(n)
    give_at = slot_at + 5 * n + 3

    def part(state: Any, v: Out, seat: int | None, viewer: int, rel: Rel) -> None:
        if (x := state.nuke_launcher) >= 0:
            v[nuke_at + rel[x]] = 1.0
            v[kind_at + NUKE_KIND_INDEX[state.nuke_kind]] = 1.0
            if (target := state.nuke_target) >= 0:
                v[target_at + target] = 1.0
            if (x := state.nuke_victim) >= 0:
                v[victim_at + rel[x]] = 1.0
            v[points_at] = state.nuke_points / 2
            hidden = (
                target >= 0
                and state.face_down >> target & 1
                and (seat is None or state.owner[target] != seat)
            )
            v[points_at + 1] = (0 if hidden else state.nuke_humans) / 3
            v[points_at + 2] = float(state.nuke_hacked)
        if stack := state.nuke_responses:  # the top response opportunity (FR-9.4), the depth
            responder, nuker, region = stack[-1]
            v[stack_at + (responder - viewer) % n] = 1.0
            v[stack_at + n + (nuker - viewer) % n] = 1.0
            v[stack_at + 2 * n + region] = 1.0
            v[stack_at + 2 * n + nr] = len(stack) / 8
        if (x := state.trade_slot) >= 0:
            v[slot_at + rel[x]] = 1.0
        if (x := state.trade_next_turn) >= 0:
            v[slot_at + n + rel[x]] = 1.0
        made = state.trade_proposals_made
        for s in compress(seats, made):
            v[made_at + rel[s]] = made[s] / 3
        if x := state.trade_passes:
            v[passes_at] = x / 4
        if x := state.open_trades:
            v[passes_at + 1] = x / 3
        if (x := state.trade_proposer) >= 0:
            v[passes_at + 2 + rel[x]] = 1.0
            v[passes_at + n + 2 + (state.trade_recipient - viewer) % n] = 1.0
            give = state.trade_give
            for i in compress(KINDS, give):
                v[give_at + i] = give[i] / 10
            ask = state.trade_ask
            for i in compress(KINDS, ask):
                v[give_at + 5 + i] = ask[i] / 10

    return part
