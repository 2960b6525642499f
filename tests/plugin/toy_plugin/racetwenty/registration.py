"""The registration record the entry point publishes."""

from __future__ import annotations

from farmstead.core.registry import BrowserBoard, GameRegistration, Heuristics
from racetwenty.game import RaceGame, RaceState


def evaluate(state: RaceState, seat: int) -> float:
    """Closer to the target on one's own turn is better (a crude evaluation for bots)."""
    left = state.game.params["target"] - state.count
    mine = state.current_player() == seat
    return max(-1.0, min(1.0, (0.5 if mine else -0.5) * (1.0 if left % 4 else -1.0)))


def render(state: RaceState, seat: int | None) -> str:
    """The count as a bar."""
    count = state.count
    return f"count {count}: " + "#" * count


REGISTRATION: GameRegistration[RaceState] = GameRegistration(
    game=RaceGame,
    rules_summary="Take turns adding 1, 2 or 3; a die may add a gust; reach the target first.",
    render=render,
    heuristics=Heuristics(evaluate=evaluate),
    board=BrowserBoard("racetwenty", "board.js"),
)
