"""The HTML report in real Chromium: every embedded plot renders (screenshot in test-output/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from toygames import DiceNimGame

from farmstead.lab.report import build_report, render_html, report_plots
from farmstead.lab.results import read_timings, timings_path
from farmstead.lab.tournament import run_tournament

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUTPUT = Path(__file__).parents[2] / "test-output"


def test_html_report_shows_its_plots_in_chromium(tmp_path: Path) -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    out = tmp_path / "r.jsonl"
    agents = ["random", "mcts:iterations=20,rollout_depth=-1"]
    records = list(run_tournament(DiceNimGame(2, pile=9), agents, 12, seed=1, workers=1, out=out))
    report = build_report(records, read_timings(timings_path(out)), bootstrap=20)
    page_file = tmp_path / "report.html"
    page_file.write_text(render_html(report, report_plots(report)), encoding="utf-8")

    OUTPUT.mkdir(exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
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
            page.screenshot(path=str(OUTPUT / "lab-report.png"), full_page=True)
        finally:
            browser.close()
    assert (OUTPUT / "lab-report.png").stat().st_size > 10000
