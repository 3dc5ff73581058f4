"""``validate``/``load`` refuse Mining Colony states no game reaches (issue 25): every reference
to a player is a seated player, every count within its bounds, every tile and resource card
somewhere once; a state that loads always plays on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import CorruptState, get_game
from engine.core.mutate import plays_on

G = get_game("mining-colony")


def _state(phase: str) -> dict[str, Any]:
    """A real 3-player game at its first state in ``phase`` (its defaults played)."""
    state = G.new_game(["ann", "bob", "cy"], {}, 4)
    while state.phase != phase:
        who = G.owed(state)[0].player
        G.apply(state, who, G.default(state, who))
    return json.loads(G.dump(state))


def refused(doc: dict[str, Any]) -> str:
    with pytest.raises(CorruptState) as info:
        G.load(json.dumps(doc))
    return str(info.value)


def test_a_turn_order_naming_a_non_player_is_refused() -> None:
    """The audit's hang: an order naming nobody seated imported as a running game owed by
    nobody (R8: the order is the seated players by their revealed cards)."""
    doc = _state("develop")
    assert plays_on(G, G.load(json.dumps(doc)))
    doc["order"][doc["turn"]] = "mallory"
    assert "excavation order" in refused(doc)


@pytest.mark.parametrize(("phase", "edit", "phrase"), [
    ("develop", lambda d: d["order"].reverse(), "highest first"),  # R8
    ("develop", lambda d: d["zones"][0].update(taken_by="mallory"), "taken"),
    ("take", lambda d: d["zones"][0].update(taken_by="ann"), "zones taken"),
    ("bid", lambda d: d["players"][0].update(credits=999), "credits"),  # R15
    ("develop", lambda d: d["players"][1].update(credits=-1), "credits"),
    ("bid", lambda d: d["players"][0].update(refreshed=10**9), "refreshed"),
    ("bid", lambda d: d.update(version=10**9), "version"),
    ("bid", lambda d: d["options"].update(difficulty=99), "difficulty"),
    ("bid", lambda d: d["piles"]["3"].pop(), "tiles are missing"),  # C7
    ("bid", lambda d: d["resource_deck"].pop(), "resource cards"),  # C9
    ("bid", lambda d: d["history"].append([999, 0, 0]), "score history"),
    ("bid", lambda d: d.update(order=["ann", "bob", "cy"]), "before the reveal"),  # R7
])
def test_impossible_states_are_refused(phase: str, edit: Any, phrase: str) -> None:
    doc = _state(phase)
    G.load(json.dumps(doc))
    edit(doc)
    assert phrase in refused(doc)
