"""Out of Mine!'s pictures in Japanese and German (issue 30): each is drawn in the language being
written (``texts.using``), its words from the catalogs, at the size the English one has; the
pictures drawn once per process (the legend, the shapes sheet) are kept per language, so an
English one is never handed to a Japanese reader."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import render.theme as theme
import texts
from render.out_of_mine import legend, shapes
from render.out_of_mine.bench import bench_png
from render.out_of_mine.board import board_png, reveal_png
from render.out_of_mine.hand import hand_png
from render.out_of_mine.scores import scores_png

from .test_render import fixture


def _draft() -> tuple[dict[str, Any], str, str]:
    d = fixture("draft")
    return d["view"], d["player"], d["draft"]


def _bench() -> bytes:
    view, player, draft = _draft()
    return bench_png(view, player, draft, "red-l", [], {w: 12.5 for w in draft.split()[1:]})


#: each picture, and a word its title or labels draw in German and in Japanese
PICTURES: dict[str, tuple[Callable[[], bytes], str, str]] = {
    "sides": (lambda: board_png(fixture("sides")), "Seite 8a", "面 8a"),
    "committed": (lambda: board_png(fixture("committed_own")), "Runde 1 von 7", "ラウンド 1/7"),
    "reveal": (lambda: reveal_png(fixture("reveal")), "aufgedeckt", "公開"),
    "draft": (lambda: hand_png(*_draft()), "noch zu legen", "残り"),
    "bench": (_bench, "Deine Werkbank", "作業台"),
    "scores": (lambda: scores_png(fixture("end")), "Summen je Runde", "ラウンドごとの合計"),
    "shapes": (shapes.shapes_png, "Plättchenformen", "タイルの形"),
}


def _drawn(draw: Callable[[], bytes], monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, str]:
    """The picture and every text it drew (put_text spied)."""
    words: list[str] = []
    put = theme.put_text

    def spy(im: object, xy: object, text: str, *a: object, **k: object) -> int:
        words.append(text)
        return put(im, xy, text, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "put_text", spy)
    try:
        return draw(), "\n".join(words)
    finally:
        monkeypatch.undo()


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_each_picture_is_drawn_in_german_and_japanese_at_the_english_size(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    draw, german, japanese = PICTURES[name]
    shapes.shapes_png.cache_clear()
    with texts.using("en"):
        english, english_words = _drawn(draw, monkeypatch)
    size = Image.open(io.BytesIO(english)).size
    for lang, word in (("de", german), ("ja", japanese)):
        with texts.using(lang):
            data, words = _drawn(draw, monkeypatch)
        assert word in words and word not in english_words, (lang, word)
        assert data != english
        assert Image.open(io.BytesIO(data)).size == size, lang


def test_the_legend_and_shapes_sheet_are_kept_per_language() -> None:
    legend.legend_png.cache_clear()
    shapes.shapes_png.cache_clear()
    with texts.using("en"):
        english = legend.legend_png(), shapes.shapes_png()
    with texts.using("ja"):
        japanese = legend.legend_png(), shapes.shapes_png()
    with texts.using("de"):
        german = legend.legend_png(), shapes.shapes_png()
    with texts.using("en"):
        assert (legend.legend_png(), shapes.shapes_png()) == english  # still English
    for drawn in (japanese, german):
        assert drawn[0] != english[0] and drawn[1] != english[1]
        assert Image.open(io.BytesIO(drawn[0])).width == Image.open(io.BytesIO(english[0])).width
    legend.legend_png.cache_clear()
    with texts.using("de"):
        assert legend.legend_png() == german[0]  # drawn again, the same German picture


def test_the_legend_key_is_in_the_readers_words() -> None:
    with texts.using("de"):
        key = [c.words for c in legend.callouts()]
    with texts.using("en"):
        english = [c.words for c in legend.callouts()]
    assert len(key) == len(english) and not set(key) & set(english)
    assert "Fels" in key[2]
