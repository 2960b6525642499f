"""Tuning a game's params for balance: search declared params for settings that meet an
objective, with Optuna, then confirm the best setting in a fresh tournament.

* **Search space** — ``--param KEY=LOW..HIGH`` (an int or float param of the game) or
  ``--param KEY=a|b|c`` / ``KEY=a,b,c`` (values to choose among). The game validates every
  value before the first trial.
* **Objective** — ``first_player<=P``: the first-player advantage (win rate moving first minus
  moving later, from the games' facts) within ±P points; ``trait:KIND<=P``: every value of the
  trait ``KIND`` (a faction, a species...) within P points of the fair share. A trial's value
  is the deviation's point estimate (minimised); its interval comes from the 95% intervals of
  ``lab.balance``; a setting *meets* the objective when the whole interval is within P.
* **Trials** — each trial is a tournament of the same agents and the same per-game seeds (so
  settings differ by their rules, not by luck), played by the lab's backends (local cores or
  Ray). A finite space with no more points than trials is searched exhaustively
  in a fixed order, any other with Optuna's TPE sampler (seeded). Trials are appended to a
  JSONL file, and a re-run with the same file resumes: finished trials are handed back to the
  study, not played again.
* **Confirmation** — the best setting plays a fresh tournament (other seeds), whose objective
  interval says whether the setting meets the objective, or shows how far it misses.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from farmstead.core.errors import FarmsteadError, InvalidParamError
from farmstead.core.game import ParamSpec
from farmstead.core.registry import load_game
from farmstead.core.rng import derive_seed
from farmstead.lab.balance import Balance, balance
from farmstead.lab.tournament import canonical_agents, check_agents, run_tournament

TUNE_FORMAT = "farmstead-tune/1"


class TuneError(FarmsteadError, ValueError):
    """A tuning run that cannot go on: a trials file of another run, no facts to measure."""


@dataclass(frozen=True)
class SearchParam:
    """One searched param: an int or float range, or values to choose among (as written)."""

    key: str
    low: float | None = None
    high: float | None = None
    is_int: bool = False
    choices: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str, specs: Sequence[ParamSpec]) -> SearchParam:
        """``KEY=LOW..HIGH`` or ``KEY=a|b|c`` / ``KEY=a,b,c``, checked against the game's
        ``specs``."""
        key, sep, rest = (part.strip() for part in text.partition("="))
        spec = next((s for s in specs if s.name == key), None)
        if not sep or not key or not rest:
            raise InvalidParamError(f"tune param {text!r}: expected KEY=LOW..HIGH or KEY=a|b|c")
        if spec is None:
            known = ", ".join(s.name for s in specs) or "none"
            raise InvalidParamError(f"tune param {text!r}: the game has no param {key!r}: {known}")
        if ".." in rest:
            if spec.type not in (int, float):
                raise InvalidParamError(f"tune param {key!r} is not a number: list its values")
            low_text, _, high_text = rest.partition("..")
            try:
                low, high = spec.type(low_text.strip()), spec.type(high_text.strip())
            except ValueError:
                raise InvalidParamError(f"tune param {text!r}: bounds must be numbers") from None
            if low >= high:
                raise InvalidParamError(f"tune param {text!r}: LOW must be below HIGH")
            return cls(key, float(low), float(high), is_int=spec.type is int)
        separator = "|" if "|" in rest else ","
        values = tuple(v.strip() for v in rest.split(separator))
        if any(not v for v in values) or len(set(values)) != len(values) or len(values) < 2:
            raise InvalidParamError(f"tune param {text!r}: give two or more distinct values")
        return cls(key, choices=values)

    def distribution(self) -> Any:
        """The Optuna distribution of this param."""
        import optuna

        if self.choices:
            return optuna.distributions.CategoricalDistribution(list(self.choices))
        assert self.low is not None and self.high is not None
        if self.is_int:
            return optuna.distributions.IntDistribution(int(self.low), int(self.high))
        return optuna.distributions.FloatDistribution(self.low, self.high)

    def grid(self) -> list[Any] | None:
        """Every value, for a finite param (choices, an int range); ``None`` for floats."""
        if self.choices:
            return list(self.choices)
        if self.is_int:
            assert self.low is not None and self.high is not None
            return list(range(int(self.low), int(self.high) + 1))
        return None

    def describe(self) -> str:
        if self.choices:
            return f"{self.key}={'|'.join(self.choices)}"
        low, high = self.low or 0.0, self.high or 0.0
        if self.is_int:
            return f"{self.key}={int(low)}..{int(high)}"
        return f"{self.key}={low:g}..{high:g}"


@dataclass(frozen=True)
class Measure:
    """An objective measured on one tournament: the deviation (point estimate, in win-rate
    units) and its 95% interval; ``meets`` when the whole interval is within the limit."""

    value: float
    low: float
    high: float
    limit: float
    games: int

    @property
    def meets(self) -> bool:
        return self.high <= self.limit

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "limit": self.limit,
            "games": self.games,
            "meets": self.meets,
        }


def _abs_interval(low: float, high: float) -> tuple[float, float]:
    """The interval of ``|x|`` for ``x`` in ``[low, high]``."""
    if low <= 0.0 <= high:
        return 0.0, max(-low, high)
    return min(abs(low), abs(high)), max(abs(low), abs(high))


@dataclass(frozen=True)
class Objective:
    """What balanced means for a tuning run (see the module docstring)."""

    kind: str  # "first_player" or "trait"
    limit: float  # in win-rate units: 0.02 is 2 points
    trait: str = ""

    @classmethod
    def parse(cls, text: str) -> Objective:
        """``first_player<=P`` or ``trait:KIND<=P`` (P in percentage points)."""
        name, sep, limit_text = (part.strip() for part in text.partition("<="))
        try:
            limit = float(limit_text) / 100.0
        except ValueError:
            limit = -1.0
        if not sep or limit <= 0 or not math.isfinite(limit):
            raise InvalidParamError(
                f"objective {text!r}: expected first_player<=P or trait:KIND<=P "
                "(P in percentage points, above 0)"
            )
        if name == "first_player":
            return cls("first_player", limit)
        kind, colon, trait = name.partition(":")
        if kind == "trait" and colon and trait.strip():
            return cls("trait", limit, trait.strip())
        raise InvalidParamError(f"objective {text!r}: unknown measure {name!r}")

    def describe(self) -> str:
        name = "first_player" if self.kind == "first_player" else f"trait:{self.trait}"
        return f"{name}<={100 * self.limit:g}"

    def measure(self, b: Balance) -> Measure:
        """This objective on the balance statistics of one tournament."""
        if not b.with_facts:
            raise TuneError("the games carry no facts: the game registers no facts function")
        if self.kind == "first_player":
            if b.first_player is None:
                raise TuneError("no game has a seat that moved first and one that did not")
            d = b.first_player
            low, high = _abs_interval(d.low, d.high)
            return Measure(abs(d.value), low, high, self.limit, b.with_facts)
        rates = b.traits.get(self.trait)
        if not rates:
            known = ", ".join(b.traits) or "none"
            raise TuneError(f"the games' facts have no trait {self.trait!r}; traits: {known}")
        value = max(abs(r.rate - b.fair) for r in rates)
        bounds = [_abs_interval(r.low - b.fair, r.high - b.fair) for r in rates]
        return Measure(
            value, max(lo for lo, _ in bounds), max(hi for _, hi in bounds), self.limit,
            b.with_facts,
        )  # fmt: skip


@dataclass(frozen=True)
class Trial:
    """One finished trial: its settings and their measure."""

    number: int
    params: dict[str, Any]
    measure: Measure


@dataclass
class TuneResult:
    """A tuning run: every trial, the best, and the best setting's confirmation."""

    trials: list[Trial] = field(default_factory=list)
    confirmation: Measure | None = None

    @property
    def best(self) -> Trial | None:
        return min(self.trials, key=lambda t: (t.measure.value, t.number), default=None)


@dataclass(frozen=True)
class TuneRun:
    """Everything that defines a tuning run (a trials file belongs to one run)."""

    game: str
    agents: tuple[str, ...]
    space: tuple[SearchParam, ...]
    objective: Objective
    games: int
    trials: int
    seed: int = 0
    players: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    rotate: bool = False

    def header(self) -> dict[str, Any]:
        """The run as the first line of its trials file."""
        return {
            "format": TUNE_FORMAT,
            "game": self.game,
            "players": self.players,
            "params": dict(self.params),
            "agents": list(self.agents),
            "space": [p.describe() for p in self.space],
            "objective": self.objective.describe(),
            "games": self.games,
            "seed": self.seed,
            "rotate": self.rotate,
        }

    def settings(self, trial_params: dict[str, Any]) -> dict[str, Any]:
        return {**self.params, **trial_params}


def plan(
    game: str,
    agents: str | Sequence[str],
    space_texts: Sequence[str],
    objective_text: str,
    games: int,
    trials: int,
    *,
    seed: int = 0,
    players: int | None = None,
    params: dict[str, Any] | None = None,
    rotate: bool = False,
) -> TuneRun:
    """A validated run: the game, its params, the agents and every searched value are checked
    before the first game (an impossible value raises)."""
    if games < 1 or trials < 1:
        raise InvalidParamError("a tuning run needs at least one game per trial and one trial")
    if not space_texts:
        raise InvalidParamError("a tuning run needs at least one --param to search")
    base = load_game(game, players, **(params or {}))
    specs = base.type.params
    space = tuple(SearchParam.parse(text, specs) for text in space_texts)
    keys = [p.key for p in space]
    if len(set(keys)) != len(keys):
        raise InvalidParamError(f"a tune param is given twice: {', '.join(keys)}")
    names = canonical_agents(agents)
    check_agents(base, names)
    for param in space:  # every searched value must configure the game
        values = param.grid() or [param.low, param.high]
        for value in values:
            load_game(game, players, **{**(params or {}), param.key: value})
    return TuneRun(
        game,
        names,
        space,
        Objective.parse(objective_text),
        games,
        trials,
        seed,
        players,
        dict(params or {}),
        rotate,
    )


def measure_setting(
    run: TuneRun,
    settings: dict[str, Any],
    seed: int,
    games: int,
    *,
    workers: int | None = None,
    backend: str = "local",
    ray_address: str | None = None,
) -> Measure:
    """Play one tournament of ``run``'s agents under ``settings`` and measure the objective."""
    game = load_game(run.game, run.players, **run.settings(settings))
    records = list(
        run_tournament(
            game,
            run.agents,
            games,
            seed,
            workers=workers,
            backend=backend,
            ray_address=ray_address,
            timings=False,
            rotate=run.rotate,
        )
    )
    return run.objective.measure(balance(records, game.num_players))


def read_trials(path: Path, run: TuneRun) -> list[Trial]:
    """The finished trials of ``run`` in its trials file (none when the file does not exist);
    ``TuneError`` when the file belongs to another run."""
    if not path.exists():
        return []
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines:
        return []
    try:
        header = json.loads(lines[0])
        docs = [json.loads(line) for line in lines[1:]]
    except json.JSONDecodeError as exc:
        raise TuneError(f"{path} is not a trials file: {exc}") from None
    if header != run.header():
        raise TuneError(f"{path} holds the trials of another tuning run; choose another --out")
    trials = []
    for doc in docs:
        m = doc["measure"]
        trials.append(
            Trial(
                int(doc["trial"]),
                dict(doc["params"]),
                Measure(m["value"], m["low"], m["high"], m["limit"], m["games"]),
            )
        )
    return trials


def grid_points(run: TuneRun) -> list[dict[str, Any]] | None:
    """Every setting of a finite space (choices, int ranges) with no more points than
    ``run.trials``, in a fixed order; ``None`` when the space is searched by TPE."""
    grids = [p.grid() for p in run.space]
    if any(g is None for g in grids):
        return None
    if math.prod(len(g) for g in grids if g is not None) > run.trials:
        return None
    keys = [p.key for p in run.space]
    return [
        dict(zip(keys, values, strict=True))
        for values in itertools.product(*(g for g in grids if g is not None))
    ]


def tune(
    run: TuneRun,
    out: str | Path | None = None,
    *,
    confirm_games: int = 0,
    workers: int | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    on_trial: Callable[[Trial], None] | None = None,
) -> TuneResult:
    """Run (or resume, from ``out``) the trials of ``run``, then, with ``confirm_games``,
    confirm the best setting in a fresh tournament."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    path = Path(out) if out is not None else None
    done = read_trials(path, run) if path is not None else []
    grid = grid_points(run)
    study = optuna.create_study(
        direction="minimize", sampler=optuna.samplers.TPESampler(seed=run.seed)
    )
    distributions = {p.key: p.distribution() for p in run.space}
    for trial in done:
        study.add_trial(
            optuna.trial.create_trial(
                params=trial.params, distributions=distributions, value=trial.measure.value
            )
        )
    result = TuneResult(list(done))
    if path is not None and not done:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(run.header(), sort_keys=True) + "\n", encoding="utf-8")
    total = run.trials if grid is None else len(grid)
    for number in range(len(done), total):
        asked = None
        if grid is None:
            asked = study.ask(distributions)
            settings = dict(asked.params)
        else:
            settings = grid[number]
        measure = measure_setting(
            run, settings, run.seed, run.games,
            workers=workers, backend=backend, ray_address=ray_address,
        )  # fmt: skip
        if asked is not None:
            study.tell(asked, measure.value)
        trial = Trial(number, settings, measure)
        result.trials.append(trial)
        if path is not None:
            line = {"trial": number, "params": settings, "measure": measure.to_json()}
            with path.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(line, sort_keys=True) + "\n")
        if on_trial is not None:
            on_trial(trial)
    best = result.best
    if best is not None and confirm_games > 0:
        result.confirmation = measure_setting(
            run, best.params, derive_seed(run.seed, "confirm"), confirm_games,
            workers=workers, backend=backend, ray_address=ray_address,
        )  # fmt: skip
    return result
