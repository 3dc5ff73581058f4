"""``validate``/``load`` refuse states no game reaches (conservation, limits, sealed digs)."""

from __future__ import annotations

import json

import pytest

from engine import CorruptState

from .conftest import G, table


def broken(change: object) -> str:
    state, _ = table(("ann", "bob", "cy"), options={"race": True},
                     actions=[("ann", "open"), ("ann", "dig green-i:A2,A3,A4@2.0 time=3.0")],
                     boards={"ann": "1a", "bob": "4a", "cy": "10a"}, deck=[1, 2, 3, 4])
    doc = json.loads(G.dump(state))
    change(doc)  # type: ignore[operator]
    with pytest.raises(CorruptState) as info:
        G.load(json.dumps(doc))
    return str(info.value)


def test_a_good_state_loads() -> None:
    state, _ = table(boards={"ann": "1a", "bob": "4a"}, deck=[1, 2])
    assert G.dump(G.load(G.dump(state))) == G.dump(state)


def test_boards_are_conserved() -> None:  # C5, C6
    assert "boards are not conserved" in broken(lambda d: d["pile"].append(d["pile"][0]))


def test_cards_are_conserved() -> None:  # C4
    assert "cards are not conserved" in broken(lambda d: d["deck"].pop())


def test_a_sealed_dig_must_be_legal() -> None:  # R7
    def change(d: dict) -> None:
        d["players"][0]["dig"] = "dig yellow:A2@1.0 time=2.0"
    assert "not legal" in broken(change)


def test_a_raced_dig_needs_its_times() -> None:  # R6
    def change(d: dict) -> None:
        d["players"][0]["dig"] = "dig green-i:A2,A3,A4"
    assert "needs an open and every time" in broken(change)


def test_bad_json_and_wrong_game() -> None:
    with pytest.raises(CorruptState, match="can't be read"):
        G.load("{")
    with pytest.raises(CorruptState, match="not Out of Mine"):
        broken_game = json.loads(G.dump(table()[0]))
        broken_game["game"] = "stella-digger"
        G.load(json.dumps(broken_game))
