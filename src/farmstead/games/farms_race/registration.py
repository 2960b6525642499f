"""The registration record of Farms Race, published under the ``farmstead.games`` entry-point
group (see ``docs/adding-a-game.md``)."""

from __future__ import annotations

from farmstead.core.registry import BrowserBoard, GameRegistration, Heuristics, RulesProse
from farmstead.games.farms_race import heuristics, render, words
from farmstead.games.farms_race.game import FarmsRaceGame, FRState

RULES_SUMMARY = (
    "Each player leads a species of mutated farm animals on a map of 25 hex regions. On your "
    "turn: new herds appear at your Barns and Armories; each herd may move to a neighbouring "
    "region or heal; moving into humans or an enemy's herds is combat, fought with dice (guns "
    "hurt herds, heads and guns hurt humans, each Armory adds a point of damage). Then roll "
    "the two resource dice: every region of the rolled types pays its controller. Build Barns "
    "(1 VP) and Armories (2 VP), trade 3 of a kind for 1 with the Supply, and end your turn "
    "holding enemy regions for a VP token each. The first to the target VP wins at once."
)

REGISTRATION: GameRegistration[FRState] = GameRegistration(
    game=FarmsRaceGame,
    rules_summary=RULES_SUMMARY,
    render=render.render,
    status=render.status,
    heuristics=Heuristics(
        evaluate=heuristics.evaluate,
        evaluate_all=heuristics.evaluate_all,
        search_settings=heuristics.SEARCH_SETTINGS,
        policy=heuristics.policy,
        levels=heuristics.BOT_LEVELS,
    ),
    board=BrowserBoard("farmstead.games.farms_race", "board.js", "board.css"),
    turn_summary=words.turn_summary,
    score_sheet=words.score_sheet,
    rules_prose=RulesProse("farmstead.games.farms_race"),
)
