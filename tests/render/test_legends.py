"""A ``legend`` rules topic with a picture for every game (issue 28): Stella Digger's annotated
map and the others' (render/<pkg>/legend.py through render/callouts.py), each mark
drawn by the game's own drawing code beside what it means."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from tests.render.labels import forget_pictures

#: Words each game's legend must explain (the marks its pictures draw).
MARKS = {
    "mining-colony": ("Diamond", "Circle", "Triangle", "House", "Hexagon", "inner frame",
                      "H: a landing pad", "Letter square", "*", "Dome", "starting space",
                      "undeveloped", "edges of the tiles"),
    "white-ranium": ("Pawn", "octagon", "Ring", "space loader", "glyph", "symbol",
                     "Yellow frame", "Arrow with a number", "Dashed", "stripe"),
    "out-of-mine": ("rock", "gallery", "dots", "stripes", "diagonal", "cross-hatch", "rings",
                    "element", "cut by the call", "elf"),
}


@pytest.mark.parametrize("name", sorted(MARKS))
def test_every_game_has_a_legend_picture_explaining_its_marks(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import render.theme as theme

    present = games.get(name)
    assert present.topic_key("legend") == "legend" and "legend" in present.picture_topics
    assert present.rules_text("legend")  # the topic's words, sent with the picture
    assert present.topics() and next(iter(present.topics())) != "legend"  # not the default
    assert present.pictures("legend") is not None
    forget_pictures(present.pkg)  # a legend cached per process or per language: drawn anew
    drawn: list[tuple[str, int]] = []
    put = theme.put_text

    def spy(im: object, xy: object, text: str, size: int, *a: object, **k: object) -> int:
        drawn.append((text, size))
        return put(im, xy, text, size, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "put_text", spy)
    data = present.topic_png("legend")
    assert data is not None
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG" and 550 <= im.width <= 590  # as wide as the game's own pictures
    words = " ".join(text for text, size in drawn if size >= 14)
    for mark in MARKS[name]:
        assert mark in words, mark
    monkeypatch.setattr(theme, "put_text", put)
    assert present.topic_png("legend") == data  # drawn once, the same bytes
