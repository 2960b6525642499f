"""Per-game difficulty tables (issue 19): a game's ``Heuristics.levels`` decides the agent of
each level the server offers; games without a table keep the server's defaults."""

from __future__ import annotations

from farmstead.games.rancho.heuristics import BOT_LEVELS
from farmstead.web.bots import DEFAULT_BOT_LEVELS, BotCatalog


def test_rancho_levels_come_from_its_table_and_hard_answers_within_two_seconds() -> None:
    catalog = BotCatalog()
    offered = {bot.level.name: bot for bot in catalog.offered("rancho")}
    for name, spec in BOT_LEVELS.items():
        assert offered[name].spec == spec
    assert offered["hard"].move_seconds <= 2.0 or "seconds=" not in offered["hard"].spec


def test_a_game_without_a_table_keeps_the_server_defaults() -> None:
    catalog = BotCatalog()
    offered = {bot.level.name: bot.spec for bot in catalog.offered("animal_farm")}
    assert offered == {level.name: level.spec for level in DEFAULT_BOT_LEVELS}
