"""Passage purchases of a blocked player: chains through other players' pastures (RA-R20 … RA-R22).

A *link* is a pasture owned by another player. A chain starts at a link touching the buyer's
reach (territory plus pastures in the open transaction), each next link touches the previous one,
and the target touches the last. Its fee is the sum of the links' numbers; only minimum-fee chains
are allowed (RA-R21). Forest and farm cells are never links.
"""

from __future__ import annotations

import heapq

from farmstead.games.rancho.board import Board, iter_bits


def _is_link(board: Board, owner: list[int], seat: int, cell: int) -> bool:
    return cell < board.num_pastures and owner[cell] >= 0 and owner[cell] != seat


def _dijkstra(board: Board, owner: list[int], seat: int, sources: list[int]) -> dict[int, int]:
    """Cheapest chain fee from a source link to every link, both ends' numbers included."""
    cost = board.cost
    dist: dict[int, int] = {}
    heap = [(cost[s], s) for s in sources]
    heapq.heapify(heap)
    while heap:
        d, cell = heapq.heappop(heap)
        if cell in dist:
            continue
        dist[cell] = d
        for nxt in board.neighbours[cell]:
            if nxt not in dist and _is_link(board, owner, seat, nxt):
                heapq.heappush(heap, (d + cost[nxt], nxt))
    return dist


def chain_fees(board: Board, owner: list[int], seat: int, reach: int, free: int) -> dict[int, int]:
    """Minimum passage fee m(X) for every free pasture X a blocked ``seat`` can reach."""
    sources = [
        c for c in iter_bits(_neighbourhood(board, reach)) if _is_link(board, owner, seat, c)
    ]
    dist = _dijkstra(board, owner, seat, sources)
    fees: dict[int, int] = {}
    for target in iter_bits(free):
        best = min((dist[n] for n in board.neighbours[target] if n in dist), default=None)
        if best is not None:
            fees[target] = best
    return fees


def first_links(
    board: Board,
    owner: list[int],
    seat: int,
    reach: int,
    previous: int,
    used: list[int],
    target: int,
    remaining_fee: int,
) -> list[int]:
    """Links that may come next on a minimum-fee chain to ``target`` (rancho.md 9.3).

    ``previous`` is the last link so far (-1 for none), ``remaining_fee`` what the chain still
    has to cost. Sorted ascending.
    """
    if previous < 0:
        candidates = iter_bits(_neighbourhood(board, reach))
    else:
        candidates = list(board.neighbours[previous])
    ends = [n for n in board.neighbours[target] if _is_link(board, owner, seat, n)]
    to_target = _dijkstra(board, owner, seat, ends)  # chain fee from a link to the target
    return sorted(
        c
        for c in candidates
        if _is_link(board, owner, seat, c) and c not in used and to_target.get(c) == remaining_fee
    )


def _neighbourhood(board: Board, mask: int) -> int:
    out = 0
    for cell in iter_bits(mask):
        out |= board.neighbour_mask[cell]
    return out
