"""A game installed from outside this repository plugs in through its entry point alone.

The toy package ``racetwenty`` (``tests/plugin/toy_plugin``) is copied into a fresh folder with a
``.dist-info`` that publishes ``race_twenty = racetwenty.registration:REGISTRATION`` under the
``farmstead.games`` group — what ``pip install`` of a third-party game writes. Fresh processes
with that folder on ``PYTHONPATH`` then find the game in ``farmstead list``, play it in the
terminal, run a tournament on worker processes (the lab) and serve it in the web app with its
own browser board; no file of farmstead names it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HERE = Path(__file__).parent
FARMSTEAD = str(Path(sys.executable).parent / "farmstead")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the toy package and its distribution metadata with the entry point."""
    root = tmp_path_factory.mktemp("site")
    shutil.copytree(HERE / "toy_plugin" / "racetwenty", root / "racetwenty")
    info = root / "racetwenty_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: racetwenty-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[farmstead.games]\nrace_twenty = racetwenty.registration:REGISTRATION\n"
    )
    return root


def run(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site), "COLUMNS": "200"}
    return subprocess.run(
        list(args), capture_output=True, text=True, env=env, timeout=180, cwd=cwd, check=False
    )


def test_plugin_is_invisible_without_its_entry_point() -> None:
    """The control: in this process (no plug-in on the path) the game does not exist."""
    from farmstead.core.errors import UnknownGameError
    from farmstead.core.registry import game_names, load_game

    assert "race_twenty" not in game_names()
    with pytest.raises(UnknownGameError):
        load_game("race_twenty")


def test_cli_lists_and_plays_the_plugin(site: Path) -> None:
    listed = run(site, FARMSTEAD, "list")
    assert listed.returncode == 0, listed.stderr
    assert "race_twenty" in listed.stdout and "Race to Twenty" in listed.stdout
    rules = run(site, FARMSTEAD, "rules", "race_twenty")
    assert rules.returncode == 0 and "reach the target first" in rules.stdout
    played = run(
        site, FARMSTEAD, "play", "race_twenty", "--players", "random,heuristic", "--seed", "3"
    )
    assert played.returncode == 0, played.stderr
    assert "count" in played.stdout and "Traceback" not in played.stdout + played.stderr
    assert "wins" in played.stdout.lower() or "won" in played.stdout.lower()


def test_lab_runs_a_tournament_of_the_plugin_on_worker_processes(
    site: Path, tmp_path: Path
) -> None:
    out = tmp_path / "results.jsonl"
    result = run(
        site,
        FARMSTEAD,
        "tournament",
        "race_twenty",
        "--agents",
        "random,heuristic",
        "-n",
        "6",
        "--seed",
        "1",
        "--workers",
        "2",
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 6 and {r["game"] for r in records} == {"race_twenty"}
    assert all(r["returns"] is not None for r in records)


def test_web_app_serves_and_plays_the_plugin(site: Path, tmp_path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import json, time
        from fastapi.testclient import TestClient
        from farmstead.web.app import ServerConfig, create_app

        config = ServerConfig(db_url="sqlite:///{tmp_path / "web.db"}", bot_mode="thread",
                              bot_delay=0.0, bot_step_delay=0.0)
        with TestClient(create_app(config)) as client:
            games = {{g["name"]: g for g in client.get("/api/games").json()["games"]}}
            game = games["race_twenty"]
            board = client.get(game["board"])
            seats = [{{"kind": "bot", "agent": "random"}}, {{"kind": "bot", "agent": "heuristic"}}]
            created = client.post("/api/matches", json={{"game": "race_twenty", "seats": seats}})
            match_id = created.json()["id"]
            deadline = time.monotonic() + 60
            view = client.get(f"/api/matches/{{match_id}}").json()
            while view["match"]["status"] != "finished" and time.monotonic() < deadline:
                time.sleep(0.05)
                view = client.get(f"/api/matches/{{match_id}}").json()
            print(json.dumps({{
                "board_url": game["board"], "board_status": board.status_code,
                "board_text": board.text, "summary": game["rules_summary"],
                "created": created.status_code, "status": view["match"]["status"],
                "count": view["observation"]["count"],
            }}))
        """
    )
    result = run(site, sys.executable, "-c", script, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["board_url"] == "/static/boards/race_twenty.js"
    assert answer["board_status"] == 200 and "race-add" in answer["board_text"]
    assert "reach the target first" in answer["summary"]
    assert answer["created"] == 201
    assert answer["status"] == "finished" and answer["count"] >= 20


def test_a_second_game_with_a_taken_name_is_refused(site: Path, tmp_path: Path) -> None:
    """Duplicate names fail loudly, naming both entry points."""
    twin = tmp_path / "twin"
    shutil.copytree(site, twin)
    info = twin / "racetwenty_plugin-1.0.dist-info"
    info.rename(twin / "racetwenty_twin-1.0.dist-info")
    (twin / "racetwenty_twin-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: racetwenty-twin\nVersion: 1.0\n"
    )
    env_path = f"{site}{os.pathsep}{twin}"
    result = run(Path(env_path), FARMSTEAD, "list")
    assert result.returncode != 0
    assert "two games are named 'race_twenty'" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
