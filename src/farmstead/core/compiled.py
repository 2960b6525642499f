"""Helpers of the games' compiled rules (Numba; the ``rl`` extra): the counter-based random
stream of ``core.batched.RandomStreams`` drawn inside compiled code, and the entry point of a
compiled function without Numba's type dispatch.

Imported only by compiled rules, which the learning environments load on demand: nothing else
of farmstead needs Numba.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from farmstead.core.batched import stream_keys

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_SCALE = 2.0**-53


@njit(cache=True, inline="always")
def draw(key: Any, n: Any) -> float:
    """Draw ``n`` of a stream keyed ``key`` (``core.batched.RandomStreams``): SplitMix64 of
    ``key + (n + 1) * golden``, scaled to [0, 1)."""
    z = key + (n + np.uint64(1)) * _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    z = z ^ (z >> np.uint64(31))
    return float(z >> np.uint64(11)) * _SCALE


def stream_key(seed: int) -> np.uint64:
    """The key of the stream a game reset with ``seed`` draws from (as
    ``RandomStreams.seed``)."""
    return np.uint64(stream_keys([seed])[0])


def entry_point(function: Any, *args: Any) -> Any:
    """``function`` compiled for ``args`` (called once with them), as its compiled entry
    point: the same code without Numba's type dispatch, for calls whose argument types never
    change (a holder object and ints)."""
    function(*args)
    return function.overloads[function.signatures[0]].entry_point
