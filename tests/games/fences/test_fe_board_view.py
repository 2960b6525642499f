"""Public fields of the Fences observation that the browser board reads (FE-R25, FE §2)."""

from __future__ import annotations

from fe_helpers import BLUE, YELLOW, game, position


def test_fe_r25_seat_colours_are_public_and_the_same_for_every_viewer():
    """FE §2 colours (blue, yellow, orange, green in seat order) are public (FE-R25): every
    seat and a spectator read the same ``seats`` list, and it names nothing else."""
    g = game(3)
    s = position(g, [("F05", 0, 0, 0)], hands={BLUE: ["F06", "F07"], YELLOW: ["F02", "F03"]})
    views = [s.observation(seat) for seat in (None, 0, 1, 2)]
    expected = [{"colour": "blue"}, {"colour": "yellow"}, {"colour": "orange"}]
    for view in views:
        assert view["seats"] == expected
        assert [seat["colour"] for seat in view["seats"]] == view["colours"]
