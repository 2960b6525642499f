"""Every game package has the one shape of docs/adding-a-game.md: the same modules, and imports
that run one way (no cycle, not even inside a function or under TYPE_CHECKING)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

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
    "registration": 9,
}
HELPER = 1
REQUIRED = set(RANKS) | {"__init__"}
CORE_LAYERS = ("agents", "lab", "cli", "web", "core", "envs", "testing")


def package_of(name: str) -> tuple[str, Path]:
    module = registration(name).game.__module__
    package = module.rsplit(".", 1)[0]
    path = Path(importlib.import_module(package).__file__ or "").parent
    return package, path


def imports_within(package: str, source: str) -> set[str]:
    """Modules of ``package`` that ``source`` imports, anywhere in the file."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == package:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1 :].split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name[len(package) + 1 :].split(".")[0])
    return found


def test_there_are_games() -> None:
    assert game_names(), "no game is registered"


@pytest.mark.parametrize("name", game_names())
def test_game_package_has_the_template_modules(name: str) -> None:
    package, path = package_of(name)
    modules = {p.stem for p in path.glob("*.py")}
    assert modules >= REQUIRED, f"{package} lacks {sorted(REQUIRED - modules)}"
    assert (path / "data").is_dir() and list((path / "data").glob("*.toml")), "no data files"
    assert registration(name).game.__module__ == f"{package}.game"


@pytest.mark.parametrize("name", game_names())
def test_game_imports_run_one_way(name: str) -> None:
    package, path = package_of(name)
    graph = {
        p.stem: imports_within(package, p.read_text(encoding="utf-8")) for p in path.glob("*.py")
    }
    assert not graph["__init__"], "__init__ imports nothing of the game"
    for module, targets in graph.items():
        rank = RANKS.get(module, HELPER)
        for target in targets:
            target_rank = RANKS.get(target, HELPER)
            both_helpers = rank == target_rank == HELPER
            # A real disjunction of the layering rule: helpers may import each other (cycles
            # are checked below); every other import must go to a lower rank.
            assert both_helpers or target_rank < rank, (
                f"{package}.{module} (rank {rank}) imports {target} (rank {target_rank})"
            )
    # No cycle among helpers either.
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
