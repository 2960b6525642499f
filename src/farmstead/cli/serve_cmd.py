"""``farmstead serve``: the web app on uvicorn."""

from __future__ import annotations

import logging
import os

import typer

from farmstead.web.config import DB_ENV


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="address to listen on"),
        port: int = typer.Option(8000, help="port to listen on"),
        db: str = typer.Option(
            None,
            "--db",
            help=f"database URL (sqlite:///file.db, postgresql://user@host/db) or an SQLite "
            f"file path; default: ${DB_ENV}, else farmstead.db in your user data folder",
        ),
        bot_workers: int = typer.Option(2, help="processes that compute bot moves"),
        bot_time_limit: float = typer.Option(10.0, help="seconds a bot may think per move"),
        bot_delay: float = typer.Option(
            0.6, help="seconds a bot waits before its first move of a turn (so people can follow)"
        ),
        bot_step_delay: float = typer.Option(
            0.08, help="seconds between a bot's consecutive moves"
        ),
        log_level: str = typer.Option("warning", help="uvicorn log level"),
    ) -> None:
        """Play in the browser: start the web app and print the address to open."""
        import uvicorn

        from farmstead.web.app import ServerConfig, create_app
        from farmstead.web.config import default_db_url
        from farmstead.web.storage import Storage, StorageError, describe_url, normalise_url

        url = db or os.environ.get(DB_ENV) or default_db_url()
        try:
            normalised = normalise_url(url)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--db") from None
        if bot_workers < 0 or bot_time_limit <= 0 or bot_delay < 0 or bot_step_delay < 0:
            raise typer.BadParameter("bot settings must be positive (workers may be 0)")
        config = ServerConfig(
            db_url=normalised,
            bot_workers=max(1, bot_workers),
            bot_mode="process" if bot_workers > 0 else "thread",
            bot_time_limit=bot_time_limit,
            bot_delay=bot_delay,
            bot_step_delay=bot_step_delay,
        )
        try:  # fail early, with a readable message, when the database cannot be used
            Storage(normalised).close()
        except StorageError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        if ":" in shown:
            shown = f"[{shown}]"
        typer.echo(f"Farmstead: open http://{shown}:{port} in your browser")
        typer.echo(f"Database: {describe_url(normalised)}   (stop with Ctrl+C)")
        uvicorn.run(create_app(config), host=host, port=port, log_level=log_level)
