"""Server-side bots: worker processes, the per-move time limit, no blocking of other matches."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_toy_games import SecretDraftGame
from webtools import create_toy, human_seats

from farmstead.agents import registry as agent_registry
from farmstead.core.registry import registration
from farmstead.web.bots import (
    DEFAULT_BOT_LEVELS,
    BotCatalog,
    BotJob,
    BotLevel,
    BotPool,
    BotTimeout,
    run_job,
)

SLEEPY = BotLevel("sleepy", "Sleepy (test)", "sleepy:seconds=3", "sleepy:seconds=3", 10.0)


@pytest.fixture
def sleepy_agent() -> Iterator[None]:
    with agent_registry.registered_agent("sleepy", "web_toy_games:SleepyAgent"):
        yield


def toy_job(spec: str, seed: int = 1) -> BotJob:
    game = SecretDraftGame(2)
    state = game.new_initial_state()
    state.apply_action(5)
    state.apply_action(9)
    return BotJob.make(game, state.to_json(), spec, seed)


def test_jobs_are_plain_data_and_deterministic() -> None:
    job = toy_job("random", seed=7)
    assert job.game_ref == "web_toy_games:SecretDraftGame"
    assert run_job(job) == run_job(job) in (0, 1)


def test_process_pool_answers_and_replaces_a_bot_over_the_time_limit(sleepy_agent: None) -> None:
    async def scenario() -> tuple[int, float, int]:
        pool = BotPool(workers=1, time_limit=0.5, mode="process")
        await pool.start()
        try:
            first = await pool.choose(toy_job("random"))
            started = time.monotonic()
            with pytest.raises(BotTimeout):
                await pool.choose(toy_job("sleepy:seconds=30"))
            waited = time.monotonic() - started
            again = await pool.choose(toy_job("random"))  # the fresh worker answers
            assert again in (0, 1)
            return first, waited, len(pool._all)
        finally:
            pool.close()

    first, waited, workers = asyncio.run(scenario())
    assert first in (0, 1)
    assert waited < 5.0  # the 30 s agent was cut off at the limit (plus a worker restart)
    assert workers == 1


def test_a_slow_bot_gets_a_fallback_move_and_blocks_no_other_match(
    toy_game: type, make_client: Any, sleepy_agent: None
) -> None:
    client = make_client(bot_time_limit=0.6, bot_levels=(*DEFAULT_BOT_LEVELS, SLEEPY))
    slow = create_toy(client, [{"kind": "bot", "level": "sleepy"}, {"kind": "human"}])
    fast = create_toy(client, human_seats(2))
    # While the slow bot thinks, the other match answers at once.
    view = client.get(f"/api/matches/{fast['id']}").json()
    started = time.monotonic()
    answer = client.post(
        f"/api/matches/{fast['id']}/actions", json={"action": 0, "expect": view["index"]}
    )
    assert answer.status_code == 200 and time.monotonic() - started < 1.0
    deadline = time.monotonic() + 5
    while client.get(f"/api/matches/{slow['id']}").json()["match"]["to_move"] == 0:
        assert time.monotonic() < deadline, "the bot never moved"
        time.sleep(0.05)
    assert client.app.state.manager.bot_fallbacks >= 1


def test_lobby_offers_the_server_levels_weakest_first(client: Any) -> None:
    offered = client.get("/api/bots").json()["bots"]
    assert [b["level"] for b in offered] == ["easy", "medium", "hard", "expert"]
    assert offered[0]["spec"] == "random" and all(b["label"] for b in offered)
    assert [b["level"] for b in offered if b["default"]] == ["medium"]
    # Per game: a game without heuristics gets searches that need none.
    toy = {b["level"]: b for b in client.get("/api/bots?game=toy_secret").json()["bots"]}
    assert toy["medium"]["spec"].startswith("mcts:") and "rollout_depth=-1" in toy["medium"]["spec"]
    # A game with its own level table (Heuristics.levels) is offered that table.
    rancho = {b["level"]: b for b in client.get("/api/bots?game=rancho").json()["bots"]}
    heuristics = registration("rancho").heuristics
    assert heuristics is not None
    table = heuristics.levels
    offered_table = {level: spec for level, spec in table.items() if spec is not None}
    assert {level: bot["spec"] for level, bot in rancho.items()} == offered_table
    assert "expert" not in rancho  # Rancho leaves Expert out (None in its table)
    assert client.get("/api/bots?game=chess").status_code == 404
    # Every level of every game is a spec with a budget the server sets.
    catalog = BotCatalog()
    for bot in catalog.offered("rancho") + catalog.offered("toy_secret"):
        assert bot.move_seconds <= 10
        if bot.spec.startswith("mcts"):
            assert "iterations=" in bot.spec and "seconds=" in bot.spec
