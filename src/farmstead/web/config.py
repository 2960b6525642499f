"""Where the server keeps its data unless told otherwise."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DB_ENV = "FARMSTEAD_DB_URL"
REDIS_ENV = "FARMSTEAD_REDIS_URL"  # Redis for the event bus and the bot queue (several processes)
FORWARDED_ENV = "FARMSTEAD_FORWARDED_ALLOW_IPS"  # proxies trusted for X-Forwarded-*


def data_dir() -> Path:
    """The user's data directory for farmstead (created on demand by the storage)."""
    return Path(platformdirs.user_data_dir("farmstead", appauthor=False))


def default_db_url() -> str:
    """``$FARMSTEAD_DB_URL`` if set, else an SQLite file in the user's data directory."""
    from_env = os.environ.get(DB_ENV, "").strip()
    if from_env:
        return from_env
    return "sqlite:///" + str(data_dir() / "farmstead.db")
