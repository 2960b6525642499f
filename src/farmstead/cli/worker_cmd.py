"""``farmstead bot-worker``: play bot turns from the shared queue (several-process setups)."""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Annotated

import typer

from farmstead.cli.common import bot_levels_option
from farmstead.web.config import DB_ENV, REDIS_ENV


def register(app: typer.Typer) -> None:
    """Add the ``bot-worker`` command to ``app``."""

    @app.command("bot-worker")
    def bot_worker(
        db: str = typer.Option(
            None, "--db", help=f"the web servers' database URL (default: ${DB_ENV})"
        ),
        redis: str = typer.Option(
            None, "--redis", help=f"the web servers' Redis URL (default: ${REDIS_ENV})"
        ),
        slots: int = typer.Option(
            16,
            help="bot turns this worker plays at once (they share its bot processes; most of a "
            "turn is waiting for the database)",
            min=1,
        ),
        bot_processes: int = typer.Option(
            2, help="processes that compute bot moves (0: threads of this process)", min=0
        ),
        bot_time_limit: float = typer.Option(10.0, help="seconds a bot may think per move"),
        bot_delay: float = typer.Option(
            0.6, help="seconds a bot waits before its first move of a turn (as `serve`)"
        ),
        bot_step_delay: float = typer.Option(
            0.3, help="seconds between the steps of a bot's turn (as `serve`)"
        ),
        bot_level: Annotated[
            list[str] | None,
            typer.Option("--bot-level", help="as `farmstead serve --bot-level`"),
        ] = None,
        lease: float = typer.Option(
            15.0, help="seconds after which the turn of a worker that died passes on"
        ),
        log_level: str = typer.Option("info", help="log level"),
    ) -> None:
        """Play bot turns for web servers that share a database and Redis (see docs/deploy.md)."""
        from redis.exceptions import RedisError

        from farmstead.web.storage import Storage, StorageError, describe_url, normalise_url
        from farmstead.web.worker import WorkerConfig, run_worker

        db_url = db or os.environ.get(DB_ENV)
        redis_url = redis or os.environ.get(REDIS_ENV)
        if not db_url:
            raise typer.BadParameter(f"give the database (--db or ${DB_ENV})", param_hint="--db")
        if not redis_url:
            raise typer.BadParameter(f"give Redis (--redis or ${REDIS_ENV})", param_hint="--redis")
        try:
            normalised = normalise_url(db_url)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--db") from None
        if bot_time_limit <= 0 or bot_delay < 0 or bot_step_delay < 0 or lease <= 0:
            raise typer.BadParameter("times must be positive (delays may be 0)")
        if log_level.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise typer.BadParameter("debug, info, warning or error", param_hint="--log-level")
        levels = bot_levels_option(bot_level, bot_time_limit)
        try:
            Storage(normalised).close()
        except StorageError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
        typer.echo(f"Farmstead bot worker on {describe_url(normalised)}   (stop with Ctrl+C)")
        config = WorkerConfig(
            db_url=normalised,
            redis_url=redis_url,
            slots=slots,
            bot_processes=max(1, bot_processes),
            bot_mode="process" if bot_processes > 0 else "thread",
            bot_time_limit=bot_time_limit,
            bot_delay=bot_delay,
            bot_step_delay=bot_step_delay,
            bot_levels=levels,
            lease=lease,
        )
        try:
            asyncio.run(run_worker(config))
        except (ConnectionError, OSError, RedisError) as exc:
            typer.echo(f"Error: cannot reach Redis at {redis_url}: {exc}", err=True)
            raise typer.Exit(1) from None
