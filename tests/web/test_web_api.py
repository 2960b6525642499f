"""The web API: lobby, rules data, matches, seats, actions, errors, replay and records.

Rulings cited: RA spec section 0 item 3 (the software shows provenance), RA-R46 (Rancho is open
information), and the web contract for refused requests (4xx JSON errors that change nothing).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webtools import create_toy, human_seats

from farmstead.core.record import GameRecord


def wait_for(client: TestClient, match_id: str, predicate: Any, timeout: float = 10.0) -> dict:
    """Poll the match view until ``predicate(view)`` holds."""
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/api/matches/{match_id}").json()
        if predicate(view):
            return dict(view)
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; last view index {view.get('index')}")
        time.sleep(0.02)


def test_lobby_lists_games_with_summaries_and_boards(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert {"rancho", "toy_secret"} <= set(games)
    rancho = games["rancho"]
    assert rancho["description"] and rancho["min_players"] == 2 and rancho["max_players"] == 6
    assert rancho["board"] == "/static/boards/rancho.js"
    assert "rabbit, a sheep, a cow and a horse" in rancho["rules_summary"]
    source = client.get(rancho["board"])
    assert source.status_code == 200 and "javascript" in source.headers["content-type"]
    assert "export function render" in source.text
    assert client.get("/static/boards/toy_secret.js").status_code == 404
    assert client.get("/static/boards/nonexistent.js").status_code == 404
    assert games["toy_secret"]["board"] is None  # generic board
    assert "proposed" in rancho["proposed_note"]


def test_rules_data_lists_every_value_with_provenance_RA_section0(client: TestClient) -> None:
    """RA spec section 0 item 3: a rules-data view lists every value with its tag."""
    data = client.get("/api/games/rancho/data").json()
    items = {i["name"]: i for i in data["items"]}
    assert items["board"]["provenance"] == "proposed"
    assert items["values"]["provenance"] == "official"
    assert items["values"]["value"]["sheep"] == 6
    assert {i["provenance"] for i in data["items"]} <= {"official", "derived", "proposed"}
    assert client.get("/api/games/nope/data").status_code == 404


def test_pages_and_openapi_are_served(client: TestClient) -> None:
    for path in ("/", "/new", "/games/rancho", "/match/abc", "/replay/abc"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/app.js" in page.text
    assert client.get("/static/boards/rancho.js").status_code == 200
    assert client.get("/static/boards/rancho.css").status_code == 200
    schema = client.get("/openapi.json").json()
    assert "/api/matches/{match_id}/actions" in schema["paths"]
    docs = client.get("/docs")
    assert docs.status_code == 200
    # No asset from a CDN: every script and stylesheet of the API docs is served by us.
    assert "/static/swagger/swagger-ui-bundle.js" in docs.text and "cdn" not in docs.text.lower()
    assert client.get("/static/swagger/swagger-ui-bundle.js").status_code == 200
    assert client.get("/static/swagger/swagger-ui.css").status_code == 200


def test_hot_seat_match_played_to_the_end_and_record_replays(client: TestClient) -> None:
    """Two seats on one device: the view follows the seat to move; the record replays."""
    created = create_toy(client, human_seats(2))
    match_id = created["id"]
    view = client.get(f"/api/matches/{match_id}").json()
    assert view["you"]["seats"] == [0, 1]
    moves = 0
    while view["match"]["status"] == "live":
        assert view["you"]["to_act"] and view["you"]["seat"] == view["match"]["to_move"]
        response = client.post(
            f"/api/matches/{match_id}/actions",
            json={"action": view["legal"][0]["id"], "expect": view["index"]},
        )
        assert response.status_code == 200, response.text
        view = response.json()
        moves += 1
    assert moves == 4  # 2 rounds x 2 seats
    download = client.get(f"/api/matches/{match_id}/record")
    assert "attachment" in download.headers["content-disposition"]
    record = GameRecord.from_json(download.json())
    assert record.game == "toy_secret" and len(record.actions) == view["index"]
    final = record.replay()
    assert final.is_terminal() and final.returns() == view["match"]["returns"]


def test_downloaded_record_is_what_farmstead_replay_reads(make_client: Any, tmp_path: Any) -> None:
    """The record download is the JSON the `farmstead replay` command reads."""
    from typer.testing import CliRunner

    from farmstead.cli.main import app as cli

    client = make_client()
    bot = {"kind": "bot", "agent": "random"}
    created = client.post(
        "/api/matches", json={"game": "rancho", "params": {"max_rounds": 2}, "seats": [bot, bot]}
    ).json()
    wait_for(client, created["id"], lambda v: v["match"]["status"] == "finished", timeout=60)
    path = tmp_path / "record.json"
    path.write_text(client.get(f"/api/matches/{created['id']}/record").text)
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output


def test_match_against_bot_finishes_by_itself(client: TestClient) -> None:
    created = create_toy(client, [{"kind": "bot", "agent": "random"}] * 2, rounds=3)
    view = wait_for(client, created["id"], lambda v: v["match"]["status"] == "finished")
    assert view["match"]["returns"] is not None and view["you"]["seats"] == []
    lobby = client.get("/api/matches?status=finished").json()["matches"]
    assert created["id"] in [m["id"] for m in lobby]


def test_illegal_action_is_a_400_and_changes_nothing(client: TestClient) -> None:
    match_id = create_toy(client, human_seats(2))["id"]
    before = client.get(f"/api/matches/{match_id}").json()
    for body in ({"action": 7}, {"action": -1}, {"action_json": {"type": "fly"}}, {}):
        response = client.post(f"/api/matches/{match_id}/actions", json=body)
        assert response.status_code == 400, body
        answer = response.json()
        assert answer["error"] == "illegal_action" and answer["message"]
        assert "Traceback" not in response.text
    assert client.get(f"/api/matches/{match_id}").json() == before


def test_stale_action_is_a_409_and_changes_nothing(client: TestClient) -> None:
    match_id = create_toy(client, human_seats(2))["id"]
    view = client.get(f"/api/matches/{match_id}").json()
    response = client.post(
        f"/api/matches/{match_id}/actions", json={"action": 0, "expect": view["index"] - 1}
    )
    assert response.status_code == 409 and response.json()["error"] == "stale"
    assert "moved on" in response.json()["message"]
    assert client.get(f"/api/matches/{match_id}").json() == view


def test_only_the_seat_to_move_can_act(client: TestClient) -> None:
    created = create_toy(client, human_seats(2))
    match_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    client.cookies.clear()
    # seat 0 moves first in the toy; seat 1 may not act for it
    view = client.get(f"/api/matches/{match_id}", headers={"X-Seat-Token": tokens[1]}).json()
    assert view["you"]["seats"] == [1] and view["legal"] == []
    wrong = client.post(
        f"/api/matches/{match_id}/actions",
        json={"action": 0},
        headers={"X-Seat-Token": tokens[1]},
    )
    assert wrong.status_code == 403 and "not your turn" in wrong.json()["message"]
    named = client.post(
        f"/api/matches/{match_id}/actions",
        json={"action": 0, "seat": 0},
        headers={"X-Seat-Token": tokens[1]},
    )
    assert named.status_code == 403 and "do not hold seat 1" in named.json()["message"]
    spectator = client.post(f"/api/matches/{match_id}/actions", json={"action": 0})
    assert spectator.status_code == 403 and "spectators" in spectator.json()["message"]
    forged = client.post(
        f"/api/matches/{match_id}/actions", json={"action": 0}, headers={"X-Seat-Token": "x" * 32}
    )
    assert forged.status_code == 403
    assert client.get(f"/api/matches/{match_id}").json()["index"] == view["index"]
    ok = client.post(
        f"/api/matches/{match_id}/actions", json={"action": 0}, headers={"X-Seat-Token": tokens[0]}
    )
    assert ok.status_code == 200


def test_bad_match_requests_are_clear_and_create_nothing(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"game": "chess", "seats": human_seats(2)}, 404, "unknown game 'chess'"),
        ({"game": "toy_secret", "seats": human_seats(5)}, 422, "2–3 players"),
        ({"game": "toy_secret", "players": 3, "seats": human_seats(2)}, 422, "needs 3 seats"),
        ({"game": "toy_secret", "seats": human_seats(2), "params": {"rounds": 99}}, 422, "to 8"),
        ({"game": "toy_secret", "seats": human_seats(2), "params": {"speed": 1}}, 422, "unknown"),
        (
            {"game": "toy_secret", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "zeus"}]},
            422,
            "choose a level: easy, medium, hard, expert",
        ),
        (
            {"game": "toy_secret", "seats": [{"kind": "human"}, {"kind": "bot"}]},
            422,
            "needs a level",
        ),
        ({"game": "toy_secret", "seats": [{"kind": "alien"}] * 2}, 422, "kind"),
    ]
    for body, status, text in cases:
        response = client.post("/api/matches", json=body)
        assert response.status_code == status, (body, response.text)
        assert text in response.json()["message"], response.json()
    assert client.get("/api/matches").json()["matches"] == []


def test_unknown_routes_and_matches_are_json_404(client: TestClient) -> None:
    assert client.get("/api/matches/doesnotexist").json()["error"] == "not_found"
    assert client.get("/api/matches/../../etc").status_code == 404
    assert client.get("/api/nothing").json()["error"] == "http_error"


def test_unexpected_errors_hide_the_traceback(
    toy_game: type, make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from farmstead.web import app as app_module

    def boom(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(app_module, "game_names", boom)
    client = make_client()
    client_no_raise = TestClient(client.app, raise_server_exceptions=False)
    response = client_no_raise.get("/api/games")
    assert response.status_code == 500
    assert "secret internal detail" not in response.text and "Traceback" not in response.text
    assert response.json()["error"] == "internal"


def test_open_seat_claimed_from_the_lobby_and_invite_links(client: TestClient) -> None:
    created = create_toy(
        client, [{"kind": "human", "claim": "me"}, {"kind": "human", "claim": "open"}]
    )
    match_id = created["id"]
    assert "token" not in created["seats"][1]
    open_matches = client.get("/api/matches?status=open").json()["matches"]
    assert [m["id"] for m in open_matches] == [match_id]
    client.cookies.clear()
    claimed = client.post(f"/api/matches/{match_id}/seats/1/claim", json={"name": "Ada"})
    assert claimed.status_code == 200
    view = client.get(f"/api/matches/{match_id}").json()  # the claim's cookie is used
    assert view["you"]["seats"] == [1] and view["match"]["seats"][1]["name"] == "Ada"
    again = client.post(f"/api/matches/{match_id}/seats/1/claim", json={})
    assert again.status_code == 409
    assert client.get("/api/matches?status=open").json()["matches"] == []

    invited = create_toy(client, [{"kind": "human"}, {"kind": "human", "claim": "invite"}])
    url = invited["seats"][1]["invite_url"]
    seat_path, token = url.split("#")
    assert seat_path == f"/match/{invited['id']}/join/1"
    client.cookies.clear()
    bad = client.post(f"/api/matches/{invited['id']}/seats/1/join", json={"token": "guess"})
    assert bad.status_code == 403
    good = client.post(f"/api/matches/{invited['id']}/seats/1/join", json={"token": token})
    assert good.status_code == 200
    assert client.get(f"/api/matches/{invited['id']}").json()["you"]["seats"] == [1]


def test_cookies_are_scoped_to_their_match(client: TestClient) -> None:
    first = create_toy(client, human_seats(2))
    second = create_toy(client, human_seats(2))
    cookie = client.post(f"/api/matches/{first['id']}/seats/0/join", json={"token": "bad"})
    assert cookie.status_code == 403
    # each match only sees its own tokens
    assert client.get(f"/api/matches/{first['id']}").json()["you"]["seats"] == [0, 1]
    assert client.get(f"/api/matches/{second['id']}").json()["you"]["seats"] == [0, 1]
    set_cookie = client.post(
        "/api/matches",
        json={"game": "toy_secret", "seats": human_seats(2)},
    ).headers.get_list("set-cookie")
    assert all("Path=/api/matches/" in c and "HttpOnly" in c for c in set_cookie)


def test_websocket_pushes_views_and_refuses_other_seats(client: TestClient) -> None:
    created = create_toy(client, human_seats(2))
    match_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    client.cookies.clear()
    with (
        client.websocket_connect(
            f"/api/matches/{match_id}/ws", headers={"X-Seat-Token": tokens[0]}
        ) as ws0,
        client.websocket_connect(
            f"/api/matches/{match_id}/ws", headers={"X-Seat-Token": tokens[1]}
        ) as ws1,
    ):
        v0 = ws0.receive_json()
        v1 = ws1.receive_json()
        assert v0["you"]["to_act"] and not v1["you"]["to_act"]
        ws1.send_json({"type": "action", "action": 0, "expect": v1["index"]})
        error = ws1.receive_json()
        assert error["type"] == "error" and error["error"] == "forbidden"
        ws0.send_json({"type": "action", "action": 1, "expect": v0["index"]})
        after0 = ws0.receive_json()
        after1 = ws1.receive_json()
        assert after0["index"] == after1["index"] == v0["index"] + 1
        assert after1["you"]["to_act"] and after1["legal"]
        # Another seat's decision in words as seat 2 may see it; its action id stays private.
        assert [e["text"] for e in after1["events"]] == ["discard the card"]
        assert [e["action"] for e in after1["events"]] == [None]
        ws0.send_json({"type": "nonsense"})
        assert ws0.receive_json()["type"] == "error"
        ws0.send_json({"type": "action", "action": "zero"})
        assert "invalid message" in ws0.receive_json()["message"]


def test_replay_steps_forward_and_back(client: TestClient) -> None:
    created = create_toy(client, [{"kind": "bot", "agent": "random"}] * 2)
    match_id = created["id"]
    final = wait_for(client, match_id, lambda v: v["match"]["status"] == "finished")
    total = final["index"]
    steps = [
        client.get(f"/api/matches/{match_id}/replay?step={n}").json() for n in range(total + 1)
    ]
    assert steps[0]["last"] is None and steps[-1]["next"] is None
    assert [s["step"] for s in steps] == list(range(total + 1))
    back = client.get(f"/api/matches/{match_id}/replay?step=2").json()
    assert back["observation"] == steps[2]["observation"]
    as_seat = client.get(f"/api/matches/{match_id}/replay?step={total}&seat=0").json()
    assert as_seat["observation"]["players"][0]["cards"] is not None
    assert client.get(f"/api/matches/{match_id}/replay?step={total + 1}").status_code == 404


def test_replay_and_record_wait_for_the_end(client: TestClient) -> None:
    match_id = create_toy(client, human_seats(2))["id"]
    for path in ("replay?step=0", "record"):
        response = client.get(f"/api/matches/{match_id}/{path}")
        assert response.status_code == 409 and response.json()["message"]


def test_rancho_match_views_and_actions_by_json_RA_R46(make_client: Any) -> None:
    """RA-R46: Rancho is open information; the server sends each legal action's JSON."""
    client = make_client()
    created = client.post("/api/matches", json={"game": "rancho", "seats": human_seats(2)}).json()
    view = client.get(f"/api/matches/{created['id']}").json()
    assert view["observation"]["phase"] == "expansion"
    kinds = {a["json"]["type"] for a in view["legal"]}
    assert "ROLL" in kinds
    roll = client.post(
        f"/api/matches/{created['id']}/actions",
        json={"action_json": {"type": "ROLL"}, "expect": view["index"]},
    )
    assert roll.status_code == 200, roll.text
    texts = [e["text"] for e in roll.json()["events"]]
    assert any(t.startswith("Dice:") for t in texts)  # public chance outcomes are in words
