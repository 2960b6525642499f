"""Fences: a tile-laying game of fences, fields, barns and farmer cards (rules/fences.md).

Modules: ``geometry`` (ports, segments, rotation), ``catalog`` (the data files, validated),
``config`` (parameters and per-game tables), ``actions`` (the int action encoding), ``scoring``
(field values, barn shares, farmer conditions), ``rules`` (the Game and State), ``position``
(JSON positions), ``render`` (text board) and ``heuristics`` (bot evaluation).
"""
