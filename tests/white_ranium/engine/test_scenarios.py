"""The scenario files under scenarios/ (white-ranium-notation.md plus an ``expect`` key)."""

from __future__ import annotations

import pytest

from engine.white_ranium.scenario import run_scenario

from ..conftest import SCENARIOS, check_scenario, load_scenario

NAMES = sorted(p.stem for p in SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("name", NAMES)
def test_scenario_file(name: str) -> None:
    check_scenario(name)


def test_a_bad_setup_says_so_with_a_null_index() -> None:
    doc = load_scenario("notation_example")
    doc["setup"]["board"] = {"D4": "red-xyz/red-urdl"}
    result = run_scenario(doc)
    assert result["ok"] is False and result["index"] is None and "not a card" in result["error"]


def test_the_player_named_must_owe_the_decision() -> None:
    doc = load_scenario("notation_example")
    doc["actions"] = [["bob", "end"]]
    result = run_scenario(doc)
    assert result == {"ok": False, "index": 0, "error": result["error"]}
    assert "not your turn" in result["error"]
