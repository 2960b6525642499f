"""Persistence: every accepted action is in the log, and a killed server loses nothing.

The kill-and-restart test runs the real ``farmstead serve`` as a subprocess, plays Rancho matches
over HTTP (two humans; a human against a bot; two bots), SIGKILLs the server mid-game, restarts it
on the same database and checks that every match continues exactly where it was — on SQLite and
on PostgreSQL ($FARMSTEAD_TEST_POSTGRES_URL).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from web_servers import running
from webtools import app_of, create_toy, human_seats

from farmstead.web.app import ServerConfig, create_app
from farmstead.web.storage import ActionRow, Storage, now

# Actions that move a Rancho game along without opening trades: ROLL, END_TURN, ARRANGE_SAFEST,
# CANCEL, KEEP_DOG, FOX_FIRST; otherwise the first legal action.
PREFERRED = ("ROLL", "END_TURN", "ARRANGE_SAFEST", "CANCEL", "KEEP_DOG", "FOX_FIRST")
SERVE_ARGS = ("--bot-delay", "0.02", "--bot-step-delay", "0", "--bot-workers", "1")


def pick(view: dict[str, Any]) -> int:
    by_type = {a["json"]["type"]: a["id"] for a in reversed(view["legal"])}
    for kind in PREFERRED:
        if kind in by_type:
            return int(by_type[kind])
    return int(view["legal"][0]["id"])


def full_log(http: httpx.Client, match_id: str) -> list[tuple[int, int, Any]]:
    events = http.get(f"/api/matches/{match_id}/events?since=0&limit=5000").json()["events"]
    return [(e["index"], e["seat"], e["action"]) for e in events]


def play(http: httpx.Client, match_id: str, token: str, moves: int) -> dict[str, Any]:
    """Make ``moves`` moves for the seat(s) ``token`` holds, waiting for bots in between."""
    headers = {"X-Seat-Token": token}
    view: dict[str, Any] = http.get(f"/api/matches/{match_id}", headers=headers).json()
    made = 0
    deadline = time.monotonic() + 60
    while made < moves and view["match"]["status"] == "live" and time.monotonic() < deadline:
        if view["you"]["to_act"]:
            answer = http.post(
                f"/api/matches/{match_id}/actions",
                json={"action": pick(view), "expect": view["index"]},
                headers=headers,
            )
            assert answer.status_code == 200, answer.text
            made += 1
        else:
            time.sleep(0.05)
        view = http.get(f"/api/matches/{match_id}", headers=headers).json()
    return view


def create(http: httpx.Client, seats: list[dict[str, Any]]) -> dict[str, Any]:
    answer = http.post("/api/matches", json={"game": "rancho", "seats": seats})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_sigkill_and_restart_lose_nothing(any_db_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    bot = {"kind": "bot", "agent": "random"}
    with running(any_db_url, *SERVE_ARGS, log=log) as server:
        http = httpx.Client(base_url=server.base, timeout=10)
        duel = create(http, [{"kind": "human", "claim": "invite"}] * 2)
        versus = create(http, [{"kind": "human", "claim": "invite"}, bot])
        bots = create(http, [bot, bot])
        duel_token = ",".join(s["token"] for s in duel["seats"])
        versus_token = versus["seats"][0]["token"]
        before_duel = play(http, duel["id"], duel_token, 25)
        play(http, versus["id"], versus_token, 6)
        time.sleep(0.3)
        logs = {m: full_log(http, m) for m in (duel["id"], versus["id"], bots["id"])}
        server.kill()  # SIGKILL mid-game: the bots were moving
    assert len(logs[bots["id"]]) > 10 and before_duel["match"]["status"] == "live"
    # `farmstead serve` told the user where to go.
    assert f"open http://127.0.0.1:{server.port} in your browser" in log.read_text()

    with running(any_db_url, *SERVE_ARGS, log=log) as server:
        http = httpx.Client(base_url=server.base, timeout=10)
        headers = {"X-Seat-Token": duel_token}
        after_duel = http.get(f"/api/matches/{duel['id']}", headers=headers).json()
        # The human match is exactly where it was: same position, same choices, same log.
        for key in ("index", "observation", "legal", "you"):
            assert after_duel[key] == before_duel[key], key
        assert full_log(http, duel["id"]) == logs[duel["id"]]
        # Every match's log survives as it was, chance outcomes included.
        for match_id, entries in logs.items():
            assert full_log(http, match_id)[: len(entries)] == entries, match_id
        # And everything continues: the humans play on, the bots resume by themselves.
        continued = play(http, duel["id"], duel_token, 10)
        assert continued["index"] > before_duel["index"]
        play(http, versus["id"], versus_token, 3)
        deadline = time.monotonic() + 20
        while len(full_log(http, bots["id"])) <= len(logs[bots["id"]]):
            status = http.get(f"/api/matches/{bots['id']}").json()["match"]["status"]
            if status == "finished" or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert len(full_log(http, bots["id"])) > len(logs[bots["id"]])


def test_in_process_restart_rebuilds_matches_from_the_log(toy_game: type, db_url: str) -> None:
    """A graceful restart too: the new app replays each unfinished match's log."""
    from fastapi.testclient import TestClient

    config = ServerConfig(db_url=db_url, bot_mode="thread", bot_delay=0, bot_step_delay=0)
    with TestClient(create_app(config)) as client:
        created = create_toy(client, human_seats(2), rounds=3)
        match_id = created["id"]
        for _ in range(3):
            view = client.get(f"/api/matches/{match_id}").json()
            client.post(
                f"/api/matches/{match_id}/actions",
                json={"action": view["legal"][1]["id"], "expect": view["index"]},
            )
        before = client.get(f"/api/matches/{match_id}").json()
        seed = app_of(client).state.manager.get(match_id).seed
    with TestClient(create_app(config)) as client:
        headers = {"X-Seat-Token": ",".join(s["token"] for s in created["seats"])}
        client.cookies.clear()
        after = client.get(f"/api/matches/{match_id}", headers=headers).json()
        assert after == before
        assert app_of(client).state.manager.get(match_id).seed == seed


def test_a_corrupt_log_is_reported_and_the_server_still_starts(toy_game: type, db_url: str) -> None:
    from fastapi.testclient import TestClient

    config = ServerConfig(db_url=db_url, bot_mode="thread", bot_delay=0, bot_step_delay=0)
    with TestClient(create_app(config)) as client:
        good = create_toy(client, human_seats(2))["id"]
        bad = create_toy(client, human_seats(2))["id"]
    storage = Storage(db_url)
    # A decision id where the log expects more: the toy only knows 0 and 1.
    storage.append_actions(bad, [ActionRow(2, 9, 0, now())], length=2)
    storage.close()
    with TestClient(create_app(config)) as client:
        assert client.get(f"/api/matches/{good}").status_code == 200
        answer = client.get(f"/api/matches/{bad}")
        assert answer.status_code == 409 and "cannot be restored" in answer.json()["message"]


def test_each_action_is_written_before_it_is_acknowledged(toy_game: type, db_url: str) -> None:
    """The log in the database matches what clients were told, action by action."""
    from fastapi.testclient import TestClient

    config = ServerConfig(db_url=db_url, bot_mode="thread", bot_delay=0, bot_step_delay=0)
    with TestClient(create_app(config)) as client:
        match_id = create_toy(client, human_seats(2))["id"]
        storage = Storage(db_url)
        for _ in range(3):
            view = client.get(f"/api/matches/{match_id}").json()
            answer = client.post(
                f"/api/matches/{match_id}/actions",
                json={"action": view["legal"][0]["id"], "expect": view["index"]},
            ).json()
            row = storage.load_match(match_id)
            assert row is not None and len(row.actions) == answer["index"]
        storage.close()
