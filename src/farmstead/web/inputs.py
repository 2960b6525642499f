"""What clients may send, checked before anything else sees it.

Request bodies are strict pydantic models: ints must be JSON integers (``true`` and ``"1"`` are
refused), unknown fields are refused, and every string has a length limit that fits the
database, so SQLite and PostgreSQL answer alike. A match's params are checked against the game's
declared ``ParamSpec`` s (name, JSON type, allowed values) before the game is built, and a game
that still refuses them answers 422 naming the parameter, never 500.
"""

from __future__ import annotations

import logging
import math
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from farmstead.core.errors import FarmsteadError, InvalidParamError
from farmstead.core.game import Game, GameType, ParamSpec
from farmstead.core.registry import registration

log = logging.getLogger(__name__)

MAX_NAME_IN = 200  # display names are cleaned to 40 characters afterwards
MAX_TOKEN = 200
MAX_PARAM_TEXT = 2000
MAX_PARAMS = 64
MAX_SEATS = 16
MAX_JSON_DEPTH = 12
MAX_JSON_ITEMS = 2000
MAX_KEY = 100

Strict = ConfigDict(strict=True, extra="forbid")


class InputError(ValueError):
    """A request that is well-formed JSON but not acceptable (answered with 422)."""

    def __init__(self, message: str, code: str = "invalid_request") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


# --- request bodies ----------------------------------------------------------------------
class SeatIn(BaseModel):
    """One seat of a new match."""

    model_config = Strict

    kind: Literal["human", "bot"]
    name: str | None = Field(None, max_length=MAX_NAME_IN)
    level: str | None = Field(
        None, max_length=MAX_KEY, description="bot seats: a level from GET /api/bots (e.g. 'easy')"
    )
    agent: str | None = Field(
        None,
        max_length=MAX_KEY,
        description="bot seats, older form of 'level': a level name, or exactly the spec a "
        "level lists in GET /api/bots; any other agent spec is refused",
    )
    claim: Literal["me", "invite", "open"] = Field(
        "me", description="human seats: 'me' (this browser), 'invite' (a link), 'open' (lobby)"
    )


class OptionsIn(BaseModel):
    """The creator's choices for a match beyond the game's params."""

    model_config = Strict
    undo: bool | None = Field(
        None,
        description="players may take back their own decisions of the current turn (until "
        "a die or a draw); default: on when every human seat is played on this device, off "
        "when a seat is played from elsewhere",
    )
    on_resign: Literal["end", "bot"] = Field(
        "end", description="a resignation ends the game ('end') or a bot takes the seat ('bot')"
    )
    hints: bool = Field(
        False,
        description="players may ask the strongest bot for a suggested move although players "
        "on other devices take part (everyone who joins sees it); on one device (bots, "
        "hot-seat) hints are always allowed",
    )


class MatchIn(BaseModel):
    """A new match: game, player count, params and one entry per seat."""

    model_config = Strict

    game: str = Field(..., max_length=64)
    players: int | None = Field(None, ge=1, le=MAX_SEATS)
    params: dict[Annotated[str, StringConstraints(max_length=MAX_KEY)], Any] = Field(
        default_factory=dict,
        max_length=MAX_PARAMS,
        description="the game's params (GET /api/games lists each with its type and values)",
    )
    seats: list[SeatIn] = Field(..., min_length=1, max_length=MAX_SEATS)
    options: OptionsIn | None = Field(None, description="undo, resignation and hint choices")


class ActionIn(BaseModel):
    """An action for the seat to move: an id or its JSON.

    Retries: a request may be applied once only if it says so. ``expect`` (the log length of
    the view acted on) makes any action idempotent — a repeat finds the log moved on and gets
    409 ``stale`` — and ``idempotency_key`` (any id the client chooses, unique per intended
    action) makes the server answer a repeat with the current view instead of acting again.
    """

    model_config = Strict

    type: Literal["action"] | None = Field(None, description="WebSocket message type")
    action: int | None = Field(None, description="an action id from the view's 'legal' list")
    action_json: Any = Field(None, description="or the action's JSON from the 'legal' list")
    expect: int | None = Field(
        None,
        ge=0,
        description="the log length ('index') of the view acted on; a stale view "
        "gets 409 and nothing happens, so a retried request never acts twice",
    )
    seat: int | None = Field(None, ge=0, description="the acting seat when holding several")
    idempotency_key: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_KEY,
        description="a client-chosen id for this action: a retry with the same key is not "
        "applied again (the answer is the current view); also read from the Idempotency-Key "
        "header",
    )


class UndoIn(BaseModel):
    """Take back the acting seat's own last decisions of the current turn."""

    model_config = Strict
    type: Literal["undo"] | None = Field(None, description="WebSocket message type")
    steps: int = Field(1, ge=1, le=500, description="how many decisions, newest first")
    expect: int | None = Field(
        None, ge=0, description="the log length of the view acted on (a stale view gets 409)"
    )
    seat: int | None = Field(None, ge=0, description="the seat, when holding several")


class HintIn(BaseModel):
    """Ask for a suggested move for the requester's seat to move."""

    model_config = Strict
    seat: int | None = Field(
        None, ge=0, le=MAX_SEATS, description="the seat, when holding several (0-based)"
    )
    expect: int | None = Field(
        None, ge=0, description="the log length of the view asked from (a stale view gets 409)"
    )


class EmptyIn(BaseModel):
    """A request without fields (``{}``)."""

    model_config = Strict


class ClaimIn(BaseModel):
    model_config = Strict

    name: str | None = Field(None, max_length=MAX_NAME_IN)


class JoinIn(BaseModel):
    model_config = Strict

    token: str = Field(..., max_length=MAX_TOKEN)


# --- JSON shape limits -------------------------------------------------------------------
def check_json_shape(value: Any, what: str) -> None:
    """Refuse JSON nested deeper than ``MAX_JSON_DEPTH`` or with more than ``MAX_JSON_ITEMS``
    values (``InputError``); game code never sees such a document."""
    count = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > MAX_JSON_ITEMS:
            raise InputError(f"{what} is too large (more than {MAX_JSON_ITEMS} values)")
        if isinstance(item, dict | list):
            if depth > MAX_JSON_DEPTH:
                raise InputError(f"{what} is nested too deeply (more than {MAX_JSON_DEPTH})")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, str) and len(item) > MAX_PARAM_TEXT:
            raise InputError(f"{what} has a string longer than {MAX_PARAM_TEXT} characters")
        elif isinstance(item, float) and not math.isfinite(item):
            raise InputError(f"{what} has a number that is not finite")


def json_agrees(given: Any, canonical: Any) -> bool:
    """Whether ``given`` says nothing that ``canonical`` contradicts: equal scalars (of the
    same JSON type), equal-length lists that agree item by item, objects whose keys are all in
    ``canonical`` with agreeing values (keys may be left out)."""
    if isinstance(canonical, dict):
        return isinstance(given, dict) and all(
            k in canonical and json_agrees(v, canonical[k]) for k, v in given.items()
        )
    if isinstance(canonical, list | tuple):
        return (
            isinstance(given, list)
            and len(given) == len(canonical)
            and all(json_agrees(g, c) for g, c in zip(given, canonical, strict=True))
        )
    if isinstance(canonical, bool) or isinstance(given, bool):
        return given is canonical
    if isinstance(canonical, int | float) and isinstance(given, int | float):
        return given == canonical
    return type(given) is type(canonical) and given == canonical


# --- game params -------------------------------------------------------------------------
def allowed_values(spec: ParamSpec) -> str:
    """The values a param accepts, in words."""
    if spec.choices is not None:
        return "one of " + ", ".join(repr(c) for c in spec.choices)
    kind = {int: "an integer", float: "a number", bool: "true or false", str: "text"}.get(
        spec.type, spec.type.__name__
    )
    if spec.minimum is not None and spec.maximum is not None:
        return f"{kind} from {spec.minimum:g} to {spec.maximum:g}"
    if spec.minimum is not None:
        return f"{kind} >= {spec.minimum:g}"
    if spec.maximum is not None:
        return f"{kind} <= {spec.maximum:g}"
    if spec.type is str and spec.description:
        return f"{kind} ({spec.description})"
    return kind


def _param_error(gtype: GameType, spec: ParamSpec, value: Any, why: str = "") -> InputError:
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    reason = f" ({why})" if why else ""
    return InputError(
        f"parameter {spec.name!r} of {gtype.long_name}: {shown} is not accepted{reason}; "
        f"allowed: {allowed_values(spec)}",
        "invalid_param",
    )


def _strict_type(spec: ParamSpec, value: Any) -> bool:
    """Whether ``value`` has the JSON type ``spec`` declares (no strings for numbers etc.)."""
    if spec.type is bool:
        return isinstance(value, bool)
    if spec.type is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if spec.type is float:
        return (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(float(value))
        )
    if spec.type is str:
        return isinstance(value, str) and len(value) <= MAX_PARAM_TEXT
    # A type added later: any JSON scalar, converted by the spec itself.
    return isinstance(value, str | int | float | bool) and (
        not isinstance(value, str) or len(value) <= MAX_PARAM_TEXT
    )


def checked_params(gtype: GameType, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` checked against the game's declared params and converted by them."""
    declared = {spec.name: spec for spec in gtype.params}
    values: dict[str, Any] = {}
    for name, value in params.items():
        spec = declared.get(name)
        if spec is None:
            shown = name if len(name) <= 40 else name[:37] + "..."
            valid = ", ".join(sorted(declared)) or "none"
            raise InputError(
                f"unknown parameter {shown!r} for {gtype.long_name}; its parameters: {valid}",
                "invalid_param",
            )
        if not _strict_type(spec, value):
            raise _param_error(gtype, spec, value)
        try:
            values[name] = spec.coerce(value)
        except InvalidParamError:
            raise _param_error(gtype, spec, value) from None
    return values


def build_game(name: str, players: int | None, params: dict[str, Any]) -> Game:
    """The configured game, or ``InputError`` (422) naming what the game refused.

    ``UnknownGameError`` (404) passes through. The game is built from checked params; if it
    still fails — with its own ``InvalidParamError`` or anything else — the answer names the
    parameter at fault when one alone is, and nothing unexpected escapes as a 500.
    """
    record = registration(name)  # UnknownGameError for an unknown name
    gtype = record.game.type
    if players is not None and not gtype.min_players <= players <= gtype.max_players:
        raise InputError(
            f"{gtype.long_name} is for {gtype.min_players}–{gtype.max_players} players; "
            f"got {players}",
            "invalid_param",
        )
    values = checked_params(gtype, params)
    try:
        game = record.game(players, **values)
        game.new_initial_state()
        return game
    except Exception as exc:
        failure = exc
    if not isinstance(failure, FarmsteadError):
        log.warning(
            "game %s refused params %r with %s: %s", name, values, type(failure).__name__, failure
        )
    # Name the parameter the game refused, when one alone is refused.
    specs = {spec.name: spec for spec in gtype.params}
    for key, value in values.items():
        try:
            record.game(players, **{key: value}).new_initial_state()
        except Exception as exc:
            why = str(exc) if isinstance(exc, FarmsteadError) else ""
            raise _param_error(gtype, specs[key], params[key], why) from None
    if isinstance(failure, FarmsteadError):
        raise InputError(f"{gtype.long_name} cannot be set up so: {failure}", "invalid_param")
    raise InputError(
        f"{gtype.long_name} cannot be set up with these parameters together: "
        + ", ".join(sorted(values)),
        "invalid_param",
    )
