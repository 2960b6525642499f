"""The registration record of Livestock Uprising, published under the ``farmstead.games``
entry-point group (see ``docs/adding-a-game.md``)."""

from __future__ import annotations

from farmstead.core.registry import (
    BrowserBoard,
    GameRegistration,
    Heuristics,
    RulesProse,
    TerminalCommand,
)
from farmstead.games.livestock_uprising import facts, heuristics, render, words
from farmstead.games.livestock_uprising.game import LivestockUprisingGame, LUState

RULES_SUMMARY = (
    "Each player leads a farm-animal faction with three Generals on a square farm of random "
    "tiles. On your turn, move or attack with each General (two steps, any direction), harvest "
    "the tiles they stand on, spend the tokens to marshal troops and Special Forces under "
    "them, and transfer a unit between neighbours. Battles add each side's attack or defence "
    "to a die. Command cards bend the rules, some on other players' turns. Late on, gather "
    "your Generals in your barn to form a Super Army: it moves further, rolls two dice, "
    "inflicts two casualties and destroys Generals. The last faction standing wins."
)

REGISTRATION: GameRegistration[LUState] = GameRegistration(
    game=LivestockUprisingGame,
    rules_summary=RULES_SUMMARY,
    render=render.render,
    status=render.status,
    heuristics=Heuristics(
        evaluate=heuristics.evaluate,
        evaluate_all=heuristics.evaluate_all,
        search_settings=heuristics.SEARCH_SETTINGS,
        levels=heuristics.BOT_LEVELS,
    ),
    board=BrowserBoard("farmstead.games.livestock_uprising", "board.js", "board.css"),
    terminal_commands={
        "legend": TerminalCommand("explains the map's symbols", render.render_legend),
        "cards": TerminalCommand("says what your cards do and when", render.render_cards),
        "status": TerminalCommand("shows every faction in full", render.render_details),
        "units": TerminalCommand("lists the units to marshal", render.render_units),
        "deck": TerminalCommand("lists every card in short", render.render_deck),
    },
    score_sheet=words.score_sheet,
    turn_summary=words.turn_summary,
    item_words=words.item_words,
    terminal_menu=render.menu,
    rules_prose=RulesProse("farmstead.games.livestock_uprising"),
    facts=facts.game_facts,
)
