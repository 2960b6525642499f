"""The registration record of Fences, published under the ``farmstead.games`` entry-point
group (see ``docs/adding-a-game.md``)."""

from __future__ import annotations

from farmstead.core.batched import OneGame
from farmstead.core.game import Game
from farmstead.core.registry import BrowserBoard, GameRegistration, Heuristics, RulesProse
from farmstead.games.fences import facts, heuristics, render, words
from farmstead.games.fences.game import FencesGame, FencesState

RULES_SUMMARY = (
    "Players take turns laying one of their two hand tiles next to the farm so that every "
    "fence continues, then may build a barn on the tile just laid. When a field is closed all "
    "round, its animals score for the barns in it (double when only one kind of animal lives "
    "there), and each player's farmer card adds bonuses for fields that fit its conditions. "
    "The highest score when the tiles run out wins."
)


def one_game(game: Game) -> OneGame:
    """One game of ``game`` on the compiled rules (``compiled.FencesOne``)."""
    # Imported here: it imports Numba (the ``rl`` extra), which only the environments need.
    from farmstead.games.fences.compiled import FencesOne  # noqa: PLC0415

    return FencesOne(game)


REGISTRATION: GameRegistration[FencesState] = GameRegistration(
    game=FencesGame,
    rules_summary=RULES_SUMMARY,
    render=render.render,
    heuristics=Heuristics(
        evaluate=heuristics.evaluate,
        evaluate_all=heuristics.evaluate_all,
        search_settings=heuristics.SEARCH_SETTINGS,
        levels=heuristics.BOT_LEVELS,
    ),
    board=BrowserBoard("farmstead.games.fences", "board.js", "board.css"),
    score_sheet=words.score_sheet,
    turn_summary=words.turn_summary,
    rules_prose=RulesProse("farmstead.games.fences"),
    data_words=words.data_words,
    facts=facts.game_facts,
    one_game=one_game,
)
