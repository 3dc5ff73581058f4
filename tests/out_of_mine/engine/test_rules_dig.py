"""R6-R10: the dig commit, its check tile by tile, the race's clock and cut, the call."""

from __future__ import annotations

import pytest

from engine import IllegalDecision

from ..conftest import FULL_1A, G, full, ok, stamp_all, table

# ann plays 10a with card 1 (green 1, red 3, white 1); bob plays 1a with card 2.
SETUP = {"boards": {"ann": "10a", "bob": "1a"}, "deck": [1, 2, 3, 4]}


def refused(text: str, setup: dict | None = None, player: str = "ann") -> str:
    state, result = table(**(setup or SETUP))
    ok(result)
    before = G.dump(state)
    with pytest.raises(IllegalDecision) as info:
        G.apply(state, player, text)
    assert G.dump(state) == before  # nothing changed
    assert ("ann", "dig") in G.owed(state)  # the player still owes the dig (R7)
    return str(info.value)


def test_r7_rock() -> None:  # R7.1
    assert refused("dig red-i:A2,B2,C2,D2") == (
        "Your red-i on A2,B2,C2,D2 would lie on A2, which is rock on side 10a.")


def test_r7_shape() -> None:  # R7.2
    assert refused("dig red-t:B2,C2,D1,D2") == "B2,C2,D1,D2 is not the shape of a red-t."
    assert refused("dig red-t:B2,C2") == "B2,C2 is not the shape of a red-t."


def test_r7_overlap() -> None:  # R7.3
    assert refused("dig green-i:C2,C3,C4 red-i:B3,C3,D3,E3") == "C3 is covered twice."
    assert refused("dig green-i:C2,C3,C3") == "C3 is covered twice."


def test_r7_colour_and_count() -> None:  # R7.4
    assert refused("dig yellow:B2") == "Card 1 shows no yellow tile."
    assert refused("dig green-i:B2,B3,B4 green-l:C2,C3,D3") == (
        "Card 1 allows 1 green tile; this commit uses 2.")


def test_r7_box_limit() -> None:  # R7.5, R9
    setup = {"boards": {"ann": "10a", "bob": "1a"}, "deck": [2, 3]}
    assert refused("dig white-v:B2,B3,B4,C4,D4 white-v:D1,E1,F1,F2,F3", setup) == (
        "The box holds one white-v.")


def test_r7_the_first_faulty_tile_in_order_is_named() -> None:  # R7
    assert refused("dig red-i:A2,B2,C2,D2 yellow:F3") == (
        "Your red-i on A2,B2,C2,D2 would lie on A2, which is rock on side 10a.")


def test_r7_an_empty_commit_is_legal_and_fewer_tiles_are_allowed() -> None:  # R7
    state, result = table(actions=[("ann", "dig"), ("bob", "dig green-l:A2,A3,B2")], **SETUP)
    rounds = ok(result)["players"]
    assert rounds["ann"]["rounds"][0]["empty"] == 20 and rounds["ann"]["rounds"][0]["score"] == 0
    assert rounds["bob"]["rounds"][0]["tiles"] == ["green-l:A2,A3,B2"]


def test_r7_a_commit_is_final() -> None:  # R7, R17
    state, _ = table(actions=[("ann", "dig")], **SETUP)
    with pytest.raises(IllegalDecision, match="You have already committed your dig for this "
                                              "round."):
        G.apply(state, "ann", "dig yellow:B2")


def test_r8_any_rotation_or_mirror_image() -> None:  # R8
    for s_or_z in ("red-s:B2,C2,C3,D3", "red-s:B3,C3,C2,D2", "red-s:B2,B3,C3,C4"):
        state, result = table(actions=[("ann", f"dig {s_or_z}")], **SETUP)
        assert ok(result)["players"]["ann"]["committed"]


def test_r9_each_player_has_a_full_supply() -> None:  # R9
    state, result = table(actions=[("ann", "dig white-v:B2,B3,B4,C4,D4"),
                                   ("bob", "dig white-v:E1,F1,G1,G2,G3")],
                          boards={"ann": "10a", "bob": "1a"}, deck=[2, 3])
    players = ok(result)["players"]
    assert players["ann"]["rounds"][0]["tiles"] == ["white-v:B2,B3,B4,C4,D4"]
    assert players["bob"]["rounds"][0]["tiles"] == ["white-v:E1,F1,G1,G2,G3"]


def test_r10_a_complete_board_calls_for_two_points() -> None:  # R10, R6 race off
    state, result = table(actions=[("ann", FULL_1A), ("bob", "dig")],
                          boards={"ann": "1a", "bob": "10a"}, deck=[1, 2])
    summary = ok(result)
    rec = summary["players"]["ann"]["rounds"][0]
    assert (rec["empty"], rec["base"], rec["call"], rec["score"]) == (0, 10, 2, 12)
    assert summary["last_round"]["callers"] == ["ann"]
    assert summary["players"]["ann"]["calls"] == 1


def test_r10_tims_early_call_cannot_happen() -> None:  # R10, the rulebook's Tim example
    # Tim called with one green tile too many and a blue tile over the edge. Here the engine
    # refuses such a commit before it is made (R7), so there is no wrong call to punish: the
    # rulebook's check removes nothing and its 2 minus points never apply.
    assert refused("dig blue:A2,B2") == (
        "Your blue on A2,B2 would lie on A2, which is rock on side 10a.")
    assert refused("dig green-i:B2,B3,B4 green-l:C2,C3,D3").startswith("Card 1 allows 1 green")
    state, result = table(actions=[("ann", "dig green-i:B2,B3,B4"), ("bob", "dig")], **SETUP)
    for player in ok(result)["players"].values():
        assert player["rounds"][0]["call"] in (0, 2)  # a call is +2 or nothing, never -2


def test_r10_no_call_without_a_complete_board() -> None:  # R10
    state, result = table(actions=[("ann", "dig green-i:B2,B3,B4"), ("bob", "dig")], **SETUP)
    assert ok(result)["last_round"]["callers"] == []


# --- the race (R6) ----------------------------------------------------------------------------

RACE = {"boards": {"ann": "1a", "bob": "4a"}, "deck": [1, 4]}


def race_table(actions: list[tuple[str, str]], **setup: object) -> tuple[object, dict]:
    return table(options={"race": True}, actions=actions, **{**RACE, **setup})


def test_r6_open_starts_and_dig_stops_the_clock() -> None:  # R6, R17
    state, result = race_table([])
    assert [(o.player, o.decision, o.listed) for o in G.owed(state)] == [
        ("ann", "open", True), ("bob", "open", True)]
    assert G.timing(state, "ann") == "start" and G.legal(state, "ann") == [G.parse("open")]
    G.apply(state, "ann", "open")
    assert G.timing(state, "ann") == "stop" and G.timing(state, "bob") == "start"
    owed = {o.player: o for o in G.owed(state)}
    assert owed["ann"].decision == "dig" and not owed["ann"].listed
    assert G.legal(state, "ann") == []


def test_r6_no_clock_with_the_race_off() -> None:  # R6
    state, _ = table(**SETUP)
    assert G.timing(state, "ann") is None
    with pytest.raises(IllegalDecision, match="no race"):
        G.apply(state, "ann", "open")


def test_r6_dig_needs_open_first() -> None:  # R6
    state, _ = race_table([])
    with pytest.raises(IllegalDecision, match="Open your card first"):
        G.apply(state, "ann", "dig time=3.0")


def test_r6_stamp_writes_truncated_times() -> None:  # R6
    state, _ = race_table([("ann", "open")])
    action = G.stamp(state, "ann", "dig blue:A4,A5 red-s:A2,A3,B1,B2", 83.47,
                     {"blue:A5,A4": 3.19, "red-s:A2,A3,B1,B2": 99.0})
    assert str(action) == "dig red-s:A2,A3,B1,B2@83.4 blue:A4,A5@3.1 time=83.4"
    unmarked = G.stamp(state, "ann", "dig blue:A4,A5", 2.3, {})
    assert str(unmarked) == "dig blue:A4,A5@2.3 time=2.3"  # truncation is exact for 2.3
    with pytest.raises(IllegalDecision, match="referee measures"):
        G.stamp(state, "ann", "dig blue:A4,A5 time=1.0", 5.0, {})


def test_r6_times_required_with_race_and_refused_without() -> None:  # R6
    state, _ = race_table([("ann", "open")])
    with pytest.raises(IllegalDecision, match="needs the referee's times"):
        G.apply(state, "ann", "dig blue:A4,A5")
    with pytest.raises(IllegalDecision, match="needs the referee's times"):
        G.apply(state, "ann", "dig blue:A4,A5 time=4.0")
    with pytest.raises(IllegalDecision, match="later than"):
        G.apply(state, "ann", "dig blue:A4,A5@5.0 time=4.0")
    state, _ = table(**SETUP)
    with pytest.raises(IllegalDecision, match="no time= or @"):
        G.apply(state, "ann", "dig green-i:B2,B3,B4@1.0 time=2.0")


def test_r6_the_fastest_complete_board_calls_and_cuts_the_rest() -> None:  # R6, R10
    slow = "dig green-i:C1,C2,C3@50.0 red-i:E1,E2,E3,E4@150.0 time=160.0"
    state, result = race_table([("ann", "open"), ("bob", "open"),
                                ("ann", stamp_all(FULL_1A, 100.0, 10.0)), ("bob", slow)])
    players = ok(result)["players"]
    assert players["ann"]["rounds"][0]["call"] == 2 and players["ann"]["rounds"][0]["time"] == 100.0
    bob = players["bob"]["rounds"][0]
    assert bob["cut"] == ["red-i:E1,E2,E3,E4"] and bob["tiles"] == ["green-i:C1,C2,C3"]
    assert bob["empty"] == 17 and bob["score"] == 0


def test_r6_a_slower_complete_board_does_not_call() -> None:  # R6
    bob_full = full("4a", 4)
    state, result = race_table([("ann", "open"), ("bob", "open"),
                                ("ann", stamp_all(FULL_1A, 100.0, 10.0)),
                                ("bob", stamp_all(bob_full, 120.0, 20.0))])
    summary = ok(result)
    assert summary["last_round"]["callers"] == ["ann"]
    bob = summary["players"]["bob"]["rounds"][0]
    assert bob["call"] == 0 and bob["cut"]  # tiles placed after 100.0 are taken off
    assert bob["empty"] > 0


def test_r6_equal_least_times_share_the_call() -> None:  # R6, R10
    state, result = race_table([("ann", "open"), ("bob", "open"),
                                ("ann", stamp_all(FULL_1A, 90.0, 10.0)),
                                ("bob", stamp_all(full("4a", 4), 90.0, 5.0))])
    summary = ok(result)
    assert summary["last_round"]["callers"] == ["ann", "bob"]
    assert all(p["rounds"][0]["call"] == 2 for p in summary["players"].values())


def test_r6_no_complete_board_no_cut() -> None:  # R6
    state, result = race_table([("ann", "open"), ("bob", "open"),
                                ("ann", "dig green-i:A2,A3,A4@500.0 time=600.0"),
                                ("bob", "dig time=1.0")])
    players = ok(result)["players"]
    assert players["ann"]["rounds"][0]["tiles"] == ["green-i:A2,A3,A4"]
    assert players["ann"]["rounds"][0]["cut"] == []


def test_r6_race_off_every_complete_board_calls() -> None:  # R6, R10
    state, result = table(actions=[("ann", FULL_1A), ("bob", full("4a", 4))], **RACE)
    summary = ok(result)
    assert summary["last_round"]["callers"] == ["ann", "bob"]
    assert all(p["rounds"][0]["time"] is None for p in summary["players"].values())
