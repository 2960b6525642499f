"""Helpers for the web tests: a quick server config and match creation through the API."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from farmstead.web.app import ServerConfig


def quick_config(db_url: str, **overrides: Any) -> ServerConfig:
    """A server for tests: thread bots, no pacing, no limits on creating matches."""
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


def snapshot(client: TestClient) -> list[Any]:
    """Every row of the event-log tables (to prove a refused request wrote nothing)."""
    rows: list[Any] = []
    with client.app.state.storage.engine.connect() as conn:
        for table in ("fs_matches", "fs_seats", "fs_actions", "fs_match_extra", "fs_action_keys"):
            rows.append(list(conn.execute(text(f"SELECT * FROM {table} ORDER BY 1, 2"))))
    return rows
