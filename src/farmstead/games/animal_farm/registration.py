"""The registration record of Animal Farm, published under the ``farmstead.games``
entry-point group (see ``docs/adding-a-game.md``)."""

from __future__ import annotations

from farmstead.core.registry import BrowserBoard, GameRegistration, Heuristics, RulesProse
from farmstead.games.animal_farm import facts, heuristics, render, words
from farmstead.games.animal_farm.batched import AnimalFarmBatch
from farmstead.games.animal_farm.game import AnimalFarmGame, AnimalFarmState

RULES_SUMMARY = (
    "Two farms face each other across a grid. Each side has pigs, goats and a horse and one "
    "feed pile in its home zone. Move your animals, attack the enemy's, carry the enemy's feed "
    "pile home with a pig, and protect your own: the side that first holds both feed piles "
    "wins (both piles in your base); a game with no result by the ply limit is a draw."
)

REGISTRATION: GameRegistration[AnimalFarmState] = GameRegistration(
    game=AnimalFarmGame,
    rules_summary=RULES_SUMMARY,
    render=render.render,
    heuristics=Heuristics(
        evaluate=heuristics.evaluate,
        evaluate_all=heuristics.evaluate_all,
        search_settings=heuristics.SEARCH_SETTINGS,
        levels=heuristics.BOT_LEVELS,
    ),
    board=BrowserBoard("farmstead.games.animal_farm", "board.js", "board.css"),
    score_sheet=words.score_sheet,
    # AF-R24: the optional no-progress draw, on in the web lobby at the spec's suggested 80
    # turns, so a game against a bot that only steals and retakes ends.
    lobby_params={"no_progress_plies": 80},
    turn_summary=words.turn_summary,
    rules_prose=RulesProse("farmstead.games.animal_farm"),
    facts=facts.game_facts,
    batched=AnimalFarmBatch,
    one_game=AnimalFarmBatch.one_game,
)
