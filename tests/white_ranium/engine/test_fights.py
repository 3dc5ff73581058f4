"""R14-R17: steals, fight values, the three ways to play symbol cards, the free action.
Three players: ann red (base D4), bob blue (D3), cy yellow (C3); ann starts."""

from __future__ import annotations

import json

import pytest

from engine import IllegalDecision

from ..conftest import G, Table, table

RED = ["red-2", "red-3", "red-4", "red-5", "red-6"]
BLUE = ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]


def fight(ann: list[str], bob: list[str], red: int = 0, blue: int = 1, cards: str = "standard",
          **setup: object) -> Table:
    key = "hands" if cards == "strategy" else "piles"
    return Table(table(cards=cards, crews={"red": "E4", "blue": "E4"},
                       held={"red": red, "blue": blue}, **{key: {"ann": ann, "bob": bob}},
                       **setup))


def test_r14_steal_needs_a_target_with_ranium_on_the_same_card() -> None:
    """R14: the target stands on the attacker's card, is another player's, holds a unit."""
    t = fight(RED, BLUE, blue=0)
    with pytest.raises(IllegalDecision, match="holds no White Ranium"):
        G.apply(t.state, "ann", "steal blue")
    far = Table(table(held={"blue": 1}))
    with pytest.raises(IllegalDecision, match="not on D4"):
        G.apply(far.state, "ann", "steal blue")
    with pytest.raises(IllegalDecision, match="yours"):
        G.apply(far.state, "ann", "steal red")


def test_r14_r15_attacker_wins_takes_a_unit_and_goes_to_base() -> None:
    """R14, R15: each turns its top card (attacker first); value = card - units of that crew;
    the higher attacker takes one unit and is teleported to its base. 1 ore."""
    t = fight(["red-6", *RED[:4]], ["blue-2", *BLUE[1:]], red=1)
    t.do("ann", "steal blue")
    s = t.summary
    assert s["last_fight"] == {"attacker": "red", "defender": "blue",
                               "cards": {"red": "red-6", "blue": "blue-2"},
                               "values": {"red": 5, "blue": 1}, "winner": "red"}
    assert s["crews"]["red"]["ranium"] == 2 and s["crews"]["blue"]["ranium"] == 0
    assert s["crews"]["red"]["at"] == "D4" and s["ore"] == 3
    kinds = [e.kind for e in t.events]
    assert kinds.index("steal") < kinds.index("fight")


def test_r14_tie_changes_nothing_but_costs_ore() -> None:
    """R14: equal values: nothing happens; the steal cost 1 ore."""
    t = fight(["red-3", *RED[2:], "red-2"], ["blue-4", *BLUE[:2], *BLUE[3:]])
    t.do("ann", "steal blue")
    s = t.summary
    assert s["last_fight"]["winner"] is None and s["last_fight"]["values"] == {"red": 3, "blue": 3}
    assert s["crews"]["blue"]["ranium"] == 1 and s["crews"]["red"]["at"] == "E4"
    assert s["ore"] == 3 and t.owes() == [("ann", "action")]


def test_r16_defender_wins_and_takes_one_free_action() -> None:
    """R16: the winning defender at once takes one 1-ore action (not end, J or K) that the
    active player's ore does not pay for; then the active player goes on."""
    t = fight(["red-2", *RED[1:]], ["blue-6", *BLUE[:4]],
              cells={"A1": "blue-ud/blue-ud", "E4": "blue-rl/blue-rl"})
    t.do("ann", "steal blue")
    assert t.owes() == [("bob", "free-action")]
    for bad in ("end", "tunnel A1", "transport A1"):
        with pytest.raises(IllegalDecision, match="free action"):
            G.apply(t.state, "bob", bad)
    with pytest.raises(IllegalDecision, match="not your turn"):
        G.apply(t.state, "ann", "rotate A1")
    legal = t.legal("bob")
    assert "end" not in legal and not any(a.startswith(("tunnel", "transport")) for a in legal)
    t.do("bob", "rotate A1")
    assert t.owes() == [("ann", "action")] and t.summary["ore"] == 3


def test_r16_free_action_steal_is_settled_first_as_a_stack() -> None:
    """R16: the free action's own fight is settled before the active player goes on."""
    t = fight(["red-2", "red-3", "red-4", "red-5", "red-6"],
              ["blue-6", "blue-5", "blue-2", "blue-3", "blue-4"], red=1, blue=1)
    t.do("ann", "steal blue")  # 2-1=1 against 6-1=5: bob wins
    t.do("bob", "steal red")  # bob attacks: 5-1=4 against red-3-1=2: bob wins
    s = t.summary
    assert s["crews"]["blue"]["ranium"] == 2 and s["crews"]["blue"]["at"] == "D3"
    assert s["crews"]["red"]["ranium"] == 0
    assert t.owes() == [("ann", "action")] and s["ore"] == 3


def test_r17_standard_turned_cards_are_discarded_and_an_empty_pile_is_rebuilt() -> None:
    """R17 standard: the turned card goes face up; the pile empty, the discards are shuffled
    into a new pile at once."""
    t = fight(["red-6"], ["blue-2", "blue-3"])
    t.do("ann", "steal blue")
    s = t.summary["players"]
    assert s["ann"]["pile"] == 5 and s["ann"]["discard"] == []
    assert s["bob"]["pile"] == 1 and s["bob"]["discard"] == ["blue-2", "blue-4", "blue-5",
                                                            "blue-6"]


def test_r17_luck_turned_cards_go_back_into_the_pile() -> None:
    """R17 luck: the card goes back and the pile is shuffled; nothing is discarded."""
    t = fight(RED, BLUE, cards="luck")
    t.do("ann", "steal blue")
    s = t.summary["players"]
    assert s["ann"]["pile"] == 5 and s["ann"]["discard"] == [] and s["bob"]["pile"] == 5


def test_r15_strategy_both_fighters_owe_a_sealed_card_at_once() -> None:
    """R15, R24: with strategy cards attacker and defender choose at once, in secret; views
    show only that a card is committed (it still counts as in hand there); the reveal event
    unseals both; the cards are then played (R17)."""
    t = fight(RED, BLUE, cards="strategy")
    t.do("ann", "steal blue")
    assert t.owes() == [("ann", "fight"), ("bob", "fight")]
    assert G.sealed(t.state, "bob", G.parse("fight blue-3"))
    assert not G.sealed(t.state, "cy", G.parse("fight blue-3"))
    ev = t.do("bob", "fight blue-3")
    assert t.owes() == [("ann", "fight")]
    public = [e for e in ev if e.to is None]
    assert public and all("blue-3" not in e.text and "blue-3" not in json.dumps(e.data)
                          for e in public)
    assert any(e.to == ("bob",) and "blue-3" for e in ev)
    for viewer in ("ann", "cy", None):
        v = G.view(t.state, viewer)
        assert "blue-3" not in json.dumps(v["fight"]) and v["fight"]["committed"] == {
            "blue": "hidden"}
        assert "blue-3" in v["players"]["bob"]["hand"]
    assert G.view(t.state, "bob")["fight"]["committed"] == {"blue": "blue-3"}
    assert "blue-3" not in G.view(t.state, "bob")["players"]["bob"]["hand"]
    ev = t.do("ann", "fight red-6")
    assert [e.kind for e in ev if e.kind == "reveal"] == ["reveal"]
    s = t.summary
    assert s["last_fight"]["cards"] == {"red": "red-6", "blue": "blue-3"}
    assert s["players"]["ann"]["discard"] == ["red-6"] and "red-6" not in s["players"]["ann"]["hand"]
    assert s["crews"]["red"]["ranium"] == 1


def test_r15_any_order_of_commits_gives_the_same_state() -> None:
    """The protocol: simultaneous answers in either order give the same state."""
    one = fight(RED, BLUE, cards="strategy")
    two = fight(RED, BLUE, cards="strategy")
    for t in (one, two):
        t.do("ann", "steal blue")
    one.do("ann", "fight red-4")
    one.do("bob", "fight blue-5")
    two.do("bob", "fight blue-5")
    two.do("ann", "fight red-4")
    assert G.dump(one.state) == G.dump(two.state)


def test_r17_strategy_hand_comes_back_when_empty() -> None:
    """R17 strategy: the last card played, all five return to the hand; R24: a hand of one
    card is played at once."""
    t = fight(["red-6"], ["blue-2"], cards="strategy")
    t.do("ann", "steal blue")  # both hands hold one card: committed at once and revealed
    s = t.summary
    assert s["last_fight"]["cards"] == {"red": "red-6", "blue": "blue-2"}
    assert s["players"]["ann"]["hand"] == RED and s["players"]["ann"]["discard"] == []
    two = fight(["red-6", "red-5"], BLUE, cards="strategy")
    two.do("ann", "steal blue")
    with pytest.raises(IllegalDecision, match="not in your hand"):
        G.apply(two.state, "ann", "fight red-4")


def test_r24_both_owe_the_attacker_first_whatever_the_seats() -> None:
    """R24: fight decisions are the attacker's, then the defender's; both are owed at once, so
    ``to_act`` names the attacker until the attacker has committed."""
    t = Table(table(cards="strategy", start_player="bob", crews={"red": "E4", "blue": "E4"},
                    held={"red": 1}))
    t.do("bob", "steal red")
    assert t.owes() == [("bob", "fight"), ("ann", "fight")]
    assert t.summary["to_act"] == {"player": "bob", "decision": "fight"}
    t.do("bob", "fight blue-2")
    assert t.summary["to_act"] == {"player": "ann", "decision": "fight"}
