"""Every game package has the one shape of docs/adding-a-game.md: the same modules, and imports
that run one way (no cycle, not even inside a function or under TYPE_CHECKING).

A module of the template may be a subpackage of the same name (``rules/`` for ``rules.py``):
its modules import only ``farmstead.core``, the standard library, the game's modules above it
and their own siblings. A module named ``<template module>_<part>`` (``tensor_state.py``,
``heuristics_planner.py``) is a part of that module: it ranks just below it, so it may import
what the module may and its sibling parts, and the module imports it. No module of ``farmstead.games`` is longer than ``MAX_LINES``, and
every game assembles its ``game.py`` on ``core.assembly``.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

from farmstead.core.assembly import AssembledGame, AssembledState
from farmstead.core.registry import game_names, registration

# Rank of each template module; a module imports only modules of a lower rank. Modules not
# listed are helpers (rank 1), which may import each other as long as there is no cycle.
RANKS = {
    "layout": 0,
    "catalog": 2,
    "actions": 3,
    "config": 4,
    "rules": 5,
    "position": 6,
    "words": 6,
    "tensor": 6,
    "game": 7,
    "render": 8,
    "heuristics": 8,
    "facts": 8,
    "registration": 9,
}
# A batched engine (core.batched) and compiled rules for one game, where a game has them.
OPTIONAL_RANKS = {"batched": 8, "compiled": 8}
HELPER = 1
REQUIRED = set(RANKS) | {"__init__"}
RANKS |= OPTIONAL_RANKS


def part_of(module: str) -> str | None:
    """The template module that ``module`` is a part of (``tensor`` for ``tensor_state``)."""
    family = module.split("_", 1)[0]
    return family if module not in RANKS and "_" in module and family in RANKS else None


def rank_of(module: str) -> float:
    """The rank of a template module, of a part of one (just below it), or of a helper."""
    if module in RANKS:
        return RANKS[module]
    family = part_of(module)
    return HELPER if family is None else RANKS[family] - 0.5


CORE_LAYERS = ("agents", "lab", "cli", "web", "core", "envs", "testing")
MAX_LINES = 700
GAMES_ROOT = Path(importlib.import_module("farmstead.games").__file__ or "").parent


def package_of(name: str) -> tuple[str, Path]:
    module = registration(name).game.__module__
    package = module.rsplit(".", 1)[0]
    path = Path(importlib.import_module(package).__file__ or "").parent
    return package, path


def module_files(path: Path) -> dict[str, list[Path]]:
    """The game package's modules by name: a module's file, or every file of a subpackage of
    that name (a folder with ``__init__.py``; ``data/`` is none)."""
    modules = {p.stem: [p] for p in path.glob("*.py")}
    for init in path.glob("*/__init__.py"):
        folder = init.parent
        assert folder.name not in modules, f"{folder.name} is both a module and a subpackage"
        modules[folder.name] = sorted(folder.glob("*.py"))
    return modules


def module_name(package: str, path: Path, file: Path) -> str:
    """The dotted name of ``file`` of the game package at ``path``."""
    parts = file.relative_to(path).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([package, *parts])


def imported_modules(source: str, name: str, is_package: bool) -> set[str]:
    """The absolute module names ``source`` (the module ``name``) imports, anywhere in the
    file, relative imports resolved; ``from a import b`` counts as ``a.b``, which is ``a``'s
    attribute ``b`` or its submodule."""
    here = name if is_package else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                base = f"{anchor}.{base}" if base else anchor
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def within(package: str, modules: set[str]) -> set[str]:
    """The modules of the game ``package`` among ``modules``, by their name in the package."""
    return {m[len(package) + 1 :].split(".")[0] for m in modules if m.startswith(package + ".")}


def test_there_are_games() -> None:
    assert game_names(), "no game is registered"


@pytest.mark.parametrize("name", game_names())
def test_game_package_has_the_template_modules(name: str) -> None:
    package, path = package_of(name)
    modules = set(module_files(path))
    assert modules >= REQUIRED, f"{package} lacks {sorted(REQUIRED - modules)}"
    assert (path / "data").is_dir() and list((path / "data").glob("*.toml")), "no data files"
    assert registration(name).game.__module__ == f"{package}.game"


@pytest.mark.parametrize("name", game_names())
def test_game_imports_run_one_way(name: str) -> None:
    package, path = package_of(name)
    graph: dict[str, set[str]] = {}
    for module, files in module_files(path).items():
        graph[module] = set()
        for file in files:
            own = module_name(package, path, file)
            imports = imported_modules(
                file.read_text(encoding="utf-8"), own, file.stem == "__init__"
            )
            graph[module] |= within(package, imports) - {module}
    assert not graph["__init__"], "__init__ imports nothing of the game"
    for module, targets in graph.items():
        rank = rank_of(module)
        for target in targets:
            target_rank = rank_of(target)
            # A real disjunction of the layering rule: helpers may import each other, and so
            # may the parts of one module (cycles are checked below); every other import must
            # go to a lower rank.
            family = part_of(module)
            siblings = (rank == target_rank == HELPER) or (
                family is not None and part_of(target) == family
            )
            assert siblings or target_rank < rank, (
                f"{package}.{module} (rank {rank}) imports {target} (rank {target_rank})"
            )
    assert_no_cycle(graph)


def assert_no_cycle(graph: dict[str, set[str]]) -> None:
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> None:
        if state.get(module) == 2:
            return
        assert state.get(module) != 1, f"import cycle: {' -> '.join([*trail, module])}"
        state[module] = 1
        for target in graph.get(module, ()):
            visit(target, [*trail, module])
        state[module] = 2

    for module in graph:
        visit(module, [])


@pytest.mark.parametrize("name", game_names())
def test_a_subpackage_imports_core_the_standard_library_and_its_siblings(name: str) -> None:
    """A subpackage's modules import ``farmstead.core``, the standard library, the game's
    modules (their ranks are checked above) and their siblings, through the subpackage's own
    name; a sibling never imports the subpackage's ``__init__``, and siblings form no
    cycle."""
    package, path = package_of(name)
    for module, files in module_files(path).items():
        if len(files) == 1 and files[0].parent == path:
            continue
        subpackage = f"{package}.{module}"
        siblings = {file.stem for file in files}
        graph: dict[str, set[str]] = {}
        for file in files:
            own = module_name(package, path, file)
            imports = imported_modules(
                file.read_text(encoding="utf-8"), own, file.stem == "__init__"
            )
            for imported in imports:
                top = imported.split(".")[0]
                assert (
                    imported == "farmstead.core"
                    or imported.startswith(("farmstead.core.", package + "."))
                    or top in sys.stdlib_module_names
                ), f"{own} imports {imported}: only core, the standard library and the game"
            graph[file.stem] = set()
            for imported in imports:
                if imported.startswith(subpackage + "."):
                    first = imported[len(subpackage) + 1 :].split(".")[0]
                    graph[file.stem].add(first if first in siblings else "__init__")
            if file.stem != "__init__":
                assert "__init__" not in graph[file.stem], (
                    f"{own} imports {subpackage} itself; import the sibling module instead"
                )
        assert_no_cycle(graph)


def test_no_game_module_is_longer_than_the_limit() -> None:
    """A module grows into a same-named subpackage before it passes the limit."""
    long = {
        str(p.relative_to(GAMES_ROOT)): n
        for p in GAMES_ROOT.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"modules over {MAX_LINES} lines"


@pytest.mark.parametrize("name", game_names())
def test_game_is_assembled_on_the_shared_base(name: str) -> None:
    """``game.py`` declares the game on ``core.assembly``: the state class derives from the
    rules class and then ``AssembledState``, and names the view modules."""
    package, _ = package_of(name)
    game = registration(name).game
    assert issubclass(game, AssembledGame), f"{game.__name__} is no AssembledGame"
    state = game.state_class
    assert issubclass(state, AssembledState), f"{state.__name__} is no AssembledState"
    assert game.__module__ == state.__module__ == f"{package}.game"
    rules = state.__mro__[1]
    assert state.__bases__ == (rules, AssembledState)
    assert rules.__module__ == f"{package}.rules" or rules.__module__.startswith(
        f"{package}.rules."
    )
    views = state.views
    assert (views.position, views.words, views.tensor) == tuple(
        importlib.import_module(f"{package}.{module}") for module in ("position", "words", "tensor")
    )


def test_no_front_end_or_core_names_a_game() -> None:
    """Nothing in core, agents, lab, cli, web, envs or testing names a game package."""
    root = Path(importlib.import_module("farmstead").__file__ or "").parent
    offenders = []
    for layer in CORE_LAYERS:
        for path in (root / layer).rglob("*"):
            if path.suffix in {".py", ".js", ".html", ".css"}:
                text = path.read_text(encoding="utf-8")
                if "farmstead.games." in text or "/static/games/" in text:
                    offenders.append(str(path.relative_to(root)))
    assert offenders == []
