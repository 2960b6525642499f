"""Short seeded strength checks that run in every test run (no ``FARMSTEAD_FULL`` needed).

Each check is a small tournament played through the lab's own entry point
(``farmstead.lab.tournament.run_tournament``): fixed master seed, seats rotated so the agent
under test plays every seat equally often, one worker (the records are the same on any number
of workers; one keeps the suite from competing with itself for cores). A check passes when the
lower end of the Wilson 95% interval of the agent's result is above what an agent no stronger
than its opponents would get: 50% with 2 players, the fair share 1/n with n players. So a
regression that makes the bot play like its opponent fails the check.

The long versions of these claims (hundreds of games, stronger bounds) are the acceptance runs
in ``test_lab_strength_*.py`` and ``test_lab_acceptance.py``: ``FARMSTEAD_FULL=1``, or
``scripts/acceptance`` (docs/acceptance.md).

Cost, measured on 2 shared cores: about 2 minutes of CPU for the whole file, most of it the
Animal Farm ``mcts`` check. ``mcts`` against ``heuristic`` is checked only in Animal Farm: in
Fences and Livestock Uprising the ladder's edge of ``mcts`` is too small to show in a CI-sized
run (see docs/acceptance.md), and in Rancho the ladder puts ``heuristic`` first.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from farmstead.core.record import winners
from farmstead.core.registry import load_game
from farmstead.lab.stats import wilson_interval
from farmstead.lab.tournament import Tournament, run_tournament

SEED = 7  # the master seed of the long runs in test_lab_strength_*.py
HEURISTIC = "heuristic"  # the agents under test (module names so a check can be re-run with
MCTS = "mcts:iterations=10"  # another agent in their seat, e.g. "random", to see it fail)
GAMES_AGAINST_RANDOM = 24  # 12 per seat with 2 players, 6 per seat with 4
MCTS_GAMES = 40


@dataclass(frozen=True)
class SeatResults:
    """The results of the first agent of a lineup over a tournament."""

    agent: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins plus half draws (how the ladder and the long runs count a 2-player game)."""
        return self.wins + self.draws / 2

    def __str__(self) -> str:
        return f"{self.agent}: {self.wins} won, {self.draws} drawn, {self.losses} lost"


def first_agent_results(game: str, lineup: list[str], games: int, seed: int) -> SeatResults:
    """Play a seeded tournament, one agent per seat and seats rotated, and count the results
    of ``lineup[0]`` (found by seat, so it may repeat an opponent's spec).

    A game is a win when its seat alone has the highest return, a draw when it shares the top
    (or all returns are equal), a loss otherwise.
    """
    players = len(lineup)
    records = list(
        run_tournament(
            game, lineup, games, seed, players=players, rotate=True, workers=1, timings=None
        )
    )
    assert len(records) == games
    rotations = Tournament(
        load_game(game, players), tuple(lineup), games, seed, rotate=True
    ).lineups
    wins = draws = losses = 0
    for index, record in enumerate(records):
        assert record.returns is not None, f"game #{index} did not finish"
        seat = rotations[index % len(rotations)].index(0)
        top = winners(record.returns)
        if top == [seat]:
            wins += 1
        elif not top or seat in top:
            draws += 1
        else:
            losses += 1
    return SeatResults(lineup[0], wins, draws, losses)


@pytest.mark.parametrize("game", ["rancho", "animal_farm", "fences", "livestock_uprising"])
def test_heuristic_beats_random_in_two_player_games(game: str) -> None:
    """``heuristic`` scores (wins + half draws) against ``random`` with the Wilson 95% lower
    bound above 50%, over 24 seeded games, 12 in each seat.

    Ladders (docs/ladder/README.md, 2 players, seed 19): ``heuristic`` is above ``random`` in
    every game with disjoint intervals and beat it in all its ladder games (100% [51%-100%],
    n=4): Rancho +353 [+298, +418] against -353 [-410, -288], Animal Farm +12 [-50, +56]
    against -310 [-362, -252], Fences +26 [-74, +127] against -318 [-379, -256], Livestock
    Uprising +111 [-2, +255] against -314 [-380, -254]. Measured here: 24 of 24 in each game.
    """
    result = first_agent_results(game, [HEURISTIC, "random"], GAMES_AGAINST_RANDOM, SEED)
    low, _ = wilson_interval(result.score, result.games)
    assert low > 0.5, f"{game}: {result} against random (score interval from {low:.1%})"


def test_heuristic_beats_three_random_in_farms_race() -> None:
    """Farms Race, 4 players: one ``heuristic`` against three ``random`` wins (alone on top)
    with the Wilson 95% lower bound above the fair share of 25%, over 24 seeded games, 6 in
    each seat.

    Farms Race has no ladder (it needs 3-4 seats); the long run in
    test_lab_strength_farms_race.py has ``heuristic`` winning 48 of 48 such games (seed 1).
    Measured here: 24 of 24.
    """
    lineup = [HEURISTIC, "random", "random", "random"]
    result = first_agent_results("farms_race", lineup, GAMES_AGAINST_RANDOM, SEED)
    low, _ = wilson_interval(result.wins, result.games)
    assert low > 0.25, f"farms_race: {result} against three random (win interval from {low:.1%})"


def test_mcts_at_ten_iterations_beats_heuristic_in_animal_farm() -> None:
    """Animal Farm: ``mcts:iterations=10`` (with the game's recommended node priors) wins more
    of the decided games against ``heuristic`` than it loses, with the Wilson 95% lower bound
    of its share of the decided games above 50%, over 40 seeded games, 20 in each seat.

    Ladder (docs/ladder/README.md, animal_farm, seed 19): ``mcts:iterations=10`` is first at
    +144 [+92, +202], ``heuristic`` +12 [-50, +56] (disjoint intervals); 18 of the ladder's 40
    games were drawn. Most games between the two end drawn at the ply limit (AF-R24), which
    says nothing about strength, so the bound is on the decided games, not on the score.
    Measured here: 9 won, 31 drawn, 0 lost (9 of 9 decided, interval from 70%).
    """
    result = first_agent_results("animal_farm", [MCTS, HEURISTIC], MCTS_GAMES, SEED)
    decided = result.wins + result.losses
    low, _ = wilson_interval(result.wins, decided)
    assert low > 0.5, f"animal_farm: {result} against heuristic (decided from {low:.1%})"
