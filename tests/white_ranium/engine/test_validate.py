"""``validate``/``load`` refuse White Ranium states no game reaches (issue 25): every seat and
player a state names is seated, every number of the turn within its bounds in every phase, and
a state that loads always has someone owing a decision, or is over."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import CorruptState, get_game
from engine.core.mutate import plays_on

G = get_game("white-ranium")


def _state(phase: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A real 3-player game at its first state in ``phase`` (defaults played), a turn in."""
    state = G.new_game(["ann", "bob", "cy"], options or {}, 6)
    steps = 0
    while state.phase != phase or (phase == "play" and not state.last_turn_log and steps < 80):
        who = G.owed(state)[0].player
        G.apply(state, who, G.default(state, who))
        steps += 1
    doc = json.loads(G.dump(state))
    assert plays_on(G, G.load(json.dumps(doc)))
    return doc


def refused(doc: dict[str, Any]) -> str:
    with pytest.raises(CorruptState) as info:
        G.load(json.dumps(doc))
    return str(info.value)


@pytest.mark.parametrize(("phase", "edit", "phrase"), [
    # the audit's forgeries, outside the play phase where they were not checked
    ("swap", lambda d: d["players"][0].update(delivered=999), "delivered 999"),  # R18
    ("swap", lambda d: d.update(ore=999), "ore 999"),  # R7
    ("play", lambda d: d["players"][1].update(delivered=-1), "delivered -1"),
    ("swap", lambda d: d.update(start=9), "start seat 9"),  # R1
    ("swap", lambda d: d.update(round=10), "round 10"),
    ("play", lambda d: d.update(version=10**9), "version"),
    ("play", lambda d: d.update(turn=-1), "the turn names seat -1"),
    ("swap", lambda d: d.update(swaps_left=0), "swaps left"),
    # the colours phase with nobody left to choose owed nothing and never ended (R6)
    ("colours", lambda d: d.update(choosers=[]), "to choose a colour"),
    ("colours", lambda d: d["choosers"].__setitem__(0, 7), "to choose a colour"),
    ("play", lambda d: d["crews"][0].update(seat=7), "colours are not the crews they own"),
    ("play", lambda d: d["players"][0]["colours"].append(d["players"][0]["colours"][0]),
     "colours are not the crews they own"),
    ("play", lambda d: d["last_turn_log"][0].__setitem__(0, "mallory"), "not seated"),
    ("play", lambda d: d["last_turn_log"][0].__setitem__(1, "fly away"), "not seated"),
    ("play", lambda d: d.update(winners=["mallory"]), "winner"),
])
def test_impossible_states_are_refused(phase: str, edit: Any, phrase: str) -> None:
    doc = _state(phase)
    edit(doc)
    assert phrase in refused(doc)


def test_a_fight_owed_by_nobody_is_refused() -> None:
    """A fight step whose two cards are both in owes nothing: the game would hang (R15)."""
    doc = _state("play")
    crews = [c for c in doc["crews"] if c["seat"] == doc["turn"]]
    other = next(c for c in doc["crews"] if c["seat"] != doc["turn"])
    doc["stack"] = [{"kind": "fight", "seat": doc["turn"], "attacker": crews[0]["colour"],
                     "defender": other["colour"], "attacker_card": "x", "defender_card": "y",
                     "left": 0, "card": None}]
    assert "both cards already played" in refused(doc)


def test_a_long_game_is_no_forgery() -> None:
    """R21: no end but the markers, so a game between weak players may pass round 500 (the
    transcript benchmark's game did, then failed to load as 'corrupt'). A round beyond the
    decisions made is still refused: every turn takes one at the least."""
    doc = _state("play")
    doc.update(round=501, version=4000)
    assert plays_on(G, G.load(json.dumps(doc)))
    doc.update(round=4002)
    assert "round 4002" in refused(doc)
