"""Out of Mine!'s pictures: drawn from views only, readable, nothing hidden shown, goldens."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render.out_of_mine.board import board_png, reveal_png
from render.out_of_mine.hand import hand_png as draft_png
from render.out_of_mine.scores import scores_png
from tests.render.golden import difference

from ..conftest import G, table

FIXTURES = Path(__file__).with_name("fixtures")
GOLDEN = Path(__file__).with_name("golden")


def fixture(name: str) -> Any:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def pictures() -> dict[str, bytes]:
    draft = fixture("draft")
    return {
        "sides": board_png(fixture("sides")),
        "committed_own": board_png(fixture("committed_own")),
        "draft": draft_png(draft["view"], draft["player"], draft["draft"]),
        "reveal": reveal_png(fixture("reveal")),
        "scores": scores_png(fixture("end")),
    }


@pytest.mark.parametrize("name", ["sides", "committed_own", "draft", "reveal", "scores"])
def test_pictures_match_their_goldens(name: str, tmp_path: Path) -> None:
    data = pictures()[name]
    path = GOLDEN / f"{name}.png"
    if os.environ.get("RENDER_UPDATE_GOLDEN"):
        path.write_bytes(data)
    actual, expected = Image.open(io.BytesIO(data)), Image.open(path)
    assert actual.size == expected.size
    share, mean = difference(actual, expected)
    if share > 0.004 or mean > 1.5:
        (tmp_path / f"{name}.png").write_bytes(data)
        raise AssertionError(f"{name} differs from its golden ({share:.2%}); see {tmp_path}")
    assert actual.width >= 400  # readable at ~550 px wide


def test_a_sealed_dig_and_an_unopened_card_are_in_no_public_picture() -> None:  # R3
    setup = {"boards": {"ann": "1a", "bob": "4a"}, "deck": [1, 4]}
    a, _ = table(options={"race": True}, actions=[("ann", "open"), ("bob", "open"),
                                                  ("ann", "dig green-i:A2,A3,A4@3.0 time=4.0")],
                 **setup)
    b, _ = table(options={"race": True}, actions=[("ann", "open"), ("bob", "open"),
                                                  ("ann", "dig red-i:A5,B5,C5,D5@1.0 time=9.0")],
                 **setup)
    for viewer in (None, "bob"):
        assert board_png(G.view(a, viewer)) == board_png(G.view(b, viewer))
    assert board_png(G.view(a, "ann")) != board_png(G.view(b, "ann"))  # her own view shows it
    c, _ = table(options={"race": True}, actions=[("ann", "open"), ("bob", "open")],
                 boards={"ann": "1a", "bob": "4a"}, deck=[2, 4])
    d, _ = table(options={"race": True}, actions=[("ann", "open"), ("bob", "open")], **setup)
    assert board_png(G.view(c, "bob")) == board_png(G.view(d, "bob"))  # ann's card unseen


def test_reveal_shows_the_cut_and_scores_every_round() -> None:  # R6
    view = fixture("end")
    for rnd in range(1, 8):
        assert reveal_png(view, rnd).startswith(b"\x89PNG")
    with pytest.raises(ValueError):
        reveal_png(fixture("sides"))


def test_each_crystal_colour_has_its_own_pattern_in_grey() -> None:  # C1, colour-blind safe
    """Seen without hue (greyscale, then only light and dark), every colour's covered square
    still differs from every other's: the pattern tells the colours apart, not the colour."""
    from itertools import combinations

    from engine.out_of_mine.components import COLOURS
    from render.out_of_mine.grid import _square_tile

    shapes = {}
    for colour in COLOURS:
        grey = _square_tile(colour, 36, False).convert("L")
        pixels = list(grey.tobytes())  # mode L: one byte a pixel
        mean = sum(pixels) / len(pixels)
        shapes[colour] = tuple(p > mean for p in pixels)
        assert len(set(shapes[colour])) == 2, colour  # a pattern, not a plain square
    for a, b in combinations(COLOURS, 2):
        differ = sum(x != y for x, y in zip(shapes[a], shapes[b], strict=True))
        assert differ > 36 * 36 // 20, (a, b)
