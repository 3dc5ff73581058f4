"""The typed board of the workbench (``games.out_of_mine.bench``): the draft written as the
grid it is (five lines of seven, a letter per tile, ``.`` empty, ``#`` rock) and read back; a
group of touching squares with one letter is one tile, its shape and colour read from its
squares (C1, R8); faults are named and change nothing."""

from __future__ import annotations

import pytest

from engine import IllegalDecision
from engine.out_of_mine.components import SIDES
from games.out_of_mine.bench import grid_text, part, typed_words

from ..conftest import FULL_1A

GRID = SIDES["1a"].grid


def test_a_whole_board_reads_back_as_the_same_draft() -> None:
    words = FULL_1A.split()[1:]
    text = grid_text(GRID, words)
    assert len(text.splitlines()) == 5 and all(len(x) == 7 for x in text.splitlines())
    assert "#" in text and "." not in text  # rock shown, every space covered
    assert sorted(typed_words(text, words)) == sorted(words)
    assert sorted(typed_words(text, [])) == sorted(words)  # plain kinds: the same here


def test_touching_tiles_of_one_colour_get_two_letters() -> None:
    words = ["red-l:B1,B2,C1,D1", "red-l:D4,E4,F3,F4", "red-i:A5,B5,C5,D5"]
    text = grid_text(GRID, words)
    assert sorted(typed_words(text, [])) == sorted(words)  # red-i touches red-l at D4/D5


def test_a_tile_typed_on_the_same_squares_keeps_its_kind() -> None:
    text = grid_text(GRID, ["blue/rat:A2,A3"])
    assert typed_words(text, ["blue/rat:A2,A3"]) == ["blue/rat:A2,A3"]
    assert typed_words(text, []) == ["blue:A2,A3"]  # a new tile: the plain kind first (C3)


@pytest.mark.parametrize("typed, fault", [
    ("AB\n..", "5 lines of 7"),
    ("RRRRRR.\n.......\n.......\n.......\n.......", "covers 6 touching squares"),
    ("R?.....\n.......\n.......\n.......\n.......", "`?` is not a letter"),
])
def test_faults_are_named(typed: str, fault: str) -> None:
    with pytest.raises(IllegalDecision, match=fault):
        typed_words(typed, [])


def test_a_hand_stands_for_the_first_free_kind_of_its_shape() -> None:
    view = {"options": {"finds": False}}
    words = ["red-o/gold:A1,A2,B1,B2", "red-l:B1,B2,C1,D1"]
    assert part(view, "red-o", words) == "red-o/gold"  # the plain ones used up
    assert part(view, "red-l:C1", words) == "red-l:C1"
    assert part(view, "white-x", words) is None


def test_a_logged_workbench_control_names_nothing_held() -> None:
    """Hidden information (R3): a log line names a private control's kind, never its kind in
    hand or squares."""
    from cogs.common import logged_id

    assert logged_id("sd:5:12:abcdef:bench:add 1a2b red-l:C3") == "sd:5:12:abcdef:bench:…"
    assert logged_id("sd:5:12:abcdef:back:red-l:A2,A3,A4,B2") == "sd:5:12:abcdef:back:…"
    assert logged_id("sd:5:lobby:join") == "sd:5:lobby:join"
