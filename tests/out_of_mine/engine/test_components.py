"""C1-C7: the components as data (components.json) match out-of-mine.md."""

from __future__ import annotations

import itertools
from collections import Counter

from engine.out_of_mine.components import (
    BOARDS,
    CARDS,
    COLOURS,
    KINDS,
    PILE,
    ROUNDS,
    SHAPES,
    SIDES,
    SIZES,
    shape_of,
)
from engine.out_of_mine.solver import cover


def test_c1_colours_fix_the_size() -> None:  # C1
    assert COLOURS == ("yellow", "blue", "green", "red", "white")
    assert [SIZES[c] for c in COLOURS] == [1, 2, 3, 4, 5]
    for shape, orients in SHAPES.items():
        assert all(len(o) == SIZES[shape.split("-")[0]] for o in orients)


def test_c2_every_polyomino_of_its_size_once() -> None:  # C2
    by_colour = Counter(shape.split("-")[0] for shape in SHAPES)
    assert by_colour == {"yellow": 1, "blue": 1, "green": 2, "red": 5, "white": 12}
    seen = [frozenset(o) for orients in SHAPES.values() for o in orients]
    assert len(seen) == len(set(seen))  # no two shapes share an orientation


def test_c2_c3_tile_counts_and_elements() -> None:  # C2, C3
    per_colour = Counter()
    for kind in KINDS.values():
        per_colour[kind.colour] += kind.count
    assert dict(per_colour) == {"yellow": 14, "blue": 14, "green": 14, "red": 15, "white": 12}
    assert sum(per_colour.values()) == 69
    with_element = sum(k.count for k in KINDS.values() if k.element)
    assert with_element == 24
    assert KINDS["red-o/gold"].count == 1 and KINDS["red-o"].count == 2
    for missing in ("white-i", "white-l", "white-p", "white-w", "white-x"):
        assert missing not in KINDS  # C3: no plain one of these
    assert "white-w/silver" in KINDS


def test_c4_cards_are_every_combination_of_twenty_squares() -> None:  # C4
    combos = sorted(
        (y, b, g, r, w) for y, b, g, r, w in itertools.product(range(4), range(4), range(4),
                                                                range(4), range(3))
        if y + 2 * b + 3 * g + 4 * r + 5 * w == 20)
    cards = [tuple(CARDS[n].tiles.get(c, 0) for c in COLOURS) for n in sorted(CARDS)]
    assert cards == combos and len(cards) == 40


def test_c4_finds_follow_the_rule() -> None:  # C4
    good = [("gold", 2), ("silver", 1), ("gold", 1), ("silver", 2)]
    bad = [("woodworm", -1), ("rat", -2), ("rat", -1), ("woodworm", -2)]
    for n, card in CARDS.items():
        assert card.finds == dict([good[(n - 1) % 4], bad[(n - 1) // 4 % 4]])
    assert CARDS[1].finds == {"gold": 2, "woodworm": -1}  # the rulebook's finds example pair
    assert CARDS[3].text() == "blue:1,red:2,white:2 gold+1,woodworm-1"


def test_c5_sides_have_twenty_spaces_and_three_elves() -> None:  # C5
    assert len(SIDES) == 20 and {s[:-1] for s in SIDES} == {str(b) for b in BOARDS}
    elves = Counter()
    for side in SIDES.values():
        assert bin(side.gallery).count("1") == 20
        assert len(side.elves) == 3 and len(set(side.elves.values())) == 3
        elves.update(side.elves.values())
    assert elves == {c: 12 for c in COLOURS}
    assert SIDES["1a"].elves == {"A5": "blue", "D4": "white", "G1": "green"}  # Carl's example
    assert SIDES["10a"].grid[3] == "#....r#"


def test_c5_789_of_800_pairs_can_be_covered() -> None:  # C5
    impossible = sorted((card, side) for side in SIDES for card in CARDS
                        if cover(side, card) is None)
    assert impossible == sorted([(1, "3b"), (1, "10b"), (2, "9b"), (7, "7b"), (7, "9b"),
                                 (8, "7b"), (9, "7b"), (10, "7b"), (19, "7b"), (20, "7b"),
                                 (12, "9b")])


def test_c5_a_found_cover_is_a_legal_complete_board() -> None:  # C5, R7
    for shape, mask in cover("1a", 1) or []:
        assert shape_of(mask) == shape
    assert sum(bin(m).count("1") for _, m in cover("1a", 1) or []) == 20


def test_c6_c7_numbers() -> None:  # C6, C7
    assert (PILE, ROUNDS, len(BOARDS)) == (6, 7, 10)
