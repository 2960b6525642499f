"""Fuzz: Hypothesis sends every route (API, pages, static files, the socket) odd and hostile
input — wrong JSON types, unknown and tricky game params for every game and param type,
stray tokens, foreign origins, broken bodies. No answer may be a 5xx, and a refused request
changes nothing in the database (odd params were once 500s: see test_web_hardening.py).

Bounded and seeded (``derandomize``): CI runs exactly the same examples every time.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocketDisconnect
from webtools import create_toy, human_seats, snapshot

from farmstead.core.registry import game_names, game_type

FUZZ = settings(
    max_examples=400,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

TRICKY = [
    "²", "١", "𝟙", " 1", "1e3", "NaN", "", "\x00", "random", "0", "1", "-1", "true", "choose",
    "CH,CO", "standard", "x" * 3000, "../../etc/passwd", "<script>", "1,1,1,2,2,4", "FC01",
]  # fmt: skip
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 10),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(TRICKY),
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
deep = st.integers(13, 400).map(lambda n: "[" * n + "]" * n)
names = st.text(max_size=30) | st.sampled_from(["rancho", "fences", "toy_secret", "x" * 300])


def game_params(gtype: Any) -> st.SearchStrategy[dict[str, Any]]:
    """Params for ``gtype``: its own (of every type) with odd values, and names it lacks."""
    key = st.sampled_from([p.name for p in gtype.params] + ["players", "name", "self"])
    return st.dictionaries(key | st.text(max_size=8), scalars, min_size=1, max_size=3)


def seat(valid: bool = False) -> st.SearchStrategy[dict[str, Any]]:
    if valid:
        return st.sampled_from(
            [{"kind": "human", "claim": c} for c in ("me", "invite", "open")]
            + [{"kind": "bot", "level": level} for level in ("easy", "medium", "hard")]
            + [{"kind": "bot", "agent": "random"}]
        )
    levels = ["easy", "medium", "hard", "expert", "random", "heuristic", "mcts:iterations=9999999"]
    return st.fixed_dictionaries(
        {"kind": st.sampled_from(["human", "bot", "alien"])},
        optional={
            "level": st.sampled_from(levels) | st.text(max_size=300),
            "agent": st.sampled_from(levels) | st.integers(),
            "claim": st.sampled_from(["me", "invite", "open", "x"]),
            "name": st.text(max_size=250) | st.integers(),
        },
    )


def new_match() -> st.SearchStrategy[Any]:
    """Mostly well-formed requests for every game (so the params reach the game), with odd
    params, player counts and seats; sometimes anything at all."""

    def for_game(name: str) -> st.SearchStrategy[dict[str, Any]]:
        gtype = game_type(name)
        count = st.integers(gtype.min_players, gtype.max_players)
        seats = count.flatmap(lambda n: st.lists(seat(True), min_size=n, max_size=n))
        params = game_params(gtype)
        return st.fixed_dictionaries(
            {"game": st.just(name), "seats": seats, "params": params | params | st.just({})},
            optional={"players": st.integers(-1, 7) | scalars},
        )

    anything = st.fixed_dictionaries(
        {"game": names | st.sampled_from(sorted(game_names())), "seats": st.lists(seat())},
        optional={"players": scalars, "params": json_values, "extra": scalars},
    )
    games = st.sampled_from(sorted(game_names())).flatmap(for_game)
    return st.one_of(games, games, games, games, anything, json_values)


def action(legal_json: list[Any]) -> st.SearchStrategy[Any]:
    structured = st.fixed_dictionaries(
        {},
        optional={
            "action": st.integers(-2, 60) | st.integers() | scalars,
            "action_json": st.sampled_from(legal_json) | json_values,
            "expect": st.integers(-1, 20) | scalars,
            "seat": st.integers(-1, 4) | scalars,
            "idempotency_key": st.text(max_size=120) | scalars,
            "type": st.sampled_from(["action", "watch"]),
            "extra": scalars,
        },
    )
    return structured | json_values


def query(*keys: str) -> st.SearchStrategy[str]:
    values = st.integers(-5, 50) | st.integers() | st.text(max_size=10) | st.sampled_from(TRICKY)
    return st.dictionaries(st.sampled_from(keys) | st.text(max_size=5), values, max_size=3).map(
        lambda q: "?" + urlencode(q) if q else ""
    )


def body(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[bytes]:
    """JSON of ``strategy``, or bytes that are not JSON, or JSON nested far too deep."""
    as_json = strategy.map(lambda v: json.dumps(v).encode())
    return st.one_of(
        as_json, as_json, as_json, as_json, st.binary(max_size=40), deep.map(str.encode)
    )


def test_fuzz_every_route_no_5xx_and_refusals_change_nothing(
    toy_game: type, make_client: Any
) -> None:
    client = make_client(bot_delay=1000.0, bot_step_delay=1000.0)  # bots stay put
    live = create_toy(client, human_seats(2), rounds=8)
    invited = create_toy(client, [{"kind": "human"}, {"kind": "human", "claim": "invite"}])
    fences = client.post("/api/matches", json={"game": "fences", "seats": human_seats(2)}).json()
    done = create_toy(client, human_seats(2), rounds=1)
    view = client.get(f"/api/matches/{done['id']}").json()
    while view["match"]["status"] == "live":
        view = client.post(f"/api/matches/{done['id']}/actions", json={"action": 0}).json()
    client.cookies.clear()
    tokens = [s.get("token", "") for m in (live, invited, fences, done) for s in m["seats"]]
    ids = [live["id"], invited["id"], fences["id"], done["id"]]
    legal_json: list[Any] = [
        {"type": "keep"},
        {"type": "discard"},
        {"type": "DRAW", "tile": "F01"},
        {"type": "SELECT", "slot": 0},
    ]
    match_id = st.sampled_from(ids) | st.text(max_size=40)
    seat_no = st.integers(-2, 4) | st.integers()
    paths: dict[tuple[str, str], st.SearchStrategy[tuple[str, st.SearchStrategy[bytes]]]] = {}

    def route(method: str, template: str, path: Any, payload: Any = None) -> None:
        paths[(method, template)] = st.tuples(
            path, st.just(body(payload) if payload is not None else st.just(b""))
        )

    q = query
    route("GET", "/api/games", q("x").map(lambda s: "/api/games" + s))
    route("GET", "/api/games/{name}", names.map(lambda n: f"/api/games/{quote(n, safe='')}"))
    route(
        "GET", "/api/games/{name}/data", names.map(lambda n: f"/api/games/{quote(n, safe='')}/data")
    )
    route("GET", "/api/bots", q("game").map(lambda s: "/api/bots" + s))
    route("GET", "/api/health", st.just("/api/health"))
    route("GET", "/api/matches", q("status", "limit", "ids").map(lambda s: "/api/matches" + s))
    route("POST", "/api/matches", st.just("/api/matches"), new_match())
    m = match_id.map(lambda i: quote(i, safe=""))
    route(
        "GET",
        "/api/matches/{match_id}",
        st.tuples(m, q("seat", "since")).map(lambda t: f"/api/matches/{t[0]}{t[1]}"),
    )
    route(
        "POST",
        "/api/matches/{match_id}/actions",
        m.map(lambda i: f"/api/matches/{i}/actions"),
        action(legal_json),
    )
    route(
        "GET",
        "/api/matches/{match_id}/events",
        st.tuples(m, q("since", "limit")).map(lambda t: f"/api/matches/{t[0]}/events{t[1]}"),
    )
    for what, payload in (
        ("claim", st.fixed_dictionaries({}, optional={"name": scalars}) | json_values),
        ("join", st.fixed_dictionaries({"token": st.sampled_from(tokens) | scalars}) | json_values),
    ):
        route(
            "POST",
            f"/api/matches/{{match_id}}/seats/{{seat}}/{what}",
            st.tuples(m, seat_no, st.just(what)).map(
                lambda t: f"/api/matches/{t[0]}/seats/{t[1]}/{t[2]}"
            ),
            payload,
        )
    route(
        "GET",
        "/api/games/{name}/rules",
        names.map(lambda n: f"/api/games/{quote(n, safe='')}/rules"),
    )
    route("GET", "/api/matches/{match_id}/turns", m.map(lambda i: f"/api/matches/{i}/turns"))
    undo_body = st.fixed_dictionaries(
        {},
        optional={
            "steps": st.integers(-1, 600) | scalars,
            "expect": st.integers(-1, 20) | scalars,
            "seat": st.integers(-1, 4) | scalars,
            "type": st.sampled_from(["undo", "action"]),
            "extra": scalars,
        },
    )
    route(
        "POST", "/api/matches/{match_id}/undo", m.map(lambda i: f"/api/matches/{i}/undo"), undo_body
    )
    route(
        "POST",
        "/api/matches/{match_id}/seats/{seat}/resign",
        st.tuples(m, seat_no).map(lambda t: f"/api/matches/{t[0]}/seats/{t[1]}/resign"),
        st.just({}) | json_values,
    )
    hint_body = st.fixed_dictionaries(
        {},
        optional={
            "expect": st.integers(-1, 20) | scalars,
            "seat": st.integers(-1, 4) | scalars,
            "extra": scalars,
        },
    )
    route(
        "POST", "/api/matches/{match_id}/hint", m.map(lambda i: f"/api/matches/{i}/hint"), hint_body
    )
    route(
        "POST",
        "/api/matches/{match_id}/abandon",
        m.map(lambda i: f"/api/matches/{i}/abandon"),
        st.just({}) | json_values,
    )
    route(
        "GET",
        "/api/matches/{match_id}/replay",
        st.tuples(m, q("step", "seat")).map(lambda t: f"/api/matches/{t[0]}/replay{t[1]}"),
    )
    route("GET", "/api/matches/{match_id}/record", m.map(lambda i: f"/api/matches/{i}/record"))
    route("GET", "/static/boards/{file}", names.map(lambda n: f"/static/boards/{quote(n)}"))
    route("GET", "/docs", st.just("/docs"))
    route("GET", "/openapi.json", st.just("/openapi.json"))
    for page in ("/", "/new", "/games/{name}", "/match/{match_id}", "/replay/{match_id}"):
        filled = page.replace("{name}", "{0}").replace("{match_id}", "{0}")
        route("GET", page, st.tuples(st.just(filled), m).map(lambda t: t[0].format(t[1])))
    route(
        "GET",
        "/match/{match_id}/join/{seat}",
        st.tuples(m, seat_no).map(lambda t: f"/match/{t[0]}/join/{t[1]}"),
    )
    route("GET", "/static", st.text(max_size=20).map(lambda t: "/static/" + quote(t)))
    route(
        "GET", "/static/swagger", st.text(max_size=20).map(lambda t: "/static/swagger/" + quote(t))
    )
    route("POST", "/nowhere", st.text(max_size=20).map(lambda t: "/api/" + quote(t)), json_values)

    # Every route of the app is fuzzed (a new route must be added above).
    found = {("WS", r.path) for r in client.app.routes if isinstance(r, WebSocketRoute)}
    for r in client.app.routes:
        if isinstance(r, Route):
            found |= {(method, r.path) for method in (r.methods or ()) if method != "HEAD"}
        elif isinstance(r, Mount):
            found.add(("GET", r.path))
    assert found - {("WS", "/api/matches/{match_id}/ws")} <= set(paths), found - set(paths)

    headers = st.fixed_dictionaries(
        {},
        optional={
            "X-Seat-Token": st.sampled_from(tokens)
            | st.just(",".join(tokens))
            | st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=40),
            "Origin": st.sampled_from(["http://testserver", "http://127.0.0.1:9999", "null"]),
            "Idempotency-Key": st.text(st.characters(min_codepoint=33, max_codepoint=126)),
            "Content-Type": st.sampled_from(["application/json", "text/plain"]),
        },
    )
    weighted = (
        sorted(paths)
        + [("POST", "/api/matches")] * 6
        + [("POST", "/api/matches/{match_id}/actions")] * 4
    )
    requests = st.sampled_from(weighted).flatmap(
        lambda key: st.tuples(st.just(key[0]), paths[key], headers)
    )
    statuses: dict[int, int] = {}

    @FUZZ
    @given(request=requests, data=st.data())
    def run(request: tuple[str, tuple[str, Any], dict[str, str]], data: st.DataObject) -> None:
        method, (path, payload), extra = request
        content = data.draw(payload) if method == "POST" else None
        before = snapshot(client)
        answer = client.request(
            method, path, content=content, headers={"Content-Type": "application/json", **extra}
        )
        statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
        assert answer.status_code < 500, (method, path, content, extra, answer.text)
        assert "Traceback" not in answer.text
        assert answer.headers.get("x-content-type-options") == "nosniff"
        if answer.status_code >= 400 or method == "GET":
            assert snapshot(client) == before, (method, path, content, answer.status_code)

    run()
    assert sum(statuses.values()) == FUZZ.max_examples
    assert {200, 201, 403, 404, 422} <= set(statuses), statuses  # the fuzz reached deep


def test_fuzz_socket_frames_get_an_answer_or_a_reasoned_close(client: TestClient) -> None:
    created = create_toy(client, human_seats(2), rounds=8)
    match_id = created["id"]
    token = {"X-Seat-Token": ",".join(s["token"] for s in created["seats"])}
    client.cookies.clear()
    frames = (
        json_values.map(lambda v: ("text", json.dumps(v)))
        | action([{"type": "keep"}]).map(lambda v: ("text", json.dumps(v)))
        | st.text(max_size=30).map(lambda t: ("text", t))
        | st.binary(max_size=20).map(lambda b: ("bytes", b))
        | deep.map(lambda t: ("text", t))
    )

    @settings(FUZZ, max_examples=80)
    @given(frame=frames)
    def run(frame: tuple[str, Any]) -> None:
        kind, payload = frame
        with client.websocket_connect(f"/api/matches/{match_id}/ws", headers=token) as ws:
            ws.receive_json()
            if kind == "bytes":
                ws.send_bytes(payload)
            else:
                ws.send_text(payload)
            ws.send_json({"type": "ping"})
            try:
                while ws.receive_json().get("type") != "pong":
                    pass
            except WebSocketDisconnect as closed:
                assert closed.code in (1003, 1007, 1009) and closed.reason, closed

    run()
