"""The Rancho turn planner (``heuristics.policy``): whole exchanges, no dithering.

Rulings checked: RA-R7 (any number of transactions in Expansion), RA-R10 (a transaction is
confirmed only when balanced), RA-R29 (returning what does not fit), RA-R37 (dogs), RA-R43 (the
win), RA-R45 (the per-turn decision cap is never what ends a planned exchange).
"""

from __future__ import annotations

from ra_helpers import act, cow, d6, game, owns, position, rabbits, roll, sheep

from farmstead.agents.heuristic import HeuristicAgent
from farmstead.agents.random_agent import RandomAgent
from farmstead.core.game import PlayerId
from farmstead.core.rng import Rng
from farmstead.games.rancho.actions import CANCEL, CONFIRM, KEEP_DOG, USE_DOG
from farmstead.games.rancho.heuristics import herd_score, policy


def _transactions(agent: HeuristicAgent, seed: int, games: int = 4) -> tuple[int, int, int]:
    """Play ``games`` 2-player games of ``agent`` against random; count, over the agent's
    turns, the transactions it opened, the ones it confirmed and the ones it cancelled."""
    the_game = game(2, first_player="random")
    opened = confirmed = cancelled = 0
    for index in range(games):
        rng = Rng(seed + index)
        agents = [agent, RandomAgent(Rng(seed + 100 + index))]
        if index % 2:
            agents.reverse()
        me = agents.index(agent)
        state = the_game.new_initial_state()
        while not state.is_terminal() and state.round < 60:
            player = state.current_player()
            if player == PlayerId.CHANCE:
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
                continue
            was_open = state.tx_open
            action = agents[player].step(state)
            state.apply_action(action)
            if player != me:
                continue
            if not was_open and state.tx_open:
                opened += 1
            if was_open and action == CONFIRM:
                confirmed += 1
            if was_open and action == CANCEL:
                cancelled += 1
    return opened, confirmed, cancelled


def test_RA_R7_R10_a_heuristic_turn_never_cancels_an_exchange_it_built() -> None:
    """RA-R7, RA-R10, RA-R45: every transaction the planner opens ends with its CONFIRM."""
    opened, confirmed, cancelled = _transactions(HeuristicAgent(Rng(1)), seed=40)
    assert opened >= 10, "the planner should trade in these games"
    assert cancelled == 0
    assert confirmed == opened


def test_the_dithering_detector_catches_the_greedy_one_ply_agent() -> None:
    """The counter above is not vacuous: the greedy agent (``plan=false``) opens exchanges it
    never confirms (it gives, cancels, or the RA-R45 cap leaves it only CANCEL)."""
    opened, confirmed, cancelled = _transactions(HeuristicAgent(Rng(1), plan=False), seed=40)
    assert opened > confirmed
    assert cancelled > 0


def test_RA_R43_the_planner_trades_into_the_winning_set_and_wins_before_rolling() -> None:
    """RA-R43, RA-R10: 1 sheep, 1 cow and 25 rabbits on eight spaces (3 players): one exchange
    (24 rabbits for a horse), the safest placement, and the seat wins before its roll."""
    state = position(
        3,
        pastures={0: ["P32", "P33", "P34", "P14", "P15", "P13"]},
        pieces=[
            sheep("P32"),
            cow("P14", "P15"),
            rabbits("F1a", 6),
            rabbits("F1b", 6),
            rabbits("P33", 6),
            rabbits("P34", 6),
            rabbits("P13", 1),
        ],
    )
    for _ in range(60):
        if state.is_terminal():
            break
        assert state.current_player() == 0, "the win must come before the roll"
        state.apply_action(policy(state, 0))
    assert state.to_json()["winner"] == 0


def test_RA_R37_the_planner_uses_a_dog_for_a_big_loss_and_keeps_it_for_a_small_one() -> None:
    """RA-R37: the large dog is given back to save three sheep (18 > 6), the small dog is kept
    when a fox would take one rabbit of six (1 < 3)."""
    state = position(
        pastures={0: ["P32", "P33", "P34"]},
        pieces=[sheep("P32"), sheep("P33"), sheep("P34"), rabbits("F1a", 2)],
        dogs={0: {"large_dog": 1}},
    )
    roll(state, "wolf", "horse")
    d6(state, 4)
    assert policy(state, 0) == USE_DOG
    state = position(
        pastures={0: ["P32", "P33", "P34"]},
        pieces=[rabbits("P32", 1), rabbits("F1a", 5), sheep("F1b")],
        dogs={0: {"small_dog": 1}},
    )
    roll(state, "fox", "horse")
    d6(state, 4)
    assert policy(state, 0) == KEEP_DOG


def test_RA_R29_the_planner_returns_the_piece_whose_loss_costs_least() -> None:
    """RA-R29: 9 rabbits and 2 sheep on two spaces (TV-RA-25): the planner returns animals
    until everything fits and keeps the herd that scores best among the valid end states."""
    state = position(pieces=[sheep("F1b"), rabbits("F1a", 6)])
    roll(state, "rabbit", "sheep")
    returned = 0
    while state.current_player() == 0 and state.to_json()["phase"] == "placement":
        action = policy(state, 0)
        if state.action_to_json(action)["type"] == "RETURN":
            returned += 1
        act(state, state.action_to_json(action))
    assert returned > 0
    kept = owns(state, 0)
    ends = [(9, 0), (6, 1), (0, 2)]  # TV-RA-25's valid end states (rabbits, sheep)
    assert (kept["rabbit"], kept["sheep"]) in ends
    scores = {
        end: herd_score(state, (end[0], end[1], 0, 0, 0, 0), state.terr[0], state.herd)
        for end in ends
    }
    assert scores[(kept["rabbit"], kept["sheep"])] == max(s for s in scores.values() if s)


def test_RA_R10_the_planner_finishes_a_half_built_exchange_it_did_not_start() -> None:
    """RA-R10: a transaction someone left half-built (a sheep given, two rabbits received) is
    completed with what is in it, and confirmed balanced; the steps taken stay."""
    state = position(pieces=[sheep("F1b"), rabbits("F1a", 1)])
    act(state, {"type": "GIVE", "kind": "sheep"})
    act(state, {"type": "RECEIVE", "kind": "rabbit"})
    act(state, {"type": "RECEIVE", "kind": "rabbit"})
    while state.tx_open:
        action = policy(state, 0)
        assert action != CANCEL
        if action == CONFIRM:
            assert state.tx_balance() == 0
            assert state.tx_give[1] == 1 and state.tx_recv[0] >= 2
        state.apply_action(action)
    assert owns(state, 0)["sheep"] == 0
