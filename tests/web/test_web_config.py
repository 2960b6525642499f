"""Where the server keeps its data: SQLite in the user data dir unless a URL says otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from farmstead.web.config import DB_ENV, data_dir, default_db_url
from farmstead.web.storage import describe_url, normalise_url


def test_default_database_is_sqlite_in_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DB_ENV, raising=False)
    url = default_db_url()
    assert url.startswith("sqlite:///") and Path(url[len("sqlite:///") :]).parent == data_dir()


def test_environment_variable_selects_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DB_ENV, "postgresql://u:secret@db.example/farm")
    assert default_db_url() == "postgresql://u:secret@db.example/farm"


def test_urls_and_paths_are_normalised(tmp_path: Path) -> None:
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert "secret" not in describe_url(normalise_url("postgresql://u:secret@h/db"))
    with pytest.raises(ValueError, match="empty"):
        normalise_url("  ")
    with pytest.raises(ValueError, match="not a database URL farmstead can use"):
        normalise_url("nonsense://")
