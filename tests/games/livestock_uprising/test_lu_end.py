"""Elimination and victory (LU-R95 … LU-R99): what an eliminated faction leaves behind, the
end of the game, and the stalemate rule with its tie-breaks."""

from __future__ import annotations

from lu_helpers import (
    TOKEN_SUPPLY,
    act,
    cell_of,
    end_phase_until,
    pass_windows,
    roll,
    scenario,
)


def _destroy_the_chickens(players=3):
    """The Pigs' Super Army destroys CH-G3, the Chickens' last piece (LU-T8), with the
    Chickens holding tokens, a card and all their Special Forces in reserve."""
    factions = ("PI", "CH", "CO")[:players]
    pieces = {
        "PI-SA": ((3, 2), ["T10", "T10", "T10", "T05", "T04"]),
        "CH-G3": ((3, 3), ["T02", "T01"]),
    }
    if players == 3:
        pieces["CO-G1"] = ((6, 6), [])
    s = scenario(
        players,
        factions=factions,
        pieces=pieces,
        tokens={1: {"grass": 5, "apple": 2}},
        hands={1: ["CC07"]},
    )
    act(s, "PIECE", piece="SA")
    act(s, "STEP", dir="E")
    pass_windows(s)
    roll(s, 2, 3, 6)
    pass_windows(s)
    return s


def test_lu_r95_r96_an_eliminated_faction_leaves_the_game():
    """LU-R95, LU-R96: with no General and no Super Army left, the Chickens are eliminated:
    their tokens return to the supply, their Command cards and Special Forces leave the game,
    their barn becomes an empty field, their seat is out."""
    s = _destroy_the_chickens()
    doc = s.to_json()
    assert doc["alive"] == [True, False, True]
    assert doc["tokens"][1] == dict.fromkeys(TOKEN_SUPPLY, 0)
    assert doc["supply"] == TOKEN_SUPPLY
    assert doc["hands"][1] == []
    assert {"card": "CC07", "owner": 1, "by": None} in doc["gone"]
    assert "CC07" not in doc["played"]
    for sf in ("CH-SF1", "CH-SF2", "CH-SF3"):
        assert doc["special_forces"][sf] == "removed"
    r, c = doc["barns"][1]
    assert doc["tiles"][r][c] == "empty"
    assert doc["troops"]["T02"] == 6 and doc["troops"]["T01"] == 8
    assert not s.is_terminal()


def test_lu_r96_the_old_barn_is_an_empty_field_anyone_may_enter():
    """LU-R96: the barn is an empty-field tile for the rest of the game: a General of another
    faction may now stand there (it could not enter a barn, LU-R31)."""
    s = _destroy_the_chickens()
    barn = tuple(s.to_json()["barns"][1])
    end_phase_until(s, seat=2)
    doc = s.to_json()
    doc["pieces"] = [
        p if p["piece"] != "CO-G1" else {**p, "cell": list(barn)} for p in doc["pieces"]
    ]
    loaded = s.game.state_from_json(doc)
    assert cell_of(loaded, "CO-G1") == barn


def test_lu_r97_the_last_faction_standing_wins_at_once():
    """LU-R97: when only one faction remains, the game ends at once and it wins."""
    s = _destroy_the_chickens(players=2)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [0]
    assert s.returns() == [1.0, -1.0]
    assert s.legal_actions() == []


def test_lu_r25_r26_play_goes_on_around_an_eliminated_seat():
    """LU-R25, LU-R26: after the elimination the Pigs' turn passes to the Cows; the round ends
    after the Cows."""
    s = _destroy_the_chickens()
    end_phase_until(s, seat=2)
    doc = s.to_json()
    assert doc["active"] == 2 and doc["round"] == 1
    end_phase_until(s, seat=0)
    assert s.to_json()["round"] == 2


# --- LU-R98: stalemate --------------------------------------------------------------------------------


def _stalemate(goats, cows, tokens=None, round_limit=None, rnd=30):
    extra = {"stalemate_round_limit": round_limit} if round_limit else {}
    return scenario(
        factions=("GO", "CO"),
        round=rnd,
        active=1,
        pieces={
            "GO-G1": ((0, 2), goats[:5]),
            "GO-G2": ((0, 2), goats[5:]),
            "CO-G1": ((4, 2), cows[:5]),
            "CO-G2": ((4, 2), cows[5:]),
        },
        tokens=tokens,
        **extra,
    )


def test_lu_r98_more_units_win_first():
    """LU-R98 (1): the faction with more units wins, whatever its ATK+DEF."""
    s = _stalemate(["T01"] * 4, ["T09"] * 3)
    end_phase_until(s)
    assert s.is_terminal() and s.to_json()["winners"] == [0]


def test_lu_r98_tokens_break_an_equal_atk_def():
    """LU-R98 (3): equal units and ATK+DEF: more resource tokens win."""
    s = _stalemate(["T01", "T02"], ["T02", "T01"], tokens={0: {"grass": 1}, 1: {"apple": 2}})
    end_phase_until(s)
    assert s.is_terminal() and s.to_json()["winners"] == [1]


def test_lu_r98_a_super_armys_units_count():
    """LU-R98 (1): units are counted over Generals and Super Army."""
    s = scenario(
        factions=("GO", "CO"),
        round=30,
        active=1,
        pieces={
            "GO-SA": ((0, 2), ["T01"] * 6),
            "CO-G1": ((4, 2), ["T09"] * 3),
            "CO-G2": ((4, 2), ["T10"] * 2),
        },
    )
    end_phase_until(s)
    assert s.is_terminal() and s.to_json()["winners"] == [0]


def test_lu_r98_the_round_limit_parameter():
    """LU-R98: stalemate_round_limit sets the last round: with 5, the game ends when round 5
    ends, not before."""
    s = _stalemate(["T01"], ["T02"], round_limit=5, rnd=4)
    end_phase_until(s, seat=0)
    assert not s.is_terminal() and s.to_json()["round"] == 5
    end_phase_until(s)
    assert s.is_terminal()
    assert s.to_json()["round"] == 5


def test_lu_r98_only_survivors_are_ranked():
    """LU-R98: an eliminated faction is not ranked, however many units it had."""
    s = scenario(
        3,
        factions=("GO", "CO", "PI"),
        round=30,
        active=2,
        alive=[True, False, True],
        pieces={"GO-G1": ((1, 3), ["T01"]), "PI-G1": ((3, 1), ["T02", "T02"])},
    )
    end_phase_until(s)
    assert s.is_terminal()
    assert s.to_json()["winners"] == [2]
    assert s.returns() == [-1.0, -1.0, 1.0]
