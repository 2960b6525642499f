"""``farmstead serve``: the web app on uvicorn."""

from __future__ import annotations

import logging
import os
import socket
from typing import Annotated

import typer

from farmstead.web.config import DB_ENV, FORWARDED_ENV, REDIS_ENV


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="address to listen on"),
        port: int = typer.Option(
            8000, help="port to listen on (0: any free port, printed)", min=0, max=65535
        ),
        db: str = typer.Option(
            None,
            "--db",
            help=f"database URL (sqlite:///file.db, postgresql://user@host/db) or an SQLite "
            f"file path; default: ${DB_ENV}, else farmstead.db in your user data folder",
        ),
        bot_workers: int = typer.Option(2, help="processes that compute bot moves"),
        bot_time_limit: float = typer.Option(
            10.0, help="seconds one bot job (a line of its decisions) may run before it is stopped"
        ),
        bot_delay: float = typer.Option(
            0.6, help="seconds a bot waits before its first move of a turn (so people can follow)"
        ),
        bot_step_delay: float = typer.Option(
            0.3,
            help="seconds between the steps of a bot's turn (its lines of decisions between "
            "dice, draws and other players' answers), shortened as the turn's budget runs out",
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
            "",
            envvar=FORWARDED_ENV,
            help="reverse proxies (comma-separated IP addresses or networks, '*' for any "
            "peer) whose X-Forwarded-For/-Proto headers are believed (the client's address "
            "for the limits, HTTPS for Secure cookies); default: none, the headers are ignored",
        ),
        header_timeout: float = typer.Option(
            10.0,
            help="seconds a connection has, after opening or after its previous response, to "
            "send a complete request line and headers before it is closed",
        ),
        keep_alive: int = typer.Option(
            5, help="seconds an idle connection is kept open between requests"
        ),
        max_connections: int | None = typer.Option(
            None,
            help="open connections (HTTP and WebSocket) served at once; a request or socket on "
            "one more is answered 503 (0: no cap); default: 1000, fewer when the open-file "
            "limit (ulimit -n) is low",
            show_default=False,
        ),
        ws_ping_interval: float = typer.Option(
            20.0, help="seconds between pings on a WebSocket (0: no pings)"
        ),
        ws_ping_timeout: float = typer.Option(
            20.0, help="seconds a WebSocket peer has to answer a ping before it is dropped"
        ),
        abandon_after: float = typer.Option(
            168.0,
            help="hours without a human decision after which an unfinished match counts as "
            "abandoned and is ended by the server (0: never)",
        ),
        redis: str = typer.Option(
            None,
            "--redis",
            envvar=REDIS_ENV,
            help="Redis URL (redis://host:6379/0) for running several web processes on one "
            "database: live updates reach every process's sockets, and bot turns go to a shared "
            "queue (see docs/deploy.md); default: none, this process alone",
        ),
        queue_workers: int = typer.Option(
            8,
            help="with --redis: bot turns this process plays at once from the shared queue "
            "(0: leave them to `farmstead bot-worker` processes)",
            min=0,
        ),
        bot_lease: float = typer.Option(
            15.0,
            help="with --redis: seconds after which the bot turn of a worker that died passes "
            "to another",
        ),
        log_level: str = typer.Option("warning", help="uvicorn log level"),
    ) -> None:
        """Play in the browser: start the web app and print the address to open."""
        import uvicorn

        from farmstead.web.app import ServerConfig, create_app
        from farmstead.web.bots import DEFAULT_BOT_LEVELS, BotCatalog, parse_level
        from farmstead.web.config import default_db_url
        from farmstead.web.guard import install_redaction, normalise_origin
        from farmstead.web.quotas import check_rate
        from farmstead.web.serving import (
            FD_RESERVE,
            ConnectionLimits,
            default_max_connections,
            open_file_limit,
            parse_trusted_proxies,
            uvicorn_config,
        )
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
        if not bot_lease > 0:
            raise typer.BadParameter("must be more than 0 seconds", param_hint="--bot-lease")
        if redis:
            check_redis(redis)
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
        try:
            trusted = parse_trusted_proxies(forwarded_allow_ips)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--forwarded-allow-ips") from None
        for value, hint in (
            (header_timeout, "--header-timeout"),
            (ws_ping_timeout, "--ws-ping-timeout"),
        ):
            if not value > 0:  # NaN too
                raise typer.BadParameter("must be more than 0 seconds", param_hint=hint)
        if keep_alive < 1:
            raise typer.BadParameter("must be at least 1 second", param_hint="--keep-alive")
        if not ws_ping_interval >= 0:
            raise typer.BadParameter(
                "must be 0 (no pings) or more seconds", param_hint="--ws-ping-interval"
            )
        if max_connections is not None and max_connections < 0:
            raise typer.BadParameter("must be 0 (no cap) or more", param_hint="--max-connections")
        file_limit = open_file_limit()
        if max_connections is None:
            max_connections = default_max_connections(file_limit)
        elif file_limit is not None and max_connections > file_limit - FD_RESERVE:
            typer.echo(
                f"Warning: the open-file limit ({file_limit}) leaves room for fewer than "
                f"{max_connections} connections; raise it (ulimit -n) or lower --max-connections",
                err=True,
            )
        ping = ws_ping_interval if ws_ping_interval > 0 else None
        limits = ConnectionLimits(
            header_timeout=header_timeout,
            keep_alive=keep_alive,
            max_connections=max_connections or None,
            ws_ping_interval=ping,
            ws_ping_timeout=ws_ping_timeout if ping else None,
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
            redis_url=redis or None,
            queue_workers=queue_workers,
            bot_lease=bot_lease,
        )
        try:  # fail early, with a readable message, when the database cannot be used
            Storage(normalised).close()
        except StorageError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        listening = listen_socket(host, port)  # the port printed is the one listened on
        port = listening.getsockname()[1]
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        if ":" in shown:
            shown = f"[{shown}]"
        typer.echo(f"Farmstead: open http://{shown}:{port} in your browser")
        typer.echo(f"Database: {describe_url(normalised)}   (stop with Ctrl+C)")
        server_config = uvicorn_config(
            create_app(config),
            host=host,
            port=port,
            log_level=log_level,
            forwarded_allow_ips=trusted,
            limits=limits,
        )
        install_redaction()  # after uvicorn set up its log handlers: no seat token in any log
        uvicorn.Server(server_config).run(sockets=[listening])


def listen_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: a free port the system picks) for uvicorn to
    serve on; a clean ``--port``/``--host`` error when it cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family, backlog=2048)
    except OSError as exc:
        raise typer.BadParameter(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}", param_hint="--host/--port"
        ) from None


def check_redis(url: str) -> None:
    """Fail early, with a readable message, when Redis at ``url`` cannot be used."""
    from redis import Redis
    from redis.exceptions import RedisError

    try:
        client = Redis.from_url(url, socket_connect_timeout=5)
        client.ping()
        client.close()
    except (RedisError, ValueError, OSError) as exc:
        raise typer.BadParameter(
            f"cannot use Redis at {url!r}: {exc}", param_hint="--redis"
        ) from None
