"""Farms Race words as players read them: each player named one way (the seat's name with its
species, "Bot 3 (Sheep)") in every turn of the log, and variant help texts that are sentences
(no "PROPOSED" tag, no colon left dangling where a ruling's code was taken out)."""

from __future__ import annotations

import random
import re

from farmstead.core.registry import load_game
from farmstead.core.turns import record_turns
from farmstead.games.farms_race.config import param_specs
from farmstead.games.farms_race.words import player_label, turn_summary
from farmstead.web.views import param_json

NAMES = ("Ann", "Bot 2", "Bot 3", "Bot 4")
SPECIES = ("Cows", "Sheep", "Pigs", "Chickens")
LABELS = tuple(player_label(n, s) for n, s in zip(NAMES, SPECIES, strict=True))


def _random_history(seed: int, **params: object) -> list[int]:
    game = load_game("farms_race", players=4, target_vp=5, max_rounds=4, **params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < 4000:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    return actions


def test_player_label_is_the_name_with_the_species() -> None:
    assert player_label("Bot 3", "Sheep") == "Bot 3 (Sheep)"
    assert player_label("Sheep", "Sheep") == "Sheep"
    assert player_label("", "Pigs") == "Pigs"


def test_every_turn_names_each_player_by_name_and_species() -> None:
    """In random games with trades, steals and Blackmail, every turn's sentence names a player
    as "<name> (<Species>)", never by the bare species or the bare seat name."""
    bare_species = re.compile(r"(?<!\()\b(" + "|".join(SPECIES) + r")\b(?!\))")
    bare_name = re.compile(r"\b(" + "|".join(re.escape(n) for n in NAMES) + r")\b(?! \()")
    seen_other = 0
    for seed in range(3):
        params = {"stealing": True, "open_trading": True} if seed else {}
        game = load_game("farms_race", players=4, target_vp=5, max_rounds=4, **params)
        actions = _random_history(seed, **params)
        for viewer in (None, 0):
            for view in record_turns(game, actions, NAMES, viewer=viewer, public=viewer is None):
                text = turn_summary(view)
                assert not bare_species.search(text), text
                assert not bare_name.search(text), text
                if view.seat is not None:
                    assert text.startswith(LABELS[view.seat] + " "), text
                    others = [label for s, label in enumerate(LABELS) if s != view.seat]
                    seen_other += any(label in text for label in others)
    assert seen_other > 0  # other players were named in some turn (trades, steals …)


def test_a_chance_step_naming_a_player_agrees_with_one_player() -> None:
    """Setup's "Sheep go first" reads "Bot 2 (Sheep) goes first"."""
    game = load_game("farms_race", players=4, target_vp=5, max_rounds=4)
    actions = _random_history(7)
    setup = record_turns(game, actions, NAMES)[0]
    text = turn_summary(setup)
    assert re.search(r"\((Cows|Sheep|Pigs|Chickens)\) goes first", text), text
    assert " go first" not in text


def test_variant_help_texts_are_sentences_for_players() -> None:
    """No "PROPOSED" tag and no colon left dangling in the help the lobby shows; the round
    limit says what it does and that it is our proposal."""
    helps = {spec.name: param_json(spec)["help"] for spec in param_specs()}
    for name, text in helps.items():
        assert "PROPOSED" not in text, (name, text)
        assert not re.search(r"\s:|:\s*$|:\s*[,;.)]", text), (name, text)
        assert "()" not in text and "  " not in text, (name, text)
    assert helps["max_rounds"].startswith("At most this many rounds")
    assert "our proposal; the rulebook has no cap" in helps["max_rounds"]
