"""The HTML report in real Chromium: every embedded plot renders (screenshot in test-output/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_kit import SCREENSHOTS
from toygames import DiceNimGame

from farmstead.lab.report import build_report, render_html, report_plots
from farmstead.lab.results import read_timings, timings_path
from farmstead.lab.tournament import run_tournament

pytestmark = pytest.mark.browser


def test_html_report_shows_its_plots_in_chromium(tmp_path: Path, browser: Any) -> None:
    out = tmp_path / "r.jsonl"
    agents = ["random", "mcts:iterations=20,rollout_depth=-1"]
    records = list(run_tournament(DiceNimGame(2, pile=9), agents, 12, seed=1, workers=1, out=out))
    report = build_report(records, read_timings(timings_path(out)), bootstrap=20)
    page_file = tmp_path / "report.html"
    page_file.write_text(render_html(report, report_plots(report)), encoding="utf-8")

    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(page_file.as_uri())
    page.wait_for_load_state("load")
    sizes = page.eval_on_selector_all(
        "img", "imgs => imgs.map(i => [i.complete, i.naturalWidth, i.naturalHeight])"
    )
    assert len(sizes) == 5
    assert all(done and width > 0 and height > 0 for done, width, height in sizes), sizes
    assert "Win rate per agent" in page.inner_text("body")
    assert errors == []
    # nothing but the file itself and its data: URLs was requested
    assert all(u.startswith(("file:", "data:")) for u in requests), requests
    shot = SCREENSHOTS / "lab-report.png"
    page.screenshot(path=str(shot), full_page=True)
    page.close()
    assert shot.stat().st_size > 10000
