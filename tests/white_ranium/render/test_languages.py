"""White Ranium's pictures in the language being written (issue 30): the mine picture, the
numbered targets and the legend drawn under ``texts.using("ja")`` and ``("de")`` carry the
catalogs' words (the same size as in English, the bytes different), no English label is drawn
in them, and the legend, drawn once per process, is drawn once per language."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import games
import render.white_ranium.board as board
import texts
from render.callouts import KEY_SIZE, wrap
from render.theme import text_width
from render.white_ranium.legend import KEY_W, callouts, legend_png

from ..conftest import G, Table, load_scenario

PRESENT = games.get("white-ranium")
#: a label of the mine picture in each language (the ore, the supply, the turn's decisions)
WORDS = {"en": ("Ore", "Supply: ", "This turn:"), "ja": ("鉱石", "在庫：", "この手番："),
         "de": ("Erz", "Vorrat: ", "Dieser Zug:")}


def _view() -> dict[str, Any]:
    return G.view(Table(load_scenario("notation_example")).state, None)


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def _drawn(monkeypatch: pytest.MonkeyPatch, lang: str) -> list[str]:
    said: list[str] = []
    real = board.put_text

    def spy(im: Any, xy: Any, text: str, *a: Any, **k: Any) -> Any:
        said.append(text)
        return real(im, xy, text, *a, **k)

    monkeypatch.setattr(board, "put_text", spy)
    with texts.using(lang):
        board.board_png(_view())
    monkeypatch.undo()
    return said


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_the_mine_picture_is_drawn_in_the_language_being_written(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    view = _view()
    with texts.using("en"):
        english = board.board_png(view)
    with texts.using(lang):
        drawn = board.board_png(view)
    assert drawn != english and _size(drawn) == _size(english)
    said = _drawn(monkeypatch, lang)
    for word in WORDS[lang]:
        assert any(t.startswith(word) for t in said), (word, said)
    for word in WORDS["en"]:
        assert not any(t.startswith(word) for t in said), (word, said)
    assert not any("markers" in t or "ranium " in t for t in said), said


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_the_numbered_targets_title_is_in_the_language_being_written(lang: str) -> None:
    view = _view()
    moves = ["move B5", "move C5", "move D5"]
    with texts.using("en"):
        english = PRESENT.places_png(view, "ann", moves)
    with texts.using(lang):
        drawn = PRESENT.places_png(view, "ann", moves)
    assert english is not None and drawn is not None
    assert drawn != english and _size(drawn) == _size(english)


def test_the_legend_is_drawn_once_per_language() -> None:
    with texts.using("en"):
        english = legend_png()
    for lang in ("ja", "de"):
        with texts.using(lang):
            drawn = legend_png()
            assert drawn != english
            assert legend_png() is drawn  # drawn once per process and language
    with texts.using("en"):
        assert legend_png() is english


def test_the_legends_key_breaks_japanese_within_its_column() -> None:
    """Japanese has no spaces: the key (render/callouts.py, ``render.theme.wrap``) breaks
    between its characters, so every line fits its column and none starts with 、。）."""
    with texts.using("ja"):
        marks = callouts()
    broken = 0
    for m in marks:
        lines = wrap(m.words, KEY_W)
        assert all(text_width(line, KEY_SIZE) <= KEY_W for line in lines), lines
        assert not any(line[0] in "、。）：" for line in lines), lines
        assert "".join(lines).replace(" ", "") == m.words.replace(" ", "")  # nothing lost
        broken += len(lines) > 1
    assert broken > 10
    with texts.using("en"):  # English breaks at spaces only
        assert all(" ".join(wrap(m.words, KEY_W)) == m.words for m in callouts())
