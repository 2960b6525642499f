"""Helpers for the web tests: a quick server config and match creation through the API."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from farmstead.web.app import ServerConfig


def quick_config(db_url: str, **overrides: Any) -> ServerConfig:
    """A server for tests: thread bots, no pacing."""
    values: dict[str, Any] = {
        "db_url": db_url,
        "bot_workers": 2,
        "bot_mode": "thread",
        "bot_time_limit": 5.0,
        "bot_delay": 0.0,
        "bot_step_delay": 0.0,
    }
    values.update(overrides)
    return ServerConfig(**values)


def human_seats(n: int, claim: str = "me") -> list[dict[str, Any]]:
    return [{"kind": "human", "claim": claim} for _ in range(n)]


def create_toy(client: TestClient, seats: list[dict[str, Any]], **params: Any) -> dict[str, Any]:
    """Create a toy match; returns the creation answer (id, seats with tokens)."""
    response = client.post(
        "/api/matches", json={"game": "toy_secret", "params": params, "seats": seats}
    )
    assert response.status_code == 201, response.text
    return dict(response.json())
