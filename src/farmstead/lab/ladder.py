"""A game's strength ladder: a seeded round robin of ``random``, ``heuristic`` and ``mcts`` at
three budgets, rated by Elo with bootstrap intervals (``farmstead ladder``).

The ladder is an ordinary tournament (``run_tournament``): with five agents and two seats
every ordered pair of agents is one lineup, so ``rounds`` rounds of 20 games give every pair
``2 * rounds`` games, each seat order equally often, game ``i`` with seed
``derive_seed(seed, i)``. It runs on all local cores (or Ray) and resumes from its JSONL file.
The report is a self-contained HTML page: Elo per agent with 95% bootstrap intervals, the
head-to-head scores with Wilson intervals, whether the ladder is strictly ordered, and the
command and seeds that reproduce it.
"""

from __future__ import annotations

import json
import platform
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from farmstead import __version__
from farmstead.agents.base import AgentSpec
from farmstead.core.errors import InvalidParamError
from farmstead.core.record import GameRecord
from farmstead.core.registry import load_game
from farmstead.core.rng import derive_seed
from farmstead.lab import htmlpage
from farmstead.lab.elo import EloRating, elo_ratings
from farmstead.lab.stats import PairResult, draws, finished, head_to_head
from farmstead.lab.tournament import Progress, RunSummary, Tournament, run_tournament

DEFAULT_BUDGETS = (25, 100, 400)
DEFAULT_SEED = 19


def ladder_agents(budgets: Sequence[int]) -> tuple[str, ...]:
    """The ladder's agent specs, weakest expected first: random, heuristic, mcts per budget."""
    if len(budgets) != len(set(budgets)) or not budgets:
        raise InvalidParamError(f"ladder budgets must be distinct and non-empty, got {budgets}")
    for budget in budgets:
        if budget < 1:
            raise InvalidParamError(f"mcts budgets are iterations >= 1, got {budget}")
    return ("random", "heuristic", *(f"mcts:iterations={b}" for b in sorted(budgets)))


@dataclass(frozen=True)
class Ladder:
    """A finished ladder: its settings, records and statistics."""

    game: str
    players: int
    agents: tuple[str, ...]
    rounds: int
    seed: int
    records: list[GameRecord]
    elo: list[EloRating]
    pairs: list[PairResult]
    command: str
    seconds: float

    @property
    def games(self) -> int:
        return len(finished(self.records))

    def rating(self, agent: str) -> EloRating:
        """The rating of ``agent``; ``KeyError`` names the agents rated."""
        for rating in self.elo:
            if rating.agent == agent:
                return rating
        raise KeyError(f"{agent!r} is not in the ladder ({', '.join(self.agents)})")

    def order_problems(self) -> list[str]:
        """Where the ladder is not strictly ordered with non-overlapping Elo intervals, in the
        expected order ``agents`` (empty when every rung is clearly above the one below)."""
        problems = []
        for lower, upper in zip(self.agents, self.agents[1:], strict=False):
            a, b = self.rating(lower), self.rating(upper)
            if b.elo <= a.elo:
                problems.append(f"{upper} ({b.elo:+.0f}) is not above {lower} ({a.elo:+.0f})")
            elif b.low <= a.high:
                problems.append(
                    f"{upper} [{b.low:+.0f}, {b.high:+.0f}] overlaps {lower} "
                    f"[{a.low:+.0f}, {a.high:+.0f}]"
                )
        return problems

    def to_json(self) -> dict[str, Any]:
        """The ladder's figures (no records) as JSON-safe data."""
        return {
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "rounds": self.rounds,
            "games": self.games,
            "seed": self.seed,
            "command": self.command,
            "seconds": round(self.seconds, 1),
            "elo": [
                {
                    "agent": r.agent,
                    "elo": round(r.elo, 1),
                    "low": round(r.low, 1),
                    "high": round(r.high, 1),
                    "stderr": round(r.stderr, 1),
                }
                for r in self.elo
            ],
            "head_to_head": [
                {
                    "agent": p.agent,
                    "opponent": p.opponent,
                    "games": p.games,
                    "score": p.score,
                    "low": round(p.low, 4),
                    "high": round(p.high, 4),
                }
                for p in self.pairs
            ],
            "order_problems": self.order_problems(),
        }


def run_ladder(
    game: str,
    *,
    rounds: int = 2,
    seed: int = DEFAULT_SEED,
    budgets: Sequence[int] = DEFAULT_BUDGETS,
    players: int | None = None,
    workers: int | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    out: str | Path | None = None,
    command: str = "",
    on_progress: Callable[[Progress], None] | None = None,
) -> Ladder:
    """Play (or resume from ``out``) the ladder of ``game`` and rate it.

    ``rounds`` rounds of one game per seat lineup (with five agents and two seats: 20 games
    a round). ``command`` is the command line shown in the report to reproduce it.
    """
    if rounds < 1:
        raise InvalidParamError(f"a ladder needs at least one round, got {rounds}")
    agents = ladder_agents(budgets)
    configured = load_game(game, players)
    lineups = len(Tournament(configured, agents, 0, seed).lineups)
    summary = RunSummary()
    records = list(
        run_tournament(
            configured,
            agents,
            rounds * lineups,
            seed,
            workers=workers,
            backend=backend,
            ray_address=ray_address,
            out=out,
            on_progress=on_progress,
            summary=summary,
        )
    )
    done = finished(records)
    return Ladder(
        game=game,
        players=configured.num_players,
        agents=agents,
        rounds=rounds,
        seed=seed,
        records=records,
        elo=elo_ratings(done, bootstrap=200, seed=seed),
        pairs=head_to_head(done),
        command=command,
        seconds=summary.seconds,
    )


def render_ladder_html(ladder: Ladder) -> str:
    """The ladder as one self-contained HTML page."""
    ranked = sorted(ladder.elo, key=lambda r: -r.elo)
    elo_rows = [
        [r.agent, f"{r.elo:+.0f}", f"{r.low:+.0f} … {r.high:+.0f}", f"{r.stderr:.0f}"]
        for r in ranked
    ]
    pair = {(p.agent, p.opponent): p for p in ladder.pairs}
    h2h_rows = []
    for agent in ladder.agents:
        row: list[object] = [agent]
        for opponent in ladder.agents:
            p = pair.get((agent, opponent))
            if agent == opponent or p is None:
                row.append("—")
            else:
                row.append(f"{p.rate:.0%} [{p.low:.0%}–{p.high:.0%}] n={p.games}")
        h2h_rows.append(row)
    problems = ladder.order_problems()
    order = (
        "Strictly ordered " + " < ".join(ladder.agents) + " with non-overlapping 95% Elo intervals."
        if not problems
        else "Not strictly ordered: " + "; ".join(problems) + "."
    )
    total = len(ladder.records)
    seeds = ", ".join(str(derive_seed(ladder.seed, i)) for i in range(min(total, 3)))
    reproduce = [
        htmlpage.paragraph(f"Command: {ladder.command}" if ladder.command else ""),
        htmlpage.paragraph(
            f"Master seed {ladder.seed}; game i is played with seed derive_seed({ladder.seed}, i) "
            f"(farmstead.core.rng), e.g. {seeds}, …; seat lineup i mod "
            f"{len(ladder.records) // max(1, ladder.rounds)} (every ordered pair of agents)."
        ),
        htmlpage.paragraph(
            f"{ladder.games} finished games of {total} ({draws(finished(ladder.records))} drawn), "
            f"{ladder.rounds} round(s); farmstead {__version__}, Python "
            f"{platform.python_version()}; played in {ladder.seconds:.0f} s (0 when resumed)."
        ),
    ]
    return htmlpage.page(
        f"Strength ladder: {ladder.game}, {ladder.players} players",
        htmlpage.paragraph(order),
        htmlpage.section(
            "Elo (Bradley-Terry, mean 0, 95% bootstrap interval over games)",
            htmlpage.table(["agent", "Elo", "95% interval", "std. error"], elo_rows),
        ),
        htmlpage.section(
            "Head to head: score of the row against the column (wins + half draws), "
            "Wilson 95% interval",
            htmlpage.table(["agent", *ladder.agents], h2h_rows),
        ),
        htmlpage.section("Reproduce", *reproduce),
    )


def write_ladder(
    ladder: Ladder, folder: str | Path, figures: str | Path | None = None
) -> tuple[Path, Path]:
    """Write ``GAME.html`` into ``folder`` and ``GAME.json`` (the figures) into ``figures``
    (default: ``folder``)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    html_path = folder / f"{ladder.game}.html"
    json_path = Path(figures if figures is not None else folder) / f"{ladder.game}.json"
    html_path.write_text(render_ladder_html(ladder), encoding="utf-8")
    json_path.write_text(json.dumps(ladder.to_json(), indent=1) + "\n", encoding="utf-8")
    return html_path, json_path


# --- published ladders ---------------------------------------------------------------------
PUBLISHED_PACKAGE = "farmstead.ladders"
"""The package holding each published ladder's figures (``GAME.json``)."""
PUBLISHED_REPORTS = Path("docs") / "ladder"
"""Where ``--publish`` writes the HTML reports and records, from the repository's root."""


def published_folder() -> Path:
    """The folder of the published figures (inside the installed package)."""
    return Path(str(resources.files(PUBLISHED_PACKAGE)))


def published_ladder(game: str) -> dict[str, Any] | None:
    """The published ladder figures of ``game`` (``Ladder.to_json``), or None when no ladder
    of it has been published."""
    path = published_folder() / f"{game}.json"
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def ladder_agent(spec: str) -> str:
    """The ladder agent a level's spec plays as: the spec without its ``seconds`` time cap
    (a level caps its search time so a move answers quickly; the ladder plays by iterations,
    and the caps are set so they do not bind at the ladder's budgets)."""
    parsed = AgentSpec.parse(spec)
    params = {k: v for k, v in sorted(parsed.params.items()) if k != "seconds"}
    return str(AgentSpec(parsed.name, params))


def level_rating(game: str, spec: str) -> dict[str, Any] | None:
    """The published Elo of the agent ``spec`` plays as in ``game`` (``elo``, ``low``,
    ``high``, ``agent``, ``games``), or None when the game has no published ladder or the
    agent is not on it."""
    ladder = published_ladder(game)
    if ladder is None:
        return None
    wanted = ladder_agent(spec)
    for rating in ladder["elo"]:
        if ladder_agent(rating["agent"]) == wanted:
            return {**rating, "games": ladder["games"]}
    return None


def write_index(reports: str | Path) -> Path:
    """Write ``README.md`` in ``reports``: every published ladder, its Elo table and the
    command that regenerates it (the page is generated; edit this function, not the page)."""
    reports = Path(reports)
    lines = [
        "# Strength ladders",
        "",
        "Generated by `farmstead ladder GAME --publish` (do not edit by hand). Each game's",
        "ladder is a seeded round robin of `random`, `heuristic` and `mcts` at three budgets",
        "(2 players); Elo is centred on mean 0 with 95% bootstrap intervals. Regenerate every",
        "published ladder with:",
        "",
        "```bash",
        PUBLISH_COMMAND,
        "```",
        "",
    ]
    for path in sorted(published_folder().glob("*.json")):
        ladder = json.loads(path.read_text(encoding="utf-8"))
        game = ladder["game"]
        lines += [
            f"## {game}",
            "",
            f"[Report]({game}.html) · {ladder['games']} games, seed {ladder['seed']}, "
            f"`{ladder['command']}`",
            "",
            "| agent | Elo | 95% interval |",
            "|---|---:|---:|",
        ]
        for r in sorted(ladder["elo"], key=lambda r: -r["elo"]):
            lines.append(f"| {r['agent']} | {r['elo']:+.0f} | {r['low']:+.0f} … {r['high']:+.0f} |")
        problems = ladder["order_problems"]
        lines += [
            "",
            "Strictly ordered." if not problems else "Not strictly ordered: " + "; ".join(problems),
            "",
        ]
    path = reports / "README.md"
    reports.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


PUBLISH_COMMAND = (
    "farmstead ladder rancho fences animal_farm livestock_uprising --publish --rounds 2 "
    "--budgets 10,40,160"
)
"""The one command that regenerates every published ladder (from the repository's root)."""
