"""An independent reference model of Fences fields, for property tests.

It rebuilds every field from a JSON position by flood fill over perimeter segments, using only
the shape and tile tables of the data files and the geometry of rules/fences.md §3 written out
again here (no code of the rules engine). The property tests compare the engine against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from farmstead.games.fences.catalog import Catalog

STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W (FE §0.3)
EDGE_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
KINDS = ("cow", "pig", "sheep")

Node = tuple[int, int, int]  # (row, col, tile-field index)


@dataclass
class RefField:
    """One field of the reference model."""

    nodes: set[Node] = field(default_factory=set)
    open: int = 0
    animals: list[int] = field(default_factory=lambda: [0, 0, 0])

    @property
    def span(self) -> int:
        return len({(r, c) for r, c, _ in self.nodes})

    @property
    def completed(self) -> bool:
        return self.open == 0


class RefBoard:
    """The placed tiles of a position and the geometry questions the properties ask."""

    def __init__(self, cat: Catalog, doc: dict[str, Any]) -> None:
        self.cat = cat
        self.tiles: dict[tuple[int, int], tuple[str, int]] = {
            (e["cell"][0], e["cell"][1]): (e["tile"], e["rot"]) for e in doc["board"]
        }

    def _shape(self, cell: tuple[int, int]) -> Any:
        tile_id, _ = self.tiles[cell]
        return self.cat.tiles[self.cat.tile_by_id[tile_id]].shape

    def field_of_segment(self, cell: tuple[int, int], seg: int) -> int:
        """The tile-field of the placed tile holding (rotated) segment ``seg`` (FE-R7)."""
        _, rot = self.tiles[cell]
        base = (seg - 2 * rot) % 8
        for index, segs in enumerate(self._shape(cell).field_segs):
            if base in segs:
                return index
        raise AssertionError("segment in no tile-field")

    def port_fenced(self, cell: tuple[int, int], edge: int) -> bool:
        """Whether the placed tile's port on ``edge`` is fenced, from the shape's fenced list."""
        _, rot = self.tiles[cell]
        tile = self.cat.tiles[self.cat.tile_by_id[self.tiles[cell][0]]]
        base_edge = (edge - rot) % 4
        return bool(tile.shape.fenced >> base_edge & 1)

    def neighbour(self, cell: tuple[int, int], edge: int) -> tuple[int, int]:
        dr, dc = STEP[edge]
        return cell[0] + dr, cell[1] + dc

    def fields(self) -> list[RefField]:
        """Every field, by flood fill over touching segments (FE-R11, FE-R13, FE-R14)."""
        seen: set[Node] = set()
        out: list[RefField] = []
        for cell in self.tiles:
            for index in range(len(self._shape(cell).field_segs)):
                start = (cell[0], cell[1], index)
                if start in seen:
                    continue
                ref = RefField()
                stack = [start]
                seen.add(start)
                while stack:
                    r, c, i = stack.pop()
                    ref.nodes.add((r, c, i))
                    tile_id, _ = self.tiles[(r, c)]
                    tile = self.cat.tiles[self.cat.tile_by_id[tile_id]]
                    for k, n in enumerate(tile.animals[i]):
                        ref.animals[k] += n
                    for seg in range(8):
                        if self.field_of_segment((r, c), seg) != i:
                            continue
                        edge, half = divmod(seg, 2)
                        other = self.neighbour((r, c), edge)
                        if other not in self.tiles:
                            ref.open += 1
                            continue
                        touching = 2 * ((edge + 2) % 4) + (1 - half)
                        nxt = (other[0], other[1], self.field_of_segment(other, touching))
                        if nxt not in seen:
                            seen.add(nxt)
                            stack.append(nxt)
                out.append(ref)
        return out

    def fences_continue(self) -> bool:
        """FE-R9 on every shared edge: fenced meets fenced, open meets open."""
        for cell in self.tiles:
            for edge in range(4):
                other = self.neighbour(cell, edge)
                if other in self.tiles and self.port_fenced(cell, edge) != self.port_fenced(
                    other, (edge + 2) % 4
                ):
                    return False
        return True

    def fully_fenced(self, ref: RefField) -> bool:
        """A completed field is closed by fences: no segment faces an empty cell, and wherever
        the field's boundary leaves a tile-field through a tile edge, a fence sits at that port."""
        for r, c, i in ref.nodes:
            for edge in range(4):
                a = self.field_of_segment((r, c), 2 * edge)
                b = self.field_of_segment((r, c), 2 * edge + 1)
                if i not in (a, b):
                    continue  # the tile-field does not reach this edge
                if self.neighbour((r, c), edge) not in self.tiles:
                    return False
                if (a == i) != (b == i) and not self.port_fenced((r, c), edge):
                    return False
        return True


def value(animals: list[int], multiplier: int = 2) -> int:
    """FE-R48: 1 per animal, doubled for a single type."""
    total = sum(animals)
    return total * multiplier if sum(1 for n in animals if n) == 1 else total


def condition(text: str, animals: list[int], span: int, own: int, other: int) -> bool:
    """The predicate table of FE §5, written out again."""
    name, _, rest = text.partition("(")
    args = [a for a in rest.rstrip(")").split(",") if a]
    count = {k: animals[i] for i, k in enumerate(KINDS)}
    total = sum(animals)
    types = sum(1 for n in animals if n)
    table = {
        "ANIMAL_MIN": lambda: count[args[0]] >= int(args[1]),
        "HAS_BOTH": lambda: count[args[0]] >= 1 and count[args[1]] >= 1,
        "LACKS": lambda: total >= 1 and count[args[0]] == 0,
        "TYPES_EXACT": lambda: types == int(args[0]),
        "TYPES_MIN": lambda: types >= int(args[0]),
        "ANIMALS_EXACT": lambda: total == int(args[0]),
        "ANIMALS_MIN": lambda: total >= int(args[0]),
        "ANIMALS_MAX": lambda: total <= int(args[0]),
        "TILES_MIN": lambda: span >= int(args[0]),
        "TILES_EXACT": lambda: span == int(args[0]),
        "OWN_BARN": lambda: own > 0,
        "NO_OWN_BARN": lambda: own == 0,
        "OPPONENT_BARN": lambda: other > 0,
    }
    return table[name]()
