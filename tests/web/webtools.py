"""Helpers for the web tests: a quick server config and match creation through the API."""

from __future__ import annotations

import os
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import text
from web_servers import REDIS_ENV

from farmstead.web.app import ServerConfig

SETUP_ENV = "FARMSTEAD_TEST_WEB_SETUP"  # "redis": the web tests run the several-process setup


def several_processes() -> bool:
    """Whether the web tests run on PostgreSQL and Redis (the setup of docs/deploy.md: the
    event bus and the bot queue in Redis) instead of the embedded default."""
    setup = os.environ.get(SETUP_ENV, "embedded")
    if setup not in ("embedded", "redis"):
        raise ValueError(f"${SETUP_ENV} must be embedded or redis, not {setup!r}")
    return setup == "redis"


def quick_config(db_url: str, **overrides: Any) -> ServerConfig:
    """A server for tests: thread bots, no pacing, no limits on creating matches (and Redis
    for the bus and the bot queue in the several-process setup)."""
    values: dict[str, Any] = {
        "db_url": db_url,
        "bot_workers": 2,
        "bot_mode": "thread",
        "bot_time_limit": 5.0,
        "bot_delay": 0.0,
        "bot_step_delay": 0.0,
        "match_rate": None,
        "max_open_matches": 0,
    }
    if several_processes():
        values["redis_url"] = os.environ[REDIS_ENV]
    values.update(overrides)
    return ServerConfig(**values)


def human_seats(n: int, claim: str = "me") -> list[dict[str, Any]]:
    return [{"kind": "human", "claim": claim} for _ in range(n)]


def create_toy(
    client: TestClient,
    seats: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    **params: Any,
) -> dict[str, Any]:
    """Create a toy match (``options``: the match's undo and resignation choices); returns
    the creation answer (id, seats with tokens)."""
    body: dict[str, Any] = {"game": "toy_secret", "params": params, "seats": seats}
    if options is not None:
        body["options"] = options
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def app_of(client: TestClient) -> FastAPI:
    """The farmstead app that ``client`` drives (its ``state``: storage, manager...)."""
    app = client.app
    assert isinstance(app, FastAPI)
    return app


def snapshot(client: TestClient) -> list[Any]:
    """Every row of the event-log tables (to prove a refused request wrote nothing)."""
    rows: list[Any] = []
    with app_of(client).state.storage.engine.connect() as conn:
        for table in ("fs_matches", "fs_seats", "fs_actions", "fs_match_extra", "fs_action_keys"):
            rows.append(list(conn.execute(text(f"SELECT * FROM {table} ORDER BY 1, 2"))))
    return rows
