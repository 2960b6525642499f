"""Golden playthroughs (docs/architecture.md, testing layers: rules): every file under
``tests/games/<game>/playthroughs/`` is regenerated from its header and must match byte for byte.

A deliberate change of rules, words or observations is accepted by regenerating the files
(``python -m farmstead.testing.playthrough tests/games/*/playthroughs/*.txt``) and reviewing
the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from farmstead.core.registry import game_names
from farmstead.testing.playthrough import parse_header, playthrough, regenerate

GAMES_DIR = Path(__file__).resolve().parents[1] / "games"
FILES = sorted(GAMES_DIR.glob("*/playthroughs/*.txt"))


def test_every_game_has_a_playthrough() -> None:
    assert FILES, "no playthrough files found"
    covered = {parse_header(p.read_text().splitlines()[0])["game"] for p in FILES}
    assert covered == set(game_names())


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_playthrough_unchanged(path: Path) -> None:
    expected = path.read_text(encoding="utf-8")
    actual = regenerate(path)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "recorded", "now", lineterm="", n=1
        )
        shown = "\n".join(line[:300] for line in list(diff)[:60])
        pytest.fail(f"{path.name} differs from the rules as they play now:\n{shown}")


def test_playthrough_detects_a_change() -> None:
    """The comparison can fail: a playthrough of another seed differs from the recorded one."""
    path = next(p for p in FILES if "fences" in p.name)
    spec = parse_header(path.read_text().splitlines()[0])
    other = playthrough(spec["game"], spec["players"], spec["params"], spec["seed"] + 1, 20)
    assert other.splitlines()[3:40] != path.read_text().splitlines()[3:40]
