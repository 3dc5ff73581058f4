"""``python -m render``: render a saved view or the position a scenario file reaches."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from render.__main__ import main
from render.stella_digger.layout import BOARD_H, BOARD_W, HEIGHT, WIDTH

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).with_name("fixtures")

SCENARIO = {
    "game": "stella-digger",
    "players": ["ann", "bob", "cy"],
    "seed": 7,
    "options": {"red_tears": False},
    "setup": {
        "start_player": "ann",
        "tiles": {"A2": "pink:1", "B1": "gold:2", "C3": "monster:5/1/2", "D2": "blue:2>up"},
        "hands": {"ann": ["blue-3", "pink-1", "green-3", "purple-3"], "bob": ["blue-2"], "cy": []},
        "crystals": {"ann": {"blue": 2}},
        "gadgets": {"bob": ["super-drill/blue"]},
        "face_up": ["A2", "B1"],
    },
    "actions": [["ann", "target B1"], ["ann", "mine blue-3"]],
}


def test_view_file_to_png(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    assert main(["view", str(FIXTURES / "midgame.json"), "-o", str(out)]) == 0
    assert Image.open(out).size == (WIDTH, HEIGHT)
    board = tmp_path / "board.png"
    assert main(["view", str(FIXTURES / "midgame.json"), "-o", str(board), "--board"]) == 0
    assert Image.open(board).size == (BOARD_W, BOARD_H)


def test_unreadable_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["view", str(bad), "-o", str(tmp_path / "x.png")]) == 2


def test_module_entry_point(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    done = subprocess.run([sys.executable, "-m", "render", "view", str(FIXTURES / "fight4.json"), "-o", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert Image.open(out).format == "PNG"


def test_scenario_file_to_png(tmp_path: Path) -> None:
    pytest.importorskip("engine.stella_digger.scenario")
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(SCENARIO), encoding="utf-8")
    out = tmp_path / "map.png"
    assert main(["scenario", str(scenario), "-o", str(out)]) == 0
    assert Image.open(out).size == (WIDTH, HEIGHT)


def test_failing_scenario_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("engine.stella_digger.scenario")
    doc = dict(SCENARIO, actions=[["bob", "target B1"]])  # not bob's decision
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["scenario", str(scenario), "-o", str(tmp_path / "map.png")]) == 1
    assert capsys.readouterr().err.strip()
