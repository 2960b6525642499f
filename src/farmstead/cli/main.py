"""The ``farmstead`` command: one Typer app; each subcommand lives in its own module.

A command module exposes ``register(app)``; the list below wires them in.
"""

from __future__ import annotations

import importlib

import typer
from rich.markup import escape

from farmstead.cli.common import err_console
from farmstead.core.errors import FarmsteadError

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
    "env_cmd",
    "ladder_cmd",
    "worker_cmd",
)

for _module in COMMAND_MODULES:
    importlib.import_module(f"farmstead.cli.{_module}").register(app)


def main() -> None:
    """Console-script entry point. A farmstead error that escapes a command (a broken game
    registration, say) is printed as one line, exit code 2, without a traceback."""
    try:
        app()
    except FarmsteadError as exc:
        err_console.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
