"""Farms Race in the web app: every route works for it, and no payload shows a seat what only
another seat may see (FR-16).

A 4-player match of four people (an invite link, an open seat, two seats on the creator's
device) is played through HTTP and WebSockets to its end while a spectator watches; every
payload each viewer receives is kept with the log length at which it arrived. The record then
replays the game and tells, for every log length, which Mutations were dealt to whom and which
Spy cards each seat drew; no payload may carry another seat's hand, Spy cards or dealt
Mutations, or name them in words.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_web_secrecy import COVERED_ROUTES, api_routes

from farmstead.core.record import GameRecord
from farmstead.games.farms_race.game import FarmsRaceGame
from farmstead.games.farms_race.layout import (
    AGENT_DRAW,
    DEAL_MUTATION,
    MUTATION_IDS,
    SPY_DRAW,
    SPY_IDS,
    STEAL_DRAW,
)
from farmstead.web import matches

GAME = "farms_race"
MATCH_SEED = 1
SECRET_KEYS = ("hand", "spies", "spies_fresh", "dealt_mutations")
RESOURCES = ("wheat", "wood", "brick", "weapons", "plutonium")


def choose(view: dict[str, Any], step: int) -> int:
    """A varied but short-lived policy: pass most trade slots, try every other decision."""
    legal = view["legal"]
    by_type: dict[str, list[int]] = {}
    for a in legal:
        by_type.setdefault(a["json"]["type"], []).append(a["id"])
    phase = view["observation"]["phase"]
    if phase == "trade_slot" and step % 5:
        return by_type["PASS"][0]
    if phase == "trade_propose" and "SUBMIT" in by_type:
        return by_type["SUBMIT"][0]
    if phase in ("actions", "resources") and step % 4 == 0 and "END_PHASE" in by_type:
        return by_type["END_PHASE"][0]
    for kind in ("BUY_SPY", "PLAY_SPY", "BUY_NUKE", "LAUNCH", "BARN"):
        if kind in by_type and step % 3 == 0:
            return by_type[kind][0]
    return legal[(step * 7) % len(legal)]["id"]


def observations(doc: Any) -> list[dict[str, Any]]:
    """Every observation a payload carries (a view, a socket message)."""
    found = []
    if isinstance(doc, dict):
        if isinstance(doc.get("observation"), dict):
            found.append(doc["observation"])
        for value in doc.values():
            if isinstance(value, dict | list):
                found.extend(observations(value))
    elif isinstance(doc, list):
        for value in doc:
            found.extend(observations(value))
    return found


def test_every_farms_race_route_works_and_hides_each_seats_secrets_FR_16(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed match seed: the policy below then buys and plays Spy cards in every run.
    monkeypatch.setattr(matches.secrets, "randbits", lambda bits: MATCH_SEED)
    client = make_client()
    assert api_routes(client) == COVERED_ROUTES, "cover every API route in the secrecy tests"
    # The game, its data, rules page and browser board.
    assert GAME in [g["name"] for g in client.get("/api/games").json()["games"]]
    game = client.get(f"/api/games/{GAME}").json()
    assert game["board"] and game["board_css"], "Farms Race has its own board"
    board = client.get(game["board"])
    assert board.status_code == 200 and "javascript" in board.headers["content-type"]
    assert "export function render" in board.text and "export async function setup" in board.text
    css = client.get(game["board_css"])
    assert css.status_code == 200 and "css" in css.headers["content-type"]
    data = client.get(f"/api/games/{GAME}/data").json()
    assert {i["file"] for i in data["items"]} >= {"maps.toml", "spies.toml", "mutations.toml"}
    assert client.get(f"/api/games/{GAME}/rules").status_code == 200
    assert client.get("/api/bots").status_code == 200

    created = client.post(
        "/api/matches",
        json={
            "game": GAME,
            "params": {"first_player": "0", "target_vp": 5, "max_rounds": 5},
            "seats": [
                {"kind": "human", "claim": "invite", "name": "Ann"},
                {"kind": "human", "claim": "open", "name": "Ben"},
                {"kind": "human", "claim": "me", "name": "Cat"},
                {"kind": "human", "claim": "me", "name": "Dan"},
            ],
            "options": {"undo": True},
        },
    )
    assert created.status_code == 201, created.text
    match_id = created.json()["id"]
    seats = created.json()["seats"]
    client.cookies.clear()
    joined = client.post(f"/api/matches/{match_id}/seats/0/join", json={"token": seats[0]["token"]})
    assert joined.status_code == 200, joined.text
    client.cookies.clear()
    claimed = client.post(f"/api/matches/{match_id}/seats/1/claim", json={"name": "Ben"})
    assert claimed.status_code == 200, claimed.text
    client.cookies.clear()
    tokens = [joined.json()["token"], claimed.json()["token"], seats[2]["token"], seats[3]["token"]]
    headers: dict[Any, dict[str, str]] = {s: {"X-Seat-Token": t} for s, t in enumerate(tokens)}
    headers[None] = {}
    seen: dict[Any, list[tuple[int, str]]] = {v: [] for v in headers}
    sockets = {
        v: client.websocket_connect(f"/api/matches/{match_id}/ws", headers=headers[v]).__enter__()
        for v in headers
    }

    def drain(until: int) -> None:
        for viewer, ws in sockets.items():
            while getattr(ws, "last_index", -1) < until:
                message = ws.receive_json()
                seen[viewer].append((message.get("index", until), json.dumps(message)))
                if message.get("type") == "view":
                    ws.last_index = message["index"]

    undone = False
    try:
        view = client.get(f"/api/matches/{match_id}").json()
        drain(view["index"])
        step = 0
        while view["match"]["status"] == "live":
            index = view["index"]
            if step % 10 == 0:
                for viewer in headers:
                    for path in ("", "?since=0", "/events?since=0"):
                        text = client.get(f"/api/matches/{match_id}{path}", headers=headers[viewer])
                        assert text.status_code == 200, text.text
                        seen[viewer].append((index, text.text))
            actor = view["match"]["to_move"]
            mine = client.get(f"/api/matches/{match_id}", headers=headers[actor]).json()
            seen[actor].append((index, json.dumps(mine)))
            other = (actor + 1) % 4
            refused = client.post(
                f"/api/matches/{match_id}/actions",
                json={"action": mine["legal"][0]["id"], "expect": index, "seat": actor},
                headers=headers[other],
            )
            assert refused.status_code == 403, refused.text
            action = choose(mine, step)
            if step % 3 == 0:
                sockets[actor].send_json({"type": "action", "action": action, "expect": index})
            else:
                answer = client.post(
                    f"/api/matches/{match_id}/actions",
                    json={"action": action, "expect": index},
                    headers=headers[actor],
                )
                assert answer.status_code == 200, answer.text
                seen[actor].append((answer.json()["index"], answer.text))
            drain(index + 1)
            if not undone and mine["observation"]["phase"] == "move_select":
                back = client.post(
                    f"/api/matches/{match_id}/undo", json={"steps": 1}, headers=headers[actor]
                )
                assert back.status_code == 200, back.text
                undone = True
            view = client.get(f"/api/matches/{match_id}").json()
            drain(view["index"])
            step += 1
            assert step < 4000, "the game did not end"
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    assert undone, "no decision was taken back"

    # A finished match: the record, the replay and its turns.
    record_answer = client.get(f"/api/matches/{match_id}/record")
    assert record_answer.status_code == 200
    record = GameRecord.from_json(record_answer.json())
    turns = client.get(f"/api/matches/{match_id}/turns")
    assert turns.status_code == 200 and turns.json()["turns"]
    for step_no in (0, len(record.actions) // 2, len(record.actions)):
        replayed = client.get(f"/api/matches/{match_id}/replay?step={step_no}&seat=0")
        assert replayed.status_code == 200 and replayed.json()["observation"]["map"]
    # Resign and abandon, on a second match.
    second = client.post(
        "/api/matches",
        json={"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]},
    ).json()
    resigned = client.post(f"/api/matches/{second['id']}/seats/0/resign", json={})
    assert resigned.status_code == 200 and resigned.json()["match"]["status"] == "finished"
    third = client.post(
        "/api/matches",
        json={"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]},
    ).json()
    abandoned = client.post(f"/api/matches/{third['id']}/abandon", json={})
    assert abandoned.status_code == 200 and abandoned.json()["match"]["status"] == "finished"

    # What each seat was dealt and drew, and when (chance outcomes of the record).
    game_obj = record.load_game()
    assert isinstance(game_obj, FarmsRaceGame)
    cat = game_obj.config.catalog
    species = [name.capitalize() for name in cat.species]
    # (log index, the seats who may know it, words naming it)
    events: list[tuple[int, frozenset[int], str]] = []
    state = game_obj.new_initial_state()
    for index, action in enumerate(record.actions):
        if state.is_chance_node():
            phase = state.phase
            if phase == DEAL_MUTATION:
                seat = state.deal_left[0]
                name = cat.mutations[action].name
                assert cat.mutations[action].id == MUTATION_IDS[action]
                events.append((index, frozenset({seat}), f"{species[seat]} are dealt {name}"))
            elif phase == SPY_DRAW:
                seat = state.active
                assert cat.spies[action].id == SPY_IDS[action]
                words = f"{species[seat]} draw {cat.spies[action].name}"
                events.append((index, frozenset({seat}), words))
            elif phase in (STEAL_DRAW, AGENT_DRAW):
                thief = state.active
                victim = state.steal_victim if phase == STEAL_DRAW else state.agent_queue[0][0]
                words = f"{species[thief]} take from {species[victim]}: 1 {RESOURCES[action]}"
                events.append((index, frozenset({thief, victim}), words))
        state.apply_action(action)
    assert sum(1 for _, _, w in events if " are dealt " in w) == 8  # 2 each (FR-4 step 5)
    assert any(" draw " in w for _, _, w in events), "no Spy card was bought"
    end = len(record.actions)
    checked = 0
    for viewer, payloads in seen.items():
        for at, text in payloads:
            if at >= end:
                continue  # the game is over: everything may be shown (FR-16)
            checked += 1
            for obs in observations(json.loads(text)):
                for seat, entry in enumerate(obs["seats"]):
                    if seat != viewer and obs["phase"] != "blackmail_take":
                        leaked = [k for k in SECRET_KEYS if k in entry]
                        assert not leaked, f"seat {seat}'s {leaked} reached viewer {viewer}"
            for index, who, words in events:
                if viewer not in who and index < at:
                    assert words not in text, f"{words!r} reached viewer {viewer} at {at}"
    assert checked > 300
    # Each seat did see its own dealt Mutations (the test would pass vacuously otherwise).
    for seat in range(4):
        mine = [w for _, who, w in events if who == {seat} and " are dealt " in w]
        assert all(any(w in text for _, text in seen[seat]) for w in mine), seat
