"""R1-R5 and R14-R17: seats, options, setup, the round's steps, cards, the board exchange,
the end and its ties, who owes what and the defaults."""

from __future__ import annotations

import pytest

from engine import IllegalDecision, NotYourTurn, ToAct

from ..conftest import FULL_1A, G, ok, table


def test_r1_seats_are_shuffled_by_the_seed() -> None:  # R1
    orders = {tuple(p.id for p in G.new_game(["a", "b", "c", "d"], seed=s).players)
              for s in range(12)}
    assert len(orders) > 1
    assert [p.id for p in G.new_game(["a", "b", "c"], seed=4).players] == [
        p.id for p in G.new_game(["a", "b", "c"], seed=4).players]


def test_r2_options_and_their_defaults() -> None:  # R2
    specs = G.option_specs
    assert {n: (s.kind, s.default) for n, s in specs.items()} == {
        "elves": (bool, False), "finds": (bool, False), "race": (bool, True)}
    state = G.new_game(["a", "b"], seed=1)
    assert (state.options.elves, state.options.finds, state.options.race) == (False, False, True)
    with pytest.raises(IllegalDecision, match="Unknown option"):
        G.new_game(["a", "b"], {"red_tears": True})
    with pytest.raises(IllegalDecision, match="true or false"):
        G.new_game(["a", "b"], {"race": "yes"})
    with pytest.raises(IllegalDecision, match="2 to 4 players"):
        G.new_game(["a"])


@pytest.mark.parametrize("n, unused", [(2, 2), (3, 1), (4, 0)])
def test_r4_c6_boards_and_cards_at_setup(n: int, unused: int) -> None:  # R4, C6
    state = G.new_game([f"p{i}" for i in range(n)], seed=n)
    assert len(state.pile) == 6 and len(state.unused) == unused
    assert len({p.board for p in state.players}) == n
    assert sorted(state.deck) == list(range(1, 41)) and state.discard == []
    assert G.owed(state) == [ToAct(p.id, "side") for p in state.players]  # R4: sides first


def test_r4_the_very_board_back_forces_its_other_side() -> None:  # R4, R17
    state, result = table(boards={"ann": 5, "bob": 4}, previous={"ann": "5b", "bob": "1a"},
                          round=2, deck=[1, 2])
    summary = ok(result)
    assert summary["players"]["ann"]["side"] == "a"  # set at once, never asked
    assert G.owed(state) == [ToAct("bob", "side")]  # bob played board 1, not 4: free choice
    assert any(e["kind"] == "side" and "got board 5 back after playing 5b, so they play 5a"
               in e["text"] and e["to"] is None for e in result["events"])
    with pytest.raises(IllegalDecision) as info:
        G.apply(state, "ann", "side b")
    assert str(info.value) == ("Your side is set: you got board 5 back after playing 5b, so "
                               "you play 5a.")


def test_r4_a_board_another_player_just_played_is_a_free_choice() -> None:  # R4
    state, _ = table(boards={"ann": 4, "bob": 5}, previous={"ann": "5b", "bob": "4a"}, round=2)
    assert G.owed(state) == [ToAct("ann", "side"), ToAct("bob", "side")]


def test_r5_cards_are_drawn_in_seat_order_when_every_side_is_set() -> None:  # R5, R3
    state, result = table(boards={"ann": 1, "bob": 2}, deck=[7, 9, 11],
                          actions=[("bob", "side b")])
    assert ok(result)["players"]["ann"]["card"] is None and state.deck == [7, 9, 11]
    events = G.apply(state, "ann", "side a")
    assert (state.player("ann").card, state.player("bob").card) == (7, 9)
    draw = next(e for e in events if e.kind == "draw")
    assert draw.to is None and draw.data["cards"] == {"ann": 7, "bob": 9}  # race off: public
    assert G.owed(state) == [ToAct("ann", "dig"), ToAct("bob", "dig")]


def test_r5_every_commit_is_revealed_together() -> None:  # R5, R3
    state, result = table(boards={"ann": "1a", "bob": "10a"}, deck=[1, 2])
    first = G.apply(state, "ann", FULL_1A)
    assert [e.kind for e in first if e.to is None] == ["commit"]
    assert all(FULL_1A not in e.text for e in first if e.to is None)
    assert G.view(state, "bob")["players"]["ann"]["dig"] is None
    events = G.apply(state, "bob", "dig")
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.to is None and reveal.data["digs"] == {"ann": FULL_1A, "bob": "dig"}
    assert [e.kind for e in events].index("reveal") < [e.kind for e in events].index("score")


def test_r14_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:  # R14
    state, result = table(boards={"ann": "1a", "bob": "10a"}, deck=[5])
    assert state.player("ann").card == 5 and state.player("bob").card not in (None, 5)
    assert any(e["kind"] == "reshuffle" for e in result["events"])
    assert len(state.deck) == 38 and state.discard == []


def test_r14_cards_go_to_the_discard_pile_after_scoring() -> None:  # R14
    state, result = table(boards={"ann": "1a", "bob": "10a"}, deck=[1, 2, 3, 4],
                          actions=[("ann", "dig"), ("bob", "dig")])
    assert {1, 2} <= set(ok(result)["discard"])


def exchange(actions: list[tuple[str, str]], **setup: object) -> tuple[object, dict]:
    base = {"boards": {"ann": "1a", "bob": "4a", "cy": "10a"}, "deck": [1, 4, 2, 3, 5, 6],
            "pile": [7, 8, 9]}
    return table(("ann", "bob", "cy"), actions=actions, **{**base, **setup})


def test_r15_without_a_caller_the_fewest_empty_leaves() -> None:  # R15
    state, result = exchange([("ann", "dig"), ("cy", "dig"), ("bob", "dig green-i:C1,C2,C3")])
    summary = ok(result)
    # nobody called: bob has the fewest empty spaces (17), so his board 4 goes
    assert summary["last_round"] == {"round": 1, "callers": [], "retired": 4, "new_board": 7}
    assert summary["retired"] == [4] and summary["pile"] == 2 and summary["round"] == 2
    assert sorted(p["board"] for p in summary["players"].values()) == [1, 7, 10]
    assert all(p["previous"] is not None for p in summary["players"].values())


def test_r15_with_a_caller_the_callers_board_leaves() -> None:  # R15
    state, result = exchange([("ann", FULL_1A), ("bob", "dig green-i:C1,C2,C3"),
                              ("cy", "dig")])
    assert ok(result)["last_round"]["retired"] == 1


def test_r15_several_callers_the_first_in_seat_order() -> None:  # R15
    from ..conftest import full

    state, result = exchange([("bob", full("4a", 4)), ("ann", FULL_1A), ("cy", "dig")],
                             seats=["cy", "bob", "ann"], deck=[2, 4, 1])
    summary = ok(result)
    assert summary["last_round"]["callers"] == ["bob", "ann"]
    assert summary["last_round"]["retired"] == 4


def test_r15_no_caller_fewest_empty_ties_by_seat() -> None:  # R15
    state, result = exchange([("ann", "dig"), ("bob", "dig"), ("cy", "dig")],
                             seats=["bob", "cy", "ann"])
    assert ok(result)["last_round"]["retired"] == 4  # all 20 empty: bob sits first


def test_r15_redeal_and_the_forced_side_of_a_board_that_comes_back() -> None:  # R15, R4
    state, result = exchange([("ann", FULL_1A), ("bob", "dig"), ("cy", "dig")],
                             redeals={"2": {"ann": 10, "bob": 4, "cy": 7}})
    summary = ok(result)
    players = summary["players"]
    assert (players["bob"]["board"], players["bob"]["side"]) == (4, "b")  # 4a before: forced
    assert (players["ann"]["board"], players["ann"]["side"]) == (10, None)  # cy's board: free
    assert (players["cy"]["board"], players["cy"]["side"]) == (7, None)
    assert G.owed(state) == [ToAct("ann", "side"), ToAct("cy", "side")]


def test_r15_a_redeal_must_give_out_the_boards_in_play() -> None:  # R15, scenario format
    _, result = exchange([("ann", FULL_1A), ("bob", "dig"), ("cy", "dig")],
                         redeals={"2": {"ann": 10, "bob": 4, "cy": 9}})
    assert result["ok"] is False and result["index"] == 2
    assert "exactly boards 4, 7, 10" in result["error"]


def test_r15_r16_an_empty_pile_ends_the_game() -> None:  # R15, R16
    state, result = exchange([("ann", "dig"), ("bob", "dig"), ("cy", "dig")], pile=[])
    summary = ok(result)
    assert summary["ended"] and summary["phase"] == "ended" and summary["to_act"] == []
    assert summary["last_round"]["retired"] is None and summary["last_round"]["new_board"] is None


def final(scores: dict, actions: list[tuple[str, str]] | None = None) -> dict:
    _, result = table(("ann", "bob", "cy"), round=7, scores=scores,
                      boards={"ann": "1a", "bob": "4a", "cy": "10a"}, deck=[1, 2, 3],
                      actions=actions or [("ann", "dig"), ("bob", "dig"), ("cy", "dig")])
    return ok(result)


def test_r16_the_game_ends_after_round_seven() -> None:  # R16
    summary = final({"ann": {"total": 30}})
    assert summary["ended"] and summary["winners"] == ["ann"] and summary["round"] == 7
    assert summary["players"]["ann"]["score"] == {"total": 30, "calls": 0, "empty": 20}
    assert summary["last_round"] == {"round": 7, "callers": [], "retired": None,
                                     "new_board": None}


def test_r16_ties_most_calls_then_fewest_empty_then_shared() -> None:  # R16
    tie = {"ann": {"total": 30, "calls": 1, "empty": 9}, "bob": {"total": 30, "calls": 2,
                                                                 "empty": 20}}
    assert final(tie)["winners"] == ["bob"]
    tie = {"ann": {"total": 30, "calls": 2, "empty": 9}, "bob": {"total": 30, "calls": 2,
                                                                 "empty": 20}}
    assert final(tie)["winners"] == ["ann"]
    tie = {"ann": {"total": 30, "calls": 2, "empty": 9}, "cy": {"total": 30, "calls": 2,
                                                                "empty": 9}}
    assert final(tie)["winners"] == ["ann", "cy"]  # shared; seat order breaks no final tie


def test_r17_every_owed_decision_at_once_in_any_order() -> None:  # R17
    state, _ = table(("ann", "bob", "cy"), options={"race": True},
                     boards={"ann": "1a", "bob": "4a", "cy": "10a"}, deck=[1, 2, 3])
    assert G.owed(state) == [ToAct(p, "open") for p in ("ann", "bob", "cy")]
    G.apply(state, "cy", "open")
    assert G.owed(state) == [ToAct("ann", "open"), ToAct("bob", "open"), ToAct("cy", "dig")]
    G.apply(state, "cy", "dig time=4.0")
    assert [o.player for o in G.owed(state)] == ["ann", "bob"]
    with pytest.raises(NotYourTurn, match="not playing"):
        G.apply(state, "dan", "open")


def test_r17_an_open_is_always_asked_and_a_forced_side_never() -> None:  # R17
    state, result = table(options={"race": True}, boards={"ann": 5, "bob": "4a"},
                          previous={"ann": "5b"}, round=2, deck=[1, 2])
    assert G.owed(state) == [ToAct("ann", "open"), ToAct("bob", "open")]  # one answer, asked
    assert G.legal(state, "ann") == [G.parse("open")]


def test_r17_defaults() -> None:  # R17 defaults table
    state = G.new_game(["ann", "bob"], seed=3)
    who = G.to_act(state).player
    assert str(G.default(state, who)) == "side a"
    for o in G.owed(state):
        G.apply(state, o.player, G.default(state, o.player))
    assert str(G.default(state, who)) == "open"
    G.apply(state, who, "open")
    dig = G.default(state, who)
    assert str(dig) == "dig"  # the referee stamps it with the seconds to the deadline
    stamped = G.stamp(state, who, dig, 86400.0, {})
    assert str(stamped) == "dig time=86400.0"
    G.apply(state, who, stamped)
    other = G.to_act(state).player
    with pytest.raises(NotYourTurn):
        G.default(state, who)
    assert str(G.default(state, other)) == "open"


def test_r17_sides_wait_for_cards_and_prompts_are_public_words() -> None:  # R17, R5
    state = G.new_game(["ann", "bob"], {"race": True}, seed=3, names={"ann": "Ann", "bob": "Bob"})
    who = G.to_act(state).player
    with pytest.raises(NotYourTurn, match="every side is set"):
        G.apply(state, who, "open")
    assert G.prompt(state, who).endswith("side a or side b.")
    for o in G.owed(state):
        G.apply(state, o.player, "side b")
    assert "open their card" in G.prompt(state, who)
    assert G.sealed(state, who, "dig") and not G.sealed(state, who, "open")
