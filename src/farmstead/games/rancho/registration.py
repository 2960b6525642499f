"""The registration record of Super Farmer Rancho, published under the ``farmstead.games``
entry-point group (see ``docs/adding-a-game.md``)."""

from __future__ import annotations

from farmstead.core.batched import OneGame
from farmstead.core.game import Game
from farmstead.core.registry import (
    BrowserBoard,
    GameRegistration,
    Heuristics,
    RulesProse,
    TerminalCommand,
)
from farmstead.games.rancho import facts, heuristics, render, words
from farmstead.games.rancho.game import RanchoGame, RanchoState

RULES_SUMMARY = (
    "Each turn you may trade animals with the herd at fixed prices (and buy pastures to graze "
    "them), then roll two twelve-sided dice. Matching animals breed into the free room of your "
    "fenced farm and pastures; a fox or a wolf raids unprotected pastures unless a dog guards "
    "them. The first farmer to own a rabbit, a sheep, a cow and a horse at once wins."
)


def one_game(game: Game) -> OneGame:
    """One game of ``game`` on the compiled rules (``compiled.RanchoOne``)."""
    # Imported here: it imports Numba (the ``rl`` extra), which only the environments need.
    from farmstead.games.rancho.compiled import RanchoOne  # noqa: PLC0415

    return RanchoOne(game)


REGISTRATION: GameRegistration[RanchoState] = GameRegistration(
    game=RanchoGame,
    rules_summary=RULES_SUMMARY,
    render=render.render,
    status=render.status,
    heuristics=Heuristics(
        evaluate=heuristics.evaluate,
        evaluate_all=heuristics.evaluate_all,
        policy=heuristics.policy,
        levels=heuristics.BOT_LEVELS,
    ),
    board=BrowserBoard("farmstead.games.rancho", "board.js", "board.css"),
    terminal_commands={
        "ids": TerminalCommand(
            "shows the names of the board's spaces",
            lambda state, seat: render.render_ids(state),
        )
    },
    score_sheet=words.score_sheet,
    turn_summary=words.turn_summary,
    rules_prose=RulesProse("farmstead.games.rancho"),
    facts=facts.game_facts,
    one_game=one_game,
)
