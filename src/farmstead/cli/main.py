"""The ``farmstead`` command: one Typer app; each subcommand lives in its own module.

A command module exposes ``register(app)``; the list below wires them in.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from farmstead.cli.common import print_error
from farmstead.core.errors import FarmsteadError


class CleanErrorsGroup(TyperGroup):
    """The app's command group: every usage error (a bad option value, a missing argument)
    and every farmstead error that escapes a command is one line on stderr with exit code 2,
    never a box or a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            result = super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except click_errors.NoArgsIsHelpError as exc:  # a bare group: its help
            from typer import rich_utils

            rich_utils.rich_format_error(exc)
            sys.exit(exc.exit_code)
        except click_errors.ClickException as exc:
            hint = ""
            ctx = getattr(exc, "ctx", None)
            if isinstance(exc, click_errors.UsageError) and ctx is not None:
                hint = f" (see {ctx.command_path} --help)"
            print_error(exc.format_message() + hint)
            sys.exit(exc.exit_code)
        except typer.Abort:
            print_error("aborted")
            sys.exit(1)
        except FarmsteadError as exc:
            print_error(str(exc))
            sys.exit(2)
        sys.exit(result if isinstance(result, int) else 0)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _bare_flags(command, ctx)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _bare_flags(self, ctx)
        super().format_help(ctx, formatter)


def _bare_flags(command: Any, ctx: Any) -> None:
    """Flags (``--help``, ``--no-plots``) take no value: their help shows no ``<bool>``."""
    for param in command.get_params(ctx):
        if getattr(param, "is_flag", False) and not getattr(param, "count", False):
            param.metavar = ""


app = typer.Typer(
    name="farmstead",
    help="Farm-animal board games to play, simulate and learn.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=CleanErrorsGroup,
)

# Modules under farmstead.cli that add commands to the app.
COMMAND_MODULES = (
    "games_cmd",
    "agents_cmd",
    "play_cmd",
    "simulate_cmd",
    "durations_cmd",
    "bench_cmd",
    "serve_cmd",
    "tournament_cmd",
    "report_cmd",
    "sweep_cmd",
    "tune_cmd",
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
        print_error(str(exc))
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
