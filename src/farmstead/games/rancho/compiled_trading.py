"""Rancho's transactions with the central herd, compiled (``compiled_rules``): exchanges,
pasture purchases, passage routes through other players' pastures and settling them
(``RanchoTrading`` and ``routes``; RA-R10 … RA-R23, rancho.md 9.1 … 9.3)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.games.rancho.actions import CANCEL, CONFIRM, GIVE_BASE, RECEIVE_BASE
from farmstead.games.rancho.compiled_pieces import remove_one
from farmstead.games.rancho.compiled_state import (
    AMOUNT,
    BUY,
    BUY_COUNT,
    DOGS,
    FEE_COUNT,
    FEES,
    GIVE,
    HERD,
    KIND,
    LINK_COUNT,
    LINKS,
    NPAST,
    OWNER,
    PLACED,
    POOL,
    RECV,
    ROUTE_FEE,
    ROUTE_MIN,
    ROUTE_TARGET,
    SC,
    TERR,
    TX_OPEN,
)
from farmstead.games.rancho.compiled_tables import (
    A_BUY,
    CELL_HIT,
    COST,
    INTS,
    NEIGHBOURS,
    PASTURE_LIMIT,
    PASTURES,
    PER_SPACE,
    VALUES,
)
from farmstead.games.rancho.layout import EMPTY, NO_ROUTE, RABBIT, SMALL_DOG

UNREACHED = -1  # a distance or fee not found


@njit(cache=True, inline="always")
def is_link(st: Any, tb: Any, seat: int, cell: int) -> bool:
    """``routes._is_link``: a pasture another seat owns."""
    owner = st[OWNER][cell]
    return cell < tb[INTS][PASTURES] and owner >= 0 and owner != seat


@njit(cache=True)
def reach(st: Any, seat: int) -> Any:
    """``RanchoTrading._reach_mask``: the seat's spaces and the pastures bought in the open
    transaction (a new boolean array over the cells)."""
    member = st[TERR][seat].copy()
    buy = st[BUY]
    for i in range(st[SC][BUY_COUNT]):
        member[buy[i]] = True
    return member


@njit(cache=True)
def neighbourhood(tb: Any, member: Any) -> Any:
    """``Board.neighbourhood``: every cell next to a cell of ``member``."""
    around = np.zeros(member.size, np.bool_)
    neighbours = tb[NEIGHBOURS]
    for cell in range(member.size):
        if member[cell]:
            for i in range(6):
                if neighbours[cell, i] >= 0:
                    around[neighbours[cell, i]] = True
    return around


@njit(cache=True)
def chain_costs(st: Any, tb: Any, seat: int, sources: Any) -> Any:
    """``routes._dijkstra``: per cell, the cheapest chain fee from a link of ``sources`` to it
    through links, both ends' numbers included (``UNREACHED``: none)."""
    cost, neighbours = tb[COST], tb[NEIGHBOURS]
    cells = sources.size
    dist = np.full(cells, UNREACHED, np.int64)
    tentative = np.full(cells, UNREACHED, np.int64)
    for cell in range(cells):
        if sources[cell]:
            tentative[cell] = cost[cell]
    while True:
        best = -1
        for cell in range(cells):
            waiting = dist[cell] == UNREACHED and tentative[cell] != UNREACHED
            if waiting and (best < 0 or tentative[cell] < tentative[best]):
                best = cell
        if best < 0:
            return dist
        dist[best] = tentative[best]
        for i in range(6):
            nxt = neighbours[best, i]
            if nxt >= 0 and dist[nxt] == UNREACHED and is_link(st, tb, seat, nxt):
                fee = dist[best] + cost[nxt]
                if tentative[nxt] == UNREACHED or fee < tentative[nxt]:
                    tentative[nxt] = fee


@njit(cache=True)
def purchasable(st: Any, tb: Any, seat: int, normal: Any, passage: Any) -> int:
    """``RanchoTrading.purchasable``: the pastures the seat may BUY now. Normal purchases
    (RA-R18) into ``normal``, ascending, their number returned; or, when blocked (RA-R20),
    per free pasture its minimum passage fee (RA-R21) in ``passage`` (``UNREACHED``: none)."""
    ints = tb[INTS]
    pastures = ints[PASTURES]
    passage[:] = UNREACHED
    sc = st[SC]
    if st[NPAST][seat] + sc[BUY_COUNT] >= ints[PASTURE_LIMIT]:  # RA-R16
        return 0
    mine = reach(st, seat)
    around = neighbourhood(tb, mine)
    owner = st[OWNER]
    count = 0
    for p in range(pastures):
        if around[p] and owner[p] < 0 and not mine[p]:
            normal[count] = p
            count += 1
    if count:
        return count
    sources = np.zeros(mine.size, np.bool_)
    for cell in range(mine.size):
        sources[cell] = around[cell] and is_link(st, tb, seat, cell)
    dist = chain_costs(st, tb, seat, sources)
    neighbours = tb[NEIGHBOURS]
    for target in range(pastures):
        if owner[target] >= 0 or mine[target]:
            continue
        for i in range(6):
            n = neighbours[target, i]
            reached = n >= 0 and dist[n] != UNREACHED
            if reached and (passage[target] == UNREACHED or dist[n] < passage[target]):
                passage[target] = dist[n]
    return 0


@njit(cache=True, inline="always")
def fees_owed(st: Any) -> int:
    """The passage fees of the closed routes of the open transaction."""
    fees, total = st[FEES], 0
    for i in range(1, st[SC][FEE_COUNT], 2):
        total += fees[i]
    return total


@njit(cache=True)
def can_confirm(st: Any, tb: Any) -> bool:
    """``RanchoTrading._can_confirm``: balanced (RA-R10), the herd has what is taken (RA-R11),
    something given or bought."""
    sc = st[SC]
    give, recv, herd = st[GIVE], st[RECV], st[HERD]
    if sc[ROUTE_TARGET] >= 0:
        return False
    values, cost = tb[VALUES], tb[COST]
    balance = 0
    gave = False
    for k in range(6):
        balance += values[k] * (give[k] - recv[k])
        gave = gave or give[k] > 0
    for i in range(sc[BUY_COUNT]):
        balance -= cost[st[BUY][i]]
    fees = fees_owed(st)
    if balance - fees != 0 or (not gave and sc[BUY_COUNT] == 0):
        return False
    for k in range(1, 6):
        if herd[k] < recv[k]:
            return False
    return herd[RABBIT] + give[RABBIT] >= recv[RABBIT] + fees


@njit(cache=True)
def transaction_actions(st: Any, tb: Any, seat: int, out: Any, count: int) -> int:
    """``RanchoTrading._transaction_actions`` appended to ``out`` from ``count``: GIVE,
    RECEIVE, BUY, CONFIRM and CANCEL during Expansion (RA-R10 … RA-R21); the new count."""
    sc = st[SC]
    give, recv, herd = st[GIVE], st[RECV], st[HERD]
    values, cost = tb[VALUES], tb[COST]
    fees = 0
    if sc[TX_OPEN]:
        out[count] = CANCEL
        count += 1
        if can_confirm(st, tb):
            out[count] = CONFIRM
            count += 1
        fees = fees_owed(st) + (sc[ROUTE_FEE] if sc[ROUTE_TARGET] >= 0 else 0)
    owned = np.empty(6, np.int64)
    for k in range(4):
        owned[k] = st[POOL][seat, k] + st[PLACED][seat, k]
    owned[4], owned[5] = st[DOGS][seat, 0], st[DOGS][seat, 1]
    givable = 0
    committed = fees
    for k in range(6):
        if recv[k]:
            committed += values[k] * recv[k]
        else:
            givable += values[k] * owned[k]
            if owned[k] > give[k]:
                out[count] = GIVE_BASE + k
                count += 1
    for i in range(sc[BUY_COUNT]):
        committed += cost[st[BUY][i]]
    for k in range(6):
        if give[k] or herd[k] - recv[k] - (fees if k == RABBIT else 0) < 1:
            continue  # RA-R11, RA-R13
        budget = givable if recv[k] else givable - values[k] * owned[k]
        if committed + values[k] <= budget:
            out[count] = RECEIVE_BASE + k
            count += 1
    spare = givable - committed
    if spare > 0:
        pastures = tb[INTS][PASTURES]
        normal = np.empty(pastures, np.int64)
        passage = np.empty(pastures, np.int64)
        buy = tb[INTS][A_BUY]
        for i in range(purchasable(st, tb, seat, normal, passage)):
            if cost[normal[i]] <= spare:
                out[count] = buy + normal[i]
                count += 1
        for p in range(pastures):
            if passage[p] != UNREACHED and cost[p] + passage[p] <= spare:
                out[count] = buy + p
                count += 1
    return count


@njit(cache=True)
def legal_links(st: Any, tb: Any, seat: int, out: Any, count: int) -> int:
    """``RanchoTrading._legal_links`` (``routes.first_links``) appended to ``out`` from
    ``count``, as LINK pasture numbers: the pastures that may be the next link of the open
    route (9.3), ascending; the new count."""
    sc = st[SC]
    links, neighbours = st[LINKS], tb[NEIGHBOURS]
    cells = st[OWNER].size
    candidates = np.zeros(cells, np.bool_)
    if sc[LINK_COUNT] == 0:
        candidates = neighbourhood(tb, reach(st, seat))
    else:
        previous = links[sc[LINK_COUNT] - 1]
        for i in range(6):
            if neighbours[previous, i] >= 0:
                candidates[neighbours[previous, i]] = True
    target = sc[ROUTE_TARGET]
    ends = np.zeros(cells, np.bool_)
    for i in range(6):
        n = neighbours[target, i]
        if n >= 0 and is_link(st, tb, seat, n):
            ends[n] = True
    to_target = chain_costs(st, tb, seat, ends)
    remaining = sc[ROUTE_MIN] - sc[ROUTE_FEE]
    for c in range(cells):
        if not candidates[c] or not is_link(st, tb, seat, c) or to_target[c] != remaining:
            continue
        used = False
        for i in range(sc[LINK_COUNT]):
            used = used or links[i] == c
        if not used:
            out[count] = c
            count += 1
    return count


@njit(cache=True)
def buy(st: Any, tb: Any, seat: int, pasture: int) -> None:
    """``RanchoTrading._buy``: a normal purchase joins the transaction; a passage purchase
    (RA-R21) fixes the target and opens a route."""
    sc = st[SC]
    sc[TX_OPEN] = 1
    pastures = tb[INTS][PASTURES]
    normal = np.empty(pastures, np.int64)
    passage = np.empty(pastures, np.int64)
    for i in range(purchasable(st, tb, seat, normal, passage)):
        if normal[i] == pasture:
            st[BUY][sc[BUY_COUNT]] = pasture
            sc[BUY_COUNT] += 1
            return
    sc[ROUTE_TARGET] = pasture
    sc[ROUTE_MIN] = passage[pasture]
    sc[ROUTE_FEE] = 0
    sc[LINK_COUNT] = 0


@njit(cache=True)
def link(st: Any, tb: Any, pasture: int) -> None:
    """``RanchoTrading._link``: the route's next link; a route reaching its fee closes, its
    links' owners owed their numbers and its target bought."""
    sc = st[SC]
    links, cost = st[LINKS], tb[COST]
    links[sc[LINK_COUNT]] = pasture
    sc[LINK_COUNT] += 1
    sc[ROUTE_FEE] += cost[pasture]
    if sc[ROUTE_FEE] == sc[ROUTE_MIN]:
        fees = st[FEES]
        for i in range(sc[LINK_COUNT]):
            p = links[i]
            fees[sc[FEE_COUNT]] = st[OWNER][p]
            fees[sc[FEE_COUNT] + 1] = cost[p]
            sc[FEE_COUNT] += 2
        st[BUY][sc[BUY_COUNT]] = sc[ROUTE_TARGET]
        sc[BUY_COUNT] += 1
        sc[ROUTE_TARGET] = NO_ROUTE
        sc[LINK_COUNT] = 0
        sc[ROUTE_FEE] = 0
        sc[ROUTE_MIN] = 0


@njit(cache=True)
def clear_transaction(st: Any) -> None:
    """``RanchoTrading._clear_transaction``."""
    sc = st[SC]
    sc[TX_OPEN] = 0
    st[GIVE][:] = 0
    st[RECV][:] = 0
    sc[BUY_COUNT] = 0
    sc[FEE_COUNT] = 0
    sc[ROUTE_TARGET] = NO_ROUTE
    sc[LINK_COUNT] = 0
    sc[ROUTE_FEE] = 0
    sc[ROUTE_MIN] = 0


@njit(cache=True)
def settle(st: Any, tb: Any, seat: int) -> None:
    """``RanchoTrading._settle`` (RA-R15): what is given to the herd, what is taken to the
    pool, the fees to their owners, the discs on the pastures bought."""
    sc = st[SC]
    give, recv, herd = st[GIVE], st[RECV], st[HERD]
    for k in range(6):
        for _ in range(give[k]):
            remove_one(st, tb, seat, k, True)
    for k in range(6):
        got = recv[k]
        if got:
            herd[k] -= got
            if k >= SMALL_DOG:
                st[DOGS][seat, k - SMALL_DOG] += got
            else:
                st[POOL][seat, k] += got
    for i in range(sc[BUY_COUNT]):
        cell = st[BUY][i]
        st[OWNER][cell] = seat
        st[TERR][seat, cell] = True
        st[NPAST][seat] += 1
    fees = st[FEES]
    for i in range(0, sc[FEE_COUNT], 2):
        herd[RABBIT] -= fees[i + 1]
        place_fee_rabbits(st, tb, fees[i], fees[i + 1])
    clear_transaction(st)


@njit(cache=True)
def place_fee_rabbits(st: Any, tb: Any, owner: int, count: int) -> None:
    """``RanchoTrading._place_fee_rabbits`` (RA-R23): on the owner's rabbit stacks by (hit
    faces, index), then on empty spaces (farm cells, then pastures by falling number, ties to
    the lowest index); what does not fit goes back to the herd."""
    per = tb[INTS][PER_SPACE]
    cost, cell_hit = tb[COST], tb[CELL_HIT]
    kind, amount, member = st[KIND], st[AMOUNT], st[TERR][owner]
    cells = member.size
    keys = np.empty(cells, np.int64)
    order = np.empty(cells, np.int64)
    n = 0
    for cell in range(cells):
        if member[cell] and kind[cell] == RABBIT:
            keys[n], order[n] = cell_hit[cell] * cells + cell, cell
            n += 1
    for cell in range(cells):
        if member[cell] and kind[cell] == EMPTY:
            rank = 0 if cost[cell] == 0 else 1 + 1000 - cost[cell]
            keys[n], order[n] = (1 << 40) + rank * cells + cell, cell
            n += 1
    sorted_order = order[:n][np.argsort(keys[:n])]
    for cell in sorted_order:
        if count == 0:
            break
        room = per - (amount[cell] if kind[cell] == RABBIT else 0)
        put = min(room, count)
        if put:
            kind[cell] = RABBIT
            amount[cell] += put
            st[PLACED][owner, RABBIT] += put
            count -= put
    st[HERD][RABBIT] += count
