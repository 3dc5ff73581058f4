"""The map's legend (rules topic ``legend``): an annotated round picture whose numbered marks
sit on the things their key words name, and a key entry for every mark."""

from __future__ import annotations

import io
import math

from PIL import Image

from engine.stella_digger.board import SQUARES, YELLOW
from render.callouts import BADGE_R
from render.stella_digger.layout import HEIGHT, WIDTH, square_box
from render.stella_digger.legend import callouts, legend_png, legend_view

#: The first words of a mark's key entry -> what the square under the mark must hold.
ON_SQUARES = {
    "START": lambda code, sq: code == "start",
    "Face-down": lambda code, sq: code == "hidden",
    "Face-up": lambda code, sq: code.split(":")[0] in ("blue", "green", "pink", "purple"),
    "Gold": lambda code, sq: code.startswith("gold:"),
    "Monster": lambda code, sq: code.startswith("monster:"),
    "Core": lambda code, sq: sq in YELLOW,
    "Dug-out": lambda code, sq: code == "empty",
    "Tunnel": lambda code, sq: code == "tunnel",
    "Blockade": lambda code, sq: code == "blockade",
    "Large Drill": lambda code, sq: code.startswith("drill:"),
    "Deck": lambda code, sq: code == "rock",
}


def square_at(x: int, y: int) -> str | None:
    for sq in SQUARES:
        left, top, right, bottom = square_box(sq)
        if left <= x <= right and top <= y <= bottom:
            return sq
    return None


def test_the_legend_is_the_round_picture_with_a_key_below() -> None:
    data = legend_png()
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG" and im.width == WIDTH and im.height > HEIGHT + 300
    assert legend_png() == data  # drawn once, the same bytes


def test_each_mark_sits_on_what_its_key_names() -> None:
    view = legend_view()
    checked = set()
    for mark in callouts():
        for words, holds in ON_SQUARES.items():
            if mark.words.startswith(words):
                sq = square_at(mark.x, mark.y)
                assert sq is not None and holds(view["map"][sq], sq), (words, sq)
                checked.add(words)
    assert checked == set(ON_SQUARES)


def test_the_marks_are_apart_and_inside_the_map_picture() -> None:
    marks = callouts()
    assert len(marks) >= 20
    for i, a in enumerate(marks):
        assert BADGE_R <= a.x <= WIDTH - BADGE_R and BADGE_R <= a.y <= HEIGHT - BADGE_R
        for b in marks[i + 1:]:
            assert math.dist((a.x, a.y), (b.x, b.y)) > 2 * BADGE_R, (a.words, b.words)


def test_the_key_covers_squares_tiles_drills_decks_target_marker_and_panels() -> None:
    key = " ".join(m.words for m in callouts())
    for thing in ("START", "Face-down tile", "Face-up tile", "Large Drill", "Deck", "target",
                  "marker", "A player", "Supply", "gadgets for sale", "Discard pile", "Accident"):
        assert thing in key
    assert "R1" not in key and "C8" not in key  # plain words, no rule numbers
