"""Card timings in words (LU-R77, LU-R75): the words module says when each card may be played,
and the data route sends those words with each card, so the browser board shows them and
makes none itself."""

from __future__ import annotations

from typing import Any

from farmstead.core.data import DataItem
from farmstead.core.registry import registration
from farmstead.games.livestock_uprising import words
from farmstead.games.livestock_uprising.layout import WINDOW_NAMES


def test_LU_R77_every_card_window_has_words() -> None:
    """Each window of LU-R77 reads as a sentence starting "When: "; a card that may also be
    played on other players' turns (LU-R75) says so."""
    assert set(words.WINDOW_WORDS) == set(WINDOW_NAMES)
    assert words.card_when("BATTLE_PRE") == "When: in a battle, before the battle's dice."
    assert words.card_when("AFTER_WIN") == "When: after your attack wins a battle."
    assert words.card_when("ENEMY_MOVE_END", out_of_turn=True) == (
        "When: at the end of an enemy's move next to your piece (also on other players' turns)."
    )
    assert words.card_when("BATTLE_POST_DICE") == ("When: in a battle, after the dice are rolled.")
    assert words.card_when("NOT_A_WINDOW") == ""


def test_LU_R77_card_items_carry_their_timing_words_and_others_none() -> None:
    card = DataItem(
        file="command_cards.toml",
        name="CC01",
        value={"name": "Battle Cry", "window": "BATTLE_PRE", "out_of_turn": True},
        provenance="PROPOSED",
        source="",
        note="",
    )
    assert words.item_words(card) == {
        "when": "When: in a battle, before the battle's dice (also on other players' turns)."
    }
    troop = DataItem("troops.toml", "T01", "PROPOSED", "", "", {"name": "Goat"})
    assert words.item_words(troop) is None
    assert registration("livestock_uprising").item_words is words.item_words


def test_LU_R77_the_data_route_sends_every_cards_timing_words() -> None:
    """The data route's items (``views.data_item_json``) carry each card's words."""
    from farmstead.web.views import data_item_json

    def route(game: str) -> list[dict[str, Any]]:
        record = registration(game)
        return [data_item_json(i, record) for i in record.game.type.data_items()]

    items = route("livestock_uprising")
    cards = [i for i in items if i["file"] in words.CARD_FILES]
    assert cards
    for item in cards:
        value = item["value"]
        expected = words.card_when(value["window"], bool(value.get("out_of_turn")))
        assert item["words"] == {"when": expected}, item["name"]
    assert all("words" not in i for i in items if i["file"] not in words.CARD_FILES)
    # Games without such words send their items as before.
    assert all("words" not in i for i in route("rancho"))
