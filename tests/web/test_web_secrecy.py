"""Secrecy: no HTTP route and no socket message carries another seat's hidden data, the seed or a
future chance outcome (docs/architecture.md, habits: "Hidden information never leaks";
docs/rules/rancho.md section 8).

The toy game deals secret cards with distinctive names ("Card#07"). A game is played through HTTP and
WebSockets while every payload each viewer receives is kept with the log length at which it was
received; afterwards the full record tells which cards were whose and when they were dealt.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from starlette.routing import Route, WebSocketRoute
from web_toy_games import SecretDraftState, card_name
from webtools import app_of, create_toy

from farmstead.core.record import GameRecord

# Every API route, and how the test below exercises it. A new route must be added here.
COVERED_ROUTES = {
    ("GET", "/api/games"),
    ("GET", "/api/games/{name}"),
    ("GET", "/api/games/{name}/data"),
    ("GET", "/api/bots"),
    ("GET", "/api/health"),
    ("GET", "/api/matches"),
    ("POST", "/api/matches"),
    ("GET", "/api/matches/{match_id}"),
    ("POST", "/api/matches/{match_id}/actions"),
    ("GET", "/api/matches/{match_id}/events"),
    ("POST", "/api/matches/{match_id}/seats/{seat}/claim"),
    ("POST", "/api/matches/{match_id}/seats/{seat}/join"),
    ("GET", "/api/matches/{match_id}/replay"),
    ("GET", "/api/matches/{match_id}/record"),
    ("GET", "/api/matches/{match_id}/turns"),
    ("GET", "/api/games/{name}/rules"),
    ("POST", "/api/matches/{match_id}/undo"),
    ("POST", "/api/matches/{match_id}/seats/{seat}/resign"),
    ("POST", "/api/matches/{match_id}/abandon"),
    ("POST", "/api/matches/{match_id}/hint"),
    ("WS", "/api/matches/{match_id}/ws"),
}


def api_routes(client: TestClient) -> set[tuple[str, str]]:
    found = set()
    for route in app_of(client).routes:
        if isinstance(route, WebSocketRoute):
            found.add(("WS", route.path))
        elif isinstance(route, Route) and route.path.startswith("/api"):
            for method in route.methods or ():
                if method != "HEAD":
                    found.add((method, route.path))
    return found


class Recorder:
    """Payloads seen by each viewer, tagged with the log length when they arrived."""

    def __init__(self) -> None:
        self.seen: dict[Any, list[tuple[int, str]]] = {0: [], 1: [], None: []}

    def add(self, viewer: Any, index: int, payload: Any) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload)
        self.seen[viewer].append((index, text))


def get_all(
    client: TestClient, rec: Recorder, match_id: str, viewer: Any, headers: dict, index: int
) -> None:
    """Every GET route, as ``viewer``."""
    for path in (
        "/api/games",
        "/api/games/toy_secret",
        "/api/games/rancho/data",
        "/api/games/toy_secret/rules",
        "/api/games/fences/rules",
        "/api/bots",
        "/api/health",
        "/api/matches?status=all",
        "/api/matches?status=live",
        "/api/matches?status=open",
        f"/api/matches/{match_id}",
        f"/api/matches/{match_id}?since=0",
        f"/api/matches/{match_id}/events?since=0",
        f"/api/matches/{match_id}/replay?step={index}",
        f"/api/matches/{match_id}/replay?step=0&seat=1",
        f"/api/matches/{match_id}/record",
        f"/api/matches/{match_id}/turns",
        f"/api/matches?ids={match_id}",
    ):
        response = client.get(path, headers=headers)
        rec.add(viewer, index, response.text)
        rec.add(viewer, index, json.dumps(dict(response.headers)))


def drain(ws: Any, rec: Recorder, viewer: Any, until: int) -> None:
    """Receive socket messages until one shows log length ``until`` (if not seen yet)."""
    while getattr(ws, "last_index", -1) < until:
        message = ws.receive_json()
        rec.add(viewer, message.get("index", until), message)
        if message.get("type") == "view":
            ws.last_index = message["index"]


def test_no_payload_leaks_hidden_cards_seed_or_future_outcomes(client: TestClient) -> None:
    assert api_routes(client) == COVERED_ROUTES, "cover every API route in this test"
    rec = Recorder()
    created = create_toy(
        client,
        [{"kind": "human", "claim": "invite"}, {"kind": "human", "claim": "invite"}],
        rounds=3,
        options={"undo": True, "hints": True},
    )
    creator_answer = json.dumps(created)
    match_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    client.cookies.clear()
    headers: dict[Any, dict[str, str]] = {
        0: {"X-Seat-Token": tokens[0]},
        1: {"X-Seat-Token": tokens[1]},
        None: {},
    }
    # redeeming an invite link answers the seat only
    joined = client.post(f"/api/matches/{match_id}/seats/0/join", json={"token": tokens[0]})
    assert joined.status_code == 200
    rec.add(0, 0, joined.text)
    rec.add(0, 0, joined.headers.get("set-cookie", ""))
    # The joiner's token is new; the invite's stops working (the creator still has it).
    tokens.append(tokens[0])
    tokens[0] = joined.json()["token"]
    headers[0] = {"X-Seat-Token": tokens[0]}
    client.cookies.clear()
    claim = client.post(f"/api/matches/{match_id}/seats/1/claim", json={})
    rec.add(None, 0, claim.text)  # refused: the seat is taken

    sockets = {
        v: client.websocket_connect(f"/api/matches/{match_id}/ws", headers=headers[v]).__enter__()
        for v in (0, 1, None)
    }
    try:
        view = client.get(f"/api/matches/{match_id}", headers=headers[0]).json()
        for v, ws in sockets.items():
            drain(ws, rec, v, view["index"])
        while view["match"]["status"] == "live":
            index = view["index"]
            for v in (0, 1, None):
                get_all(client, rec, match_id, v, headers[v], index)
            actor = view["match"]["to_move"]
            mine = client.get(f"/api/matches/{match_id}", headers=headers[actor]).json()
            if index % 2 == 0:  # a hint for the seat to move; another seat's is refused
                hint = client.post(
                    f"/api/matches/{match_id}/hint", json={"expect": index}, headers=headers[actor]
                )
                assert hint.status_code == 200, hint.text
                rec.add(actor, index, hint.text)
                refused_hint = client.post(
                    f"/api/matches/{match_id}/hint",
                    json={"seat": actor},
                    headers=headers[1 - actor],
                )
                assert refused_hint.status_code == 403, refused_hint.text
                rec.add(1 - actor, index, refused_hint.text)
            action = mine["legal"][index % 2]["id"]
            if index % 3 == 0:  # alternate HTTP and socket actions
                sockets[actor].send_json({"type": "action", "action": action, "expect": index})
                for v, ws in sockets.items():
                    drain(ws, rec, v, index + 1)
            else:
                answer = client.post(
                    f"/api/matches/{match_id}/actions",
                    json={"action": action, "expect": index},
                    headers=headers[actor],
                )
                assert answer.status_code == 200
                rec.add(actor, answer.json()["index"], answer.text)
                refused = client.post(
                    f"/api/matches/{match_id}/actions",
                    json={"action": action, "expect": index},
                    headers=headers[1 - actor],
                )
                rec.add(1 - actor, index, refused.text)
                # Taking back, resigning for the other seat and abandoning are refused here
                # (the toy's seats never have a decision of their own to take back; the
                # other seat is not theirs; another person holds a human seat).
                for path, body in (
                    ("undo", {"expect": index + 1}),
                    (f"seats/{actor}/resign", {}),
                    ("abandon", {}),
                ):
                    no = client.post(
                        f"/api/matches/{match_id}/{path}", json=body, headers=headers[1 - actor]
                    )
                    assert no.status_code in (403, 409), (path, no.text)
                    rec.add(1 - actor, index + 1, no.text)
            view = client.get(f"/api/matches/{match_id}", headers=headers[0]).json()
            for v, ws in sockets.items():
                drain(ws, rec, v, view["index"])
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)

    record = GameRecord.from_json(client.get(f"/api/matches/{match_id}/record").json())
    end = len(record.actions)
    seed = str(record.seed)
    # Which card went to which seat, and when (the toy deals to seats in turn, chance only).
    dealt: list[tuple[int, int, str]] = []  # (log index, seat, card name)
    state = record.load_game().new_initial_state()
    assert isinstance(state, SecretDraftState)
    for index, action in enumerate(record.actions):
        if state.is_chance_node():
            seat = sum(len(h) for h in state.hands) % 2
            dealt.append((index, seat, card_name(action)))
        state.apply_action(action)
    assert len(dealt) == 6
    assert not any(card in creator_answer for _, _, card in dealt)

    checked = 0
    for viewer, payloads in rec.seen.items():
        for at, text in payloads:
            if at >= end:
                continue  # the game is over: the record is public
            checked += 1
            assert seed not in text, f"the seed reached viewer {viewer}"
            for index, seat, card in dealt:
                if index >= at:
                    assert card not in text, f"future card {card} reached viewer {viewer}"
                elif seat != viewer:
                    assert card not in text, f"seat {seat}'s card {card} reached viewer {viewer}"
            assert "token_hash" not in text
            for seat, token in enumerate(tokens):
                if seat % 2 != viewer:  # tokens[2] is seat 0's spent invite
                    assert token not in text, f"seat {seat}'s token reached viewer {viewer}"
    assert checked > 300
    # Each seat did see its own cards (the test would pass vacuously otherwise).
    own = [card for _, seat, card in dealt if seat == 0]
    assert all(any(card in text for _, text in rec.seen[0]) for card in own)


def test_seed_never_reaches_rancho_clients_RA_section8(make_client: Any) -> None:
    """RA spec section 8: the generator's state (the seed) and future rolls stay hidden."""
    client = make_client()
    created = client.post(
        "/api/matches",
        json={"game": "rancho", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]},
    ).json()
    match_id = created["id"]
    seed = str(app_of(client).state.manager.get(match_id).seed)
    texts = [json.dumps(created)]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        for _ in range(40):
            view = ws.receive_json()
            texts.append(json.dumps(view))
            if view["match"]["status"] == "finished":
                break
            if view["you"]["to_act"]:
                legal = {a["json"]["type"]: a["id"] for a in view["legal"]}
                pick = legal.get("ROLL", legal.get("END_TURN", view["legal"][0]["id"]))
                ws.send_json({"type": "action", "action": pick, "expect": view["index"]})
        for path in ("", "/events?since=0", "/replay?step=0", "/record"):
            texts.append(client.get(f"/api/matches/{match_id}{path}").text)
        if app_of(client).state.manager.get(match_id).finished:
            texts.pop()  # a finished match's record holds its seed by design
    texts.append(client.get("/api/matches").text)
    assert len(texts) > 10
    assert all(seed not in t for t in texts)


def test_event_log_names_a_dealt_card_only_to_its_receiver(client: TestClient) -> None:
    """docs/architecture.md, habits ("Hidden information never leaks"): the words of a deal name
    the card for the receiving seat only (State.action_to_string_for); the other seat and
    spectators read "deal a card", and only the receiver gets the outcome's id."""
    created = create_toy(client, [{"kind": "human"}, {"kind": "human"}])
    match_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    client.cookies.clear()

    def deals(token: str | None) -> list[dict[str, Any]]:
        headers = {"X-Seat-Token": token} if token else {}
        answer = client.get(f"/api/matches/{match_id}/events?since=0", headers=headers)
        assert answer.status_code == 200, answer.text
        return [e for e in answer.json()["events"] if e["text"].startswith("deal")]

    spectator = deals(None)
    assert spectator and all(e["text"].startswith("deal a card") for e in spectator)
    assert all(e["action"] is None for e in spectator)
    for seat, token in enumerate(tokens):
        mine = [e for e in deals(token) if e["text"].endswith(f"to player {seat + 1}")]
        assert mine and all("Card#" in e["text"] for e in mine)
        others = [e for e in deals(token) if not e["text"].endswith(f"to player {seat + 1}")]
        assert others and all("Card#" not in e["text"] for e in others)
