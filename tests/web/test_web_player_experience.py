"""The player's experience through the web API: the not-found page, score breakdowns in the
result, the lobby's defaults, and the rules route in words.
"""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from farmstead.core.game import State
from farmstead.core.registry import load_game, registration
from farmstead.games.fences.game import FencesState
from farmstead.games.livestock_uprising.game import LUState
from farmstead.games.rancho.game import RanchoState

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_unknown_pages_get_the_apps_not_found_page(client: TestClient) -> None:
    """A browser asking for an unknown page gets the app's page (which says "Page not found")
    with status 404; API routes and API clients keep their JSON errors."""
    for path in ("/nonexistent", "/match/abc/extra", "/games"):
        page = client.get(path, headers={"Accept": BROWSER_ACCEPT})
        assert page.status_code == 404, path
        assert page.headers["content-type"].startswith("text/html")
        assert "/static/app.js" in page.text and '"error"' not in page.text
    head = client.head("/nonexistent", headers={"Accept": BROWSER_ACCEPT})
    assert head.status_code == 404
    # The API keeps JSON, whatever the client accepts.
    api = client.get("/api/nothing", headers={"Accept": BROWSER_ACCEPT})
    assert api.status_code == 404 and api.json()["error"] == "http_error"
    missing_asset = client.get("/static/nothing.js", headers={"Accept": BROWSER_ACCEPT})
    assert missing_asset.status_code == 404 and "/static/app.js" not in missing_asset.text
    # A client that does not ask for HTML (a script) gets JSON.
    plain = client.get("/nonexistent", headers={"Accept": "application/json"})
    assert plain.status_code == 404 and plain.json()["error"] == "http_error"
    # Other methods are not pages.
    post = client.post("/nonexistent", headers={"Accept": BROWSER_ACCEPT}, json={})
    assert post.status_code in (404, 405) and post.json()["error"] == "http_error"


def playout(name: str, players: int, seed: int, **params: Any) -> State:
    """A seeded random game of ``name`` to its end."""
    state = load_game(name, players, **params).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


NAMES = ["Ann", "Bot 2", "Cy", "Di"]


def test_fences_score_sheet_is_the_games_score_per_field_and_card() -> None:
    """Fences: each seat's points (FE-R60), a line per scoring field with each barn owner's
    share (FE-R48 ... FE-R52) and the farmer-card bonuses (FE-R20, FE-R53)."""
    for seed in range(3):
        state = playout("fences", 3, seed)
        sheet = registration("fences").score_sheet
        assert sheet is not None
        result = sheet(state, NAMES[:3])
        assert isinstance(state, FencesState)
        scores = state.scores
        assert result.scores == tuple(f"{s} point{'s' if s != 1 else ''}" for s in scores)
        labels = [r.label for r in result.rows]
        assert labels[-2:] == ["Farmer card bonuses", "Total"]
        # The lines add up to each seat's score.
        for seat in range(3):
            total = 0
            for row in result.rows[:-1]:
                value = row.values[seat]
                if value.startswith("+"):
                    total += int(value[1:].split(" ")[0])
            assert total == scores[seat]
        best = max(scores)
        top = [NAMES[p] for p in range(3) if scores[p] == best]
        assert all(name in result.summary for name in top) or "draw" in result.summary


def test_rancho_score_sheet_shows_the_herds() -> None:
    """Rancho: the winner in words (RA-R43) and every seat's herd."""
    state = playout("rancho", 3, 2)
    sheet = registration("rancho").score_sheet
    assert sheet is not None
    result = sheet(state, NAMES[:3])
    assert isinstance(state, RanchoState)
    winner = state.winner
    assert winner >= 0 and result.summary.startswith(f"{NAMES[winner]} won")
    assert result.scores[winner] == "full herd"
    rows = {r.label: r.values for r in result.rows}
    placed = state.placed
    for kind, label in enumerate(("Rabbits", "Sheep", "Cows", "Horses")):
        values = rows[f"{label} on the farm"]
        assert [int(v.split(" ")[0]) for v in values] == [placed[4 * s + kind] for s in range(3)]


def test_animal_farm_score_sheet_says_where_the_piles_were() -> None:
    """Animal Farm: a draw by the no-progress rule (AF-R24) says so, and where each pile was."""
    state = playout("animal_farm", 2, 0, no_progress_plies=20)
    sheet = registration("animal_farm").score_sheet
    assert sheet is not None
    result = sheet(state, NAMES[:2])
    assert result.scores == ("draw", "draw")
    assert "no feed pile changed zone for 20 turns" in result.summary
    piles = [r.label for r in result.rows if "feed pile (F" in r.label]
    assert len(piles) == 2 and all(" base" in p or "neutral zone" in p for p in piles)


def test_livestock_uprising_score_sheet_ranks_the_survivors() -> None:
    """Livestock Uprising: the LU-R98 ranking (units, ATK+DEF, tokens) of every faction."""
    state = playout("livestock_uprising", 3, 1)
    sheet = registration("livestock_uprising").score_sheet
    assert sheet is not None
    result = sheet(state, NAMES[:3])
    assert isinstance(state, LUState)
    winners = state.winners
    assert [result.scores[s] == "won" for s in range(3)] == [s in winners for s in range(3)]
    labels = [r.label for r in result.rows]
    assert labels[:3] == ["Faction", "Still in the game", "Units"]
    assert all(NAMES[s] in result.summary for s in winners)


def test_a_finished_match_view_carries_the_games_own_score(make_client: Any) -> None:
    """The view of a finished match has ``result``: the game's scores and breakdown in words,
    not the returns (+1/-1); a running match has none."""
    client = make_client()
    created = client.post(
        "/api/matches",
        json={
            "game": "fences",
            "seats": [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}],
        },
    ).json()
    view = client.get(f"/api/matches/{created['id']}").json()
    deadline = time.monotonic() + 60
    while view["match"]["status"] != "finished":
        assert view["result"] is None
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
        view = client.get(f"/api/matches/{created['id']}").json()
    result = view["result"]
    scores = view["observation"]["scores"]
    assert result["scores"] == [f"{s} point{'s' if s != 1 else ''}" for s in scores]
    assert result["rows"][-1] == {
        "label": "Total",
        "values": result["scores"],
    }
    names = [s["name"] for s in view["match"]["seats"]]
    if scores[0] != scores[1]:
        assert names[scores.index(max(scores))] in result["summary"]


def test_lobby_proposes_animal_farms_no_progress_draw_af_r24(client: TestClient) -> None:
    """AF-R24: the web lobby proposes the optional no-progress draw at the spec's
    suggested 80 turns; the game's own default stays off, and other games propose nothing."""
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    params = {p["name"]: p for p in games["animal_farm"]["params"]}
    assert params["no_progress_plies"]["default"] == 0
    assert params["no_progress_plies"]["lobby_default"] == 80
    for name, game in games.items():
        for p in game["params"]:
            if (name, p["name"]) != ("animal_farm", "no_progress_plies"):
                assert p["lobby_default"] == p["default"], (name, p["name"])
    # The proposed values are valid params of the game.
    lobby = registration("animal_farm").lobby_params
    assert load_game("animal_farm", 2, **lobby).params["no_progress_plies"] == 80


def test_rules_route_gives_prose_and_data_in_words(client: TestClient) -> None:
    """The rules page was once a raw table of rule codes and file names. The rules route
    gives each of our games its rules in prose (HTML made from Markdown, raw HTML escaped) and
    every data item in words with its provenance; params carry a label and help for people."""
    import re

    for name in ("rancho", "animal_farm", "fences", "livestock_uprising"):
        rules = client.get(f"/api/games/{name}/rules").json()
        assert rules["html"].startswith("<h1>") and "<script" not in rules["html"]
        items = rules["items"]
        assert items and {i["provenance"] for i in items} <= {"official", "derived", "proposed"}
        text = str([(i["title"], i["text"], i["fields"], i["source"], i["note"]) for i in items])
        assert not re.search(r"\b[A-Z]{2}-R\d+|\.toml\b|rules/\w+\.md", text), name
        # The full reference, every ruling by its id, is named (docs/rules in the repository).
        assert rules["reference"] == f"docs/rules/{name}.md"
        game = client.get(f"/api/games/{name}").json()
        for param in game["params"]:
            assert param["label"] and "_" not in param["label"], param
            assert not re.search(r"\b[A-Z]{2}-R\d+", param["help"]), param
    # A game without prose (the toy) still has a rules route.
    assert client.get("/api/games/toy_secret/rules").json()["html"] is None
    assert client.get("/api/games/nothing/rules").status_code == 404
