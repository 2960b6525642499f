"""The JSON the server sends: game descriptions, lobby rows, seat views, events, replays.

Secrecy lives here and in ``LiveMatch.view_parts``: a client gets ``observation(seat)`` for a
seat its tokens prove (``observation(None)`` otherwise), legal actions only for that seat and
only when it must act, and the words of past actions only where the viewer may know them:

* in a game with perfect information, every action and chance outcome is public;
* otherwise, while the game runs, a viewer reads the words of its own seats' actions only;
  other seats' actions and chance outcomes appear as "moved" / "a chance event" without ids;
* once the game is over, the record (every action, the seed) is public, and so are the words.

Nothing here ever includes the seed, a generator, a token hash or a future chance outcome.
"""

from __future__ import annotations

from typing import Any

from farmstead.core.data import DataItem
from farmstead.core.game import ParamSpec
from farmstead.core.record import winners
from farmstead.core.registry import GameRegistration, registration
from farmstead.lab.durations import durations_json
from farmstead.web.hints import hints_allowed
from farmstead.web.matches import BOT, LiveMatch, LogEntry, MatchOptions, Seat
from farmstead.web.rules_page import help_words
from farmstead.web.storage import MatchRow
from farmstead.web.turnlog import turn_json

EVENTS_PER_VIEW = 200


def param_help(spec: ParamSpec) -> str:
    """The help text the form shows: the description without rule or section codes, each
    quoted choice value ('coin_toss') given as its words ("Coin toss")."""
    text = help_words(spec.description)
    for choice, label in zip(spec.choices or (), spec.choice_words() or (), strict=True):
        text = text.replace(f"'{choice}'", f"“{label}”")
    return text


def param_json(spec: ParamSpec, suggested: Any = None) -> dict[str, Any]:
    """A game parameter for the match-creation form; ``lobby_default`` is the value the lobby
    proposes (the game's registration may propose another than the game's default);
    ``choice_labels`` names each of ``choices`` in words (the form shows them, never the
    values); ``help`` is the description for people (no rule or section codes)."""
    return {
        "name": spec.name,
        "label": spec.label_or_name,
        "type": spec.type.__name__,
        "default": spec.default,
        "lobby_default": spec.default if suggested is None else suggested,
        "description": spec.description,
        "help": param_help(spec),
        "choices": list(spec.choices) if spec.choices is not None else None,
        "choice_labels": spec.choice_words(),
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


def game_json(record: GameRegistration, board: str | None, board_css: str | None) -> dict[str, Any]:
    """A game in the lobby: rules summary, player range, params and its board's URLs, its
    presets (``Preset.to_json``) and how long it lasts per preset and player count, measured
    by ``farmstead durations`` (``lab.durations.durations_json``: ``words`` such as "about 25
    minutes (median 13 rounds, usually 10–17)" and the figures; ``[]`` when not measured)."""
    gtype = record.game.type
    return {
        "name": gtype.name,
        "long_name": gtype.long_name,
        "description": gtype.description,
        "rules_summary": record.rules_summary,
        "min_players": gtype.min_players,
        "max_players": gtype.max_players,
        "has_chance": gtype.has_chance,
        "perfect_information": gtype.perfect_information,
        "params": [param_json(p, record.lobby_params.get(p.name)) for p in gtype.params],
        "presets": [preset.to_json() for preset in record.presets],
        "durations": durations_json(record),
        "proposed_note": gtype.proposed_note,
        "has_data": bool(gtype.data_files),
        "board": board,
        "board_css": board_css,
    }


def data_item_json(item: DataItem, record: GameRegistration | None = None) -> dict[str, Any]:
    """One value of a game's data files with its provenance, and the words the game's board
    shows with it (``record.item_words``, e.g. a card's timing) under ``words`` when it has
    some."""
    words = record.item_words(item) if record is not None and record.item_words else None
    return {
        "file": item.file,
        "name": item.name,
        "provenance": item.provenance.lower(),
        "source": item.source,
        "note": item.note,
        "value": item.value,
        "field_provenance": {k: v.lower() for k, v in item.field_provenance.items()},
        **({"words": words} if words else {}),
    }


def seat_json(seat: Seat) -> dict[str, Any]:
    """A seat as everyone may see it (never its token)."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "name": seat.name,
        "agent": seat.agent if seat.kind == BOT else None,
        "level": seat.level if seat.kind == BOT else None,
        "open": seat.is_open,
    }


def _result(returns: list[float] | None) -> dict[str, Any]:
    if returns is None:
        return {"returns": None, "winners": None}
    return {"returns": list(returns), "winners": winners(list(returns))}


def ended_words(ended: dict[str, Any] | None, names: list[str]) -> str | None:
    """How a match ended early, in words ("Ann resigned", "abandoned"); None otherwise."""
    if not ended:
        return None
    if ended.get("reason") == "resigned":
        seat = ended.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "a player"
        return f"{who} resigned"
    return "abandoned"


def match_summary(match: LiveMatch) -> dict[str, Any]:
    """A live or cached match as everyone may see it."""
    last = match.log[-1].at if match.log else match.created_at
    human = next((e.at for e in reversed(match.log) if _is_human(match.seats, e.seat)), None)
    return {
        "id": match.id,
        "game": match.game.type.name,
        "long_name": match.game.type.long_name,
        "players": match.game.num_players,
        "params": dict(match.game.non_default_params),
        "seats": [seat_json(s) for s in match.seats],
        "labels": seat_labels(match),
        "status": "finished" if match.finished else "live",
        "moves": match.version,
        "turns": len(match.turns.spans),
        "to_move": match.to_move(),
        "created_at": match.created_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "last_action_at": last.isoformat(),
        "last_human_at": (human or match.created_at).isoformat(),
        "ended": match.ended,
        "ended_words": ended_words(match.ended, [s.name for s in match.seats]),
        "options": match.options.to_json(),
        **_result(match.returns),
    }


def seat_labels(match: LiveMatch) -> list[str]:
    """How the match's pages name each seat: the game's ``seat_labels`` (e.g. Farms Race's
    "Bot 3 (Sheep)"), else the seats' names. The browser's ``seatLabel`` uses them."""
    names = [s.name for s in match.seats]
    labels = registration(match.game.type.name).seat_labels
    if labels is None:
        return names
    return labels(match.game, names)


def _is_human(seats: list[Seat], seat: int) -> bool:
    return 0 <= seat < len(seats) and seats[seat].kind != BOT


def row_summary(row: MatchRow, long_name: str) -> dict[str, Any]:
    """A stored match for the lobby when it is not in memory."""
    seats = [Seat(s.seat, s.kind, s.name, s.agent, s.token_hash) for s in row.seats]
    return {
        "id": row.id,
        "game": row.game,
        "long_name": long_name,
        "players": row.players,
        "params": dict(row.params),
        "seats": [seat_json(s) for s in seats],
        "status": "finished" if row.finished_at else "live",
        "moves": row.action_count,
        "turns": None,
        "to_move": None,
        "created_at": row.created_at.isoformat(),
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
        "last_action_at": (row.last_action_at or row.created_at).isoformat(),
        "last_human_at": (row.last_human_at or row.created_at).isoformat(),
        "ended": row.ended,
        "ended_words": ended_words(row.ended, [s.name for s in seats]),
        "options": MatchOptions.from_json(row.options).to_json(),
        **_result(row.returns),
    }


def result_json(match: LiveMatch) -> dict[str, Any] | None:
    """A finished match's result in the game's own terms (its ``score_sheet``, seats by their
    names): scores, a sentence on who won and how, and the breakdown; None while the game runs
    or when the game gives no score sheet. Public: the record is public once the game is over."""
    if not match.finished:
        return None
    names = [s.name for s in match.seats]
    if match.ended is not None:  # ended early: no game score, the reason in words
        returns = match.returns or [0.0] * len(names)
        best = winners(list(returns))
        how = ended_words(match.ended, names) or "ended"
        if best:
            who = " and ".join(names[s] for s in best)
            summary = f"{how[:1].upper()}{how[1:]}: {who} {'win' if len(best) > 1 else 'wins'}."
        else:
            summary = f"The match was {how}: no result."
        scores = [
            "resigned" if match.ended.get("seat") == s else ("won" if s in best else "—")
            for s in range(len(names))
        ]
        return {"scores": scores, "summary": summary, "rows": []}
    sheet = registration(match.game.type.name).score_sheet
    if sheet is None:
        return None
    return sheet(match.state, names).to_json()


def perspective(match: LiveMatch, held: frozenset[int], preferred: int | None) -> int | None:
    """The seat whose eyes a viewer uses: the held seat that must act, else the preferred
    held seat, else the lowest held seat; None (a spectator) when the viewer holds none."""
    to_move = match.to_move()
    if to_move is not None and to_move in held:
        return to_move
    if preferred is not None and preferred in held:
        return preferred
    return min(held) if held else None


def event_json(match: LiveMatch, entry: LogEntry, held: frozenset[int]) -> dict[str, Any]:
    """One log entry in words, as the viewer may see it (``State.action_to_string_for``).

    The action id is sent only when the viewer may know it: the game has no hidden
    information, the match is over, or the viewer's own seat acted.
    """
    public = match.game.type.perfect_information or match.finished
    own = entry.seat >= 0 and entry.seat in held
    if public or not entry.seen:
        return {
            "index": entry.index,
            "seat": entry.seat,
            "action": entry.action,
            "text": entry.label,
            "turn": entry.turn,
        }
    viewer = entry.seat if own else (min(held) if held else -1)
    return {
        "index": entry.index,
        "seat": entry.seat,
        "action": entry.action if own else None,
        "text": entry.seen[viewer],
        "turn": entry.turn,
    }


def events_json(
    match: LiveMatch, held: frozenset[int], start: int, limit: int = EVENTS_PER_VIEW
) -> list[dict[str, Any]]:
    """Log entries ``start`` … (at most ``limit``, never past what the viewer may see now:
    ``LiveMatch.horizon``), redacted for the viewer."""
    start = max(0, start)
    end = min(start + limit, match.horizon(held))
    return [event_json(match, e, held) for e in match.log[start:end]]


def turns_json(
    match: LiveMatch, held: frozenset[int], start: int, end: int
) -> list[dict[str, Any]]:
    """The turns with a log entry in ``start`` … ``end - 1``, each with the summary the viewer
    may read (``core.turns``); public once the game is over."""
    public = match.finished
    end = min(end, match.horizon(held))
    return [turn_json(match, span, held, public, end) for span in match.turns.touching(start, end)]


def seat_view(
    match: LiveMatch, held: frozenset[int], preferred: int | None, since: int | None
) -> dict[str, Any]:
    """Everything one viewer sees now: the board, its legal actions and new log entries.

    ``since`` is the log length the viewer already has (None: send the latest entries).
    """
    seat = perspective(match, held, preferred)
    horizon = match.horizon(held)
    observation, legal = match.view_parts(seat, horizon)
    version = match.version
    start = horizon - 30 if since is None else since
    start = max(0, min(start, horizon), horizon - EVENTS_PER_VIEW)
    return {
        "type": "view",
        "match": match_summary(match),
        "index": version,
        "undos": match.undos,
        "you": {
            "seats": sorted(held),
            "seat": seat,
            "to_act": seat is not None and seat == match.to_move(),
            "undo": match.undoable() if seat is not None and seat == match.to_move() else 0,
            "hints": hints_allowed(match, held) and not match.finished,
        },
        "observation": observation,
        "legal": legal,
        "events_from": start,
        "events": events_json(match, held, start),
        "turns": turns_json(match, held, start, version),
        "result": result_json(match),
    }


def replay_view(match: LiveMatch, step: int, seat: int | None) -> dict[str, Any]:
    """A finished match after its first ``step`` actions, as ``seat`` (None: spectator)."""
    state = match.state_at(step)
    everyone = frozenset(range(match.game.num_players))
    player = int(state.current_player())
    return {
        "type": "replay",
        "match": match_summary(match),
        "step": step,
        "total": match.version,
        "seat": seat,
        "to_move": player if player >= 0 else None,
        "observation": state.observation(seat),
        "last": event_json(match, match.log[step - 1], everyone) if step > 0 else None,
        "next": event_json(match, match.log[step], everyone) if step < match.version else None,
    }
