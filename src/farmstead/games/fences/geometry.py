"""Tile geometry of Fences (rules/fences.md section 3): edges, perimeter segments, rotation.

Edges: N = 0, E = 1, S = 2, W = 3. The perimeter of a tile is cut into 8 segments clockwise from
the north-west corner (FE-R3); segments ``2e`` and ``2e + 1`` lie on edge ``e`` with the port
between them. A rotation turns a tile ``rot`` quarter-turns clockwise (FE-R7): edge
``e -> (e + rot) % 4`` and segment ``s -> (s + 2 * rot) % 8``.
"""

from __future__ import annotations

EDGE_NAMES = ("N", "E", "S", "W")
N, E, S, W = range(4)
NUM_SEGMENTS = 8
# Row and column step to the neighbour across each edge (FE §0.3).
EDGE_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))


def rotate_edge(edge: int, rot: int) -> int:
    """The edge a base-orientation edge lands on after ``rot`` clockwise quarter-turns (FE-R7)."""
    return (edge + rot) % 4


def rotate_segment(seg: int, rot: int) -> int:
    """The segment a base-orientation segment lands on after ``rot`` quarter-turns (FE-R7)."""
    return (seg + 2 * rot) % 8


def opposite(edge: int) -> int:
    """The neighbour's edge facing ``edge``."""
    return (edge + 2) % 4


def touching_segment(seg: int) -> int:
    """The neighbour's segment that segment ``seg`` touches across its edge (FE-R11).

    Segment ``2e + k`` touches segment ``2 * ((e + 2) % 4) + (1 - k)`` of the tile across edge e.
    """
    edge, k = divmod(seg, 2)
    return 2 * opposite(edge) + (1 - k)


def port_mask(fenced_edges: list[int] | tuple[int, ...]) -> int:
    """A 4-bit mask with bit ``e`` set for each fenced edge."""
    mask = 0
    for edge in fenced_edges:
        mask |= 1 << edge
    return mask


def rotate_mask(mask: int, rot: int) -> int:
    """A port mask turned ``rot`` quarter-turns clockwise."""
    rot %= 4
    return ((mask << rot) | (mask >> (4 - rot))) & 0xF
