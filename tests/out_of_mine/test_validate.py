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


def test_a_start_is_what_its_seed_deals() -> None:
    """Issue 25: an import's start is rebuilt from its seed, players and options
    (``check_start``); an arranged table (a scenario's boards), a changed score or a later
    state is not a start."""
    start = G.new_game(["ann", "bob", "cy"], {"race": False, "finds": True}, 9, {"ann": "Ann"})
    G.check_start(G.load(G.dump(start)))
    arranged, _ = table(boards={"ann": "1a", "bob": "4a"}, deck=[1, 2])
    with pytest.raises(CorruptState, match="not the start its seed"):
        G.check_start(arranged)
    start.players[1].total = 999
    with pytest.raises(CorruptState, match="not the start its seed"):
        G.check_start(start)
    later, _ = table(boards={"ann": "1a", "bob": "4a"}, deck=[1, 2],
                     actions=[("ann", "dig green-i:A2,A3,A4")])
    with pytest.raises(CorruptState, match="at version 0, not 1"):
        G.check_start(later)


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
