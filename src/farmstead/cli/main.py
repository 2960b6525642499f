"""The ``farmstead`` command: one Typer app; each subcommand lives in its own module.

A command module exposes ``register(app)``; the list below wires them in.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="farmstead",
    help="Farm-animal board games to play, simulate and learn.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Modules under farmstead.cli that add commands to the app.
COMMAND_MODULES = (
    "games_cmd",
    "agents_cmd",
    "play_cmd",
    "simulate_cmd",
    "bench_cmd",
    "serve_cmd",
    "tournament_cmd",
    "report_cmd",
    "sweep_cmd",
)

for _module in COMMAND_MODULES:
    importlib.import_module(f"farmstead.cli.{_module}").register(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
