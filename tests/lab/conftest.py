"""The lab tests share the agent tests' toy games (tests/agents/toygames.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "agents"))
