"""The registry of games: every game is found through its registration record.

A game package publishes one ``GameRegistration`` (its Game class, heuristics, text renderer,
browser board and rules summary) under the Python entry-point group ``farmstead.games``::

    [project.entry-points."farmstead.games"]
    my_game = "my_package.my_game.registration:REGISTRATION"

so a game installed from anywhere appears in ``farmstead list``, the lab, the CLI and the web
lobby with no edit elsewhere. The entry points are read once, on first use. A record can also be
registered from code (``register_game``, or ``registered_game`` for a temporary one in tests).

Nothing here names a game: a missing, broken or duplicated registration fails loudly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata, resources
from typing import Any, Generic, TypeVar

from farmstead.core.batched import BatchedEngine, OneGame
from farmstead.core.data import DataItem
from farmstead.core.errors import FarmsteadError, GameRegistrationError, UnknownGameError
from farmstead.core.facts import GameFactsFn
from farmstead.core.game import Game, GameType, State
from farmstead.core.turns import TurnSummaryFn, TurnView, generic_summary

ENTRY_POINT_GROUP = "farmstead.games"

StateT = TypeVar("StateT", bound=State)
"""The state class of one game: what its registration's functions (renderers, heuristics,
score sheet, terminal commands) are given. A registration of the Fences game is a
``GameRegistration[FencesState]``; the registry holds records of every game, so what it hands
out is a ``GameRegistration[Any]``, called with the states of that record's own game.

The function types below are generic in it: ``EvaluateFn[FencesState]`` is Fences' own
``evaluate``, ``EvaluateFn[State]`` one that accepts a state of any game (an agent's)."""

EvaluateFn = Callable[[StateT, int], float]
"""``evaluate(state, seat)``: how good ``state`` is for ``seat``, in [-1, 1]."""

EvaluateAllFn = Callable[[StateT], list[float]]
"""``evaluate_all(state)``: ``evaluate(state, seat)`` for every seat, in seat order."""

PolicyFn = Callable[[StateT, int, Any], int]
"""``policy(state, seat, rng)``: a game's own choice of a legal action for ``seat`` (the seat
to move), e.g. a turn planner that finishes the compound moves it starts; ``rng`` is the
agent's ``farmstead.core.rng.Rng``. Used by the heuristic agent instead of its greedy one-ply
choice when present."""

RenderFn = Callable[[StateT, int | None], str]
"""``render(state, seat)``: the board as ``seat`` may see it (``None``: a spectator), as text
with Rich markup."""


@dataclass(frozen=True)
class Heuristics(Generic[StateT]):
    """A game's position evaluation for bots.

    ``evaluate`` must accept any non-terminal state; ``evaluate_all`` (optional) scores every
    seat at once when that is cheaper; ``search_settings`` maps an agent name to the parameter
    values that suit this game better than the agent's defaults (e.g. ``{"mcts": {"prior": 2}}``);
    ``policy`` (optional) is the game's own move chooser for the heuristic agent (``PolicyFn``);
    ``levels`` maps a difficulty level name (``easy``, ``medium``, ``hard``, ``expert``) to the
    agent spec that plays it in this game, with its per-move budget in the spec (servers and
    ``farmstead play`` use it instead of their game-independent defaults); ``None`` for a level
    the game does not offer (no setting of that strength on its ladder).
    """

    evaluate: EvaluateFn[StateT]
    evaluate_all: EvaluateAllFn[StateT] | None = None
    search_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    policy: PolicyFn[StateT] | None = None
    levels: Mapping[str, str | None] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreRow:
    """One line of a final score breakdown: what it counts, and each seat's part in words
    (one string per seat, ``""`` where the line gives a seat nothing)."""

    label: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """A finished game's result in the game's own terms, for people.

    ``scores``: each seat's final score as shown beside its name ("27 points", "full herd");
    ``summary``: one sentence saying who won (or that it is a draw) and how, naming the seats
    by the names it was given; ``rows``: the breakdown, one ``ScoreRow`` per line.
    """

    scores: tuple[str, ...]
    summary: str
    rows: tuple[ScoreRow, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """JSON-safe: ``{"scores": [...], "summary": ..., "rows": [{"label", "values"}]}``."""
        return {
            "scores": list(self.scores),
            "summary": self.summary,
            "rows": [{"label": r.label, "values": list(r.values)} for r in self.rows],
        }


DataWordsFn = Callable[[DataItem], "tuple[str, str] | None"]
"""``data_words(item)``: a title and a sentence describing one data item for people (e.g. a
tile by its shape and animals), or ``None`` to describe it generically."""

ItemWordsFn = Callable[[DataItem], "dict[str, str] | None"]
"""``item_words(item)``: words the browser board shows with one data item (e.g. when a card
may be played), sent by the data route as the item's ``words``; ``None`` for none."""

SeatLabelsFn = Callable[[Game, Sequence[str]], list[str]]
"""``seat_labels(game, names)``: how the game's pages name each seat, seat ``i`` called
``names[i]`` (e.g. ``Bot 3 (Sheep)``: the seat's name with its species), one per seat."""

ScoreSheetFn = Callable[[StateT, Sequence[str]], ScoreSheet]
"""``score_sheet(state, names)``: the result of the terminal ``state``, seat ``i`` called
``names[i]``. Everything is public by then (the record is)."""


TerminalMenuFn = Callable[[StateT, int, Sequence[int]], str]
"""``terminal_menu(state, seat, legal)``: the choices of a terminal prompt as Rich markup, the
number ``n`` standing for ``legal[n - 1]`` (e.g. grouped by kind, several to a line)."""


@dataclass(frozen=True)
class TerminalCommand(Generic[StateT]):
    """An extra word a human may type at the terminal prompt (e.g. ``ids``) and what it shows
    (``show(state, seat)``)."""

    help: str
    show: Callable[[StateT, int], str]


@dataclass(frozen=True)
class BrowserBoard:
    """A game's browser board: an ES module (and optionally a stylesheet) shipped as resources
    of the game's package.

    The web app serves them at ``/static/boards/<game>.js`` and ``/static/boards/<game>.css``;
    the module follows the board module interface of ``farmstead/web/static/board-generic.js``.
    """

    package: str
    module: str
    stylesheet: str | None = None

    def read(self, resource: str) -> bytes:
        """A resource's bytes; ``GameRegistrationError`` when it is missing."""
        try:
            return resources.files(self.package).joinpath(resource).read_bytes()
        except (FileNotFoundError, ModuleNotFoundError) as exc:
            raise GameRegistrationError(
                f"browser board file {resource!r} of package {self.package!r} is missing: {exc}"
            ) from None


@dataclass(frozen=True)
class RulesProse:
    """A game's rules written for people: a Markdown resource of the game's package (headings,
    paragraphs, lists and tables; no raw HTML), shown on the game's rules page."""

    package: str
    resource: str = "rules_prose.md"

    def read(self) -> str:
        """The Markdown text; ``GameRegistrationError`` when it is missing."""
        try:
            return resources.files(self.package).joinpath(self.resource).read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError) as exc:
            raise GameRegistrationError(
                f"rules file {self.resource!r} of package {self.package!r} is missing: {exc}"
            ) from None


@dataclass(frozen=True)
class Preset:
    """A named set of param values offered when a match starts (e.g. a shorter "first game").

    ``name`` is the key (``farmstead durations --preset``, the web API); ``label`` the name in
    words; ``description`` one sentence for people; ``params`` the values it sets (the others
    keep the game's or the lobby's defaults); ``for_newcomers`` marks the preset the lobby
    suggests to people new to the game."""

    name: str
    label: str
    description: str
    params: Mapping[str, Any] = field(default_factory=dict)
    for_newcomers: bool = False

    def to_json(self) -> dict[str, Any]:
        """JSON-safe: ``{"name", "label", "description", "params", "for_newcomers"}``."""
        return {
            "name": self.name,
            "label": self.label,
            "description": self.description,
            "params": dict(self.params),
            "for_newcomers": self.for_newcomers,
        }


RoundFn = Callable[[StateT], int]
"""``round_number(state)``: the round ``state`` is in, in the game's own terms (1 at the first
turn), for the measured game lengths (``farmstead durations``)."""

RoundCapFn = Callable[[Game], "int | None"]
"""``round_cap(game)``: the round after which the configured ``game`` ends by its cap, or
``None`` when it has none."""


@dataclass(frozen=True)
class Durations(Generic[StateT]):
    """How long a game lasts, measured from simulated games (``farmstead.lab.durations``).

    ``round_number`` and ``round_cap`` say what a round is; ``package`` holds two resources:
    ``model`` (TOML, written by people: the inputs of the minutes estimate with their
    provenance) and ``results`` (JSON, written by ``farmstead durations``: the measured
    figures per preset and player count, with the command line that produced them)."""

    round_number: RoundFn[StateT]
    package: str
    round_cap: RoundCapFn | None = None
    model: str = "data/duration_model.toml"
    results: str = "data/durations.json"

    def path(self, resource: str) -> Any:
        """The ``Traversable`` of one of the two resources (it may not exist yet)."""
        return resources.files(self.package).joinpath(resource)


@dataclass(frozen=True)
class GameRegistration(Generic[StateT]):
    """Everything farmstead needs to offer one game, under the name ``game.type.name``.

    ``game`` is the ``Game`` class; ``rules_summary`` a paragraph in prose for people (lobby,
    ``farmstead list``); ``render`` the terminal board (``None``: the terminal shows the
    observation as JSON); ``status`` a one-line prompt status; ``heuristics`` the bots' position
    evaluation (``None``: only agents that need none can play it); ``board`` the browser board
    (``None``: the web app's generic board); ``terminal_commands`` extra prompt words;
    ``score_sheet`` the final score in the game's own terms with its breakdown (``None``: front
    ends show only who won); ``lobby_params`` param values the web lobby proposes for new
    matches instead of the game's defaults (shown, and changeable, in its form), e.g. an optional
    rule the spec suggests for play between people; ``turn_summary`` one turn in words for a
    viewer (``core.turns``; ``None``: the steps' words joined); ``rules_prose`` the rules for
    people, a Markdown resource of the game's package (``None``: only ``rules_summary``);
    ``data_words`` a data item in words for the rules page (``None``: described generically);
    ``seat_labels`` how every page names the seats (``None``: by the seats' names);
    ``item_words`` words the browser board shows with a data item (``None``: none), so that
    the board never makes them itself; ``presets`` named param sets offered when a match starts
    (``Preset``; the first is not implied to be the default: a preset with no params is);
    ``durations`` how long games last, measured from simulations (``Durations``; ``None``:
    not measured); ``terminal_menu`` how ``farmstead play`` lists a prompt's choices
    (``TerminalMenuFn``; ``None``: one numbered line per legal action); ``facts`` why and when a
    finished game ended and each seat's facts for balance reports (``core.facts``);
    ``batched`` the game's batched NumPy engine class (``core.batched.BatchedEngine``: ``N``
    games as arrays, stepped at once, for ``farmstead.envs.batched``; ``None``: none);
    ``one_game`` the game's compiled rules for one game at a time (a function of the configured
    game returning a ``core.batched.OneGame``, which the learning environments play by default;
    ``None``: none; it may import Numba, of the ``rl`` extra, when called, never before).

    ``StateT`` is the state class of ``game`` (what its ``new_initial_state`` returns): the
    functions of the record are called with that game's states only.
    """

    game: type[Game]
    rules_summary: str
    render: RenderFn[StateT] | None = None
    status: RenderFn[StateT] | None = None
    heuristics: Heuristics[StateT] | None = None
    board: BrowserBoard | None = None
    terminal_commands: Mapping[str, TerminalCommand[StateT]] = field(default_factory=dict)
    score_sheet: ScoreSheetFn[StateT] | None = None
    lobby_params: Mapping[str, Any] = field(default_factory=dict)
    turn_summary: TurnSummaryFn | None = None
    rules_prose: RulesProse | None = None
    data_words: DataWordsFn | None = None
    seat_labels: SeatLabelsFn | None = None
    item_words: ItemWordsFn | None = None
    presets: tuple[Preset, ...] = ()
    durations: Durations[StateT] | None = None
    terminal_menu: TerminalMenuFn[StateT] | None = None
    facts: GameFactsFn | None = None
    batched: type[BatchedEngine] | None = None
    one_game: Callable[[Game], OneGame] | None = None

    def preset(self, name: str) -> Preset:
        """The preset called ``name`` (spaces count as underscores); ``LookupError`` lists the
        game's presets."""
        key = name.strip().lower().replace(" ", "_").replace("-", "_")
        for preset in self.presets:
            if preset.name == key:
                return preset
        known = ", ".join(p.name for p in self.presets) or "none"
        raise LookupError(f"{self.name} has no preset {name!r}; its presets: {known}")

    @property
    def name(self) -> str:
        """The registry key."""
        return self.game.type.name

    def summarise_turn(self, view: TurnView) -> str:
        """``view`` in words: the game's ``turn_summary``, else the steps' words joined."""
        if self.turn_summary is None:
            return generic_summary(view)
        return self.turn_summary(view)


_registry: dict[str, GameRegistration[Any]] | None = None
"""Records of every game, each called with its own game's states only (hence ``Any``)."""


def _check(registration: object, origin: str) -> GameRegistration[Any]:
    if not isinstance(registration, GameRegistration):
        raise GameRegistrationError(
            f"{origin} is a {type(registration).__name__}, not a GameRegistration"
        )
    if not (isinstance(registration.game, type) and issubclass(registration.game, Game)):
        raise GameRegistrationError(f"{origin}: 'game' must be a Game subclass")
    gtype = getattr(registration.game, "type", None)
    if not isinstance(gtype, GameType):
        raise GameRegistrationError(
            f"{origin}: {registration.game.__name__}.type is not a GameType"
        )
    specs = {spec.name: spec for spec in gtype.params}
    seen: set[str] = set()
    for preset in registration.presets:
        if preset.name in seen:
            raise GameRegistrationError(f"{origin}: two presets are named {preset.name!r}")
        seen.add(preset.name)
        for key, value in preset.params.items():
            if key not in specs:
                raise GameRegistrationError(
                    f"{origin}: preset {preset.name!r} sets {key!r}, not a param of the game"
                )
            try:
                specs[key].coerce(value)
            except FarmsteadError as exc:
                raise GameRegistrationError(f"{origin}: preset {preset.name!r}: {exc}") from None
    return registration


def _discover() -> dict[str, GameRegistration[Any]]:
    """Every registration published under the entry-point group, checked."""
    found: dict[str, GameRegistration[Any]] = {}
    origins: dict[str, str] = {}
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        origin = f"entry point {entry.name} = {entry.value}"
        try:
            loaded = entry.load()
        except FarmsteadError:
            raise
        except Exception as exc:  # any import failure of a game is reported with its origin
            raise GameRegistrationError(f"{origin} failed to load: {exc!r}") from exc
        registration = _check(loaded, origin)
        if registration.name != entry.name:
            raise GameRegistrationError(
                f"{origin} registers the game {registration.name!r}; the entry point's name "
                "must be the game's registry key"
            )
        if registration.name in found:
            raise GameRegistrationError(
                f"two games are named {registration.name!r}: {origins[registration.name]} and "
                f"{origin}"
            )
        found[registration.name] = registration
        origins[registration.name] = origin
    return found


def _games() -> dict[str, GameRegistration[Any]]:
    global _registry
    if _registry is None:
        _registry = _discover()
    return _registry


def register_game(registration: GameRegistration[StateT]) -> GameRegistration[StateT]:
    """Add a registration from code; ``GameRegistrationError`` when the name is taken."""
    _check(registration, f"registration of {registration!r}")
    games = _games()
    if registration.name in games:
        raise GameRegistrationError(f"a game named {registration.name!r} is already registered")
    games[registration.name] = registration
    return registration


def unregister_game(name: str) -> None:
    """Remove a game registered from code (or by entry point); ``UnknownGameError`` if absent."""
    games = _games()
    if name not in games:
        raise UnknownGameError(name, games)
    del games[name]


@contextmanager
def registered_game(
    registration: GameRegistration[StateT],
) -> Iterator[GameRegistration[StateT]]:
    """Register ``registration`` for the duration of a ``with`` block (tests, notebooks)."""
    register_game(registration)
    try:
        yield registration
    finally:
        unregister_game(registration.name)


def registration(name: str) -> GameRegistration[Any]:
    """The registration of game ``name``; ``UnknownGameError`` lists the valid names.

    Its functions are to be called with states of that game only."""
    games = _games()
    if not isinstance(name, str) or name not in games:
        raise UnknownGameError(str(name) if isinstance(name, str) else repr(name), games)
    return games[name]


def game_names() -> list[str]:
    """Registry keys of every game, sorted."""
    return sorted(_games())


def list_games() -> list[GameType]:
    """The ``GameType`` of every registered game, sorted by name."""
    games = _games()
    return [games[name].game.type for name in sorted(games)]


def game_type(name: str) -> GameType:
    """The ``GameType`` of game ``name``; ``UnknownGameError`` lists the valid names."""
    return registration(name).game.type


def load_game(name: str, players: int | None = None, **params: Any) -> Game:
    """A configured game.

    ``players`` defaults to the game's minimum; ``params`` override the game's defaults.
    Unknown names raise ``UnknownGameError``; unknown or invalid params ``InvalidParamError``.
    """
    return registration(name).game(players, **params)
