"""Stella Digger behind the multi-game protocol (engine/core/game.py): a list of one owed
decision, player-keyed listings, options of a draft, option specs, winners, run_scenario."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from engine import GAMES, NotYourTurn, ToAct, get_game
from engine.stella_digger.scenario import run, run_scenario

G = get_game("stella-digger")
SCENARIOS = Path(__file__).parents[1] / "scenarios"


def test_stella_is_discovered_and_owes_a_list_of_one() -> None:
    assert "stella-digger" in GAMES
    state = G.new_game(["ann", "bob", "cy"], seed=3)
    owed = G.owed(state)
    assert owed == [G.to_act(state)] and len(owed) == 1 and owed[0].listed


def test_to_act_still_compares_and_unpacks_as_a_pair() -> None:
    owed = ToAct("ann", "dig", listed=False)
    player, decision = owed
    assert (player, decision) == ("ann", "dig") and owed == ("ann", "dig") and not owed.listed
    assert pickle.loads(pickle.dumps(owed)).listed is False


def test_player_keyed_listings() -> None:
    state = G.new_game(["ann", "bob"], seed=5)
    who = G.to_act(state).player
    other = next(p for p in ("ann", "bob") if p != who)
    assert G.legal(state, who) == G.legal(state) and G.legal(state, other) == []
    assert G.default(state, who) == G.default(state)
    with pytest.raises(NotYourTurn):
        G.default(state, other)
    assert G.prompt(state, who) == G.prompt(state)


def test_options_lists_the_next_words_of_a_draft() -> None:
    state = G.new_game(["ann", "bob"], seed=5)
    who = G.to_act(state).player
    texts = [str(a) for a in G.legal(state, who)]
    verbs = G.options(state, who, "")
    assert verbs == sorted({t.split()[0] for t in texts}, key=[t.split()[0] for t in texts].index)
    squares = G.options(state, who, verbs[0])
    assert sorted(f"{verbs[0]} {s}" for s in squares) == sorted(texts)
    assert G.options(state, who, verbs[0], part=squares[0][0]) == [
        s for s in squares if s.startswith(squares[0][0])]


def test_nothing_is_sealed_or_timed() -> None:
    state = G.new_game(["ann", "bob"], seed=5)
    who = G.to_act(state).player
    action = G.default(state, who)
    assert not G.sealed(state, who, action) and G.timing(state, who) is None
    assert G.stamp(state, who, action, 3.0, {}) == action


def test_option_specs_name_red_tears() -> None:  # R20
    spec = G.option_specs["red_tears"]
    assert spec.kind is bool and spec.default is False and spec.description
    assert G.new_game(["ann", "bob"], {"red_tears": True}, seed=1).options.red_tears


def test_winners_empty_until_the_end() -> None:
    state = G.new_game(["ann", "bob"], seed=2)
    assert G.winners(state) == []
    while G.owed(state):
        G.apply(state, G.to_act(state).player, G.default(state))
    assert G.winners(state) and set(G.winners(state)) <= {"ann", "bob"}


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json"))[:5], ids=lambda p: p.stem)
def test_run_scenario_is_run_result(path: Path) -> None:
    doc = json.loads(path.read_text())
    assert run_scenario(doc) == run(doc).result
