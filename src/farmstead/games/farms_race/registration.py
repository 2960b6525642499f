"""The registration record of Farms Race, published under the ``farmstead.games`` entry-point
group (see ``docs/adding-a-game.md``)."""

from __future__ import annotations

from farmstead.core.game import Game
from farmstead.core.registry import (
    BrowserBoard,
    Durations,
    GameRegistration,
    Heuristics,
    Preset,
    RulesProse,
    TerminalCommand,
)
from farmstead.games.farms_race import facts, heuristics, render, words
from farmstead.games.farms_race.catalog import catalog
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


def presets() -> tuple[Preset, ...]:
    """The target VP the rulebook gives for a first, a standard and an expert game (FR-2.9),
    from the catalog (``play.toml [target_vp]``)."""
    cat = catalog()
    return (
        Preset(
            "first_game",
            "First game",
            f"A shorter race to {cat.target_vp_first_game} VP, as the rulebook suggests for "
            "a first game.",
            {"target_vp": cat.target_vp_first_game},
            for_newcomers=True,
        ),
        Preset(
            "standard",
            "Standard",
            f"The rulebook's race to {cat.target_vp} VP.",
            {"target_vp": cat.target_vp},
        ),
        Preset(
            "expert",
            "Expert",
            f"A longer race to {cat.target_vp_expert} VP, as the rulebook suggests for experts.",
            {"target_vp": cat.target_vp_expert},
        ),
    )


def round_number(state: FRState) -> int:
    """The round ``state`` is in (FR-5: a round is every player's turn once)."""
    return int(state.round)


def round_cap(game: Game) -> int | None:
    """The round after which the game ends by its cap (``max_rounds``, FR-R54)."""
    assert isinstance(game, FarmsRaceGame)
    return int(game.config.max_rounds)


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
    seat_labels=words.seat_labels,
    rules_prose=RulesProse("farmstead.games.farms_race"),
    presets=presets(),
    durations=Durations(round_number, "farmstead.games.farms_race", round_cap),
    terminal_commands={
        "legend": TerminalCommand("explains every symbol of the map", render.legend),
        "mutations": TerminalCommand("lists every Mutation and what it does", render.mutations),
        "spies": TerminalCommand("lists every Spy card and what it does", render.spies),
        "cards": TerminalCommand(
            "shows the build costs, your cards and the Spy cards", render.cards
        ),
        "players": TerminalCommand("shows every player in full", render.players),
    },
    terminal_menu=render.menu,
    facts=facts.game_facts,
)
