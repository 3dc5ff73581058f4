"""``python -m benchmarks limits`` runs in a tiny configuration against the limiting fake Discord
and reports its keys with sane relations (never timings: targets live in the benchmark)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KEYS = {"counted_requests_per_decision", "sustained_per_s", "global_429", "route_429",
        "invalid_requests", "requests_per_decision", "exempt_per_decision", "steps", "load_avg"}


def test_limits_benchmark_tiny_run(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "benchmarks", "limits", "--json", "--game", "white-ranium",
           "--games", "4", "--seconds", "2", "--rates", "2", "--warmup", "0", "--dir", str(tmp_path)]
    out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:] + out.stdout[-3000:]
    r = json.loads(out.stdout)
    assert r.keys() >= KEYS and r["game"] == "white-ranium" and r["error_count"] == 0
    assert r["decisions"] > 0 and len(r["steps"]) == 1 and r["steps"][0]["offered_per_s"] == 2.0
    # every decision's interaction callback is exempt (its thread posts too, as follow-ups)
    assert r["exempt_per_decision"] >= 1.0 and r["counted_requests_per_decision"] >= 0
    assert r["requests_per_decision"]["POST /interactions/{interaction_id}/{token}/callback"] == 1.0
    assert r["invalid_requests"] >= r["global_429"] + r["route_429"] >= 0
    assert r["sustained_per_s"] in (0.0, 2.0)
    # where the time went: the bot's CPU per decision (its pictures' apart), its loop's stalls
    step = r["steps"][0]
    assert step["bot_cpu_ms_per_decision"] > 0 and step["render_cpu_ms_per_decision"] >= 0
    assert isinstance(r["longest_stall_ms"], int) and r["stalls_over_250_ms"] >= 0
    # the machine's own speed before and after, to tell a slow half hour from a slow change
    assert len(r["machine_ms"]) == 2 and all(ms > 0 for ms in r["machine_ms"])
    assert step["machine_ms"] > 0
    # the disk's own stalls meanwhile: a synced write ten times a second beside the database
    assert step["disk_fsyncs"] >= 1 and step["disk_fsync_max_ms"] >= step["disk_fsync_p50_ms"] > 0
    assert 0 <= step["disk_stalls"] <= step["disk_fsyncs"] and step["disk_stalled_ms"] >= 0


def test_the_sweep_never_runs_out_of_games() -> None:
    """Out of Mine!'s games have about 24 decisions left once dealt: 200 of them ended in the
    default sweep's 75/s step, which then measured the driver, not the bot."""
    import argparse

    from benchmarks.limits import decisions_left, games_needed
    from engine import get_game

    g = get_game("out-of-mine")
    rates = [10.0, 25.0, 50.0, 75.0, 100.0, 150.0]
    full = games_needed(argparse.Namespace(games=200, warmup=3.0), g, rates, 50.0)
    assert full * decisions_left(g) >= 2 * sum(rates) * 50.0 and full > 200
    assert games_needed(argparse.Namespace(games=200, warmup=0.0), g, [10.0], 1.0) == 200
