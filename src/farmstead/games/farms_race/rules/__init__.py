"""The rules of Farms Race (rules/farms_race.md §4-§13; rulings FR-R1 … FR-R60).

The position is flat lists and bitmasks, cheap to copy: per region the owner (the one player
with herds or a building there, FR-1.1), four herd counts (healthy and injured, fresh and having
acted — herds are counts, not objects, §17), the building, the Human token; per seat the hand,
the Spy cards, the personal supply, Nuke tokens, VP tokens and the Mutation; bitmasks of
Turmoil, regions attacked and nuked this turn, and face-down tokens. Decisions in progress (a
move, a combat, a payment, a Spy's choices, a nuke exchange, a trade) are small fields of their
own; every decision is one atomic choice (§17).

**Hidden information** (§16).

* *Face-down Human tokens*: nobody knows a face-down value (Adorable may peek at those in its
  regions). Every face-down token nobody has peeked at — on the map or in the pool — is an
  equally likely draw from the tokens whose values are not public, so the engine keeps only
  their multiset (``unknown``, which counts peeked tokens too, as everyone else must) and draws
  a value as a chance event when a token is revealed (FR-6.1) or peeked at (``PEEK``). The only
  token truth the position holds is what Adorable peeked at (``peeked``, values in ``token``).
* *Resource hands* show others only their size (FR-2.3). Production, payments, Supply and player
  trades, discards, Propaganda and Thievery are public; the cards a Stealing steal, Blackmail or
  Double Agent takes are known to thief and victim only (FR-R49, FR-R50). Each seat's hand is
  kept twice: the truth (``hands``) and what every seat can deduce (``known``: cards of each kind
  it surely holds, plus ``unknown_cards`` cards of the kinds in ``unknown_kinds``).
* *Spy cards*: the deck order is hidden from everyone; a hand is seen by its owner only (others
  see the count). The engine keeps the deck as a multiset and draws the top card as a chance
  event when one is bought (``SPY_DRAW``); revealed VP Spies and played cards are public.
* *Mutations*: dealt cards are seen by their owner only until one is chosen and revealed; the
  others stay face down (FR-4 step 6.1).

``sample_consistent`` redraws everything a seat cannot know: other seats' unknown resource
cards, their Spy cards (from the cards that seat has not seen), their dealt Mutations during
setup, and the values Adorable peeked at — never reading the truth.

**Prompts** (§16): a decision that depends on a hidden holding is issued whenever public facts
allow it — Hacking to a nuked player holding any Spy card, a nuke-back to a victim with a Nuke
token, a Spy card or cards enough to build a Nuke, the combat Spy window to an active player
holding any Spy card — always with a pass, so the order and existence of prompts reveal
nothing.

Chance events: the first seat, dealt Mutations, starting-resource rolls, Human token values
(revealed, or peeked at by Adorable), combat rolls (per side: the numbers of gun and head
faces), the resource dice, Spy cards drawn, and the kinds of stolen cards.

**The modules.** ``state`` holds the fields, the empty and initial positions and the copy;
``queries`` what a position says without changing it; ``legal`` the choices of each phase;
``apply`` and ``chance`` what a decision and a chance outcome do. Each concern of the rules has
its module (``setup``, ``turns``, ``menu``, ``moves``, ``combat``, ``nukes``, ``spies``,
``resources``, ``trading``, ``victory``), with ``hands`` and ``board`` for the changes to cards
and to the map that they share, and ``information`` for ``sample_consistent``.
"""

from __future__ import annotations

from farmstead.games.farms_race.rules.apply import ApplyRules
from farmstead.games.farms_race.rules.board import BoardRules
from farmstead.games.farms_race.rules.chance import ChanceRules
from farmstead.games.farms_race.rules.combat import CombatRules
from farmstead.games.farms_race.rules.hands import HandRules
from farmstead.games.farms_race.rules.information import InformationRules
from farmstead.games.farms_race.rules.legal import LegalRules
from farmstead.games.farms_race.rules.menu import MenuRules
from farmstead.games.farms_race.rules.moves import MoveRules
from farmstead.games.farms_race.rules.nukes import NukeRules
from farmstead.games.farms_race.rules.resources import ResourceRules
from farmstead.games.farms_race.rules.setup import SetupRules
from farmstead.games.farms_race.rules.spies import SpyRules
from farmstead.games.farms_race.rules.state import (
    ALL_KINDS,
    MENU_PHASES,
    RESOURCE_KINDS,
    SPY_CARDS,
    TRADE_PHASES,
    VP_MASK,
)
from farmstead.games.farms_race.rules.trading import TradingRules
from farmstead.games.farms_race.rules.turns import TurnRules
from farmstead.games.farms_race.rules.victory import VictoryRules

__all__ = [
    "ALL_KINDS",
    "MENU_PHASES",
    "RESOURCE_KINDS",
    "SPY_CARDS",
    "TRADE_PHASES",
    "VP_MASK",
    "FRRules",
]


class FRRules(
    ApplyRules,
    ChanceRules,
    MenuRules,
    TradingRules,
    MoveRules,
    SetupRules,
    TurnRules,
    ResourceRules,
    CombatRules,
    NukeRules,
    SpyRules,
    VictoryRules,
    HandRules,
    LegalRules,
    BoardRules,
    InformationRules,
):
    """One Farms Race position and its rules; see the module docstring. Each concern is a
    mixin of its own module, over the fields of ``state.FRFields`` and the queries of
    ``queries.FRQueries``; a mixin derives from those whose steps it takes."""

    __slots__ = ()
