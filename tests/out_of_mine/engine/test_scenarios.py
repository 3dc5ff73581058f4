"""The scenario files under scenarios/ (out-of-mine-notation.md's format) with our ``expect``
key: dotted paths into the result and the exact value expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.out_of_mine.scenario import run_scenario

from ..conftest import SCENARIOS, at


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    expect = doc.pop("expect")
    result = run_scenario(doc)
    for key, value in expect.items():
        assert at(result, key) == value, (key, result.get("error"))


def test_setup_errors_are_sentences() -> None:
    base = {"game": "out-of-mine", "players": ["ann", "bob"]}
    bad = [({"boards": {"ann": "1a"}}, "names every player"),
           ({"boards": {"ann": 1, "bob": 2}, "pile": [1]}, "named twice"),
           ({"deck": [1, 1]}, "distinct cards"),
           ({"round": 8}, "round from 1 to 7"),
           ({"colour": 1}, "Unknown setup key"),
           ({"boards": {"ann": "7b", "bob": 2}, "previous": {"ann": "7b"}}, "so they play 7a")]
    for setup, fragment in bad:
        result = run_scenario({**base, "setup": setup})
        assert result["ok"] is False and result["index"] is None and fragment in result["error"]
