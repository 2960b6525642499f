"""``farmstead play`` (a game in the terminal) and ``farmstead replay`` (a record in words)."""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from farmstead.agents.base import Agent, AgentSpec
from farmstead.agents.registry import make_agent, validate_spec
from farmstead.cli.common import (
    GAME_KEYS,
    GameArgument,
    console,
    fail,
    input_file,
    output_file,
    parse_params,
    renderer,
    seat_names,
    status_line,
    user_errors,
    write_text,
)
from farmstead.cli.turn_log import TurnLog
from farmstead.core.game import Game, PlayerId, State
from farmstead.core.record import GameRecord, read_records, winners
from farmstead.core.registry import load_game, registration
from farmstead.core.turns import record_turns
from farmstead.lab.play import agent_rng, chance_rng

HUMAN = "human"
WHOLE_NUMBER = re.compile(r"[+-]?\d+")


def result_words(state: State, names: list[str] | None = None) -> str:
    """The end of a game in words: who won (or a draw), named as the game's pages name the
    players (``seat_names``, e.g. 'Player 1 (Sheep) wins'), then the returns."""
    returns = state.returns()
    best = winners(returns)
    if not best:
        verdict = "a draw"
    else:
        labels = names if names is not None else seat_names(state)
        who = " and ".join(labels[seat] for seat in best)
        verdict = f"{who} {'win' if len(best) > 1 else 'wins'}"
    return f"Result: {verdict} (returns {returns})"


def _help(state: State) -> str:
    """The prompt help: the number of an action, then every word the prompt takes, the
    game's own (e.g. Rancho's 'ids') among them."""
    words = [("board", "redraws the board")]
    extra = registration(state.game.type.name).terminal_commands
    words += [(word, command.help) for word, command in sorted(extra.items())]
    words += [("help", "shows this"), ("quit", "stops")]
    listed = "; ".join(f"'{word}' {meaning}" for word, meaning in words)
    return f"Type the number of an action; {listed}."


def _ask(state: State, seat: int, name: str) -> int | None:
    """Prompt a human seat (called ``name``) until it names a legal action; None when the
    player quits."""
    legal = state.legal_actions()
    line = status_line(state, seat)
    if line:
        console.print(line)
    menu = registration(state.game.type.name).terminal_menu
    if menu is not None:  # the game lists its choices itself, e.g. grouped by kind
        console.print(menu(state, seat, legal))
    else:
        for number, action in enumerate(legal, start=1):
            console.print(f"  [bold]{number:>3}[/]  {escape(state.action_to_string(action))}")
    while True:
        try:
            answer = console.input(f"[bold]{escape(name)}[/] — your choice: ").strip()
        except EOFError:
            return None
        lowered = answer.lower()
        if lowered in {"q", "quit", "exit"}:
            return None
        if lowered in {"?", "help"}:
            console.print(_help(state))
            continue
        if lowered == "board":
            console.print(renderer(state.game)(state, seat))
            continue
        command = registration(state.game.type.name).terminal_commands.get(lowered)
        if command is not None:
            console.print(command.show(state, seat))
            continue
        if not WHOLE_NUMBER.fullmatch(answer):
            console.print(f"[red]'{escape(answer)}' is not a number.[/] {_help(state)}")
            continue
        index = int(answer)
        if not 1 <= index <= len(legal):
            console.print(
                f"[red]{index} is out of range: choose a number from 1 to {len(legal)}.[/]"
            )
            continue
        return legal[index - 1]


def _levels_help() -> str:
    """The bot levels each game offers, games with the same levels together, e.g.
    'fences: easy, medium, hard, expert; rancho: easy, medium, hard'."""
    try:
        from farmstead.web.bots import game_levels

        by_levels: dict[str, list[str]] = {}
        for name in GAME_KEYS.split(", ") if GAME_KEYS else []:
            by_levels.setdefault(", ".join(game_levels(name)), []).append(name)
    except Exception:  # noqa: BLE001 - help text only; `play` reports a broken game itself
        return "the game's levels (farmstead agents GAME lists them)"
    return "; ".join(f"{', '.join(games)}: {levels}" for levels, games in by_levels.items())


PLAYERS_HELP = (
    "one per seat: human, an agent spec, or bot:LEVEL, the levels of the game ("
    + _levels_help()
    + ")"
)


def play_command(
    game: GameArgument,
    players: Annotated[str, typer.Option(help=PLAYERS_HELP)] = "human,random",
    seed: Annotated[
        int | None, typer.Option(help="seed for dice, draws and bots (default: random)")
    ] = None,
    param: Annotated[
        list[str] | None, typer.Option(help="game parameter KEY=VALUE (repeatable)")
    ] = None,
    record: Annotated[Path | None, typer.Option(help="write the game record (JSON) here")] = None,
) -> None:
    """Play a game in the terminal against bots or in hot-seat."""
    record = output_file(record, "--record")  # checked before anything is played
    with user_errors():
        players = _resolve_levels(game, players)
        specs = [str(spec) for spec in AgentSpec.parse_list(players)]
    with user_errors():
        configured = load_game(game, players=len(specs), **parse_params(param))
        for spec in specs:
            if spec != HUMAN:
                validate_spec(spec)
    if seed is None:
        seed = secrets.randbelow(2**31)
    draw = renderer(configured)
    bots: dict[int, Agent] = {
        seat: make_agent(spec, agent_rng(seed, seat))
        for seat, spec in enumerate(specs)
        if spec != HUMAN
    }
    chance = chance_rng(seed)
    state = configured.new_initial_state()
    gtype = configured.type
    console.print(f"[bold]{gtype.long_name}[/] — seed {seed}. {_help(state)}")
    if gtype.proposed_note:
        console.print(f"[yellow]Note:[/] {gtype.proposed_note}")
    humans = [seat for seat, spec in enumerate(specs) if spec == HUMAN]
    # What others do is shown as the lone human seat may see it (hot-seat: as a spectator),
    # one line per turn (core.turns), and the steps of a human's own turn that they did not
    # choose (dice, draws) as they happen.
    viewer = humans[0] if len(humans) == 1 else None
    names = seat_names(state)
    turns = TurnLog(state, names, viewer)
    actions: list[int] = []
    last_human_view = -1
    last_board = ""
    interrupted = False
    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == PlayerId.CHANCE:
                action = chance.sample_outcome(state.chance_outcomes())
            elif player in bots:
                action = bots[player].step(state)
            else:
                _show_turns(turns, player)
                board = draw(state, player)
                # Drawn after others acted, and after a decision of one's own that changed it.
                if last_human_view != len(actions) or board != last_board:
                    console.print(board)
                    last_board = board
                chosen = _ask(state, player, names[player])
                if chosen is None:
                    console.print("Game stopped.")
                    break
                action = chosen
                last_human_view = len(actions) + 1
            turns.step(state, action)
            state.apply_action(action)
            actions.append(action)
            if not humans:
                _show_turns(turns, None, steps=False)
    except KeyboardInterrupt:  # Ctrl-C: stop as 'quit' does, the record written all the same
        interrupted = True
        console.print("\nGame interrupted.")
    if not interrupted:
        turns.finish(state)
        _show_turns(turns, viewer, steps=False)
    if state.is_terminal():
        console.print(draw(state, None))
        console.print(result_words(state, names))
    _write_record(record, configured, seed, specs, actions)
    if interrupted:
        raise typer.Exit(130)


def _write_record(
    record: Path | None, configured: Game, seed: int, specs: list[str], actions: list[int]
) -> None:
    """Write the game so far (``actions`` from the start, replayed) to ``record``."""
    if record is None:
        return
    gtype = configured.type
    state = configured.new_initial_state()
    for action in actions:
        state.apply_action(action)
    doc = GameRecord(
        gtype.name,
        configured.num_players,
        configured.non_default_params,
        seed,
        specs,
        actions,
        state.returns() if state.is_terminal() else None,
    )
    write_text(record, json.dumps(doc.to_json(), indent=1))
    console.print(f"Record written to {record}")


def _show_turns(turns: TurnLog, seat: int | None, steps: bool = True) -> None:
    """Print the turns finished since the last call, then (with ``steps``) the steps of the
    turn in progress that ``seat``'s player did not choose (a roll, a draw)."""
    for line in turns.finished_turns():
        console.print(f"[dim]{escape(line)}[/]")
    if not steps:
        return
    for step in turns.unseen_steps(seat):
        who = "🎲" if step.seat < 0 else f"{turns.names[step.seat]}:"
        console.print(f"  [magenta]{escape(who)}[/] {escape(step.words)}")


def _resolve_levels(game: str, players: str) -> str:
    """``players`` with every ``bot:LEVEL`` item replaced by the spec of that level for
    ``game`` (its own level table, else the server's defaults); an unknown level raises
    ``InvalidParamError`` naming the levels."""
    from farmstead.core.errors import InvalidParamError
    from farmstead.web.bots import game_levels

    table = game_levels(game)
    items = []
    for item in players.split(","):
        name, sep, level = item.strip().partition(":")
        if name == "bot" and sep:
            spec = table.get(level.strip().lower())
            if spec is None:
                valid = ", ".join(table)
                raise InvalidParamError(f"unknown bot level {level!r}; valid levels: {valid}")
            items.append(spec)
        else:
            items.append(item)
    return ",".join(items)


def replay_command(
    file: Annotated[Path, typer.Argument(help="a record (JSON) or a JSONL file of records")],
    index: Annotated[int, typer.Option(help="which record of a JSONL file (0-based)")] = 0,
    board: Annotated[bool, typer.Option(help="draw the final board")] = True,
    steps: Annotated[bool, typer.Option(help="list every step under its turn")] = False,
) -> None:
    """Print a recorded game turn by turn in words (with --steps, every step too)."""
    input_file(file, "record file")
    with user_errors():
        text = file.read_text(encoding="utf-8").strip()
        if text.startswith("{") and "\n{" in text:
            records = list(read_records(file))
            if not 0 <= index < len(records):
                raise fail(f"{file} holds {len(records)} records; --index {index} is out of range")
            rec = records[index]
        else:
            rec = GameRecord.loads(text)
        game = rec.load_game()
        console.print(
            f"[bold]{game.type.long_name}[/], {rec.players} players, seed {rec.seed}, "
            f"agents {', '.join(rec.agents) or 'unknown'}"
        )
        final = rec.replay()
        names = _record_names(rec, final)
        for turn in record_turns(game, rec.actions, names):
            summary = registration(game.type.name).summarise_turn(turn)
            console.print(f"[bold]Turn {turn.number + 1:>4}[/]  {escape(summary)}")
            if steps:
                for step in turn.steps:
                    who = "chance" if step.seat < 0 else names[step.seat]
                    console.print(f"  {step.index:>6}  [dim]{escape(who)}:[/] {escape(step.words)}")
    assert final is not None
    if board:
        console.print(renderer(game)(final, None))
    if rec.returns is not None and final.is_terminal() and final.returns() != rec.returns:
        raise fail(f"replayed returns {final.returns()} differ from the record's {rec.returns}")
    if final.is_terminal():
        console.print(result_words(final, names))
    elif rec.returns is not None:  # ended early (a resignation, abandoned)
        ended = rec.meta.get("ended") or {}
        how = str(ended.get("reason", "ended early")) if isinstance(ended, dict) else "ended"
        console.print(f"Result: {how} before the end (returns {rec.returns})")
    else:
        console.print("Result: unfinished")


def _record_names(rec: GameRecord, state: State) -> list[str]:
    """The seats' names: those a web match recorded (as the game's ``seat_labels`` show
    them, e.g. 'Ann (Sheep)'), else as ``seat_names`` calls them ('Player 1 (orange)' …)."""
    seats = rec.meta.get("seats")
    labels = seat_names(state)
    if not (isinstance(seats, list) and len(seats) == rec.players):
        return labels
    recorded = [str(s.get("name")) if isinstance(s, dict) and s.get("name") else "" for s in seats]
    game_labels = registration(state.game.type.name).seat_labels
    if game_labels is not None:
        base = [name or f"Player {i + 1}" for i, name in enumerate(recorded)]
        return list(game_labels(state.game, base))
    return [name or labels[i] for i, name in enumerate(recorded)]


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)
    app.command("replay")(replay_command)
