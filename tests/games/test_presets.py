"""Presets: a game registration declares named param sets (Farms Race: a first, a standard and
an expert game, FR-2.9's target VP row), checked when registered and sent to the lobby; and the
new-match form shows every choice and help text in words, without codes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from farmstead.core.errors import GameRegistrationError
from farmstead.core.game import ParamSpec
from farmstead.core.registry import (
    GameRegistration,
    Preset,
    game_names,
    load_game,
    registered_game,
    registration,
)
from farmstead.games.farms_race.catalog import catalog
from farmstead.games.farms_race.game import FarmsRaceGame
from farmstead.web.rules_page import help_words
from farmstead.web.views import game_json, param_json

RULE_OR_SECTION = re.compile(r"\b[A-Z]{2}-(?:R|T|TV-)?\d")
SNAKE_CODE = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)+$")


def test_FR_2_9_farms_race_presets_are_the_rulebooks_target_vp() -> None:
    """FR-2.9 (Constants): Target VP 10; first game 8; expert 12 (OFFICIAL), from play.toml."""
    record = registration("farms_race")
    presets = {p.name: p for p in record.presets}
    assert list(presets) == ["first_game", "standard", "expert"]
    assert presets["first_game"].params == {"target_vp": 8}
    assert presets["standard"].params == {"target_vp": 10}
    assert presets["expert"].params == {"target_vp": 12}
    cat = catalog()
    assert (cat.target_vp_first_game, cat.target_vp, cat.target_vp_expert) == (8, 10, 12)
    assert (
        presets["standard"].params["target_vp"] == load_game("farms_race", 3).params["target_vp"]
    )  # the standard preset is the game's default
    assert [p.for_newcomers for p in record.presets] == [True, False, False]
    for preset in record.presets:
        assert preset.label and preset.description.endswith(".")
        assert str(preset.params["target_vp"]) in preset.description
        game = load_game("farms_race", 3, **preset.params)
        assert game.params["target_vp"] == preset.params["target_vp"]


def test_presets_follow_the_catalog_not_constants() -> None:
    """The numbers come from the catalog: an override of play.toml changes the presets."""
    from farmstead.games.farms_race import registration as fr_registration

    cat = catalog()
    assert [p.params["target_vp"] for p in fr_registration.presets()] == [
        cat.target_vp_first_game,
        cat.target_vp,
        cat.target_vp_expert,
    ]


def test_preset_lookup_by_name_or_words() -> None:
    record = registration("farms_race")
    assert record.preset("first game").name == "first_game"
    assert record.preset("First-Game").params == {"target_vp": 8}
    with pytest.raises(LookupError, match="first_game, standard, expert"):
        record.preset("marathon")


def test_a_preset_must_set_real_params_with_valid_values() -> None:
    """Checked when registered (before the name is looked at: Farms Race is taken)."""
    bad_name: GameRegistration[Any] = GameRegistration(
        game=FarmsRaceGame, rules_summary="x", presets=(Preset("p", "P", "x.", {"nope": 1}),)
    )
    with pytest.raises(GameRegistrationError, match="not a param"), registered_game(bad_name):
        pass
    bad_value: GameRegistration[Any] = GameRegistration(
        game=FarmsRaceGame,
        rules_summary="x",
        presets=(Preset("p", "P", "x.", {"target_vp": "many"}),),
    )
    with pytest.raises(GameRegistrationError, match="preset 'p'"), registered_game(bad_value):
        pass
    twice: GameRegistration[Any] = GameRegistration(
        game=FarmsRaceGame,
        rules_summary="x",
        presets=(Preset("p", "P", "x."), Preset("p", "Q", "y.")),
    )
    with pytest.raises(GameRegistrationError, match="two presets"), registered_game(twice):
        pass


def test_the_lobby_json_has_presets_and_measured_durations() -> None:
    doc = game_json(registration("farms_race"), None, None)
    assert [p["name"] for p in doc["presets"]] == ["first_game", "standard", "expert"]
    assert doc["presets"][0]["params"] == {"target_vp": 8}
    cells = {(d["preset"], d["players"]) for d in doc["durations"]}
    assert cells == {(p, n) for p in ("first_game", "standard", "expert") for n in (3, 4)}
    for d in doc["durations"]:
        assert re.fullmatch(
            r"about \d+ minutes \(median \d+(\.5)? rounds, usually \d+–\d+\)", d["words"]
        ), d
    assert game_json(registration("rancho"), None, None)["durations"] == []


def test_choice_labels_must_match_the_choices() -> None:
    with pytest.raises(ValueError, match="one choice label per choice"):
        ParamSpec("x", str, "a", "x", choices=("a", "b"), choice_labels=("A",))
    spec = ParamSpec("first", str, "coin_toss", "'coin_toss' or a seat", choices=("coin_toss",))
    assert spec.choice_words() == ["Coin toss"]
    assert param_json(spec)["help"] == "“Coin toss” or a seat"


@pytest.mark.parametrize("game", game_names())
def test_every_form_param_is_in_words(game: str) -> None:
    """No choice shown as a code (``coin_toss``), no help text with a rule or section code."""
    record = registration(game)
    for spec in record.game.type.params:
        doc = param_json(spec, record.lobby_params.get(spec.name))
        assert not RULE_OR_SECTION.search(doc["help"]), (spec.name, doc["help"])
        assert "PROPOSED" not in doc["help"], (spec.name, doc["help"])
        if doc["choices"] is not None:
            assert len(doc["choice_labels"]) == len(doc["choices"])
            for label in doc["choice_labels"]:
                assert not SNAKE_CODE.match(label) and not label.isdecimal(), (spec.name, label)


def test_help_words_strip_section_codes_and_tidy() -> None:
    assert help_words("the seed of a random map (FR-3.7)") == "the seed of a random map"
    assert help_words("'random': a chance event (FR-4 step 2); or a seat") == (
        "'random': a chance event; or a seat"
    )
    assert help_words("order them (RA-R32; never changes the outcome)") == (
        "order them (never changes the outcome)"
    )
    assert help_words("Open Trading (FR-8.4, FR-R34)") == "Open Trading"
    assert help_words("Nukes (our proposal, FR-2.4)") == "Nukes (our proposal)"
