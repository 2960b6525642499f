"""Resign, abandon and the lobby's dates (abandoned matches once piled up under "Running
matches" with no date, no resign or abandon, and everyone saw every match)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from farmstead.core.record import GameRecord
from farmstead.web.storage import now

ONLINE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo", "claim": "invite"}]


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/matches", json={"game": "rancho", "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def tokens(created: dict[str, Any]) -> list[dict[str, str]]:
    return [{"X-Seat-Token": s.get("token", "")} for s in created["seats"]]


def test_a_resignation_ends_the_game_and_the_other_seat_wins(make_client: Any) -> None:
    client = make_client()
    created = create(client, ONLINE)
    ann, bo = tokens(created)
    client.cookies.clear()
    match_id = created["id"]
    view = client.post(f"/api/matches/{match_id}/seats/0/resign", json={}, headers=ann).json()
    match = view["match"]
    assert match["status"] == "finished" and match["ended"] == {"reason": "resigned", "seat": 0}
    assert match["winners"] == [1] and match["returns"] == [-1.0, 1.0]
    assert view["result"]["summary"] == "Ann resigned: Bo wins."
    assert view["result"]["scores"] == ["resigned", "won"]
    assert match["ended_words"] == "Ann resigned"
    # Nothing more can be played; the record and the replay open.
    refused = client.post(f"/api/matches/{match_id}/actions", json={"action": 0}, headers=bo)
    assert refused.status_code == 409
    record = GameRecord.from_json(client.get(f"/api/matches/{match_id}/record").json())
    assert record.returns == [-1.0, 1.0] and record.meta["ended"]["reason"] == "resigned"
    assert client.get(f"/api/matches/{match_id}/turns").status_code == 200
    # A restarted server keeps the result.
    other = make_client()
    again = other.get(f"/api/matches/{match_id}").json()
    assert again["match"]["ended"] == match["ended"] and again["match"]["returns"] == [-1.0, 1.0]


def test_resigning_for_another_seat_is_refused(make_client: Any) -> None:
    client = make_client()
    created = create(client, ONLINE)
    ann, _ = tokens(created)
    client.cookies.clear()
    match_id = created["id"]
    for seat, headers in ((1, ann), (0, {}), (5, ann)):
        answer = client.post(
            f"/api/matches/{match_id}/seats/{seat}/resign", json={}, headers=headers
        )
        assert answer.status_code in (403, 404), answer.text
    bot = create(client, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    answer = client.post(
        f"/api/matches/{bot['id']}/seats/1/resign", json={}, headers=tokens(bot)[0]
    )
    assert answer.status_code == 403  # a bot seat is nobody's to resign
    bad_bodies: list[object] = [{"x": 1}, [], "yes"]
    for bad in bad_bodies:
        answer = client.post(f"/api/matches/{match_id}/seats/0/resign", json=bad, headers=ann)
        assert answer.status_code == 422
    assert client.get(f"/api/matches/{match_id}").json()["match"]["status"] == "live"


def test_a_bot_takes_the_seat_when_the_creator_chose_so(make_client: Any) -> None:
    """With ``on_resign: "bot"`` the resigning seat's player leaves and a bot plays on; the
    player's token no longer acts."""
    client = make_client()
    created = create(client, ONLINE, params={"first_player": "0"}, options={"on_resign": "bot"})
    ann, _ = tokens(created)
    client.cookies.clear()
    match_id = created["id"]
    view = client.post(f"/api/matches/{match_id}/seats/0/resign", json={}, headers=ann).json()
    seat = view["match"]["seats"][0]
    assert view["match"]["status"] == "live" and seat["kind"] == "bot"
    assert seat["name"] == "Ann (bot)" and seat["level"] == "medium"
    deadline = time.monotonic() + 30
    while client.get(f"/api/matches/{match_id}").json()["match"]["to_move"] == 0:
        assert time.monotonic() < deadline, "the bot did not take over"
        time.sleep(0.05)
    assert client.get(f"/api/matches/{match_id}", headers=ann).json()["you"]["seats"] == []


def test_abandoning_needs_every_human_seat(make_client: Any) -> None:
    client = make_client()
    online = create(client, ONLINE)
    ann, _ = tokens(online)
    client.cookies.clear()
    refused = client.post(f"/api/matches/{online['id']}/abandon", json={}, headers=ann)
    assert refused.status_code == 403 and "resign instead" in refused.json()["message"]
    mine = create(client, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    view = client.post(
        f"/api/matches/{mine['id']}/abandon", json={}, headers=tokens(mine)[0]
    ).json()
    assert view["match"]["status"] == "finished"
    assert view["match"]["ended"] == {"reason": "abandoned"} and view["match"]["winners"] == []
    assert view["result"]["summary"] == "The match was abandoned: no result."


def test_idle_matches_are_listed_and_cleaned_up_as_abandoned(make_client: Any) -> None:
    """A match without a human decision since a moment is listed as abandoned once that
    moment is ``abandon_after`` old, and the server's clean-up ends it; a match someone
    played since is left alone."""
    client = make_client(abandon_after=1.0, cleanup_every=0.0)  # the test runs the clean-up
    idle = create(client, [{"kind": "human"}, {"kind": "human"}])
    played = create(client, [{"kind": "human"}, {"kind": "human"}], params={"first_player": "0"})
    listed = {m["id"]: m for m in client.get("/api/matches").json()["matches"]}
    assert not listed[idle["id"]]["abandoned"]
    for m in listed.values():
        assert m["created_at"] and m["last_action_at"] and m["last_human_at"]
    time.sleep(0.3)
    moment = now()
    time.sleep(0.3)
    view = client.get(f"/api/matches/{played['id']}").json()
    give = next(a for a in view["legal"] if a["json"]["type"] == "GIVE")
    client.post(f"/api/matches/{played['id']}/actions", json={"action": give["id"]})
    time.sleep(0.5)  # idle for 1.1 s at least, played 0.5 s ago (plus the requests' time)
    listed = {m["id"]: m for m in client.get("/api/matches").json()["matches"]}
    assert listed[idle["id"]]["abandoned"] and listed[idle["id"]]["status"] == "live"
    assert not listed[played["id"]]["abandoned"]
    ended = client.app.state.manager.clean_up_abandoned(moment)
    assert ended == [idle["id"]]
    listed = {m["id"]: m for m in client.get("/api/matches").json()["matches"]}
    assert listed[idle["id"]]["status"] == "finished"
    assert listed[idle["id"]]["ended"] == {"reason": "abandoned"}
    assert listed[played["id"]]["status"] == "live"


def test_the_lobby_lists_a_browsers_own_matches(make_client: Any) -> None:
    """The lobby asks for the browser's own matches by id (it remembers them) to list them
    first; ids are checked strictly."""
    client = make_client()
    first = create(client, [{"kind": "human"}, {"kind": "human"}])
    create(client, [{"kind": "human"}, {"kind": "human"}])
    third = create(client, [{"kind": "human"}, {"kind": "human"}])
    answer = client.get(f"/api/matches?ids={first['id']},{third['id']}").json()
    assert {m["id"] for m in answer["matches"]} == {first["id"], third["id"]}
    for bad in ("", ",", "a b", "x" * 40, ",".join(["a"] * 51), "<script>"):
        assert client.get("/api/matches", params={"ids": bad}).status_code == 422, bad
