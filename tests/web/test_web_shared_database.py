"""The database is the truth: several servers on one database, restarts, and what nothing may
keep only in memory — without Redis (the multi-process tests with PostgreSQL and Redis are in
``test_web_scale_out.py``).

Two apps on one SQLite file stand for two processes: each keeps its own copy of a match and
must notice the other's writes before it answers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect
from webtools import create_toy, human_seats, snapshot

from farmstead.web.storage import ActionRow, StaleWriteError, Storage, now


def tokens_of(created: dict[str, Any]) -> dict[str, str]:
    return {"X-Seat-Token": ",".join(s["token"] for s in created["seats"] if "token" in s)}


def act(client: TestClient, match_id: str, headers: dict[str, str], **body: Any) -> Any:
    view = client.get(f"/api/matches/{match_id}", headers=headers).json()
    body.setdefault("action", view["legal"][0]["id"])
    return client.post(f"/api/matches/{match_id}/actions", json=body, headers=headers)


def test_two_servers_on_one_database_see_each_others_moves(toy_game: type, make_client: Any):
    first, second = make_client(), make_client()
    created = create_toy(first, human_seats(2), rounds=4)
    match_id, headers = created["id"], tokens_of(created)
    url = f"/api/matches/{match_id}"
    assert second.get(url, headers=headers).json()["index"] == 2  # both hold a copy now
    for turn in range(6):
        mover, other = (first, second) if turn % 2 == 0 else (second, first)
        before = other.get(url, headers=headers).json()
        answer = act(mover, match_id, headers, expect=before["index"])
        assert answer.status_code == 200, answer.text
        # The other server answers with the new position at once: no stale copy, no 409.
        after = other.get(url, headers=headers).json()
        assert after["index"] == answer.json()["index"] > before["index"]
        assert after["observation"] == answer.json()["observation"]


def test_an_action_sent_to_a_server_with_an_old_copy_is_applied_once(
    toy_game: type, make_client: Any
) -> None:
    first, second = make_client(), make_client()
    created = create_toy(first, human_seats(2), rounds=4)
    match_id, headers = created["id"], tokens_of(created)
    second.get(f"/api/matches/{match_id}", headers=headers)
    second_manager = second.app.state.manager
    copy = second_manager.get(match_id)
    assert act(first, match_id, headers).status_code == 200
    # The second server's copy is behind; writing through it loses the compare-and-set,
    # refreshes the copy and (without `expect`) tries once more at the new position.
    stale_version = copy.version
    assert copy.revision != first.app.state.storage.head(match_id).revision
    seat, replayed = second_manager.act(copy, frozenset({0, 1}), action=0)
    assert not replayed and copy.version > stale_version + 1
    log = second.get(f"/api/matches/{match_id}/events?since=0", headers=headers).json()
    assert [e["index"] for e in log["events"]] == list(range(copy.version))
    # With `expect` from the old view, the answer is a clear 409 and nothing is written.
    rows = snapshot(first)
    stale = second.post(
        f"/api/matches/{match_id}/actions",
        json={"action": 0, "expect": stale_version},
        headers=headers,
    )
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    assert snapshot(first) == rows


def test_the_log_is_appended_and_cut_only_at_the_length_the_writer_saw(
    toy_game: type, make_client: Any, db_url: str
) -> None:
    client = make_client()
    match_id = create_toy(client, human_seats(2), rounds=2)["id"]
    storage = Storage(db_url)
    try:
        length = storage.head(match_id).length  # type: ignore[union-attr]
        row = ActionRow(length, 0, 0, now())
        with pytest.raises(StaleWriteError):  # behind by one
            storage.append_actions(
                match_id, [ActionRow(length - 1, 0, 0, now())], length=length - 1
            )
        storage.append_actions(match_id, [row], length=length, key=("k", 0, "[0, null]"))
        with pytest.raises(StaleWriteError):  # the same index again
            storage.append_actions(match_id, [row], length=length)
        with pytest.raises(StaleWriteError):  # the same idempotency key again
            storage.append_actions(
                match_id, [ActionRow(length + 1, 0, 1, now())], length=length + 1, key=("k", 1, "")
            )
        assert not storage.truncate_actions(match_id, length, length)  # an undo from an old view
        assert storage.truncate_actions(match_id, length, length + 1)
        assert storage.applied_key(match_id, "k") is None  # the key left with its action
        loaded = storage.load_match(match_id)
        assert loaded is not None
        assert [a.index for a in loaded.actions] == list(range(length))
        assert loaded.action_count == length and loaded.undos == 1
    finally:
        storage.close()


def test_an_idempotency_key_outlives_a_restart(toy_game: type, make_client: Any) -> None:
    """A retried keyed action after a restart (or on another process) is answered `replayed`
    and applied once: the key is stored with the action."""
    before = make_client()
    created = create_toy(before, human_seats(2), rounds=4)
    match_id, headers = created["id"], tokens_of(created)
    body = {"action": 1, "idempotency_key": "tap-7"}
    first = before.post(f"/api/matches/{match_id}/actions", json=body, headers=headers)
    assert first.status_code == 200 and "replayed" not in first.json()
    after = make_client()  # a fresh process on the same database
    again = after.post(f"/api/matches/{match_id}/actions", json=body, headers=headers)
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["index"] == first.json()["index"]
    other = after.post(
        f"/api/matches/{match_id}/actions",
        json={"action": 0, "idempotency_key": "tap-7"},
        headers=headers,
    )
    assert other.status_code == 422 and "different action" in other.json()["message"]


def test_join_accepts_only_an_unredeemed_invite(toy_game: type, client: TestClient) -> None:
    created = create_toy(client, [{"kind": "human"}, {"kind": "human", "claim": "invite"}])
    match_id = created["id"]
    own = created["seats"][0]["token"]
    invite = created["seats"][1]["token"]
    join = f"/api/matches/{match_id}/seats/%d/join"
    # A seat's own token is no invite: refused, and its holder keeps the seat.
    client.cookies.clear()
    refused = client.post(join % 0, json={"token": own})
    assert refused.status_code == 403
    view = client.get(f"/api/matches/{match_id}", headers={"X-Seat-Token": own}).json()
    assert view["you"]["seats"] == [0]
    # The invite works once; the joiner's fresh token cannot be "redeemed" again.
    joined = client.post(join % 1, json={"token": invite})
    assert joined.status_code == 200
    fresh = joined.json()["token"]
    client.cookies.clear()
    assert client.post(join % 1, json={"token": fresh}).status_code == 403
    assert client.post(join % 1, json={"token": invite}).status_code == 403
    view = client.get(f"/api/matches/{match_id}", headers={"X-Seat-Token": fresh}).json()
    assert view["you"]["seats"] == [1]


def test_a_flooding_socket_is_closed_and_others_are_served(
    toy_game: type, make_client: Any
) -> None:
    client = make_client(ws_messages_per_second=5.0, ws_message_burst=10)
    match_id = create_toy(client, human_seats(2))["id"]
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        assert ws.receive_json()["type"] == "view"
        pongs = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(200):
                ws.send_json({"type": "ping"})
            while True:
                pongs += ws.receive_json()["type"] == "pong"
        assert closed.value.code == 1008 and "too many messages" in closed.value.reason
        assert pongs <= 10
    assert client.get("/api/health").status_code == 200


def test_every_api_route_documents_its_error_answers(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    actions = schema["paths"]["/api/matches/{match_id}/actions"]["post"]["responses"]
    assert {"400", "403", "404", "409", "422", "503"} <= set(actions)
    created = schema["paths"]["/api/matches"]["post"]["responses"]
    assert {"403", "404", "413", "422", "429", "503"} <= set(created)
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            if path.startswith("/api/matches/{match_id}"):
                assert "404" in operation["responses"], (method, path)
            if method == "post":
                assert {"403", "413", "422"} <= set(operation["responses"]), path
            for status, answer in operation["responses"].items():
                if status.startswith("4"):
                    ref = answer["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/ErrorBody"), (path, status)


OLD_SCHEMA = (  # the tables as the first release created them
    "CREATE TABLE fs_matches (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, "
    "players INTEGER NOT NULL, params TEXT NOT NULL, seed BIGINT NOT NULL, "
    "created_at DATETIME NOT NULL, finished_at DATETIME, returns TEXT)",
    "CREATE TABLE fs_seats (match_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL, "
    "kind VARCHAR(8) NOT NULL, agent VARCHAR(200), name VARCHAR(80) NOT NULL, "
    "token_hash VARCHAR(64), PRIMARY KEY (match_id, seat))",
    "CREATE TABLE fs_actions (match_id VARCHAR(32) NOT NULL, idx INTEGER NOT NULL, "
    "action INTEGER NOT NULL, seat INTEGER NOT NULL, at DATETIME NOT NULL, "
    "PRIMARY KEY (match_id, idx))",
)


def test_a_database_of_an_earlier_release_is_upgraded_in_place(
    toy_game: type, tmp_path: Path, make_client: Any
) -> None:
    db_url = f"sqlite:///{tmp_path / 'old.db'}"  # the first release's SQLite tables
    made = now().strftime("%Y-%m-%d %H:%M:%S")  # recent: not ended as abandoned
    engine = create_engine(db_url)
    with engine.begin() as conn:
        for statement in OLD_SCHEMA:
            conn.execute(text(statement))
        conn.execute(
            text(
                "INSERT INTO fs_matches VALUES ('old1', 'toy_secret', 2, '{}', 7, "
                f"'{made}', NULL, NULL)"
            )
        )
        for seat in (0, 1):
            conn.execute(
                text(f"INSERT INTO fs_seats VALUES ('old1', {seat}, 'human', NULL, 'P', NULL)")
            )
        for index, action in enumerate((3, 5)):  # the two first cards dealt
            conn.execute(
                text(f"INSERT INTO fs_actions VALUES ('old1', {index}, {action}, -1, '{made}')")
            )
    engine.dispose()
    client = make_client(db=db_url)
    head = client.app.state.storage.head("old1")
    assert head is not None and head.length == 2  # counted from the log
    claimed = client.post("/api/matches/old1/seats/0/claim", json={"name": "Ann"})
    assert claimed.status_code == 200, claimed.text
    answer = client.post(
        "/api/matches/old1/actions",
        json={"action": 1, "expect": 2},
        headers={"X-Seat-Token": claimed.json()["token"]},
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["index"] == 3
