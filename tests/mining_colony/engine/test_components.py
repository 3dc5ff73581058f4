"""C1-C11: the component data matches the rulings' counts."""

from __future__ import annotations

from collections import Counter

from engine.mining_colony.components import (
    ITEM_COUNTS,
    PLACEMENTS,
    RESOURCE_CARDS,
    SETS,
    STARTING,
    TILE_PRINT,
    TOKEN_COUNTS,
    awards,
    structures_in_play,
)


def test_excavation_sets_are_fair_snakes() -> None:  # C3
    assert sorted(c for s in SETS for c in s) == list(range(1, 49))
    assert all(sum(s) == 294 and len(s) == 12 for s in SETS)
    assert all(sum(c % 2 for c in s) == 6 for s in SETS)
    for a in SETS:
        for b in SETS:
            if a is not b:
                assert sum(x > y for x in a for y in b) == 72
    assert 23 in SETS[1] and 9 in SETS[0]  # the rulebook's Red 23 vs Blue 9


def test_resource_cards_fill_the_colony_and_fit_the_supply() -> None:  # C4
    assert len(RESOURCE_CARDS) == 10
    items: Counter[str] = Counter()
    for zones in RESOURCE_CARDS.values():
        assert len(zones) == 4
        for _, things in zones:
            items.update(things)
    for pos in range(4):
        assert sorted(int(RESOURCE_CARDS[c][pos][0]) for c in RESOURCE_CARDS) == \
            [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert sum(v for k, v in items.items() if k.startswith("crystal/")) == 40
    assert all(items[k] <= ITEM_COUNTS[k] for k in items)
    assert RESOURCE_CARDS["r01"][0] == ("5", ("crystal/purple", "crystal/yellow"))


def test_tiles_and_tokens() -> None:  # C5, C8
    assert len(TILE_PRINT) == 50
    printed = Counter(b for cells in TILE_PRINT.values() for b in cells)
    assert printed == {"blank": 51, "dome": 23, "pad": 23, "purple": 11, "yellow": 11,
                       "white": 11, "green": 11, "any": 9}
    assert TILE_PRINT["t4-01"] == ("purple", "blank", "purple", "dome")
    assert sum(TOKEN_COUNTS.values()) == 30 and TOKEN_COUNTS["blank"] == 6


def test_rotation_turns_right_into_down() -> None:  # R10
    assert PLACEMENTS["2"][("B2", 0)] == ("B2", "C2")
    assert PLACEMENTS["2"][("B2", 90)] == ("B2", "B1")
    assert PLACEMENTS["2"][("B2", 180)] == ("B2", "A2")
    assert PLACEMENTS["2"][("B2", 270)] == ("B2", "B3")
    assert ("A1", 90) not in PLACEMENTS["2"]  # off the grid
    assert list(PLACEMENTS["1"]) == [(sq, 0) for sq, _ in PLACEMENTS["1"]]


def test_board_sides_and_player_counts() -> None:  # C6, C10
    assert list(STARTING["standard"]) == ["A1", "B1", "C1", "D1", "E1", "F1"]
    assert list(STARTING["advanced"]) == ["A1", "B2", "C3", "D4", "E5", "F6"]
    assert [structures_in_play(n) for n in (1, 2, 3, 4)] == [1, 1, 2, 3]
    assert awards(2) == (6, 3) and awards(4) == (6, 3, 1, 0)
