"""Super Farmer Rancho: dice, breeding, pastures and predators (rules spec: rules/rancho.md).

Modules: ``layout`` (phases, piece kinds, die symbols, sentinels), the helpers ``board`` (board
tables), ``routes`` (passage chains) and ``placement`` (space and the safest arrangement),
``catalog`` (the data files, validated), ``actions`` (the int action encoding), ``config``
(parameters and per-game tables), ``rules`` (``RanchoRules``), ``position`` (JSON positions and
observations), ``words`` (actions in words and JSON), ``game`` (``RanchoState``, ``RanchoGame``),
``render`` (text board), ``heuristics`` (bot evaluation) and ``registration``.
"""
