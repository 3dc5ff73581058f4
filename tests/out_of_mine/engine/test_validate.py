"""``validate``/``load`` refuse states no game reaches (conservation, limits, sealed digs)."""

from __future__ import annotations

import json

import pytest

from engine import CorruptState

from ..conftest import G, table


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


def _after_a_round() -> dict:
    """Two players, race off, after round 1's reveal: ann called (R10), bob dug nothing."""
    from ..conftest import FULL_1A

    state, _ = table(boards={"ann": "1a", "bob": "4a"}, deck=[1, 2],
                     actions=[("ann", FULL_1A), ("bob", "dig")])
    assert state.round == 2 and state.players[0].rounds[0].call == 2
    return json.loads(G.dump(state))


def refused(doc: dict) -> str:
    with pytest.raises(CorruptState) as info:
        G.load(json.dumps(doc))
    return str(info.value)


@pytest.mark.parametrize(("path", "value", "phrase"), [
    (("players", 0, "total"), 999, "not the sum of the rounds"),  # R11, R16
    (("players", 0, "calls"), -1, "not the sum of the rounds"),
    (("players", 1, "empty"), 0, "not the sum of the rounds"),
    (("players", 0, "rounds", 0, "score"), 99, "does not score what its tiles score"),
    (("players", 0, "rounds", 0, "base"), 11, "does not score what its tiles score"),
    (("players", 1, "rounds", 0, "call"), 2, "call"),  # R10: bob covered nothing
    (("players", 0, "rounds", 0, "tiles", 0), "yellow:A2", "not legal"),  # R7
    (("players", 0, "rounds", 0, "card"), 999, "another round, side or card"),
    (("players", 0, "rounds", 0, "round"), 7, "another round, side or card"),
    (("last_round", "callers", 0), "nobody", "callers are not the players who called"),
    (("players", 0, "previous"), "9a", "previous side"),
    (("version",), 10**9, "three decisions a round"),
    (("round",), 3, "in round 3"),  # R15
])
def test_scores_and_history_are_rebuilt_from_the_rounds(path: tuple, value: object,
                                                        phrase: str) -> None:
    """Issue 25: every total, call count and round record is what the tiles scored."""
    doc = _after_a_round()
    G.load(json.dumps(doc))
    node = doc
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    assert phrase in refused(doc)


def test_a_complete_board_that_did_not_call_is_refused() -> None:
    """R10: with the race off every complete board calls; a record, total and last round all
    rewritten consistently to drop ann's call still break it."""
    doc = _after_a_round()
    ann = doc["players"][0]
    rec = ann["rounds"][0]
    rec["call"], rec["score"] = 0, rec["score"] - 2
    ann["total"], ann["calls"] = ann["total"] - 2, 0
    doc["last_round"]["callers"] = []
    assert "calls and cuts are not those of its times" in refused(doc)
