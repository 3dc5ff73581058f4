"""Shapes everywhere (issue 27): the ``tile-shapes`` rules topic is a picture of every shape
(C2) named with its count, its words say no table; the card is drawn as its tiles (a bar of
each colour's size, C1, with the count), never "Y2 R2 W2"."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

import games
from engine.out_of_mine.components import KINDS
from referee.desks.rules import rules_reply


def test_the_tile_shapes_topic_is_a_picture_of_every_shape(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import render.theme as theme

    present = games.get("out-of-mine")
    assert "tile-shapes" in present.picture_topics
    text = present.rules_text("tile-shapes")
    assert "|" not in text and "drawn" in text  # Discord shows no tables
    module = present.pictures("shapes")
    module.shapes_png.cache_clear()
    drawn: list[str] = []
    put = theme.put_text

    def spy(im: object, xy: object, words: str, size: int, *a: object, **k: object) -> int:
        if size >= 15:
            drawn.append(words)
        return put(im, xy, words, size, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "put_text", spy)
    data = present.topic_png("tile-shapes")
    assert data is not None and Image.open(io.BytesIO(data)).width == 550
    for shape in dict.fromkeys(k.shape for k in KINDS.values()):  # C2: all 21, with counts
        colour, _, letter = shape.partition("-")
        count = sum(k.count for k in KINDS.values() if k.shape == shape)
        assert f"{colour} {letter.upper()}".strip() + f" ×{count}" in drawn, shape
    monkeypatch.undo()
    reply_text, files = asyncio.run(rules_reply("tile-shapes", present))
    assert reply_text == text and [f.name for f in files] == ["out_of_mine-tile-shapes.png"]


def test_the_card_is_drawn_as_its_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.theme as theme
    from render.out_of_mine.board import _card_lines

    drawn: list[str] = []
    put = theme.put_text

    def spy(im: object, xy: object, words: str, size: int, *a: object, **k: object) -> int:
        drawn.append(words)
        return put(im, xy, words, size, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "put_text", spy)
    info = {"number": 18, "tiles": {"yellow": 1, "blue": 3, "red": 2, "white": 1},
            "finds": {"silver": 1, "woodworm": -1}}
    lines = _card_lines(info, finds=False)
    assert len(lines) == 1 and isinstance(lines[0][0], Image.Image)
    assert lines[0][0].width <= 240  # wrapped to the panel, nothing cut
    assert sorted(drawn) == sorted(["card 18:", "×1", "×3", "×2", "×1"])
    assert not any("Y1" in w or "B3" in w for w in drawn)
    assert len(_card_lines(info, finds=True)) == 2  # the finds when they score (R13)
