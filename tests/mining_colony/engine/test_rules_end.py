"""The end: scoring in R19's order, the R20 tie-break, the end when no resource card is left."""

from __future__ import annotations

from typing import Any

from ..conftest import G, play, table


def finish(decks: dict[str, list[int]], setup: dict[str, Any] | None = None) -> Any:
    state = table(list(decks), {"round": 10, "decks": decks, **(setup or {})})
    order = sorted(decks, key=lambda p: decks[p][0], reverse=True)
    play(state, *((p, f"play {decks[p][0]}") for p in decks))
    for p in order[:-1]:
        zone = next(i for i, z in enumerate(state.zones, 1) if z.taken_by is None)
        play(state, (p, f"take {zone}"))
    for p in order:
        play(state, (p, "done"))
    assert state.ended
    return state


def test_scoring_parts() -> None:  # R19
    colony = {"tokens": {"C1": "pad"}, "items": {"C1": "ship/red", "A1": "worker/red"},
              "structures": {"B1": "outpost/red"}, "used": ["A1", "C1"],
              "tiles": ["t4-01 B2 0"]}
    state = finish({"ann": [40, 30, 31], "bob": [9, 1, 2]},
                   {"colonies": {"ann": colony}, "credits": {"ann": 3, "bob": 1},
                    "staging": {"bob": ["crystal/green"]},
                    "zones": {"1": {"tiles": [], "items": []}, "2": {"tiles": [], "items": []}}})
    ann = G.scores(state)["ann"]
    assert ann == {"total": 2 + 2 + 1 + 6 - 26, "structures": 2, "resources": 2, "credits": 1,
                   "cards": 6, "undeveloped": -26, "unplayed": 61}
    bob = G.scores(state)["bob"]
    assert bob["resources"] == 0 and bob["cards"] == 3 and bob["credits"] == 0  # staged: 0
    assert G.winners(state) == ["ann"]
    assert G.summary(state)["players"]["ann"]["score"] == ann


def test_equal_vp_the_higher_unplayed_sum_wins() -> None:  # R20
    colony = {"tokens": {"C1": "pad"}, "items": {"C1": "ship/red", "A1": "worker/red",
                                                 "E1": "ship/blue"}}
    state = finish({"ann": [40, 30, 31], "bob": [9, 1, 2]},
                   {"colonies": {"bob": colony},
                    "zones": {"1": {"tiles": [], "items": []}, "2": {"tiles": [], "items": []}}})
    table_ = G.scores(state)
    assert table_["ann"]["total"] == table_["bob"]["total"]
    assert state.winners == ["ann"]


def test_equal_sums_the_higher_lower_card_ranks_first() -> None:  # R19.4, R20
    state = finish({"ann": [40, 30, 5], "bob": [9, 20, 15]},
                   {"zones": {"1": {"tiles": [], "items": []}, "2": {"tiles": [], "items": []}}})
    table_ = G.scores(state)
    assert table_["ann"]["unplayed"] == table_["bob"]["unplayed"] == 35
    assert table_["bob"]["cards"] == 6 and table_["ann"]["cards"] == 3
    assert state.winners == ["bob"]


def test_four_players_award_six_three_one_zero() -> None:  # C10, R19.4
    decks = {"a": [40, 30, 31], "b": [39, 20, 21], "c": [38, 10, 11], "d": [37, 1, 2]}
    state = finish(decks)
    assert [G.scores(state)[p]["cards"] for p in "abcd"] == [6, 3, 1, 0]


def test_game_ends_when_no_resource_card_is_left() -> None:  # R19
    decks = {"ann": [40, 30, 31, 32, 33, 34], "bob": [9, 1, 2, 3, 4, 5]}
    state = table(["ann", "bob"], {"round": 5, "decks": decks, "resource_deck": []})
    assert state.ended and state.end_reason == "no resource card was left to flip"
    assert G.owed(state) == [] and len(state.winners) == 1


def test_ten_rounds_then_the_end() -> None:  # R18, R19
    state = G.new_game(["a", "b"], seed=11)
    while G.owed(state):
        who = G.to_act(state)
        G.apply(state, who.player, G.default(state, who.player))
    assert state.ended and state.round == 10 and len(state.history) == 10
    assert all(len(p.deck) == 2 and p.hand == [] for p in state.players)
    assert len(G.winners(state)) == 1
