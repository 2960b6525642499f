"""Fixtures for the web tests: a toy hidden-information game, apps on SQLite, API helpers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_servers import POSTGRES_ENV, postgres_schema
from web_toy_games import SecretDraftGame, SecretDraftState
from webtools import quick_config, several_processes

from farmstead.core.registry import GameRegistration, registered_game
from farmstead.web.app import create_app


@pytest.fixture
def toy_game() -> Iterator[type[SecretDraftGame]]:
    """Register the toy game for one test only."""
    record: GameRegistration[SecretDraftState] = GameRegistration(
        game=SecretDraftGame, rules_summary="Keep the highest cards."
    )
    with registered_game(record):
        yield SecretDraftGame


@pytest.fixture
def db_url(tmp_path: Path) -> Iterator[str]:
    """The test's database: an SQLite file, or in the several-process setup
    (``$FARMSTEAD_TEST_WEB_SETUP=redis``) a fresh PostgreSQL schema."""
    if not several_processes():
        yield f"sqlite:///{tmp_path / 'farmstead-test.db'}"
        return
    with postgres_schema(os.environ[POSTGRES_ENV]) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database on SQLite, then on PostgreSQL.

    PostgreSQL comes from $FARMSTEAD_TEST_POSTGRES_URL (a fresh schema per test). The test is
    skipped only when the variable is not set; set but unreachable, it fails.
    """
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'farmstead.db'}"
        return
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        pytest.skip(f"{POSTGRES_ENV} is not set")
    try:
        schema = postgres_schema(url)
        schema_url = schema.__enter__()
    except Exception as exc:
        pytest.fail(f"{POSTGRES_ENV} is set but PostgreSQL cannot be used: {exc}")
    try:
        yield schema_url
    finally:
        schema.__exit__(None, None, None)


@pytest.fixture
def make_client(db_url: str) -> Iterator[Callable[..., TestClient]]:
    """Open TestClients (lifespan included) on the test database; closed at teardown."""
    clients: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        client = TestClient(create_app(quick_config(overrides.pop("db", db_url), **overrides)))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def client(toy_game: type, make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()
