"""``farmstead serve``: the web app on uvicorn."""

from __future__ import annotations

import logging
import os
from typing import Annotated

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
        bot_level: Annotated[
            list[str] | None,
            typer.Option(
                "--bot-level",
                help="add or replace a bot level: NAME=AGENT_SPEC or NAME=AGENT_SPEC@SECONDS "
                "(its per-move limit); e.g. 'deep=mcts:iterations=2000,seconds=5@8'. Clients "
                "can only choose levels; the defaults are easy, medium, hard and expert",
            ),
        ] = None,
        match_rate: str = typer.Option(
            "20/minute;300/hour",
            help="new matches a client (address) may create, e.g. '20/minute;300/hour'; "
            "'none' for no limit",
        ),
        max_open_matches: int = typer.Option(
            50, help="unfinished matches a client may have created (0: no limit)"
        ),
        allowed_origin: Annotated[
            list[str] | None,
            typer.Option(
                "--allowed-origin",
                help="another origin whose pages may use this server (e.g. the public "
                "https://farm.example.org behind a proxy that rewrites Host); repeatable",
            ),
        ] = None,
        forwarded_allow_ips: str = typer.Option(
            None,
            help="proxies trusted for X-Forwarded-For/-Proto (HTTPS, the client address); "
            "uvicorn's default: $FORWARDED_ALLOW_IPS or 127.0.0.1",
        ),
        abandon_after: float = typer.Option(
            168.0,
            help="hours without a human decision after which an unfinished match counts as "
            "abandoned and is ended by the server (0: never)",
        ),
        log_level: str = typer.Option("warning", help="uvicorn log level"),
    ) -> None:
        """Play in the browser: start the web app and print the address to open."""
        import uvicorn

        from farmstead.web.app import WS_MAX_MESSAGE, ServerConfig, create_app
        from farmstead.web.bots import DEFAULT_BOT_LEVELS, BotCatalog, parse_level
        from farmstead.web.config import default_db_url
        from farmstead.web.guard import check_rate, install_redaction, normalise_origin
        from farmstead.web.storage import Storage, StorageError, describe_url, normalise_url

        url = db or os.environ.get(DB_ENV) or default_db_url()
        try:
            normalised = normalise_url(url)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--db") from None
        if bot_workers < 0 or bot_time_limit <= 0 or bot_delay < 0 or bot_step_delay < 0:
            raise typer.BadParameter("bot settings must be positive (workers may be 0)")
        levels = {level.name: level for level in DEFAULT_BOT_LEVELS}
        try:
            for text in bot_level or []:
                level = parse_level(text)
                levels[level.name] = level
            BotCatalog(tuple(levels.values()), bot_time_limit)
        except Exception as exc:
            raise typer.BadParameter(str(exc), param_hint="--bot-level") from None
        rate = None if match_rate.strip().lower() in ("", "none", "0", "off") else match_rate
        try:
            if rate is not None:
                check_rate(rate)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--match-rate") from None
        if abandon_after < 0:
            raise typer.BadParameter("must be 0 (never) or more", param_hint="--abandon-after")
        if max_open_matches < 0:
            raise typer.BadParameter(
                "must be 0 (no limit) or more", param_hint="--max-open-matches"
            )
        for origin in allowed_origin or []:
            if normalise_origin(origin) is None:
                raise typer.BadParameter(
                    f"not an origin like https://host[:port]: {origin!r}",
                    param_hint="--allowed-origin",
                )
        config = ServerConfig(
            db_url=normalised,
            bot_workers=max(1, bot_workers),
            bot_mode="process" if bot_workers > 0 else "thread",
            bot_time_limit=bot_time_limit,
            bot_delay=bot_delay,
            bot_step_delay=bot_step_delay,
            bot_levels=tuple(levels.values()),
            match_rate=rate,
            max_open_matches=max_open_matches,
            allowed_origins=tuple(allowed_origin or []),
            abandon_after=abandon_after * 3600.0,
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
        uvicorn_config = uvicorn.Config(
            create_app(config),
            host=host,
            port=port,
            log_level=log_level,
            ws_max_size=WS_MAX_MESSAGE * 4,  # UTF-8: up to 4 bytes a character
            forwarded_allow_ips=forwarded_allow_ips,
        )
        install_redaction()  # after uvicorn set up its log handlers: no seat token in any log
        uvicorn.Server(uvicorn_config).run()
