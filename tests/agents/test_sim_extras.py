"""The simulator's additions for the agents: --budget-ms, --workers, --plot, targets, positions."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from engine.stella_digger.sim import main


def test_plot_targets_and_positions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png, log = tmp_path / "scores.png", tmp_path / "games.jsonl"
    code = main(["--players", "2", "--games", "4", "--seed", "3", "--agents", "easy,random",
                 "--json", "--plot", str(png), "--records", str(log)], time.perf_counter)
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert report["targets"] and report["targets"][0]["agent"] == "easy"
    assert set(report["win_rate_by_position"]) == {"0", "1"}
    assert report["seat_order_test"]["df"] == 1 and 0 <= report["seat_order_test"]["p"] <= 1
    assert sum(v["rate"] for v in report["end_reason_shares"].values()) == pytest.approx(1.0)
    assert sorted(report["scores_by_agent"]) == ["easy", "random"]
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(r["seed"] for r in lines) == [3, 4, 5, 6]


def test_budget_reaches_the_strong_agent_and_workers(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--players", "2", "--games", "2", "--agents", "strong,easy", "--budget-ms", "2",
                 "--workers", "2", "--json"], time.perf_counter)
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["agent_options"] == {"budget_ms": 2.0}
    assert report["games"] == 2 and report["win_rate_by_agent"]["strong"]["games"] == 2


def test_seat_order_chi_square() -> None:
    from engine.stella_digger.sim import _uniform_test

    assert _uniform_test([50, 50])["p"] == 1.0
    assert abs(_uniform_test([60.0, 40.0])["p"] - 0.0455) < 1e-3  # chi2 = 4, df 1
    assert abs(_uniform_test([40, 30, 30, 20])["p"] - 0.0833) < 1e-3  # chi2 = 6.67, df 3
