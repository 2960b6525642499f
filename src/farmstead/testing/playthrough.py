"""Golden playthroughs: a seeded game written out decision by decision, as readable text.

A playthrough file starts with one header line naming the game, player count, params, seed and
number of steps; then, for each step, who is to move, every legal action in words (with its
probability at a chance node), the action taken, its words as each seat may see them, and each
seat's observation: in full (one line of canonical JSON) at the start and the end, and in between
the fields (three levels deep) that changed since that seat's previous observation. Play is uniformly random (from the seed),
independent of the agents package, so only a change of the rules, words or observations
changes a file. A rule change then shows up as a readable diff.

Regenerate every file after a deliberate change with::

    python -m farmstead.testing.playthrough tests/games/*/playthroughs/*.txt

and create a new one with ``--new GAME --players N --seed S --steps K [--param k=v] --out F``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from farmstead.core.errors import InvalidPositionError
from farmstead.core.game import PlayerId
from farmstead.core.registry import load_game
from farmstead.core.rng import Rng

HEADER_PREFIX = "# farmstead playthrough "
REGENERATE = "python -m farmstead.testing.playthrough"


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_MISSING = object()


def _who(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat {seat}"


def _observation_fields(obs: Any, depth: int = 3) -> dict[str, Any]:
    """An observation as a flat dict of its fields down to ``depth`` levels of objects
    (``"a.b"`` for field ``b`` of object ``a``); a non-object observation is one field."""
    if not isinstance(obs, dict):
        return {"observation": obs}
    flat: dict[str, Any] = {}
    for key, value in obs.items():
        if depth > 1 and isinstance(value, dict) and value:
            for sub, inner in _observation_fields(value, depth - 1).items():
                flat[f"{key}.{sub}"] = inner
        else:
            flat[key] = value
    return flat


def header_line(game: str, players: int, params: dict[str, Any], seed: int, steps: int) -> str:
    """The first line of a playthrough file: everything needed to regenerate it."""
    spec = {"game": game, "players": players, "params": params, "seed": seed, "steps": steps}
    return HEADER_PREFIX + _canonical(spec)


def parse_header(line: str) -> dict[str, Any]:
    """The settings of a playthrough file's first line; ``InvalidPositionError`` if malformed."""
    if not line.startswith(HEADER_PREFIX):
        raise InvalidPositionError(f"a playthrough starts with {HEADER_PREFIX!r}")
    try:
        spec = json.loads(line[len(HEADER_PREFIX) :])
    except json.JSONDecodeError as exc:
        raise InvalidPositionError(f"playthrough header is not JSON: {exc}") from None
    if not isinstance(spec, dict) or set(spec) != {"game", "players", "params", "seed", "steps"}:
        raise InvalidPositionError("playthrough header needs game, players, params, seed, steps")
    return spec


def playthrough(game_name: str, players: int, params: dict[str, Any], seed: int, steps: int) -> str:
    """The text of a seeded random playthrough of at most ``steps`` actions."""
    game = load_game(game_name, players, **params)
    rng = Rng(seed)
    state = game.new_initial_state()
    seats: list[int | None] = [None, *range(game.num_players)]
    lines = [header_line(game_name, players, params, seed, steps)]
    lines.append(f"# regenerate: {REGENERATE} <this file>")
    previous: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        previous[seat] = _observation_fields(state.observation(seat))
        lines.append(f"start obs {_who(seat)}: {_canonical(previous[seat])}")
    for step in range(steps):
        if state.is_terminal():
            break
        player = state.current_player()
        lines.append("")
        if player == PlayerId.CHANCE:
            lines.append(f"step {step}: chance")
            outcomes = state.chance_outcomes()
            for outcome, probability in outcomes:
                words = state.action_to_string(outcome)
                lines.append(f"  {outcome}: {words}  (p={probability:.6g})")
            action = rng.sample_outcome(outcomes)
        else:
            lines.append(f"step {step}: seat {player}")
            legal = state.legal_actions()
            for a in legal:
                lines.append(f"  {a}: {state.action_to_string(a)}")
            action = rng.choice(legal)
        lines.append(f"taken: {action} {_canonical(state.action_to_json(action))}")
        for seat in seats:
            lines.append(f"  words for {_who(seat)}: {state.action_to_string_for(action, seat)}")
        state.apply_action(action)
        for seat in seats:
            now = _observation_fields(state.observation(seat))
            changed = {k: v for k, v in now.items() if previous[seat].get(k, _MISSING) != v}
            gone = sorted(k for k in previous[seat] if k not in now)
            previous[seat] = now
            if changed or gone:
                text = _canonical(changed) + (f" removed {gone}" if gone else "")
                lines.append(f"  obs {_who(seat)} changed: {text}")
    lines.append("")
    if state.is_terminal():
        lines.append(f"terminal: returns {_canonical(state.returns())}")
    else:
        lines.append(f"stopped after {steps} steps (not terminal)")
    for seat in seats:
        lines.append(f"final obs {_who(seat)}: {_canonical(state.observation(seat))}")
    lines.append(f"position: {_canonical(state.to_json())}")
    return "\n".join(lines) + "\n"


def regenerate(path: Path) -> str:
    """The text the playthrough file at ``path`` should hold (from its own header)."""
    with path.open(encoding="utf-8") as handle:
        first = handle.readline().rstrip("\n")
    spec = parse_header(first)
    return playthrough(spec["game"], spec["players"], spec["params"], spec["seed"], spec["steps"])


def main(argv: list[str] | None = None) -> int:
    """Rewrite the given playthrough files, or write a new one with ``--new``."""
    parser = argparse.ArgumentParser(prog=REGENERATE, description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="playthrough files to regenerate")
    parser.add_argument("--new", metavar="GAME", help="write a new playthrough of GAME")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--out", type=Path, help="the new file (with --new)")
    args = parser.parse_args(argv)
    if args.new:
        if args.out is None:
            parser.error("--new needs --out")
        params = dict(item.split("=", 1) for item in args.param)
        text = playthrough(args.new, args.players, params, args.seed, args.steps)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    for path in args.files:
        text = regenerate(path)
        changed = path.read_text(encoding="utf-8") != text
        path.write_text(text, encoding="utf-8")
        print(f"{'updated' if changed else 'unchanged'} {path}")
    if not args.new and not args.files:
        parser.error("name playthrough files to regenerate, or --new GAME")
    return 0


if __name__ == "__main__":
    sys.exit(main())
