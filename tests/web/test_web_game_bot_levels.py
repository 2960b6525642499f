"""Per-game difficulty tables: a game's ``Heuristics.levels`` decides the agent of
each level the server offers; games without a table keep the server's defaults."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from farmstead.games.rancho.heuristics import BOT_LEVELS
from farmstead.lab import ladder as ladder_module
from farmstead.web.bots import DEFAULT_BOT_LEVELS, BotCatalog


def test_rancho_levels_come_from_its_table_and_hard_answers_within_two_seconds() -> None:
    catalog = BotCatalog()
    offered = {bot.level.name: bot for bot in catalog.offered("rancho")}
    for name, spec in BOT_LEVELS.items():
        if spec is None:  # not offered: no stronger setting on the ladder
            assert name not in offered
        else:
            assert offered[name].spec == spec
    assert offered["hard"].move_seconds <= 2.0 or "seconds=" not in offered["hard"].spec


def test_a_game_without_a_table_keeps_the_server_defaults(toy_game: type) -> None:
    """The toy game registers no heuristics and no table: each level plays the server's
    default for games without heuristics."""
    catalog = BotCatalog()
    offered = {bot.level.name: bot.spec for bot in catalog.offered("toy_secret")}
    assert offered == {
        level.name: level.spec_without_heuristics
        for level in DEFAULT_BOT_LEVELS
        if level.spec_without_heuristics is not None
    }


def test_every_built_in_game_names_its_levels_from_its_published_ladder() -> None:
    """Every level of a game with a published ladder plays an agent on that ladder,
    and the levels rise in Elo from Easy up."""
    from farmstead.lab.ladder import level_rating, published_ladder
    from farmstead.web.bots import game_levels

    for game in ("rancho", "animal_farm", "fences", "livestock_uprising"):
        assert published_ladder(game) is not None, game
        elos = []
        for level, spec in game_levels(game).items():
            rating = level_rating(game, spec)
            assert rating is not None, (game, level, spec)
            elos.append(rating["elo"])
        assert elos == sorted(elos), (game, elos)


def test_levels_are_named_by_what_they_play_and_their_published_elo(
    make_client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Difficulty levels: for a game, ``GET /api/bots?game=`` labels each level
    with its agent in words and the Elo of that agent on the game's published ladder."""
    figures = tmp_path / "ladders"
    figures.mkdir()
    monkeypatch.setattr(ladder_module, "published_folder", lambda: figures)
    client = make_client()
    bare = client.get("/api/bots", params={"game": "rancho"}).json()["bots"]
    assert all(b["elo"] is None and "Elo" not in b["label"] for b in bare)
    assert [b["label"] for b in bare][:3] == [
        "Easy — random legal moves",
        "Medium — tree search (160 iterations a move, about 1.5 s a turn)",
        "Hard — the game's heuristic player",
    ]
    rating = {"agent": "heuristic", "elo": 212.4, "low": 150.0, "high": 270.0, "stderr": 30.0}
    published = {"game": "rancho", "games": 60, "elo": [rating], "order_problems": []}
    (figures / "rancho.json").write_text(json.dumps(published), encoding="utf-8")
    rated = {
        b["level"]: b for b in client.get("/api/bots", params={"game": "rancho"}).json()["bots"]
    }
    assert rated["hard"]["label"] == "Hard — the game's heuristic player · Elo +212"
    assert rated["hard"]["elo"] == {**rating, "games": 60}
    assert rated["easy"]["elo"] is None  # random is not in this (made-up) ladder
    assert client.get("/api/bots", params={"game": "nope"}).status_code == 404


def test_every_games_hard_level_answers_within_two_seconds() -> None:
    """A Hard bot answers in under 2 s a move, timed on positions from the start, the middle
    and late in a random game of every game.

    The move is chosen in this thread, so the CPU time of the choice is measured: on a loaded
    machine the wall clock stretches but the work does not, while a bot that searched on
    past its time budget would still spend more than 2 s of CPU and fail."""
    import time

    from farmstead.agents.registry import make_agent
    from farmstead.core.game import PlayerId, State
    from farmstead.core.registry import game_names, load_game
    from farmstead.core.rng import Rng
    from farmstead.web.bots import game_levels

    names = game_names()
    assert names
    for name in names:
        spec = game_levels(name)["hard"]
        game = load_game(name)
        rng = Rng(7)
        state = game.new_initial_state()
        positions: list[State] = []
        step = 0
        while not state.is_terminal() and len(positions) < 3:
            if state.current_player() == PlayerId.CHANCE:
                state.apply_action(rng.sample_outcome(state.chance_outcomes()))
                continue
            if step in (0, 40, 120) and len(state.legal_actions()) > 1:
                positions.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
        assert positions, name
        for position in positions:
            agent = make_agent(spec, Rng(1))
            started = time.thread_time()
            action = agent.step(position)
            took = time.thread_time() - started
            assert position.is_legal(action)
            assert took < 2.0, f"{name} hard ({spec}) took {took:.2f} s of CPU"
