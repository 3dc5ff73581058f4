"""Solo against Zorlord (R21-R24)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalDecision
from engine.mining_colony.components import PLACEMENTS, SETS, STARTING, TILE_PRINT

from ..conftest import G, develop_table, play, table

ZDECK = [10, 11, 15, 16, 17, 19, 20, 21, 22, 23]


def solo(setup: dict[str, Any] | None = None, **options: Any) -> Any:
    base: dict[str, Any] = {"decks": {"ann": [40, 2, 3, 12, 13, 18, 28, 29, 33, 34]},
                            "zorlord": {"deck": list(ZDECK), "supply": []}}
    base.update(setup or {})
    return table(["ann"], base, options)


def test_solo_setup() -> None:  # R21, C11
    state = G.new_game(["ann"], {"difficulty": 3}, seed=5)
    assert sorted(state.player("ann").deck + state.player("ann").hand) == sorted(SETS[0])
    assert state.zorlord is not None and sorted(state.zorlord.deck) == sorted(SETS[1])
    s = G.summary(state)
    assert list(s["zones"]) == ["1", "2"] and s["solo"]["difficulty"] == 3
    assert all(s["supply"][k] == 1 for k in s["supply"] if k.startswith(("outpost/", "station/")))
    assert G.scores(state) == {}  # solo has no VP score


@pytest.mark.parametrize(("zcard", "zone"), [(47, 1), (46, 2)])
def test_zorlord_takes_by_parity_when_higher(zcard: int, zone: int) -> None:  # R22, R25
    state = solo({"zorlord": {"deck": [zcard, *ZDECK]}, "decks": {"ann": [5, 2, 3, 12, 13, 18,
                                                                         28, 29, 33, 34]}})
    events = play(state, ("ann", "play 5"))
    assert state.order == ["zorlord", "ann"] and state.phase == "develop"
    assert state.zones[zone - 1].taken_by == "zorlord"
    assert state.zones[2 - zone].taken_by == "ann"  # the player's take after Zorlord: at once
    assert [e.data["zone"] for e in events if e.kind == "take"] == [zone, 3 - zone]
    assert G.summary(state)["zorlord"]["played"] == [zcard]


def test_player_higher_chooses_and_zorlord_takes_the_other() -> None:  # R22
    state = solo()
    play(state, ("ann", "play 40"))
    assert G.to_act(state) == ("ann", "take")
    play(state, ("ann", "take 2"))
    assert state.zones[0].taken_by == "zorlord" and state.zorlord is not None
    taken = G.summary(state)["zorlord"]["supply"]
    assert len(taken) >= 1 and state.phase == "develop"


def test_round_ten_bonus() -> None:  # R22
    state = solo({"round": 10, "decks": {"ann": [40, 30, 31]}, "zorlord": {"deck": [10, 1, 2]}})
    events = play(state, ("ann", "play 40"))
    assert state.player("ann").credits == 4 and any(e.kind == "bonus" for e in events)
    state = solo({"round": 10, "decks": {"ann": [40, 3, 4]}, "zorlord": {"deck": [10, 30, 31]}})
    play(state, ("ann", "play 40"))
    assert state.player("ann").credits == 0


@pytest.mark.parametrize(("difficulty", "free", "developed", "undeveloped"),
                         [(1, False, 1, 2), (3, False, 3, 4), (4, True, 4, 4)])
def test_solo_token_costs(difficulty: int, free: bool, developed: int,
                          undeveloped: int) -> None:  # R23
    options = {"difficulty": difficulty, "free_undeveloped": free}
    state = develop_table(credits=5, solo=True, options=options)
    play(state, ("ann", "buy pad B1"))
    assert state.player("ann").credits == 5 - developed
    state = develop_table(credits=5, solo=True, options=options)
    play(state, ("ann", "buy blank C4"))  # no adjacency needed
    assert state.player("ann").credits == 5 - undeveloped
    assert "C4" in state.player("ann").colony.board


def test_a_solo_token_develops_its_square() -> None:  # R23
    state = develop_table(credits=5, solo=True, zone1={"tiles": ["t2-01"], "items": []})
    play(state, ("ann", "buy dome C4"))
    with pytest.raises(IllegalDecision, match="R10"):
        G.apply(state, "ann", "place t2-01 C4 0")  # no tile covers it
    play(state, ("ann", "place t2-01 D4 0"))  # next to the token: adjacency counts
    assert G.scores(state) == {} and len(state.player("ann").colony.board) == 9


def test_exchange_with_zorlords_supply() -> None:  # R23
    state = develop_table(credits=1, solo=True, zone1={"tiles": [], "items": ["crystal/white"]},
                          zorlord={"deck": list(ZDECK), "supply": ["crystal/purple", "t3-01"]})
    with pytest.raises(IllegalDecision, match="no crystal/green"):
        G.apply(state, "ann", "exchange crystal/white>green")
    play(state, ("ann", "exchange crystal/white>purple"))
    assert state.player("ann").pending_items == ["crystal/purple"]
    assert state.zorlord is not None and state.zorlord.supply == ["crystal/white", "t3-01"]
    assert state.player("ann").credits == 0


def _nearly_complete() -> dict[str, Any]:
    """Rows 2-6 covered by ten duos and nine monos (F6 left), seven structures on blanks."""
    tiles = [f"t2-{n:02d} {sq} 0" for n, sq in zip(range(1, 11), ["A2", "C2", "E2", "A3", "C3",
                                                                 "E3", "A4", "C4", "E4", "A5"],
                                                   strict=True)]
    tiles += [f"t1-{n:02d} {sq} 0" for n, sq in zip(range(1, 10), ["C5", "D5", "E5", "F5", "A6",
                                                                   "B6", "C6", "D6", "E6"],
                                                    strict=True)]
    board = dict(STARTING["standard"])
    for text in tiles:
        tile, sq, rot = text.split()
        for cell, b in zip(PLACEMENTS[tile[1]][(sq, int(rot))], TILE_PRINT[tile], strict=True):
            board[cell] = b
    blanks = sorted(sq for sq, b in board.items() if b == "blank")
    names = ["outpost/red", "outpost/blue", "outpost/orange", "station/purple", "station/yellow",
             "station/white", "station/green"]
    return {"tiles": tiles, "structures": dict(zip(blanks, names, strict=False))}


def test_immediate_win_mid_turn() -> None:  # R24
    state = develop_table(_nearly_complete(), solo=True,
                          zone1={"tiles": ["t1-10"], "items": ["worker/red"]})
    assert len(state.player("ann").colony.structures) == 7
    events = play(state, ("ann", "place t1-10 F6 0"))
    assert state.ended and state.winners == ["ann"] and G.owed(state) == []
    assert state.player("ann").pending_items == ["worker/red"]  # the turn never finished
    assert G.summary(state)["solo"]["result"] == "win" and events[-1].kind == "end"


def test_solo_loss_after_round_ten() -> None:  # R24
    state = solo({"round": 10, "decks": {"ann": [40, 30, 31]}, "zorlord": {"deck": [10, 1, 2]}})
    play(state, ("ann", "play 40"), ("ann", "take 1"), ("ann", "done"))
    assert state.ended and state.winners == ["zorlord"]
    assert G.summary(state)["solo"]["result"] == "loss"
