"""An independent reference model of Fences fields, for property tests.

It rebuilds every field from a JSON position by flood fill over perimeter segments, using only
the shape and tile tables of the data files and the geometry of rules/fences.md §3 written out
again here (no code of the rules engine). Farmer conditions are read from the spec itself: the
predicate table's "True when" wording is interpreted clause by clause, and the cards come from
the spec's card table. The property tests compare the engine against it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
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
    """FE-R48, FE-R49: one point per animal; two per animal when all are of one type."""
    kinds_present = {kind for kind, n in zip(KINDS, animals, strict=True) if n}
    per_animal = multiplier if len(kinds_present) == 1 else 1
    return per_animal * sum(animals)


# --- farmer conditions, read from the spec's own text ----------------------------------------
SPEC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "fences.md"

# Each clause of the "True when" column of the spec's predicate table (FE §5), as it is worded
# there, and what it means for a field: (animal counts, total, kinds present, span, own barns,
# other barns) and the card's arguments bound to the code's letters.
Facts = dict[str, Any]
CLAUSES: list[tuple[str, Any]] = [
    (r"count\((\w)\) ≥ (\w)", lambda f, a, n: f["count"][a] >= int(n)),
    (r"count\((\w)\) = (\w)", lambda f, a, n: f["count"][a] == int(n)),
    (r"the field has ≥ (\w) animal", lambda f, n: f["total"] >= int(n)),
    (r"exactly (\w) types are present", lambda f, n: f["kinds"] == int(n)),
    (r"at least (\w) types are present", lambda f, n: f["kinds"] >= int(n)),
    (r"there are exactly (\w) animals in total", lambda f, n: f["total"] == int(n)),
    (r"there are at least (\w) animals in total", lambda f, n: f["total"] >= int(n)),
    (r"there are at most (\w) animals in total.*", lambda f, n: f["total"] <= int(n)),
    (r"the field spans ≥ (\w) tiles", lambda f, n: f["span"] >= int(n)),
    (r"the field spans exactly (\w) tiles", lambda f, n: f["span"] == int(n)),
    (r"the completer has a barn in the field", lambda f: f["own"] > 0),
    (r"the completer has no barn in the field", lambda f: f["own"] == 0),
    (r"another player has a barn in the field", lambda f: f["other"] > 0),
]


def _spec_table(heading: str) -> list[list[str]]:
    """The rows (cells stripped of backticks) of the first table after ``heading``."""
    lines = SPEC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
            if not set(cells[0]) <= {"-", ":"}:
                rows.append(cells)
        elif rows:
            break
    return rows[1:]  # without the header row


@lru_cache(maxsize=1)
def spec_predicates() -> dict[str, tuple[list[str], str]]:
    """Predicate code -> (its argument letters, the spec's 'True when' text)."""
    table: dict[str, tuple[list[str], str]] = {}
    for signature, text in _spec_table("**Predicate codes.**"):
        code, _, rest = signature.partition("(")
        table[code] = ([a for a in rest.rstrip(")").split(",") if a], text)
    return table


@lru_cache(maxsize=1)
def spec_cards() -> dict[str, list[tuple[str, int]]]:
    """Card id -> its two (condition, points), as the spec's card table lists them."""
    return {
        row[0]: [(row[2], int(row[3])), (row[4], int(row[5]))]
        for row in _spec_table("**The cards.**")
    }


def condition(text: str, animals: list[int], span: int, own: int, other: int) -> bool:
    """Whether a field meets condition ``text`` (e.g. ``ANIMAL_MIN(cow,1)``), by the meaning the
    spec's predicate table gives in words; no code of the rules engine is used."""
    code, _, rest = text.partition("(")
    values = [a for a in rest.rstrip(")").split(",") if a]
    letters, meaning = spec_predicates()[code]
    binding = dict(zip(letters, values, strict=True))
    count = dict(zip(KINDS, animals, strict=True))
    facts: Facts = {
        "count": count,
        "total": sum(animals),
        "kinds": sum(1 for n in animals if n),
        "span": span,
        "own": own,
        "other": other,
    }
    result = True
    for clause in meaning.split(" and "):
        for pattern, test in CLAUSES:
            match = re.fullmatch(pattern, clause.strip())
            if match:
                args = [binding.get(g, g) for g in match.groups()]
                result = result and test(facts, *args)
                break
        else:
            raise AssertionError(f"the spec's wording {clause!r} is not understood")
    return result
