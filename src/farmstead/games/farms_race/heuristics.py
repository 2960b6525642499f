"""The Farms Race heuristics the registration publishes: the position evaluation
(``heuristics_standing``: ``evaluate``, ``evaluate_all``), the turn planner (``heuristics_planner.policy``), the
settings mcts should search with and the difficulty levels.
"""

from __future__ import annotations

from farmstead.games.farms_race.heuristics_planner import policy
from farmstead.games.farms_race.heuristics_standing import (
    CARD_VALUE,
    HERD_VALUE,
    REGION_VALUE,
    SCALE,
    THREAT_VALUE,
    VP_VALUE,
    evaluate,
    evaluate_all,
    strength,
)

__all__ = [
    "BOT_LEVELS",
    "CARD_VALUE",
    "HERD_VALUE",
    "REGION_VALUE",
    "SCALE",
    "SEARCH_SETTINGS",
    "THREAT_VALUE",
    "VP_VALUE",
    "evaluate",
    "evaluate_all",
    "policy",
    "strength",
]

# MCTS searches over the turn planner: its rollouts follow the planner (epsilon-random) for 30
# decisions before the evaluation is read, which beats the planner alone
# (`farmstead tournament farms_race --agents mcts,heuristic`).
SEARCH_SETTINGS: dict[str, dict[str, object]] = {
    "mcts": {"prior": 2, "rollout": "policy", "rollout_depth": 30}
}

# Difficulty levels: level name -> agent spec, each answering well within 2 s a move.
BOT_LEVELS = {
    "easy": "random",
    "medium": "heuristic:plan=false",  # greedy one-ply on the evaluation
    "hard": "heuristic",  # the turn planner (heuristics_planner.policy)
    "expert": "mcts:iterations=100,seconds=1.5",
}
