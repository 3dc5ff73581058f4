"""Golden pictures of views the engine made from fixed seeded games (stored by make_fixtures.py),
compared with a small tolerance. The stored views keep these tests on the renderer alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from render.stella_digger.board import board_png
from render.stella_digger.hand import hand_png
from render.stella_digger.scores import scores_png
from tests.render import golden

FIXTURES = Path(__file__).with_name("fixtures")
GOLDEN = Path(__file__).with_name("golden")


def assert_matches(data: bytes, name: str, tmp_dir: Path) -> None:
    golden.assert_matches(data, name, tmp_dir, GOLDEN)


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "name",
    [
        "engine_3p_seed2_step48",  # a monster fight under way
        "engine_4p_seed7_step140",  # late game, four players, drills and blockades
        "engine_2p_seed5_end",  # game over, one player out
        "engine_3p_seed1_step30_seat2",  # a player's own view: the map shows no hand numbers
    ],
)
def test_map_golden(name: str, tmp_path: Path) -> None:
    assert_matches(board_png(load(name)["view"]), f"map_{name}.png", tmp_path)


def test_hand_golden(tmp_path: Path) -> None:
    view = load("engine_3p_seed1_step30_seat2")["view"]
    assert_matches(hand_png(view, view["viewer"]), "hand_engine_3p_seed1_step30_seat2.png", tmp_path)


@pytest.mark.parametrize("name", ["engine_4p_seed3_end", "engine_2p_seed5_end"])
def test_scores_golden(name: str, tmp_path: Path) -> None:
    doc = load(name)
    assert doc["view"]["ended"]
    assert_matches(scores_png(doc["view"], doc["history"]), f"scores_{name}.png", tmp_path)


@pytest.mark.parametrize("name", ["midgame", "fight4"])
def test_hand_written_map_golden(name: str, tmp_path: Path) -> None:
    assert_matches(board_png(load(name)), f"map_{name}.png", tmp_path)
