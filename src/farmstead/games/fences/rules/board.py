"""The Fences board: laying a tile, the fields the tiles form (a union-find over tile-fields,
FE-R11 … FE-R17), where a tile fits (FE-R8, FE-R9) and where a barn may go (FE-R41 …
FE-R43)."""

from __future__ import annotations

from farmstead.games.fences.layout import NO
from farmstead.games.fences.rules.state import FencesPosition


class FencesBoard(FencesPosition):
    """Tiles on the board, their fields and the legal placements of a tile and a barn."""

    __slots__ = ()

    def find(self, node: int) -> int:
        """The root node of ``node``'s field (path halving)."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if rb < ra:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.opn[ra] += self.opn[rb]
        self.anim[ra] += self.anim[rb]
        self.nbarn[ra] += self.nbarn[rb]

    def lay(self, tile: int, cell: int, rot: int) -> list[int]:
        """Put ``tile`` on ``cell`` in rotation ``rot`` and join its tile-fields to their
        neighbours (FE-R11); no rule check and no scoring. Returns the roots of the fields the
        tile completed (FE-R14, FE-R15), each once.
        """
        c = self.cfg
        width = c.layout.width
        k = len(self.p_cell)
        base = len(self.parent)
        nf = c.num_fields[tile]
        board = self.board
        board[cell] = k + 1
        self.p_cell.append(cell)
        self.p_type.append(tile)
        self.p_rot.append(rot)
        self.p_node.append(base)
        packed = c.field_animals[tile]
        for i in range(nf):
            self.parent.append(base + i)
            self.opn.append(0)
            self.anim.append(packed[i])
            self.nbarn.append(0)
            self.node_tile.append(k)
        frontier = self.frontier
        frontier.pop(cell, None)
        sf = c.segfield[4 * tile + rot]
        ports = c.ports[4 * tile + rot]
        opn = self.opn
        joins: list[tuple[int, int]] = []  # (edge, placement across it)
        # Open segments first, while every new node is still its own root.
        for edge, step in enumerate((-width, 1, width, -1)):
            other = cell + step
            j = board[other]
            if j:
                joins.append((edge, j - 1))
                continue
            # FE-R10: an empty neighbour; both segments stay open.
            opn[base + sf[2 * edge]] += 1
            opn[base + sf[2 * edge + 1]] += 1
            facing = (edge + 2) & 3
            bits = (1 << (4 + facing)) | (((ports >> edge) & 1) << facing)
            frontier[other] = frontier.get(other, 0) | bits
        # FE-R11: touching segments join; each closes one open segment of the neighbour.
        for edge, j in joins:
            facing = (edge + 2) & 3
            nsf = c.segfield[4 * self.p_type[j] + self.p_rot[j]]
            nbase = self.p_node[j]
            for half in (0, 1):
                mine = base + sf[2 * edge + half]
                theirs = nbase + nsf[2 * facing + 1 - half]
                opn[self.find(theirs)] -= 1
                self._union(mine, theirs)
        done: list[int] = []
        for i in range(nf):
            root = self.find(base + i)
            if opn[root] == 0 and root not in done:
                done.append(root)
        self._pcache = {}
        return done

    def field_nodes(self, root: int) -> list[int]:
        """Every node of the field whose root is ``root``."""
        find = self.find
        return [n for n in range(len(self.parent)) if find(n) == root]

    def field_span(self, root: int) -> int:
        """FE-R13: the number of distinct tiles holding a tile-field of the field."""
        node_tile = self.node_tile
        return len({node_tile[n] for n in self.field_nodes(root)})

    def barn_owners(self, root: int) -> list[int]:
        """Owners of the barns in the field (one entry per barn), in board order."""
        barns = self.barns
        find = self.find
        return [barns[i + 1] for i in range(0, len(barns), 2) if find(barns[i]) == root]

    def placements(self, tile: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(cell window index, legal rotations) for every cell where ``tile`` fits, sorted by cell.

        FE-R8: an empty cell next to a tile; FE-R9: every neighbour's port matches. The first
        tile goes at (0, 0) in rotation 0 (FE-R35).
        """
        cached = self._pcache.get(tile)
        if cached is None:
            if not self.p_cell:
                cached = ((self.cfg.layout.cell_index(0, 0), (0,)),)
            else:
                fit = self.cfg.fit[tile]
                frontier = self.frontier
                cached = tuple(
                    [(cell, rots) for cell in sorted(frontier) if (rots := fit[frontier[cell]])]
                )
            self._pcache[tile] = cached
        return cached

    def turn_options(self, tile: int, cell: int) -> tuple[tuple[int, str], ...]:
        """For each of the four turns of ``tile`` on empty ``cell``: the rotation to play for it
        (the listed equivalent, FE-R61; ``NO`` when it does not fit, FE-R9) and the fit of each
        side N, E, S, W: ``+`` the fences continue, ``x`` they clash, ``.`` no neighbour there.
        The first tile goes at (0, 0) unturned (FE-R35)."""
        c = self.cfg
        if not self.p_cell:
            return tuple((0 if rot == 0 else NO, "....") for rot in range(4))
        constraint = self.frontier.get(cell, 0)
        known, fenced = constraint >> 4, constraint & 0xF
        fitting = c.fit[tile][constraint]
        options = []
        for rot in range(4):
            ports = c.ports[4 * tile + rot]
            sides = "".join(
                "."
                if not (known >> e) & 1
                else "+"
                if (ports >> e) & 1 == (fenced >> e) & 1
                else "x"
                for e in range(4)
            )
            play = c.canon_of[tile][rot]
            options.append((play if play in fitting else NO, sides))
        return tuple(options)

    def can_place(self, tile: int) -> bool:
        """Whether ``tile`` has a legal placement (FE-R36)."""
        return bool(self.placements(tile))

    def legal_barn_fields(self) -> list[int]:
        """Tile-fields of the tile just placed where a barn may go (FE-R41 … FE-R43)."""
        if not self.p_cell:
            return []
        tile = self.p_type[-1]
        base = self.p_node[-1]
        legal = []
        for i in range(self.cfg.num_fields[tile]):
            root = self.find(base + i)
            if self.opn[root] > 0 and self.nbarn[root] == 0:
                legal.append(i)
        return legal

    def tile_id(self, tile: int) -> str:
        """The data id of tile type ``tile`` (e.g. 'F06')."""
        return self.cfg.tiles[tile].id
