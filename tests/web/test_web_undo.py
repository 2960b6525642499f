"""Undo within a turn: a player takes back their own decisions of the
current turn, newest first, back to the last die or draw at most, never past the start of the
turn. The server removes the entries from the event log and replays the rest (never a saved
copy), so a restarted server rebuilds the same match. Allowed in hot-seat and bot matches, and
online only when the creator enabled it; another seat's request is refused; the other seats of
a game with hidden information never see a decision that may still be taken back.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text
from webtools import app_of

RANCHO = {"game": "rancho", "params": {"first_player": "0"}}


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/matches", json={**RANCHO, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def act(client: TestClient, match_id: str, kind: str, what: str | None = None, **h: str) -> dict:
    view = client.get(f"/api/matches/{match_id}", headers=h).json()
    action = next(
        a
        for a in view["legal"]
        if a["json"]["type"] == kind and (what is None or a["json"].get("kind") == what)
    )
    answer = client.post(
        f"/api/matches/{match_id}/actions",
        json={"action": action["id"], "expect": view["index"]},
        headers=h,
    )
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def logged(client: TestClient, match_id: str) -> int:
    with app_of(client).state.storage.engine.connect() as conn:
        query = text("SELECT count(*) FROM fs_actions WHERE match_id = :m")
        return int(conn.execute(query, {"m": match_id}).scalar_one())


def test_undo_takes_back_own_decisions_but_not_the_roll(make_client: Any) -> None:
    """Hot-seat against a bot: two decisions of the turn can be taken back one by one (the log
    in the database shrinks with them); the dice, once rolled, stay rolled."""
    client = make_client(bot_delay=1000.0)  # the bot waits: the turn stays ours
    created = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}])
    match_id = created["id"]
    start = client.get(f"/api/matches/{match_id}").json()
    assert start["you"]["undo"] == 0 and start["match"]["options"]["undo"] is True
    act(client, match_id, "GIVE", "sheep")
    view = act(client, match_id, "RECEIVE", "rabbit")
    assert view["you"]["undo"] == 2 and logged(client, match_id) == start["index"] + 2
    view = client.post(f"/api/matches/{match_id}/undo", json={"expect": view["index"]}).json()
    assert view["index"] == start["index"] + 1 and view["you"]["undo"] == 1
    assert view["undos"] == start["undos"] + 1  # clients order views by (undos, index)
    assert view["observation"]["transaction"]["give"]["sheep"] == 1
    assert logged(client, match_id) == start["index"] + 1
    view = client.post(f"/api/matches/{match_id}/undo", json={"steps": 1}).json()
    assert view["index"] == start["index"] and view["observation"] == start["observation"]
    refused = client.post(f"/api/matches/{match_id}/undo", json={})
    assert refused.status_code == 409 and "turn just began" in refused.json()["message"]
    # Roll: the dice come from the server; nothing before them can be taken back now.
    view = act(client, match_id, "ROLL")
    assert view["index"] > start["index"] + 1 and view["you"]["undo"] == 0
    refused = client.post(f"/api/matches/{match_id}/undo", json={})
    assert refused.status_code == 409 and logged(client, match_id) == view["index"]


def test_undo_refuses_too_many_steps_a_stale_view_and_another_seat(make_client: Any) -> None:
    client = make_client()
    created = create(
        client,
        [{"kind": "human"}, {"kind": "human", "claim": "invite"}],
        options={"undo": True},
    )
    match_id = created["id"]
    ann = {"X-Seat-Token": created["seats"][0]["token"]}
    bo = {"X-Seat-Token": created["seats"][1]["token"]}
    client.cookies.clear()
    view = act(client, match_id, "GIVE", "sheep", **ann)
    too_many = client.post(f"/api/matches/{match_id}/undo", json={"steps": 2}, headers=ann)
    assert too_many.status_code == 409 and "only your last 1 decision" in too_many.text
    stale = client.post(f"/api/matches/{match_id}/undo", json={"expect": 0}, headers=ann)
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    theirs = client.post(f"/api/matches/{match_id}/undo", json={}, headers=bo)
    assert theirs.status_code == 403
    as_seat = client.post(f"/api/matches/{match_id}/undo", json={"seat": 0}, headers=bo)
    assert as_seat.status_code == 403
    nobody = client.post(f"/api/matches/{match_id}/undo", json={})
    assert nobody.status_code == 403
    for bad in ({"steps": 0}, {"steps": "1"}, {"steps": True}, {"extra": 1}, {"expect": -1}):
        answer = client.post(f"/api/matches/{match_id}/undo", json=bad, headers=ann)
        assert answer.status_code == 422, (bad, answer.text)
    assert client.get(f"/api/matches/{match_id}", headers=ann).json()["index"] == view["index"]


def test_undo_is_off_online_unless_the_creator_allowed_it(make_client: Any) -> None:
    client = make_client()
    seats = [{"kind": "human"}, {"kind": "human", "claim": "invite"}]
    online = create(client, seats)
    assert online["id"]
    ann = {"X-Seat-Token": online["seats"][0]["token"]}
    client.cookies.clear()
    view = act(client, online["id"], "GIVE", "sheep", **ann)
    assert view["match"]["options"]["undo"] is False and view["you"]["undo"] == 0
    refused = client.post(f"/api/matches/{online['id']}/undo", json={}, headers=ann)
    assert refused.status_code == 403 and "does not allow" in refused.json()["message"]
    allowed = create(client, seats, options={"undo": True})
    ann = {"X-Seat-Token": allowed["seats"][0]["token"]}
    client.cookies.clear()
    view = act(client, allowed["id"], "GIVE", "sheep", **ann)
    assert view["you"]["undo"] == 1
    done = client.post(f"/api/matches/{allowed['id']}/undo", json={}, headers=ann)
    assert done.status_code == 200 and done.json()["index"] == view["index"] - 1
    # Hot-seat may switch it off.
    off = create(client, [{"kind": "human"}, {"kind": "human"}], options={"undo": False})
    view = act(client, off["id"], "GIVE", "sheep")
    assert client.post(f"/api/matches/{off['id']}/undo", json={}).status_code == 403


def test_a_restarted_server_rebuilds_the_match_after_an_undo(make_client: Any) -> None:
    """The undo is in the log: a new server on the same database shows the same position."""
    client = make_client(bot_delay=1000.0)
    created = create(client, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    match_id = created["id"]
    token = {"X-Seat-Token": created["seats"][0]["token"]}
    act(client, match_id, "GIVE", "sheep", **token)
    act(client, match_id, "RECEIVE", "rabbit", **token)
    view = client.post(f"/api/matches/{match_id}/undo", json={}, headers=token).json()
    act(client, match_id, "RECEIVE", "small_dog", **token)
    before = client.get(f"/api/matches/{match_id}", headers=token).json()
    other = make_client(bot_delay=1000.0)
    after = other.get(f"/api/matches/{match_id}", headers=token).json()
    assert after["index"] == before["index"] == view["index"] + 1
    assert after["observation"] == before["observation"]
    assert after["observation"]["transaction"]["receive"]["small_dog"] == 1
    assert after["you"]["undo"] == 2


def test_other_seats_never_see_a_decision_that_may_be_taken_back(make_client: Any) -> None:
    """Fences (hidden hands, FE-R22) online with undo on: Ann lays her first tile (it shows
    which tile she held). Until her turn is over Bo and spectators still see the empty farm
    and no new log entry; after she takes it back they have learnt nothing. Once her turn ends
    (the draw), everyone sees the tile."""
    client = make_client()
    created = client.post(
        "/api/matches",
        json={
            "game": "fences",
            "params": {"first_player": "0"},
            "options": {"undo": True},
            "seats": [
                {"kind": "human", "name": "Ann"},
                {"kind": "human", "name": "Bo", "claim": "invite"},
            ],
        },
    ).json()
    match_id = created["id"]
    ann = {"X-Seat-Token": created["seats"][0]["token"]}
    bo = {"X-Seat-Token": created["seats"][1]["token"]}
    client.cookies.clear()
    start_bo = client.get(f"/api/matches/{match_id}", headers=bo).json()
    start_spectator = client.get(f"/api/matches/{match_id}").json()
    view = client.get(f"/api/matches/{match_id}", headers=ann).json()
    select = next(a for a in view["legal"] if a["json"]["type"] == "SELECT")
    mine = client.post(
        f"/api/matches/{match_id}/actions", json={"action": select["id"]}, headers=ann
    ).json()
    assert len(mine["observation"]["board"]) == 1 and mine["you"]["undo"] == 1
    for headers, start in ((bo, start_bo), ({}, start_spectator)):
        seen = client.get(f"/api/matches/{match_id}", headers=headers).json()
        assert seen["observation"] == start["observation"]
        assert [e["index"] for e in seen["events"]] == [e["index"] for e in start["events"]]
        assert [t["summary"] for t in seen["turns"]] == [t["summary"] for t in start["turns"]]
        page = client.get(f"/api/matches/{match_id}/events?since=0", headers=headers).json()
        assert len(page["events"]) == len(start["events"])
    with client.websocket_connect(f"/api/matches/{match_id}/ws", headers=bo) as ws:
        assert ws.receive_json()["observation"] == start_bo["observation"]
    client.post(f"/api/matches/{match_id}/undo", json={}, headers=ann)
    assert (
        client.get(f"/api/matches/{match_id}", headers=bo).json()["observation"]
        == (start_bo["observation"])
    )
    # Lay a tile and end the turn: the draw closes it, and Bo sees the tile.
    view = client.get(f"/api/matches/{match_id}", headers=ann).json()
    select = next(a for a in view["legal"] if a["json"]["type"] == "SELECT")
    view = client.post(
        f"/api/matches/{match_id}/actions", json={"action": select["id"]}, headers=ann
    ).json()
    while view["you"]["to_act"] and view["match"]["to_move"] == 0:
        finish = next(a for a in view["legal"] if a["json"]["type"] in ("PASS", "BARN"))
        view = client.post(
            f"/api/matches/{match_id}/actions", json={"action": finish["id"]}, headers=ann
        ).json()
    seen = client.get(f"/api/matches/{match_id}", headers=bo).json()
    assert len(seen["observation"]["board"]) == 1
    assert any(t["summary"].startswith("Ann laid ") for t in seen["turns"])
