"""The Ray backend against a local Ray instance this test starts (2 CPUs, kept light)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from farmstead.lab.tournament import RunSummary, run_tournament

ray = pytest.importorskip("ray")

# Short Rancho games between random agents: the engine's round cap ends them as draws early.
PARAMS = {"max_rounds": 12}


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_results_are_byte_identical_to_local(local_ray: None, tmp_path: Path) -> None:
    """The same master seed gives the same results file on Ray as locally."""
    local, remote = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    list(run_tournament("rancho", ["random"], 12, seed=9, params=PARAMS, workers=1, out=local))
    summary = RunSummary()
    records = list(
        run_tournament(
            "rancho",
            ["random"],
            12,
            seed=9,
            params=PARAMS,
            backend="ray",
            out=remote,
            summary=summary,
        )
    )
    assert summary.backend == "ray" and summary.games_played == 12
    assert [r.meta["index"] for r in records] == list(range(12))
    assert remote.read_bytes() == local.read_bytes()


def test_ray_run_resumes_a_local_file(local_ray: None, tmp_path: Path) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    list(run_tournament("rancho", ["random"], 6, seed=4, params=PARAMS, workers=1, out=full))
    list(run_tournament("rancho", ["random"], 3, seed=4, params=PARAMS, workers=1, out=part))
    list(run_tournament("rancho", ["random"], 6, seed=4, params=PARAMS, backend="ray", out=part))
    assert part.read_bytes() == full.read_bytes()
