"""Livestock Uprising's cards in words: when each may be played (its window, LU-R77) and what
it does in a few words, for the board, the data pages and the terminal."""

from __future__ import annotations

from farmstead.core.data import DataItem
from farmstead.games.livestock_uprising.layout import WINDOW_NAMES
from farmstead.games.livestock_uprising.rules import LURules

# When a card may be played, in words: its window (LU-R77), as the board shows it.
WINDOW_WORDS = {
    "OWN_ANY": "at any decision of your own turn",
    "OWN_ACTION": "in your Action Phase",
    "OWN_HARVEST": "in your Harvest Phase",
    "OWN_MARSHAL": "while you marshal troops",
    "OWN_TRANSFER": "in your Transfer Phase",
    "BATTLE_PRE": "in a battle, before the battle's dice",
    "BATTLE_POST_DICE": "in a battle, after the dice are rolled",
    "CASUALTY": "after your side loses a battle, before casualties are chosen",
    "AFTER_WIN": "after your attack wins a battle",
    "ENEMY_MOVE_END": "at the end of an enemy's move next to your piece",
}
CARD_FILES = ("command_cards.toml", "battle_plans.toml")


def card_when(window: str, out_of_turn: bool = False) -> str:
    """When a card of timing ``window`` may be played, in a sentence (LU-R77; LU-R75: on
    another player's turn only where its window allows); "" for an unknown window."""
    when = WINDOW_WORDS.get(window)
    if when is None:
        return ""
    also = " (also on other players' turns)" if out_of_turn else ""
    return f"When: {when}{also}."


def item_words(item: DataItem) -> dict[str, str] | None:
    """The words the board shows with a Command or Battle Plans card of the data files: when
    it may be played (``when``). Other items have none."""
    if item.file not in CARD_FILES:
        return None
    when = card_when(str(item.value.get("window", "")), bool(item.value.get("out_of_turn")))
    return {"when": when} if when else None


# A card's effect in a few words (its data ``text`` is the full effect), by effect code, for
# the terminal's options and hand; numbers come from play.toml.
CARD_SHORT = {
    "BATTLE_CRY": "+{battle_cry} to your side in this battle",
    "HARDENED_HIDE": "+{hardened_hide} defence for your defender in this battle",
    "FORCED_MARCH": "a piece that has not acted gets +{forced_march_steps} steps",
    "BUMPER_CROP": "one General harvests 2 tokens instead of 1",
    "FORAGING_PARTY": "one General harvests its tile without the icon",
    "REINFORCEMENTS": "your next unit this phase costs 1 token less",
    "FIELD_MEDIC": "cancel one casualty",
    "SECOND_WIND": "reroll one of your side's dice",
    "RETREAT": "your defending General steps away; no battle",
    "SUPPLY_RAID": "take up to {supply_raid_tokens} tokens from the defender",
    "SCORCHED_EARTH": "a tile near you yields nothing until your next turn",
    "TRADE_CARAVAN": "swap {trade_caravan_give} tokens for 1 of your choice (up to twice)",
    "RALLY": "up to {rally_transfers} transfers this turn, {rally_distance} steps apart",
    "AMBUSH": "attack an enemy that stopped next to your piece",
    "FORTIFY": "a piece gives up its action for +{fortify} defence",
    "AIRLIFT": "put a General from your barn next to another General",
    "DOUBLE_TIME": "a piece that has acted may act again",
    "ESPIONAGE": "see an opponent's cards; one Command card leaves",
    "DUEL": "each side fights with 1 chosen unit only",
    "BLITZKRIEG": "Super Army: {blitzkrieg_steps} steps and a second attack",
    "SIEGE_ENGINES": "Super Army attacking a barn: +{siege_engines} attack",
    "SHIELD_WALL": "+{shield_wall} defence for your Super Army until your next turn",
    "CONSCRIPTION": "up to {conscription_troops} free Troops into your Super Army",
    "PINCER": "your joint attackers do not lose their next turn",
    "LAST_STAND": "your losing Super Army takes no casualties",
    "FORTUNE_OF_WAR": "your Super Army rolls 3 dice and keeps 2",
}


def card_short(state: LURules, card: int) -> str:
    """What a card does in a few words (for an option or a hand line)."""
    info = state.cfg.catalog.cards[card]
    short = CARD_SHORT.get(info.effect)
    if short is None:
        return info.text.split(". ")[0].rstrip(".")
    return short.format(**vars(state.cfg.catalog.play))


def card_when_words(state: LURules, card: int) -> str:
    """When a card may be played, in a sentence (LU-R77)."""
    info = state.cfg.catalog.cards[card]
    return card_when(WINDOW_NAMES[info.window], info.out_of_turn)
