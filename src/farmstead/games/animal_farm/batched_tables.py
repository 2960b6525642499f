"""The NumPy tables of one Animal Farm configuration that ``AnimalFarmBatch`` runs on.

Built once per engine from the ``AnimalFarmConfig`` (every number still comes from the data
files) and the tensor layout: the neighbour table with a sentinel cell, per-unit zone masks,
the attack chart as per-(unit, occupant) tables, the setup sequence, the random player's
tables and the tensor's offsets. Nothing here knows the order of the rules;
``batched_kernel`` does.
"""

from __future__ import annotations

import numpy as np

from farmstead.core.tensor import TensorLayout
from farmstead.games.animal_farm.actions import SELECT_BASE
from farmstead.games.animal_farm.config import AnimalFarmConfig
from farmstead.games.animal_farm.layout import FEED, PIG

BLOCKED, ENDS, PASSES = 0, 1, 2  # what a step onto a square does (``AnimalFarmTables.step``)

OFF_BOARD_ZONE = -9
"""The zone of the sentinel cell: no player's base (a pile that is not placed is home to none,
AF-R23)."""


class AnimalFarmTables:
    """Tables for ``C`` cells (plus the sentinel cell ``C``), ``U`` units and ``S`` slots.

    ``neigh[c, d]``: the cell one step in direction ``d`` (the sentinel off the board, AF-R7);
    ``allowed[u, c]``: where unit ``u`` may stand (AF-R8; never the
    sentinel); ``step[u, c, o]`` what a step of ``u`` onto cell ``c`` held by ``o`` does
    (``BLOCKED``, ``ENDS``, ``PASSES``) and ``enemy[u, o]`` whether ``o`` is ``u``'s enemy; on
    the occupant axis, -1 (no unit) is the last column, so a board value indexes it as it is.
    """

    def __init__(self, cfg: AnimalFarmConfig, layout: TensorLayout) -> None:
        cells, units, slots = cfg.num_cells, cfg.num_units, cfg.num_slots
        self.cells = cells
        self.slots = slots
        self.target_base = cfg.actions.target_base
        neigh = np.array(cfg.neighbours, dtype=np.int64).reshape(cells, 4)
        neigh[neigh < 0] = cells
        self.neigh = np.vstack([neigh, np.full((1, 4), cells, np.int64)])
        self.allowed = np.zeros((units, cells + 1), bool)
        self.allowed[:, :cells] = np.array(cfg.unit_allowed, dtype=bool)
        self.kind = np.array(cfg.unit_kind, dtype=np.int64)
        self.owner = np.array(cfg.unit_owner, dtype=np.int64)
        self.slot = np.arange(units, dtype=np.int64) % slots
        self.is_pig = self.kind == PIG
        # The occupant axis of the tables below: units 0 … U-1, then column U for "no unit",
        # so that a board value of -1 indexes it directly.
        occupant = np.append(np.arange(units), -1)
        placed = occupant >= 0
        occ_owner = self.owner[np.maximum(occupant, 0)]
        occ_kind = self.kind[np.maximum(occupant, 0)]
        self.enemy = placed[None, :] & (occ_owner[None, :] != self.owner[:, None])
        chart = np.array(cfg.can_attack, dtype=bool)[self.kind[:, None], occ_kind[None, :]]
        ends = ~placed[None, :] | (self.enemy & chart)
        friend = placed[None, :] & ~self.enemy
        # step[u, c, o]: a step of unit u onto cell c held by o is BLOCKED (off the board,
        # outside u's zones, an enemy it may not attack), ENDS a path (empty, or an attack) or
        # PASSES a friend (AF-R7 … AF-R12).
        kinds = np.where(ends, ENDS, np.where(friend, PASSES, BLOCKED))
        self.step = np.where(self.allowed[:, :, None], kinds[:, None, :], BLOCKED).astype(np.int8)
        self.displace = np.zeros((units, cells), bool)
        for u, zone in enumerate(cfg.displace_cells):
            self.displace[u, list(zone)] = True
        self._setup_tables(cfg)
        self.pool_size = np.array(cfg.pool_size, dtype=np.int64)
        self.zone = np.array((*cfg.zone_of, OFF_BOARD_ZONE), dtype=np.int64)
        # home[c]: the player whose base cell c is, -1 for the neutral zone and the sentinel.
        self.home = np.where(self.zone % 2 == 0, self.zone // 2, -1)
        self.home[cells] = -1
        # For the two piles' cells (c1, c2) as c1 * (C + 1) + c2: the player both lie in the
        # base of (-1: no one, AF-R23) and their zones as zone1 * 3 + zone2 (AF-R24).
        self.pair_home = np.where(
            self.home[:, None] == self.home[None, :], self.home[:, None], -1
        ).reshape(-1)
        self.pair_zones = (self.zone[:, None] * 3 + self.zone[None, :]).reshape(-1)
        self.default_pos = np.array(cfg.default_units, dtype=np.int64)
        self._slot_tables(slots)
        self._tensor_tables(cfg, layout)

    def _slot_tables(self, slots: int) -> None:
        """Tables over the activated bit mask (AF-R6): ``free_count[b]`` 1 + the number of
        slots not in ``b`` (END_TURN and the SELECTs of an Idle player), ``select_ranked[b, r]``
        the SELECT of rank ``r`` (1 …) among them in id order."""
        masks = np.arange(1 << slots)
        free_slots = (masks[:, None] >> np.arange(slots)) & 1 == 0
        self.free_count = free_slots.sum(axis=1) + 1
        self.select_ranked = np.zeros((1 << slots, slots + 1), np.int64)
        for b in range(1 << slots):
            free = np.flatnonzero(free_slots[b])
            self.select_ranked[b, 1 : free.size + 1] = SELECT_BASE + free

    def _setup_tables(self, cfg: AnimalFarmConfig) -> None:
        """The setup sequence (AF-R2) with one extra row for "setup over": per step the player,
        the unit placed (-1 for a feed pile), its start squares (AF-R3) and whether the square
        may hold a unit already (a feed pile's may)."""
        seq = cfg.setup_sequence
        self.setup_len = len(seq)
        self.seq_player = np.zeros(len(seq) + 1, np.int64)
        self.seq_unit = np.full(len(seq) + 1, -1, np.int64)
        self.setup_cells = np.zeros((len(seq) + 1, cfg.num_cells), bool)
        self.setup_any = np.zeros(len(seq) + 1, bool)
        for step, (player, piece) in enumerate(seq):
            self.seq_player[step] = player
            if piece == FEED:
                self.setup_cells[step, list(cfg.feed_start_cells[player])] = True
                self.setup_any[step] = True
            else:
                unit = player * cfg.num_slots + piece
                self.seq_unit[step] = unit
                self.setup_cells[step, list(cfg.unit_start_cells[unit])] = True

    def _tensor_tables(self, cfg: AnimalFarmConfig, layout: TensorLayout) -> None:
        """Offsets of the tensor's fields and the float32 values ``tensor.encode`` computes
        (x / W, y / H per cell, points / pool size per kind), rounded as it rounds them."""
        at = {f.name: f.start for f in layout.fields}
        stop = {f.name: f.stop for f in layout.fields}
        self.at = at
        for first, last in (
            ("phase", "to_move_mine"),
            ("my_units", "their_units"),
            ("carried", "result"),
        ):  # the writer fills these runs of fields as one block
            names = [f.name for f in layout.fields]
            run = names[names.index(first) : names.index(last) + 1]
            assert all(stop[a] == at[b] for a, b in zip(run, run[1:], strict=False)), run
        self.head = (at["phase"], stop["to_move_mine"])
        self.tail = (at["carried"], stop["result"])
        self.tail_at = {name: start - at["carried"] for name, start in at.items()}
        w, h = cfg.width, cfg.height
        cells = range(cfg.num_cells)
        self.x_of = np.array([c % w / w for c in cells] + [0.0], dtype=np.float32)
        self.y_of = np.array([c // w / h for c in cells] + [0.0], dtype=np.float32)
        # xy_of[c]: (placed, x / W, y / H) of cell c; the sentinel (c = -1) is all zero.
        self.xy_of = np.stack(
            (np.arange(cfg.num_cells + 1) < cfg.num_cells, self.x_of, self.y_of), 1
        )
        self.xy_of = self.xy_of.astype(np.float32)
        top = int(max(cfg.pool_size))
        self.pool_value = np.zeros((3, top + 1), np.float32)
        for k, size in enumerate(cfg.pool_size):
            self.pool_value[k, : size + 1] = [p / max(1, size) for p in range(size + 1)]
        self.ply_scale = max(1, cfg.max_plies)
        self.setup_scale = max(1, len(cfg.setup_sequence))
        self.no_progress_limit = cfg.no_progress_plies
        s = cfg.num_slots
        rel = np.arange(2 * s)
        # rel_unit[me]: the units in tensor order (the viewer's side first) for viewer ``me``.
        self.rel_unit = np.array([(me ^ (rel >= s)) * s + rel % s for me in (0, 1)])
        # Columns of the one-hot squares: a unit's (mine, then theirs) and a loose pile's.
        self.sparse_base = np.concatenate(
            (at["my_units"] + rel * cfg.num_cells, at["piles"] + np.arange(2) * cfg.num_cells)
        )
