"""The end-to-end benchmark runs in a tiny configuration and reports sane figures (its keys and
their relations, never timings: speed targets are for ``python -m benchmarks``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

LOAD_KEYS = {
    "offered_per_s", "sent", "decisions", "decisions_per_s", "cpu_ms_per_decision",
    "workers_cpu_ms_per_decision", "rss_mb", "workers_rss_mb", "saturation_per_s", "sweep",
    *(f"{what}_{p}_ms" for what in ("reply", "callback", "map_reply", "map_callback")
      for p in ("p50", "p95", "p99")),
}
RESUME_KEYS = {"resume_games", "resume_10k_s", "resume_reposted"}


def test_e2e_benchmark_tiny_run(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "benchmarks", "e2e", "--json", "--games", "4", "--stored", "6",
           "--rate", "4", "--seconds", "2", "--warmup", "0", "--sweep", "--sweep-rates", "2,4",
           "--resume", "30", "--dir", str(tmp_path)]
    out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:] + out.stdout[-3000:]
    r = json.loads(out.stdout)
    assert r.keys() >= LOAD_KEYS | RESUME_KEYS
    assert r["error_count"] == 0 and r["errors"] == []
    assert r["offered_per_s"] == 4.0 and r["games"] == 4
    assert 0 < r["decisions"] <= r["sent"]
    assert r["decisions_per_s"] > 0 and r["cpu_ms_per_decision"] > 0 and r["rss_mb"] > 0
    for p in ("p50", "p95", "p99"):  # every reply comes after its callback
        assert r[f"reply_{p}_ms"] >= r[f"callback_{p}_ms"] > 0
    assert r["reply_p50_ms"] <= r["reply_p95_ms"] <= r["reply_p99_ms"]
    assert 1 <= len(r["sweep"]) <= 2 and r["sweep"][0]["offered_per_s"] == 2.0
    assert r["saturation_per_s"] in [0.0, *(s["decisions_per_s"] for s in r["sweep"])]
    assert r["resume_games"] == 30 and r["resume_reposted"] == 0 and r["resume_10k_s"] > 0
    # the bot's loop-lag monitor (referee/process/looplag.py) logged its longest stall at the stop
    assert isinstance(r["longest_stall_ms"], int) and r["longest_stall_ms"] >= 0
    assert r["stalls_over_250_ms"] >= 0 and r["cant_keep_up"] >= 0 and r["keep_alive_races"] >= 0


def test_solo_benchmark_reports_what_blocked_the_win() -> None:
    """Issue 28's solo winnability figures: wins with their interval, the load beside the
    time, and what each lost game lacked at the end (R24: 36 developed squares, 7 colours)."""
    cmd = [sys.executable, "-m", "benchmarks", "solo", "--json", "--agent", "easy",
           "--difficulty", "2", "--games", "3"]
    out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    r = json.loads(out.stdout)
    assert r["games"] == 3 and r["difficulty"] == 2 and 0 <= r["wins"] <= 3
    assert 0.0 <= r["ci95"][0] <= r["wins"] / 3 <= r["ci95"][1] <= 1.0
    assert len(r["load_before"]) == 3 and r["seconds_per_game"] >= 0
    assert 0 <= r["undeveloped_min"] <= r["undeveloped_mean"] <= 30
    assert 0 <= r["structures_mean"] <= r["structures_max"] <= 7
    lost = 3 - r["wins"]  # every lost game misses at least one colour or square (R24)
    assert lost == 0 or r["undeveloped_mean"] > 0 or r["missing_colour_games"]


def test_solo_resource_bound() -> None:
    """The bound from the resources a solo game offers (docs/solo-winnability.md): every way
    to take one zone per round is tried; those holding enough items of each kind are fewer,
    and those whose credits also balance fewer still, less at a harder difficulty (R23)."""
    from benchmarks.solo import resource_bound

    r = resource_bound()
    assert r["choices"] == 1024
    balance = r["credits_balance"]
    assert r["items_suffice"] >= balance["difficulty 1, award 4"] >= balance["difficulty 1, award 0"]
    assert balance["difficulty 1, award 4"] >= balance["difficulty 4, award 4"] > 0
