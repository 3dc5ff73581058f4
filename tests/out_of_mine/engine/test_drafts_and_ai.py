"""Drafts (``options``: the legal next tiles of a dig, R7, R17) and the AI players."""

from __future__ import annotations

import pytest

from engine import IllegalDecision, NotationError
from engine.core.rng import Rng, seed_state
from engine.out_of_mine import ai
from engine.out_of_mine.components import KINDS, placements

from ..conftest import G, table

# ann plays 10a with card 1 (green 1, red 3, white 1).
SETUP = {"boards": {"ann": "10a", "bob": "1a"}, "deck": [1, 2]}


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def test_options_list_every_placement_of_the_cards_tiles() -> None:  # R7, R8, R17
    state, _ = table(**SETUP)
    words = G.options(state, "ann", "dig")
    kinds = {w.split(":")[0] for w in words}
    assert {KINDS[k].colour for k in kinds} == {"green", "red", "white"}  # card 1's colours
    assert len([w for w in words if w.startswith("green-i:")]) == len(placements("10a",
                                                                                 "green-i"))


def test_options_of_one_kind_given_what_is_placed() -> None:  # R7.3, R7.4, R17
    state, _ = table(**SETUP)
    blues = G.options(state, "ann", "dig green-i:B2,B3,B4", part="red-o")
    assert blues and all(w.startswith("red-o:") for w in blues)
    assert not any(sq in w for w in blues for sq in ("B2", "B3", "B4"))
    assert G.options(state, "ann", "dig green-i:B2,B3,B4", part="green") == []  # used up
    golds = G.options(state, "ann", "dig", part="red-o/gold")
    assert golds and all(w.startswith("red-o/gold:") for w in golds)
    reds = G.options(state, "ann", "dig", part="red")
    assert {w.split(":")[0].split("/")[0] for w in reds} == {
        "red-i", "red-o", "red-t", "red-s", "red-l"}


def test_options_name_the_fault_of_an_illegal_draft() -> None:  # R7
    state, _ = table(**SETUP)
    with pytest.raises(IllegalDecision, match="is rock on side 10a"):
        G.options(state, "ann", "dig red-i:A2,B2,C2,D2")
    with pytest.raises(IllegalDecision, match="this draft uses 2"):
        G.options(state, "ann", "dig green-i:B2,B3,B4 green-l:C2,C3,D3")
    with pytest.raises(NotationError, match="no times"):
        G.options(state, "ann", "dig green-i:B2,B3,B4@3.0")
    with pytest.raises(IllegalDecision, match="not a tile kind"):
        G.options(state, "ann", "dig", part="purple")


def test_options_of_listed_decisions_filter_legal() -> None:
    state = G.new_game(["a", "b"], seed=1)
    who = G.to_act(state).player
    assert G.options(state, who, "") == ["side"]
    assert G.options(state, who, "side") == ["a", "b"]


def test_options_before_open_say_so() -> None:  # R6
    state, _ = table(options={"race": True}, **SETUP)
    assert G.options(state, "ann", "") == ["open"]
    with pytest.raises(IllegalDecision, match="Open your card first"):
        G.options(state, "ann", "dig")


@pytest.mark.parametrize("race", [True, False])
def test_random_decision_is_a_legal_unlisted_dig(race: bool) -> None:
    state, _ = table(options={"race": race}, **SETUP)
    rng = Rng(_Holder(3))
    if race:
        G.apply(state, "ann", ai.random_decision(G, state, "ann", rng))
    digs = {str(ai.random_decision(G, state, "ann", rng)) for _ in range(20)}
    assert len(digs) > 10  # random, not one fixed answer
    for text in digs:
        G.check(state, "ann", text)


def test_heuristic_completes_a_coverable_board_from_its_view() -> None:  # C5, R10
    state, _ = table(**SETUP)
    dig = ai.heuristic(G, G.view(state, "bob"), "bob", None, Rng(_Holder(1)))
    G.check(state, "bob", dig)
    assert sum(len(t.squares) for t in dig.tiles) == 20  # card 2 on 1a can be covered


def test_heuristic_beats_random() -> None:
    wins = 0.0
    games = 12
    for seed in range(games):
        state = G.new_game(["h", "r1", "r2"], {"elves": True, "finds": True}, seed=seed)
        rng = Rng(_Holder(seed))
        while G.owed(state):
            who = G.owed(state)[0].player
            if who == "h":
                action = ai.heuristic(G, G.view(state, who), who, G.legal(state, who), rng)
            else:
                action = ai.random_decision(G, state, who, rng)
            G.apply(state, who, action)
        wins += ("h" in state.winners) / len(state.winners)
    assert wins >= 0.8 * games


def test_strong_dig_completes_every_completable_board() -> None:  # C5, R10
    from engine.out_of_mine.components import SIDES
    from engine.out_of_mine.solver import cover

    rng = Rng(_Holder(11))
    options = {"elves": True, "finds": True, "race": False}
    pairs = [(card, side) for side in sorted(SIDES) for card in (1, 7, 20, 33)]
    for card, side in pairs:
        state, _ = table(options=options, boards={"ann": side, "bob": "2a" if side[:-1] != "2"
                                                  else "3a"}, deck=[card, 40])
        strong = ai.strong_dig(side, card, options, rng)
        G.check(state, "ann", strong)
        covered = sum(len(t.squares) for t in strong.tiles)
        assert (covered == 20) == (cover(side, card) is not None), (card, side)
        greedy = ai.heuristic_dig(side, card, options, rng)
        scorer = ai._Search(side, card, True, True, 0)
        value = scorer.value([(t.kind, t.mask) for t in strong.tiles])
        if sum(len(t.squares) for t in greedy.tiles) == 20:  # ties broken on elves and finds
            assert value >= scorer.value([(t.kind, t.mask) for t in greedy.tiles])


def test_options_near_a_square_list_that_kinds_placements_closest_first() -> None:  # R7, R17
    state, _ = table(**SETUP)
    draft = "dig green-i:B2,B3,B4"
    every = G.options(state, "ann", draft, part="red-l")
    near = G.options(state, "ann", draft, part="red-l:C3")
    assert sorted(near) == sorted(every)  # the same legal placements, nearest first
    covering = [w for w in near if "C3" in w.split(":")[1].split(",")]
    assert covering and near[:len(covering)] == covering
    assert "C3" not in near[len(covering)].split(":")[1].split(",")
    both = G.options(state, "ann", draft, part="red-l:C3,D3")
    assert all({"C3", "D3"} <= set(w.split(":")[1].split(",")) for w in both[:2])
    # a word typed so far keeps the placements it begins; lower case squares are read too
    assert G.options(state, "ann", draft, part="red-l:C3,C") == [
        w for w in every if w.split(":")[1].startswith("C3,C")]
    assert G.options(state, "ann", draft, part="red-l:c3") == near
    # a colour with squares: every kind of that colour still allowed, nearest first
    reds = G.options(state, "ann", draft, part="red:C3")
    assert {w.split(":")[0].split("/")[0] for w in reds} == {
        "red-i", "red-o", "red-t", "red-s", "red-l"}
    assert all("C3" in w for w in reds[:3])
    with pytest.raises(IllegalDecision, match="not a tile kind"):
        G.options(state, "ann", draft, part="purple:C3")


def test_easy_is_a_greedy_placement_never_taken_back() -> None:
    """The easy level: most constrained square first, the snuggest tile there, one descent
    (no tile is ever taken back to try another); a board it can't finish stays unfinished."""
    from engine.out_of_mine.solver import cover

    unfinished = 0
    for side in ("1a", "3b", "5a", "7b", "9a"):
        for card in (1, 7, 14, 20, 33, 38):
            search = ai._Search(side, card, True, True, None)
            tiles = search.run()
            assert search.leaves == 1  # one descent: greedy
            easy = ai.heuristic_dig(side, card, {"elves": True, "finds": True, "race": False},
                                    Rng(_Holder(1)))
            assert sorted((t.kind, t.mask) for t in easy.tiles) == sorted(tiles)
            full = sum(bin(m).count("1") for _, m in tiles) == 20
            unfinished += not full and cover(side, card) is not None
    assert unfinished  # greedy misses boards the exact search completes


def test_strong_breaks_ties_between_complete_boards_on_elves_and_finds() -> None:  # R12, R13
    """Every complete board scores 12 before elves and finds (R10, R11): among the covers it
    finds, strong plays one whose elves and finds score most, so it beats the first cover it
    found wherever the first is not already the best."""
    from itertools import islice

    from engine.out_of_mine.solver import covers

    options = {"elves": True, "finds": True, "race": False}
    better = 0
    for side, card in (("1a", 3), ("4a", 1), ("2a", 14), ("6b", 27), ("8a", 33), ("5b", 5)):
        scorer = ai._Search(side, card, True, True, 0)
        values = []
        for found in islice(covers(side, card, 20_000), 200):
            used: dict[str, int] = {}
            tiles = []
            for shape, mask in found:
                kind = scorer.kind_for(shape, used)
                assert kind is not None
                used[kind] = used.get(kind, 0) + 1
                tiles.append((kind, mask))
            values.append(scorer.value(tiles))
        strong = ai.strong_dig(side, card, options, Rng(_Holder(2)))
        value = scorer.value([(t.kind, t.mask) for t in strong.tiles])
        assert sum(len(t.squares) for t in strong.tiles) == 20
        assert value >= max(values)
        better += value > values[0]
        plain = ai.strong_dig(side, card, {"race": False}, Rng(_Holder(2)))
        assert sum(len(t.squares) for t in plain.tiles) == 20  # without the variants: any cover
    assert better >= 3
