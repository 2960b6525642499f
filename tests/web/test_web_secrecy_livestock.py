"""Livestock Uprising secrecy in the web app (LU-R2, LU-R3): no HTTP route and no socket message
shows a seat another seat's Command cards or Battle Plans card while they are hidden.

A 2-player match is played through HTTP and WebSockets by both seats while a spectator watches;
every payload each viewer receives is kept with the log length at which it arrived. Afterwards
the record replays the game, which tells which card each seat held hidden at every step, and
every payload is searched for the id and the name of every card hidden from its viewer then.
Espionage (CC18, which shows a hand to the spy by design, LU-R5) is not played here.
"""

from __future__ import annotations

import json
from typing import Any

from test_web_secrecy import COVERED_ROUTES, api_routes

from farmstead.core.record import GameRecord
from farmstead.games.livestock_uprising.game import LivestockUprisingGame

GAME = "livestock_uprising"


def get_all(client: Any, match_id: str, headers: dict[str, str], index: int) -> list[str]:
    """Every GET route that carries match state, as one viewer (the data route lists the whole
    card catalogue by design and carries no state)."""
    texts = []
    for path in (
        "/api/matches?status=all",
        f"/api/matches/{match_id}",
        f"/api/matches/{match_id}?since=0",
        f"/api/matches/{match_id}/events?since=0",
        f"/api/matches/{match_id}/replay?step={index}",
        f"/api/matches/{match_id}/record",
    ):
        response = client.get(path, headers=headers)
        texts.append(response.text)
    return texts


def test_no_payload_shows_another_seats_hidden_cards_LU_R2(make_client: Any) -> None:
    client = make_client()
    assert api_routes(client) == COVERED_ROUTES, "cover every API route in the secrecy tests"
    created = client.post(
        "/api/matches",
        json={
            "game": GAME,
            "params": {"factions": "CH,CO", "first_player": "0", "stalemate_round_limit": 3},
            "seats": [{"kind": "human", "claim": "invite"}, {"kind": "human", "claim": "invite"}],
        },
    )
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    client.cookies.clear()
    headers: dict[Any, dict[str, str]] = {
        0: {"X-Seat-Token": tokens[0]},
        1: {"X-Seat-Token": tokens[1]},
        None: {},
    }
    seen: dict[Any, list[tuple[int, str]]] = {0: [], 1: [], None: []}
    sockets = {
        v: client.websocket_connect(f"/api/matches/{match_id}/ws", headers=headers[v]).__enter__()
        for v in (0, 1, None)
    }

    def drain(until: int) -> None:
        for viewer, ws in sockets.items():
            while getattr(ws, "last_index", -1) < until:
                message = ws.receive_json()
                seen[viewer].append((message.get("index", until), json.dumps(message)))
                if message.get("type") == "view":
                    ws.last_index = message["index"]

    try:
        view = client.get(f"/api/matches/{match_id}").json()
        drain(view["index"])
        steps = 0
        while view["match"]["status"] == "live":
            index = view["index"]
            if steps % 4 == 0:
                for viewer in (0, 1, None):
                    for text in get_all(client, match_id, headers[viewer], index):
                        seen[viewer].append((index, text))
            actor = view["match"]["to_move"]
            mine = client.get(f"/api/matches/{match_id}", headers=headers[actor]).json()
            seen[actor].append((index, json.dumps(mine)))
            options = [a for a in mine["legal"] if a["json"] != {"type": "PLAY", "card": "CC18"}]
            action = options[(index * 7) % len(options)]["id"]
            if steps % 3 == 0:
                sockets[actor].send_json({"type": "action", "action": action, "expect": index})
            else:
                answer = client.post(
                    f"/api/matches/{match_id}/actions",
                    json={"action": action, "expect": index},
                    headers=headers[actor],
                )
                assert answer.status_code == 200, answer.text
                seen[actor].append((answer.json()["index"], answer.text))
            view = client.get(f"/api/matches/{match_id}").json()
            drain(view["index"])
            steps += 1
            assert steps < 3000
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)

    record = GameRecord.from_json(client.get(f"/api/matches/{match_id}/record").json())
    game = record.load_game()
    assert isinstance(game, LivestockUprisingGame)
    catalog = game.config.catalog
    names = {card.id: card.name for card in catalog.cards}
    # The hidden cards of each seat after each log length.
    hidden: list[list[set[str]]] = []
    state = game.new_initial_state()
    for action in [*record.actions, None]:
        doc = state.to_json()
        hands = [
            set(h) | ({p} if p else set()) for h, p in zip(doc["hands"], doc["plans"], strict=True)
        ]
        hidden.append(hands)
        if action is not None:
            state.apply_action(action)
    end = len(record.actions)
    played = {c for c in state.to_json()["played"]}
    checked = 0
    for viewer, payloads in seen.items():
        for at, text in payloads:
            if at >= end:
                continue  # a finished match's record is public
            for seat in (0, 1):
                if seat == viewer:
                    continue
                for card in hidden[at][seat]:
                    checked += 1
                    assert f'"{card}"' not in text, f"seat {seat}'s {card} reached {viewer}"
                    assert names[card] not in text or card in played, (
                        f"seat {seat}'s {names[card]} reached viewer {viewer} at {at}"
                    )
    assert checked > 500
    # Each seat did see its own hand (the search would pass vacuously otherwise).
    own = hidden[min(end, 20)][0]
    assert own and all(any(f'"{c}"' in text for _, text in seen[0]) for c in own)
