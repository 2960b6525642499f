"""Fences' observation carries the dealt farmer cards in words (``farmer_cards``), so that a
front end shows each card's conditions without knowing the condition codes of FE §5.

The cards are public once dealt (FE-R24); a seat not dealt one yet reads ``None``. The field
depends on the dealt cards only (the conformance checker tests that observations do not change
with other seats' hidden hands, FE-R22).
"""

from __future__ import annotations

import json

from fe_helpers import BLUE, YELLOW, game, position

from farmstead.games.fences.scoring import condition_words

DIAMOND_TILES = [("F08", 0, 0, 1), ("F08", 0, 1, 2), ("F17", 1, 1, 3)]


def test_fe_R20_farmer_cards_in_words_for_every_viewer():
    """Farmer Tim (FE §5, rulebook): +3 for at least 1 cow, +2 for at least 6 tiles."""
    s = position(game(), DIAMOND_TILES, active=YELLOW, farmers={YELLOW: "FC01", BLUE: "FC02"})
    for seat in (BLUE, YELLOW, None):
        cards = s.observation(seat)["farmer_cards"]
        json.dumps(cards)
        tim = cards[YELLOW]
        assert tim["id"] == "FC01" and tim["name"] == "Farmer Tim"
        assert tim["conditions"] == [
            {"points": 3, "words": "has at least 1 cow"},
            {"points": 2, "words": "spans at least 6 tiles"},
        ]
        ada = cards[BLUE]
        assert ada["name"] == "Farmer Ada"
        assert [c["points"] for c in ada["conditions"]] == [3, 1]
        assert ada["conditions"][1]["words"] == "holds none of your barns"


def test_fe_farmer_cards_follow_the_dealt_ids_and_the_servers_words():
    s = position(game(), DIAMOND_TILES, active=YELLOW, farmers={YELLOW: "FC01", BLUE: "FC02"})
    obs = s.observation(BLUE)
    for seat, card_id in enumerate(obs["farmers"]):
        card = obs["farmer_cards"][seat]
        if card_id is None:
            assert card is None
            continue
        assert card["id"] == card_id
        dealt = next(f for f in s.cfg.farmers if f.id == card_id)
        assert [c["words"] for c in card["conditions"]] == [
            condition_words(c) for c in dealt.conditions
        ]


def test_fe_no_card_before_the_deal():
    """Before the farmer cards are dealt (FE-R26) every seat reads ``None``."""
    s = game().new_initial_state()
    assert s.observation(None)["farmer_cards"] == [None] * 4
