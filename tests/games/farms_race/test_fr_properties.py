"""Hypothesis properties of whole Farms Race games (rules/farms_race.md FR-2, FR-6, FR-7, FR-17),
with Mutations, Spies, Nukes and trading on: herds, Barns, Armories, Human tokens and Spy cards
are conserved at every step; resource cards move only by the events that move them; VP tokens
only grow, and only at the end of a turn (FR-R1); the same seed and actions give the same game,
and every position survives a JSON round trip.
"""

from __future__ import annotations

from fr_helpers import ARMORIES, BARNS, HERDS, TOKENS, game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from farmstead.core.rng import Rng
from farmstead.games.farms_race.actions import (
    ARMORY_AT,
    BARN_AT,
    BUY_NUKE,
    BUY_SPY,
    LAUNCH,
    PAY_FOUR,
    PAY_NORMAL,
    RESOURCE,
    TRADE,
)
from farmstead.games.farms_race.game import FRState
from farmstead.games.farms_race.layout import (
    ACTIONS,
    ADORABLE,
    ARMORY,
    BARN,
    BUILD_ARMORY,
    BUILD_BARN,
    BUILD_NUKE,
    BUILD_NUKE_BACK,
    BUILD_SPY,
    DERANGED,
    DISCARD,
    DISCARD_PHASE,
    HYPER_INTELLIGENT,
    NO,
    NUM_SPY_KINDS,
    PAYMENT,
    REDO_OFFER,
    RESOURCES,
    SPY_IDS,
    SPY_RESOURCE,
    START_CHOICE,
    START_ROLL,
    THIEVERY,
)

SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
games = st.fixed_dictionaries(
    {
        "players": st.sampled_from([3, 4]),
        "seed": st.integers(0, 10_000),
        "map": st.sampled_from(["recommended", "random", "A", "F"]),
        "stealing": st.booleans(),
        "max_rounds": st.integers(3, 40),
        "open_trading": st.booleans(),
        "mutations": st.sampled_from(["dealt", "dealt", "none"]),
    }
)


def _make(spec: dict) -> FRState:
    players = spec["players"]
    chosen = spec["map"]
    if chosen in ("A", "F"):
        chosen = "A" if players == 3 else "F"
    state = game(
        players,
        map=chosen,
        map_seed=spec["seed"],
        stealing=spec["stealing"],
        max_rounds=spec["max_rounds"],
        first_player="random",
        open_trading=spec["open_trading"],
        no_mutations=spec["mutations"] == "none",
        opening_trade_window=True,
    ).new_initial_state()
    assert isinstance(state, FRState)
    return state


def _pieces_conserved(s: FRState) -> None:
    """FR-2.1 (hard limits), FR-2.6 (28 real Human tokens): nothing created or lost."""
    regions = s.cfg.regions
    for seat in range(s.cfg.players):
        mine = [r for r in range(regions) if s.owner[r] == seat]
        herds = sum(s.herds_in(r) for r in mine)
        if seat == s.active and s.combat_region != NO:
            herds += sum(s.combat_attackers) + sum(s.route_left)
        assert herds + s.herds_left[seat] == HERDS, (seat, herds, s.herds_left[seat])
        barns = sum(1 for r in mine if s.building[r] == BARN)
        armories = sum(1 for r in mine if s.building[r] == ARMORY)
        assert barns + s.barns_left[seat] == BARNS
        assert armories + s.armories_left[seat] == ARMORIES
    real_face_up = bin(s.token_real).count("1")
    assert sum(s.tokens_unseen) + sum(s.tokens_pool_revealed) + real_face_up == sum(TOKENS)
    assert bin(s.face_down).count("1") <= sum(s.tokens_unseen)  # face-down tokens are unseen ones
    for r in range(regions):  # FR-1.1: a region holds pieces of at most one player
        if s.herds_in(r) or s.building[r]:
            assert s.owner[r] != NO
        if s.owner[r] != NO and s.mutation[s.owner[r]] != ADORABLE:  # FR-11: Adorable's humans
            assert not (s.face_down >> r & 1) and not s.token[r]
    for seat in range(s.cfg.players):  # hands: what others know is part of the truth
        hand = s.hands[5 * seat : 5 * seat + 5]
        known = s.known_cards[5 * seat : 5 * seat + 5]
        assert all(k <= h for k, h in zip(known, hand, strict=True)) and min(hand) >= 0
        assert sum(hand) - sum(known) == s.unknown_cards[seat]
    k = NUM_SPY_KINDS
    for card in range(k):  # FR-2.8: 24 Spy cards, never created or lost
        held = sum(s.spies[k * p + card] for p in range(s.cfg.players))
        shown = sum(mask >> card & 1 for mask in s.revealed)
        total = held + shown + s.spy_deck[card] + s.spy_discard[card] + s.spy_removed[card]
        assert total == s.cfg.spy_deck[card], SPY_IDS[card]
    chosen = [m for m in s.mutation if m != NO]
    assert len(chosen) == len(set(chosen))  # FR-2.7: each Mutation card once


def _card_change(before: FRState, action: int) -> int:
    """The change of all hands together that ``action`` must cause, production aside (FR-5.4
    pays what ``last_production`` records, added by the caller when it was paid): payments
    for builds (FR-8.1; Hyper-Intelligent's four of a kind, Deranged's total plus one, FR-11),
    Supply trades (FR-8.2), discards (FR-5.5), Thievery (FR-10) and starting resources add or
    remove cards; steals, Blackmail, Double Agent, Propaganda and player trades move them."""
    c = before.cfg
    if before.is_chance_node():
        return 1 if before.phase == START_ROLL else 0
    kind, arg = c.layout.decode(action)
    seat = before.current_player()
    mutation = before.mutation[seat]
    immediate = mutation not in (DERANGED, HYPER_INTELLIGENT)  # else a payment phase follows
    builds = {BARN_AT: BUILD_BARN, ARMORY_AT: BUILD_ARMORY, BUY_SPY: BUILD_SPY}
    builds[BUY_NUKE] = BUILD_NUKE
    if kind in builds and before.phase in (ACTIONS, RESOURCES, DISCARD_PHASE):
        return -sum(c.build_costs[builds[kind]]) if immediate else 0
    if kind == LAUNCH and arg == 1:  # a Nuke built to nuke back (FR-R38)
        return -sum(c.build_costs[BUILD_NUKE_BACK]) if immediate else 0
    if before.phase == PAYMENT:
        if kind == PAY_NORMAL:
            return -sum(c.build_costs[before.pay_build])
        if kind == PAY_FOUR:
            return -c.hyper_cards
        if kind == RESOURCE:
            total = sum(c.build_costs[before.pay_build]) + c.deranged_extra
            return -total if sum(before.pay_sel) + 1 == total else 0
        return 0
    if kind == TRADE and before.phase in (ACTIONS, RESOURCES, DISCARD_PHASE):
        return 1 - before.trade_rate(seat)  # FR-8.2: the rate to the Supply, 1 back
    if kind == RESOURCE and before.phase == DISCARD:
        return -1
    if kind == RESOURCE and before.phase == START_CHOICE:
        return 1
    if kind == RESOURCE and before.phase == SPY_RESOURCE and before.spy_play == THIEVERY:
        return 3
    return 0


@SETTINGS
@given(games)
def test_FR_2_pieces_tokens_and_cards_are_conserved_over_whole_games(spec: dict) -> None:
    """FR-2.1, FR-2.6, FR-R30: herds, Barns, Armories and real Human tokens are never created
    or lost; cards move only by production, payments, trades, discards and steals; VP tokens
    never decrease and change only when a turn ends (FR-R1, FR-7.3)."""
    state = _make(spec)
    rng = Rng(spec["seed"])
    steps = 0
    while not state.is_terminal():
        _pieces_conserved(state)
        if state.is_chance_node():
            action = rng.sample_outcome(state.chance_outcomes())
        else:
            action = rng.choice(state.legal_actions())
        expected = _card_change(state, action)
        cards_before = sum(state.hands)
        vp_before = list(state.vp_tokens)
        phase_before = state.phase
        production_before = state.last_production
        state.apply_action(action)
        if state.last_production is not production_before:  # FR-5.4 step 3 happened
            expected += sum(state.last_production)
        if any(state.eliminated >> s & 1 for s in range(state.cfg.players)):
            assert sum(state.hands) <= cards_before + max(expected, 0)  # FR-R28: removed
        else:
            assert sum(state.hands) - cards_before == expected, (phase_before, action)
        for seat, before in enumerate(vp_before):
            assert state.vp_tokens[seat] >= before
            if state.vp_tokens[seat] > before:
                assert phase_before in (DISCARD_PHASE, DISCARD, REDO_OFFER), phase_before
        steps += 1
    _pieces_conserved(state)
    assert steps <= state.game.info.max_game_length


@SETTINGS
@given(games)
def test_FR_17_same_seed_and_actions_give_the_same_game(spec: dict) -> None:
    """FR-17: chance is the only randomness: replaying the recorded actions (chance outcomes
    included) from the start gives the same positions, and every position survives a JSON
    round trip."""
    first = _make(spec)
    rng = Rng(spec["seed"])
    actions: list[int] = []
    checkpoints: dict[int, dict] = {}
    while not first.is_terminal() and len(actions) < 4000:
        if first.is_chance_node():
            action = rng.sample_outcome(first.chance_outcomes())
        else:
            action = rng.choice(first.legal_actions())
        first.apply_action(action)
        actions.append(action)
        if len(actions) % 97 == 0:
            doc = first.to_json()
            checkpoints[len(actions)] = doc
            assert first.game.state_from_json(doc).to_json() == doc
    second = _make(spec)
    for i, action in enumerate(actions, start=1):
        second.apply_action(action)
        if i in checkpoints:
            assert second.to_json() == checkpoints[i]
    assert second.to_json() == first.to_json()
    assert second.returns() == first.returns()
